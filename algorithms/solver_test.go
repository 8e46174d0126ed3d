package algorithms

import (
	"context"
	"testing"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

// TestSolverCheckedOnAlgorithms runs whole checks (mining, the lazy
// unrolling's exceed questions, the inclusion check) with every question
// asked of the builtin solver and of gini (encode.SolverChecked, which
// panics on any disagreement and checks every model and failed
// assumption), on tests of the published algorithms with and without
// their fences, and requires the verdicts of fences.tsv and
// expected.tsv.
func TestSolverCheckedOnAlgorithms(t *testing.T) {
	cases := []struct {
		impl, test string
		fenced     bool
		want       mining.Verdict
	}{
		{"msn", "T0", true, mining.Pass},
		{"msn", "T0", false, mining.Fail},
		{"snark", "D0", true, mining.Pass},
		{"lazylist", "Sac", true, mining.Pass},
		{"ms2", "T0", false, mining.Fail},
	}
	suites, err := LoadAll(".")
	if err != nil {
		t.Fatal(err)
	}
	relaxed := memmodel.MustByName("relaxed")
	for _, tc := range cases {
		var s *Suite
		for _, x := range suites {
			if x.Name == tc.impl {
				s = x
			}
		}
		if s == nil {
			t.Fatalf("no suite %s", tc.impl)
		}
		prog := compiled.get(t, s.Path(s.FencedFile))
		impl := prog
		if !tc.fenced {
			impl = prog.WithoutFences(func(f *lsl.Fence) bool { return !f.Implied })
		}
		opt := mining.PipelineOptions{}
		opt.Encode.Solver = encode.SolverChecked
		res, err := mining.CheckTest(context.Background(), impl, prog, testNamed(t, s, tc.test), relaxed, opt)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.impl, tc.test, err)
		}
		if res.Verdict != tc.want {
			t.Errorf("%s %s (fenced %v) on relaxed: %s, want %s", tc.impl, tc.test, tc.fenced, res.Verdict, tc.want)
		}
	}
}
