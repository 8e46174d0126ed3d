package algorithms

import (
	"context"
	"slices"
	"testing"

	"checkfence/internal/longtest"
	"checkfence/mining"
)

// TestExplicitMiningMatchesSolver mines the observation set of every test
// of the quick rows of the suites twice: by running the serial executions
// (the default) and with the solver alone. The sets must be the same, and
// the explicit enumeration must answer for the tests the solver mines
// without a serial failure.
func TestExplicitMiningMatchesSolver(t *testing.T) {
	long := longtest.Enabled()
	type key struct{ dir, file, test string }
	done := map[key]bool{}
	compared, explicit := 0, 0
	for _, s := range loadSuites(t) {
		for _, e := range s.Expected {
			k := key{s.Dir, e.File, e.Test}
			if !e.Quick || (e.Long && !long) || done[k] {
				continue
			}
			done[k] = true
			t.Run(s.Name+"/"+e.File+"/"+e.Test, func(t *testing.T) {
				prog := compiled.get(t, s.Path(e.File))
				test := testNamed(t, s, e.Test)
				ctx := context.Background()
				byRun, _, err := mining.MineTest(ctx, prog, test, mining.PipelineOptions{})
				if err != nil {
					t.Fatal(err)
				}
				bySolver, _, err := mining.MineTest(ctx, prog, test, mining.PipelineOptions{SolverMining: true})
				if err != nil {
					t.Fatal(err)
				}
				if byRun.Verdict != bySolver.Verdict {
					t.Fatalf("verdict %s, with the solver alone %s", byRun.Verdict, bySolver.Verdict)
				}
				if bySolver.Verdict != mining.Pass {
					return
				}
				compared++
				if byRun.Stats.ExplicitStates > 0 {
					explicit++
				}
				if a, b := byRun.Spec.Keys(), bySolver.Spec.Keys(); !slices.Equal(a, b) {
					t.Fatalf("%d outcomes by running the serial executions, %d by the solver:\n%v\n%v", len(a), len(b), a, b)
				}
			})
		}
	}
	t.Logf("%d observation sets compared, %d of them enumerated by running the serial executions", compared, explicit)
	if explicit < compared*9/10 {
		t.Errorf("the explicit enumeration answered only %d of %d tests", explicit, compared)
	}
}
