package mining

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/internal/reference"
	"checkfence/lsl"
	"checkfence/memmodel"
)

// reductions are the option sets that must not change a verdict (README:
// --no-symmetry and --no-range-analysis measure what they gain).
var reductions = []struct {
	name string
	opt  encode.Options
}{
	{"default", encode.Options{}},
	{"no symmetry", encode.Options{NoSymmetry: true}},
	{"no range analysis", encode.Options{NoRangeAnalysis: true}},
}

// A loop that a thread runs past its bound only after its own fault does
// not make the check inconclusive (README, "Faults and assumptions"): the
// thread stops at its fault (SEMANTICS.md, Errors). b1 fails its
// assertion when it sees a1's store to y but not the one to x (pso and
// weaker, and sc too where a1 stores y first), and then does not publish
// w, which a2 waits for before publishing z, which b2 waits for: every
// execution with the fault leaves a2 waiting forever, so none is a
// complete error execution, and the fault is not reported. Every complete
// execution observes b2's label, as the serial ones do, and a thread
// that has not faulted runs no loop past an iteration that changes
// something (its spins are dropped). So the check passes; the lazy
// unrolling said inconclusive, for b2's loop, which b1's fault leaves
// spinning. Two controls: where b1 publishes w whatever it saw, its fault
// completes and the check fails (on pso and relaxed), and where b2
// counts its spins (each changes n), b2 can wait past any bound without
// a fault: inconclusive.
func TestPastBoundOnlyAfterFault(t *testing.T) {
	const common = `#include "lsl_protos.h"
int x, y, z, w;
void a2(void) { int t; do { t = w; } while (t != 1); z = 1; }
void b2(void) { int s; do { s = z; lsl_assert(s != 7); } while (s != 1); lsl_observe_label("b2"); }
`
	const (
		xFirst   = "void a1(void) { x = 1; y = 1; }\n"
		yFirst   = "void a1(void) { y = 1; x = 1; }\n"
		guarded  = "void b1(void) { int r = y; int q = x; if (r == 1) lsl_assert(q == 1); if (r == 0 || q == 1) w = 1; }\n"
		always   = "void b1(void) { int r = y; int q = x; if (r == 1) lsl_assert(q == 1); w = 1; }\n"
		counting = "void b3(void) { int s; int n = 0; do { s = z; n++; } while (s != 1); lsl_observe_output(\"n\", n); }\n"
	)
	for _, tc := range []struct {
		name, src, harness string
		want               map[string]Verdict
	}{
		{"x first", xFirst + guarded, "test T = ( a1 a2 | b1 b2 )", map[string]Verdict{"sc": Pass, "pso": Pass, "relaxed": Pass}},
		{"y first", yFirst + guarded, "test T = ( a1 a2 | b1 b2 )", map[string]Verdict{"sc": Pass, "pso": Pass, "relaxed": Pass}},
		{"fault completes", xFirst + always, "test T = ( a1 a2 | b1 b2 )", map[string]Verdict{"sc": Pass, "pso": Fail, "relaxed": Fail}},
		{"counting wait", xFirst + guarded + counting, "test T = ( a1 a2 | b1 b3 )", map[string]Verdict{"sc": Inconclusive, "relaxed": Inconclusive}},
	} {
		prog, ts := compileTest(t, "pf.c", common+tc.src, tc.harness)
		for _, model := range slices.Sorted(maps.Keys(tc.want)) {
			want := tc.want[model]
			for _, red := range reductions {
				t.Run(tc.name+" on "+model+", "+red.name, func(t *testing.T) {
					opt := PipelineOptions{MaxUnroll: 2}
					opt.Encode = red.opt
					res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), opt)
					if err != nil {
						t.Fatal(err)
					}
					if res.Verdict != want {
						loop := ""
						if res.Loop != nil {
							loop = res.Loop.ID
						}
						t.Fatalf("verdict %s (loop %q), want %s", res.Verdict, loop, want)
					}
					switch want {
					case Pass:
						// the reference agrees: no complete
						// execution within the bounds faults
						outs, err := reference.Outcomes(res.Unrolled, model)
						if err != nil {
							t.Fatal(err)
						}
						if f := faultOf(outs); f != lsl.NoFault {
							t.Errorf("the reference finds an error execution (%v) within the bounds", f)
						}
					case Fail:
						if f := res.Counterexample.Outcome.Fault; f != lsl.FaultAssert {
							t.Errorf("counterexample faults with %v, want a failed assertion", f)
						}
					case Inconclusive:
						// shown by an execution that runs b3's loop
						// past its bound without a fault
						x := res.Exceeding
						if res.Loop == nil || !strings.Contains(res.Loop.ID, "/b3/") || x == nil || len(x.Faults) > 0 {
							t.Errorf("inconclusive for loop %+v, shown by %v; want b3's, without a fault", res.Loop, x)
						}
					}
				})
			}
		}
	}
}
