package algorithms

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

// TestSequentialStopsAtEarlyFailure: on one core (mining's Sequential)
// the failure question of the first unrolling is answered before its
// exceed question, so harris without its fences, whose Saacr fails on
// relaxed on its first unrolling, stops after one round, as two cores
// stop when the background reports the failure; without the early
// question the rounds go on raising the retry loops that stale reads
// keep running (ten rounds, to the bound limit). Both report the same
// unrolling and counterexample.
func TestSequentialStopsAtEarlyFailure(t *testing.T) {
	s, err := Load("harris")
	if err != nil {
		t.Fatal(err)
	}
	prog := compiled.get(t, s.Path(s.FencedFile))
	unfenced := prog.WithoutFences(func(f *lsl.Fence) bool { return !f.Implied })
	relaxed := memmodel.MustByName("relaxed")
	check := func(sequential bool) (*mining.TestResult, int) {
		rounds := 0
		opt := mining.PipelineOptions{Cache: specCache, Sequential: sequential, Progress: func(format string, args ...any) {
			if strings.Contains(fmt.Sprintf(format, args...), "on relaxed: can an execution exceed") {
				rounds++
			}
		}}
		res, err := mining.CheckTest(context.Background(), unfenced, prog, testNamed(t, s, "Sac"), relaxed, opt)
		if err != nil {
			t.Fatal(err)
		}
		return res, rounds
	}
	one, rounds := check(true)
	if one.Verdict != mining.Fail || rounds != 1 {
		t.Fatalf("without fences: %s after %d rounds, want fail after 1", one.Verdict, rounds)
	}
	two, _ := check(false)
	if two.Verdict != mining.Fail || two.Stats.Instrs != one.Stats.Instrs || two.Counterexample.Outcome.Key() != one.Counterexample.Outcome.Key() {
		t.Errorf("two cores: %s on %d instructions, outcome %s; one core: %d instructions, outcome %s",
			two.Verdict, two.Stats.Instrs, two.Counterexample.Outcome.Key(), one.Stats.Instrs, one.Counterexample.Outcome.Key())
	}
}
