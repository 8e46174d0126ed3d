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

// A failure within MaxUnroll is found when another loop cannot be
// bounded, whatever the reductions. In each program the specification is
// empty: under serial the first op0 leaves its word at 1 (its CAS sets
// it), and the second waits for 0 forever, so no serial execution
// completes. So every complete execution on the model fails, and one
// needs op0's retry loop to run twice:
//
//   - lock: each op0 takes and releases a test-and-set lock, then CASes
//     the lock word from 0 to 1. On sc the first op0's CAS fails twice
//     (the second op0 takes the lock between its read and its CAS, then
//     CASes the word itself), which ends its loop at k3 = 2, and op1
//     reads its own store; on tso too (an sc execution is a tso one).
//     op1's wait cannot be bounded: op0's releases may leave x = 0.
//   - push: on relaxed an op0 can read y = 0 after the other's CAS (two
//     loads of one address may reorder), and retry. The Treiber push of
//     op1 cannot be bounded there: it may re-read an older top forever,
//     storing its node's next each time.
//
// The lazy unrolling, whose executions kept exceeding the other loop,
// stopped at it with op0's retry loop at bound 1, which has no complete
// execution: inconclusive (by default or without range analysis).
func TestFailureBesideUnboundedLoop(t *testing.T) {
	const lock = `#include "lsl_protos.h"
#include <stdatomic.h>
int x;
atomic_int ay;
void init(void) { x = 0; atomic_init(&ay, 0); }
void op0(void) {
    while (__sync_lock_test_and_set(&x, 1)) { }
    int r2 = atomic_load_explicit(&ay, memory_order_relaxed);
    lsl_observe_output("r2", r2);
    __sync_lock_release(&x);
    int o3; int k3 = 0;
    do { do { o3 = x; } while (o3 == 1); k3++; } while (!lsl_cas_32(&x, o3, 1) && k3 < 2);
    lsl_observe_output("n3", o3);
    lsl_observe_output("nk3", k3);
}
void op1(void) {
    x = 1;
    int loc5 = 0; int *lp5 = &loc5;
    do { *lp5 = x; } while (*lp5 == 0);
    lsl_observe_output("lp5", loc5);
}
`
	const push = `#include "lsl_protos.h"
#include <stdlib.h>
typedef struct node { int v; struct node *next; } node_t;
int y;
node_t *S;
void init(void) { y = 0; node_t *n = malloc(sizeof(node_t)); n->v = 1; n->next = 0; S = n; }
void op0(void) {
    int o1; int k1 = 0;
    do { do { o1 = y; } while (o1 == 1); k1++; } while (!lsl_cas_32(&y, o1, 1) && k1 < 2);
    lsl_observe_output("n1", o1);
    lsl_observe_output("nk1", k1);
}
void op1(void) {
    node_t *n2 = malloc(sizeof(node_t)); node_t *o2;
    n2->v = lsl_get_thread_id() + 1;
    do { o2 = S; n2->next = o2; } while (!lsl_cas_ptr(&S, o2, n2));
}
`
	for _, tc := range []struct {
		name, src, harness string
		models             []string
	}{
		{"lock", lock, "test T = init ( op0 | op0 | op1 )", []string{"sc", "tso"}},
		{"push", push, "test T = init ( op0 op1 | op1 op0 )", []string{"relaxed"}},
	} {
		prog, ts := compileTest(t, tc.name+".c", tc.src, tc.harness)
		for _, model := range tc.models {
			for _, red := range reductions {
				t.Run(tc.name+" on "+model+", "+red.name, func(t *testing.T) {
					check := func(sequential bool) *TestResult {
						t.Helper()
						opt := PipelineOptions{MaxUnroll: 2, Sequential: sequential}
						opt.Encode = red.opt
						res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), opt)
						if err != nil {
							t.Fatal(err)
						}
						return res
					}
					res := check(false)
					if res.Verdict != Fail {
						t.Fatalf("verdict %s, want fail", res.Verdict)
					}
					x := res.Counterexample
					if x.Outcome.Fault != lsl.NoFault || res.Stats.SpecSize != 0 {
						t.Errorf("counterexample faults (%v) or the specification has %d observations; want an observation outside an empty one", x.Outcome.Fault, res.Stats.SpecSize)
					}
					// the same counterexample from one goroutine
					if seq := check(true); seq.Verdict != Fail || !slices.Equal(accessKeys(seq.Counterexample), accessKeys(x)) {
						t.Errorf("one goroutine reports another result (%s):\n%v\nwant\n%v", seq.Verdict, accessKeys(seq.Counterexample), accessKeys(x))
					}
				})
			}
		}
	}
}
