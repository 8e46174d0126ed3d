package mining

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/tests"
	"checkfence/unroll"
)

const counters = `
global c @1
global flag @2
global x @3

// CAS counter: retry until the CAS succeeds.
proc inc() -> () {
  p = [1]
  one = 1
  L: {
    v = load p
    n = add.i32 v, one
    atomic {
      w = load p
      ok = eq w, v
      A: {
        nok = lnot ok
        break A if nok
        store p, n
      }
    }
    again = lnot ok
    continue L if again
  }
  observe output "old" v
}

// racy increment: load, then store
proc racy() -> () {
  p = [1]
  one = 1
  v = load p
  n = add.i32 v, one
  store p, n
  observe output "old" v
}

// waits for flag, storing to x in every iteration: not a spin loop
proc waitstore() -> () {
  pf = [2]
  px = [3]
  one = 1
  zero = 0
  W: {
    store px, one
    f = load pf
    z = eq f, zero
    continue W if z
  }
}

// spins on flag without side effects, then reads c
proc spin() -> () {
  pf = [2]
  pc = [1]
  zero = 0
  S: {
    f = load pf
    z = eq f, zero
    continue S if z
  }
  v = load pc
  observe output "c" v
}

// reads flag, then c, and asserts c = 1 once flag is 1; the asserts
// before it always hold (each is a place that can fault, asked on its
// own before the last)
proc checked() -> () {
  pf = [2]
  pc = [1]
  one = 1
  assert one
  f = load pf
  assert one
  v = load pc
  assert one
  A: {
    nf = lnot f
    break A if nf
    ok = eq v, one
    assert ok
  }
}

// publishes c = 1, then raises flag
proc publish() -> () {
  pf = [2]
  pc = [1]
  one = 1
  store pc, one
  store pf, one
}
`

func TestCheckTest(t *testing.T) {
	prog, err := lsl.Parse("counters.lsl", []byte(counters))
	if err != nil {
		t.Fatal(err)
	}
	if err := lsl.Validate(prog); err != nil {
		t.Fatal(err)
	}
	harness := func(src string) *tests.Test {
		ts, err := tests.Parse("t.tests", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return ts[0]
	}
	for _, tc := range []struct {
		test      string
		model     string
		noStutter bool // without the stutter reduction
		verdict   Verdict
		serial    bool   // the failure is a bug under serial already
		loop      string // the inconclusive loop, or one whose bound is checked
		bound     int    // the bound loop must end with, if a pass
	}{
		// Two CAS increments: one CAS may fail, and then its iteration
		// changed nothing, so the retry is an execution the stutter
		// reduction drops: one iteration suffices.
		{"test T = ( inc | inc )", "sc", false, Pass, false, "/inc/L", 1},
		{"test T = ( inc | inc )", "tso", false, Pass, false, "/inc/L", 1},
		{"test T = ( inc | inc )", "pso", false, Pass, false, "/inc/L", 1},
		// On relaxed a retry may read the stale value again, and fail
		// again, forever: every such execution is a failed CAS repeated,
		// and with the repetitions removed it is correct.
		{"test T = ( inc | inc )", "rmo", false, Pass, false, "/inc/L", 1},
		{"test T = ( inc | inc )", "relaxed", false, Pass, false, "/inc/L", 1},
		// Without the reduction the failed CAS is retried: two iterations
		// on models that keep load→load order to one address (rmo too:
		// the retry reads a value at least as new as the one that made
		// the CAS fail), and no bound at all on relaxed.
		{"test T = ( inc | inc )", "sc", true, Pass, false, "/inc/L", 2},
		{"test T = ( inc | inc )", "tso", true, Pass, false, "/inc/L", 2},
		{"test T = ( inc | inc )", "pso", true, Pass, false, "/inc/L", 2},
		{"test T = ( inc | inc )", "rmo", true, Pass, false, "/inc/L", 2},
		{"test T = ( inc | inc )", "relaxed", true, Inconclusive, false, "/inc/L", 0},
		// A load then a store is not atomic: both can read 0 (a lost update).
		{"test T = ( racy | racy )", "sc", false, Fail, false, "", 0},
		{"test T = ( racy | racy )", "serial", false, Pass, false, "", 0},
		// Nobody raises the flag: the waiting loop, which stores in every
		// iteration, never ends.
		{"test T = ( waitstore )", "sc", false, Inconclusive, false, "/waitstore/W", 0},
		// Spinning until the flag is raised, then reading the published value:
		// correct where store→store and load→load order hold.
		{"test T = ( spin | publish )", "tso", false, Pass, false, "", 0},
		{"test T = ( spin | publish )", "pso", false, Fail, false, "", 0},
		{"test T = ( spin | publish )", "rmo", false, Fail, false, "", 0},
		{"test T = ( spin | publish )", "relaxed", false, Fail, false, "", 0},
		// The same message passing, failing by an assertion: the fourth
		// place that can fault in checked.
		{"test T = ( checked | publish )", "sc", false, Pass, false, "", 0},
		{"test T = ( checked | publish )", "pso", false, Fail, false, "", 0},
		{"test T = ( checked | publish )", "relaxed", false, Fail, false, "", 0},
	} {
		name := tc.test + " on " + tc.model
		if tc.noStutter {
			name += " without the stutter reduction"
		}
		t.Run(name, func(t *testing.T) {
			opt := PipelineOptions{MaxUnroll: 4, NoStutterReduction: tc.noStutter}
			res, err := CheckTest(context.Background(), prog, nil, harness(tc.test), memmodel.MustByName(tc.model), opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tc.verdict {
				t.Fatalf("verdict %s, want %s", res.Verdict, tc.verdict)
			}
			if res.SerialBug != tc.serial {
				t.Errorf("serial bug %v, want %v", res.SerialBug, tc.serial)
			}
			if tc.verdict == Fail && res.Counterexample == nil {
				t.Fatal("no counterexample")
			}
			if tc.verdict == Fail && strings.Contains(tc.test, "checked") {
				if f := res.Counterexample.Outcome.Fault; f != lsl.FaultAssert {
					t.Errorf("counterexample faults with %v, want a failed assertion", f)
				}
			}
			if tc.verdict == Inconclusive && (res.Loop == nil || !strings.Contains(res.Loop.ID, tc.loop)) {
				t.Errorf("inconclusive loop %+v, want %s", res.Loop, tc.loop)
			}
			if tc.verdict == Pass && tc.loop != "" {
				// Stats.Bounds lists the loops with bounds above 1.
				n := 0
				for id, b := range res.Stats.Bounds {
					if strings.Contains(id, tc.loop) {
						n++
						if b != tc.bound {
							t.Errorf("%s: bound %d, want %d", id, b, tc.bound)
						}
					}
				}
				if n == 0 && tc.bound != 1 {
					t.Errorf("no loop %q with bound %d in %v", tc.loop, tc.bound, res.Stats.Bounds)
				}
			}
			if tc.verdict != Inconclusive && res.Stats.SpecSize == 0 {
				t.Error("empty specification")
			}
			// Starting the lazy unrolling from higher bounds (as fence
			// inference does) changes no verdict: every loop at 3, but spin
			// loops.
			u, err := unroll.UnrollWith(prog, harness(tc.test), unroll.Options{NoStutterReduction: tc.noStutter})
			if err != nil {
				t.Fatal(err)
			}
			opt.InitialBounds = unroll.Bounds{}
			for _, l := range u.Loops {
				if !l.Spin { // a spin loop's bound is not raised (package unroll)
					opt.InitialBounds[l.ID] = 3
				}
			}
			if len(opt.InitialBounds) == 0 {
				return
			}
			high, err := CheckTest(context.Background(), prog, nil, harness(tc.test), memmodel.MustByName(tc.model), opt)
			if err != nil {
				t.Fatal(err)
			}
			if high.Verdict != tc.verdict || high.Stats.Instrs <= res.Stats.Instrs && tc.verdict != Inconclusive {
				t.Errorf("from bounds of 3: %s on %d instructions, want %s on more than %d", high.Verdict, high.Stats.Instrs, tc.verdict, res.Stats.Instrs)
			}
		})
	}
}

// The background asker races the main path, but the reported failure is
// the earliest unrolling's, decoded from an encoding whose questions do
// not depend on timing: runs with one and with two threads of execution
// report the same unrolling and the same counterexample.
func TestCheckTestDeterministic(t *testing.T) {
	prog, err := lsl.Parse("counters.lsl", []byte(counters))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("t.tests", []byte("test T = ( inc | inc | racy )"))
	if err != nil {
		t.Fatal(err)
	}
	describe := func(res *TestResult) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%s %d instrs, outcome %s\n", res.Verdict, res.Stats.Instrs, res.Counterexample.Outcome.Key())
		for _, a := range res.Counterexample.Accesses {
			fmt.Fprintf(&b, "t%d #%d store=%v addr=%v val=%v\n", a.Thread, a.PoIndex, a.Store, a.AddrVal, a.Value)
		}
		return b.String()
	}
	var first string
	defer func(d time.Duration) { proverDelay = d }(proverDelay)
	// GOMAXPROCS 1 asks every question on one goroutine (sequential);
	// so does the Sequential option with 2
	for i, procs := range []int{2, 1, 2, 1, 2, 1, 2} {
		// the last three runs race a prover against every exceed
		// question from its start
		if i >= 4 {
			proverDelay = 0
		}
		old := runtime.GOMAXPROCS(procs)
		res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), PipelineOptions{MaxUnroll: 4, Sequential: i == 6})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Fail {
			t.Fatalf("verdict %s, want fail (racy loses an update)", res.Verdict)
		}
		d := describe(res)
		if i == 0 {
			first = d
		} else if d != first {
			t.Fatalf("run %d (GOMAXPROCS %d) differs:\n%s\nfirst:\n%s", i, procs, d, first)
		}
	}
}

// raiseSiblings raises the instances of a raised loop in the same thread
// and at the same site, never lowers a bound, and leaves other threads,
// other sites and spin loops alone.
func TestRaiseSiblings(t *testing.T) {
	loop := func(id, thread, site string, spin bool) unroll.Loop {
		return unroll.Loop{ID: id, Thread: thread, Site: site, Spin: spin}
	}
	u := &unroll.Result{Loops: []unroll.Loop{
		loop("t0.e0/e/L", "t0", "e/L", false),
		loop("t0.e1/e/L", "t0", "e/L", false),
		loop("t0.e2/e/L", "t0", "e/L", false),
		loop("t0.e3/e/L", "t0", "e/L", false),
		loop("t0.e0/e/M", "t0", "e/M", false),
		loop("t0.e1/e/S", "t0", "e/S", true),
		loop("t0.e2/e/S", "t0", "e/S", true),
		loop("t1.e0/e/L", "t1", "e/L", false),
	}}
	bounds := unroll.Bounds{"t0.e0/e/L": 2, "t0.e3/e/L": 4}
	next := unroll.Bounds{"t0.e0/e/L": 2, "t0.e1/e/L": 3, "t0.e3/e/L": 4, "t0.e1/e/S": 2}
	raiseSiblings(u, bounds, next)
	want := unroll.Bounds{
		"t0.e0/e/L": 3, "t0.e1/e/L": 3, "t0.e2/e/L": 3, "t0.e3/e/L": 4, // raised, or higher already
		"t0.e1/e/S": 2, // as given; its sibling is a spin loop
	}
	if !maps.Equal(next, want) {
		t.Errorf("raised to %v, want %v", next, want)
	}
}

// A thread past an exceeded bound is derailed: the loops it exceeds
// afterwards are not raised. Here loop A runs its body twice (bound 2:
// the test after the second iteration leaves) and loop B never runs;
// with A cut short at bound 1, i is below 2 after it and B runs twice,
// exceeding its bound in the derailed continuation only. The rounds run on the solver: mining with
// SolverMining (serial), and the check from bounds of its own (a spec
// compiled apart, so the mining's bounds are not taken over).
func TestRaiseOnlyFirstExceeded(t *testing.T) {
	const src = `int x;
void op(void) {
  int i, j = 0;
  for (i = 0; i < 2; i++)          /* A */
    x = i;
  while (i < 2 && j < 2)           /* B */
    j++;
  lsl_observe_output("j", j);
}
`
	prog, ts := compileTest(t, "derail.c", src, "test T = ( op )")
	spec, _ := compileTest(t, "derail.c", src, "test T = ( op )")
	for _, model := range []string{"serial", "sc", "relaxed"} {
		res, err := CheckTest(context.Background(), prog, spec, ts[0], memmodel.MustByName(model), PipelineOptions{SolverMining: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Pass {
			t.Fatalf("%s: %s, want pass", model, res.Verdict)
		}
		var a, b []string
		for id, bound := range res.Stats.Bounds {
			switch {
			case strings.Contains(id, "derail.c:4:"):
				a = append(a, fmt.Sprintf("%s=%d", id, bound))
			case strings.Contains(id, "derail.c:6:"):
				b = append(b, fmt.Sprintf("%s=%d", id, bound))
			}
		}
		if len(a) != 1 || !strings.HasSuffix(a[0], "=2") {
			t.Errorf("%s: loop A's bound %v, want 2", model, a)
		}
		if len(b) != 0 {
			t.Errorf("%s: loop B raised (%v), though only a derailed run exceeds it", model, b)
		}
	}
}

// A loop's bound counts its iterations as C does: a while or for loop of
// n iterations, whose test is evaluated n+1 times, is decided with
// MaxUnroll n (unroll's exit test). Each loop runs 3 iterations; the
// reader sees x = 1 or 2 on sc, which no serial execution gives, unless
// every iteration stores 0.
func TestBoundCountsIterations(t *testing.T) {
	const src = `#include "lsl_protos.h"
int x;
void dowhile(void) { int k = 0; do { x = k + 1; k++; } while (k < 3); }
void whileloop(void) { int k = 0; while (k < 3) { x = k + 1; k++; } }
void forloop(void) { for (int k = 0; k < 3; k++) x = k + 1; }
void zeros(void) { int k = 0; while (k < 3) { x = 0; k++; } }
void rx(void) { lsl_observe_output("x", x); }
`
	prog, ts := compileTest(t, "iters.c", src, `test D = ( dowhile | rx )
test W = ( whileloop | rx )
test F = ( forloop | rx )
test Z = ( zeros | rx )
`)
	want := map[string]Verdict{"D": Fail, "W": Fail, "F": Fail, "Z": Pass}
	for _, tt := range ts {
		res, err := CheckTest(context.Background(), prog, nil, tt, memmodel.MustByName("sc"), PipelineOptions{MaxUnroll: 3})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != want[tt.Name] {
			t.Errorf("%s: %s, want %s", tt.Name, res.Verdict, want[tt.Name])
		}
	}
}

// The bound of a while or for loop whose test does more than compute (a
// call, a store, atomic loads with their fences, a compare-and-swap, a
// choice) counts iterations as C does too: the front end marks the test,
// which the unroller evaluates once more after the last iteration. A loop
// of n iterations passes with bound n under MaxUnroll n, and one of n+1 is
// inconclusive. A do-while's condition is not evaluated before its first
// iteration, so nothing changes there.
func TestBoundCountsIterationsEffectfulTest(t *testing.T) {
	const head = `#include "lsl_protos.h"
#include <stdatomic.h>
static int size(void) { return N; }
int g;
atomic_int n = N;
int x = N;
`
	cases := []struct{ name, body string }{
		{"call", "int i, s = 0; for (i = 0; i < size(); i++) s += i; lsl_observe_output(\"s\", s);"},
		{"store", "while (g++ < N) ; lsl_observe_output(\"g\", g);"},
		{"acquire", "int i, s = 0; for (i = 0; i < atomic_load_explicit(&n, memory_order_acquire); i++) s += i; lsl_observe_output(\"s\", s);"},
		{"seq_cst", "int i = 0; while (i < atomic_load(&n)) i++; lsl_observe_output(\"i\", i);"},
		{"cas", "int k = 0; while (!__sync_bool_compare_and_swap(&x, k, k + 1)) k++; lsl_observe_output(\"k\", k);"},
		{"choice", "int i, c = 0, s = 0; for (i = 0; (c = lsl_choose(0, 1), i < N); i++) s += c; lsl_observe_output(\"s\", s);"},
		{"dowhile", "int i = 0; do i++; while (i < size()); lsl_observe_output(\"i\", i);"},
	}
	const n = 2
	for _, tc := range cases {
		for _, iters := range []int{n, n + 1} {
			src := strings.ReplaceAll(head+"void t(void) { "+tc.body+" }\n", "N", fmt.Sprint(iters))
			prog, ts := compileTest(t, "loops.c", src, "test T = ( t )")
			for _, model := range []string{"sc", "relaxed"} {
				res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), PipelineOptions{MaxUnroll: n})
				if err != nil {
					t.Fatal(err)
				}
				want := Pass
				if iters > n {
					want = Inconclusive
				}
				if res.Verdict != want {
					t.Errorf("%s, %d iterations, on %s: %s, want %s", tc.name, iters, model, res.Verdict, want)
					continue
				}
				if want != Pass {
					continue
				}
				var bounds []int
				for id, b := range res.Stats.Bounds {
					if strings.Contains(id, "loops.c:") {
						bounds = append(bounds, b)
					}
				}
				if len(bounds) != 1 || bounds[0] != iters {
					t.Errorf("%s on %s: bounds %v, want [%d]", tc.name, model, bounds, iters)
				}
			}
		}
	}
}

// Straight-line arithmetic on one variable, in a function called several
// times, is analysed path by path (rangeanalysis, SSA form): the
// flow-insensitive analysis closed the variable's set under every +=
// and refused the test past 4,096 values.
func TestReassignedVariables(t *testing.T) {
	const src = `#include "lsl_protos.h"
int f(void) { int r = 0; r += 1; r += 10; r += 100; r += 1000; return r; }
void t(void) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      s += i * 10 + j;
  lsl_observe_output("a", f()); lsl_observe_output("b", f());
  lsl_observe_output("c", f()); lsl_observe_output("d", f());
  lsl_observe_output("s", s);
}
`
	prog, ts := compileTest(t, "arith.c", src, "test T = ( t )")
	res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), PipelineOptions{MaxUnroll: 4})
	if err != nil {
		t.Fatal(err)
	}
	if keys := res.Spec.Keys(); res.Verdict != Pass || len(keys) != 1 || !strings.Contains(keys[0], "a=1111") || !strings.Contains(keys[0], "s=264") {
		t.Errorf("%s, observations %v; want pass with a=1111 ... s=264", res.Verdict, keys)
	}
}

// compare-exchange's expected is a plain object: with it in memory, a
// relaxed compare-exchange has no fences either (SEMANTICS.md, C11 table:
// a relaxed read-modify-write none on pso, rmo, relaxed), so the store
// before it may follow it, and the reader sees the flag without the data.
// The same with expected in a local is the control. Expected verdicts
// from the table: tso keeps store-store order; pso and weaker do not.
func TestCompareExchangeExpectedInMemory(t *testing.T) {
	const src = `#include <stdatomic.h>
#include "lsl_protos.h"
atomic_int flag;
int data;
int gexp;
void i(void) { atomic_init(&flag, 0); data = 0; gexp = 0; }
void wmem(void) { data = 1; atomic_compare_exchange_strong_explicit(&flag, &gexp, 1, memory_order_relaxed, memory_order_relaxed); }
void wlocal(void) { data = 1; int e = 0; atomic_compare_exchange_strong_explicit(&flag, &e, 1, memory_order_relaxed, memory_order_relaxed); }
void r(void) { int f = atomic_load_explicit(&flag, memory_order_acquire); int d = data; lsl_observe_output("bad", f == 1 && d == 0); }
`
	prog, ts := compileTest(t, "cx.c", src, "test M = i ( wmem | r )\ntest L = i ( wlocal | r )\n")
	want := map[string]Verdict{"sc": Pass, "tso": Pass, "pso": Fail, "rmo": Fail, "relaxed": Fail}
	for _, tt := range ts {
		for model, v := range want {
			res, err := CheckTest(context.Background(), prog, nil, tt, memmodel.MustByName(model), PipelineOptions{MaxUnroll: 4})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != v {
				t.Errorf("%s on %s: %s, want %s", tt.Name, model, res.Verdict, v)
			}
		}
	}
}

// A retry loop whose assume holds for some iterations keeps its exceed
// points (encode's state.derailedOnly is only for assumes that always
// fail): i counts to 3 (the assume i < 3 holds for two retries), so the
// bound question, asked under serial too (SolverMining), raises the bound
// to 3 and the observations are i = 1, 2, 3; taking the assume for one
// that always fails stops at 1 and loses 2 and 3.
func TestRetryWithAssumeKeepsBounds(t *testing.T) {
	const src = `#include "lsl_protos.h"
void retry(void) { int i = 0; while (1) { i++; if (lsl_choose(0, 1)) break; lsl_assume(i < 3); } lsl_observe_output("i", i); }
`
	prog, ts := compileTest(t, "retry.c", src, "test R = ( retry )\n")
	for _, model := range []string{"sc", "relaxed"} {
		res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), PipelineOptions{MaxUnroll: 5, SolverMining: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Pass {
			t.Fatalf("%s: %s, want pass", model, res.Verdict)
		}
		if n := len(res.Spec.Outcomes); n != 3 {
			t.Errorf("%s: %d observations, want 3 (i = 1, 2, 3)", model, n)
		}
		bound := 1 // a loop never raised keeps the first bound
		for id, b := range res.Stats.Bounds {
			if strings.Contains(id, "retry.c:") {
				bound = b
			}
		}
		if bound != 3 {
			t.Errorf("%s: the loop's bound is %d, want 3", model, bound)
		}
	}
}

// unboundedUnderSerial: under serial, a reader that runs before w runs
// alone while flag is 0, and its counter makes every iteration change
// something, so no bound suffices and there is no specification. An
// error execution is still a failed check (SEMANTICS.md, Errors).
const unboundedUnderSerial = `#include "lsl_protos.h"
int x, flag, cnt, l, in_cs;
void init(void) { x = 0; flag = 0; cnt = 0; l = 0; in_cs = 0; }
void w(void) { x = 1; flag = 1; }
/* fails on sc already: x = 1, then r reads flag = 0 and x = 1 */
void r(void) { while (flag == 0) { int a = x; lsl_assert(a == 0); cnt = cnt + 1; } }
/* the same, with an assertion that no execution fails */
void rok(void) { while (flag == 0) { int a = x; lsl_assert(a == 0 || a == 1); cnt = cnt + 1; } }
/* fails under serial, after w */
void rs(void) { while (flag == 0) { cnt = cnt + 1; } lsl_assert(x == 0); }
/* a test-and-set lock whose unlock lacks its fences, with a spin
   counter: correct on sc, broken on relaxed (rel's stores reorder) */
void acq(void) { while (__sync_lock_test_and_set(&l, 1)) { cnt = cnt + 1; } in_cs = 1; }
void rel(void) { in_cs = 0; l = 0; }
void p(void) { while (__sync_lock_test_and_set(&l, 1)) { cnt = cnt + 1; } lsl_assert(in_cs == 0); l = 0; }
`

// referenceOfUnbounded is a reference for unboundedUnderSerial: its r
// ends under serial (one observation set, of nothing observed), its rs
// does not, and neither fails.
const referenceOfUnbounded = `#include "lsl_protos.h"
int x, flag, cnt, l, in_cs;
void init(void) { x = 0; flag = 0; cnt = 0; l = 0; in_cs = 0; }
void w(void) { x = 1; flag = 1; }
void r(void) { }
void rs(void) { while (flag == 0) { cnt = cnt + 1; } }
`

// When the mining under serial cannot bound a loop, the check on the
// model still looks for error executions, within the bounds it reaches:
// one is a failure, with its counterexample; without one the test stays
// inconclusive, for the serial loop.
func TestCheckTestWithoutSpecification(t *testing.T) {
	harness := "test R = init ( w | r )\ntest OK = init ( w | rok )\ntest S = init ( w | rs )\ntest LOCK = init ( acq rel | p )\n"
	prog, ts := compileTest(t, "unbounded.c", unboundedUnderSerial, harness)
	ref, _ := compileTest(t, "reference.c", referenceOfUnbounded, harness)
	byName := map[string]*tests.Test{}
	for _, tc := range ts {
		byName[tc.Name] = tc
	}
	for _, tc := range []struct {
		test, model string
		spec        *lsl.Program // the reference to mine from; nil: the implementation
		verdict     Verdict
		specLoop    string // the loop that leaves no specification
		serialBug   bool
	}{
		{"R", "sc", nil, Fail, "/r/while", false},
		{"R", "relaxed", nil, Fail, "/r/while", false},
		// no error execution: the serial loop stays the reason (on
		// relaxed, the reader's own loop cannot be bounded either)
		{"OK", "sc", nil, Inconclusive, "/rok/while", false},
		{"OK", "relaxed", nil, Inconclusive, "/rok/while", false},
		// the lock fails on relaxed only
		{"LOCK", "sc", nil, Inconclusive, "/p/while", false},
		{"LOCK", "relaxed", nil, Fail, "/p/while", false},
		// a reference that serial bounds gives a specification, as
		// before: the failure is the same
		{"R", "sc", ref, Fail, "", false},
		{"R", "relaxed", ref, Fail, "", false},
		// a reference that serial cannot bound: the implementation's
		// errors are still failures, under serial a bug on every model
		{"S", "serial", ref, Fail, "/rs/while", true},
		{"S", "sc", ref, Fail, "/rs/while", false},
		// the implementation's own mining finds its serial bug
		{"S", "sc", nil, Fail, "", true},
	} {
		name := tc.test + " on " + tc.model
		if tc.spec != nil {
			name += " against a reference"
		}
		t.Run(name, func(t *testing.T) {
			check := func(sequential bool) *TestResult {
				t.Helper()
				opt := PipelineOptions{MaxUnroll: 3, Sequential: sequential}
				res, err := CheckTest(context.Background(), prog, tc.spec, byName[tc.test], memmodel.MustByName(tc.model), opt)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			res := check(false)
			if res.Verdict != tc.verdict {
				t.Fatalf("verdict %s, want %s", res.Verdict, tc.verdict)
			}
			if res.Model.Name != tc.model {
				t.Errorf("model %s, want %s", res.Model.Name, tc.model)
			}
			if res.SerialBug != tc.serialBug || res.ReferenceBug {
				t.Errorf("serial bug %v, reference bug %v; want %v, false", res.SerialBug, res.ReferenceBug, tc.serialBug)
			}
			switch {
			case tc.specLoop == "" && res.SpecLoop != nil:
				t.Errorf("no specification for loop %s, want one", res.SpecLoop.ID)
			case tc.specLoop != "" && (res.SpecLoop == nil || !strings.Contains(res.SpecLoop.ID, tc.specLoop)):
				t.Errorf("loop without a specification %+v, want %s", res.SpecLoop, tc.specLoop)
			case tc.specLoop != "" && (res.Spec == nil || res.Stats.SpecSize != 0):
				t.Errorf("specification %v of size %d, want an empty one", res.Spec, res.Stats.SpecSize)
			}
			if tc.verdict == Inconclusive {
				// the execution shown runs the serial loop past its bound
				if res.Loop == nil || !strings.Contains(res.Loop.ID, tc.specLoop) || res.Exceeding == nil || res.Encoding == nil || !res.Encoding.Model.SerialOps {
					t.Errorf("inconclusive for loop %+v (past it: %v), want %s under serial", res.Loop, res.Exceeding != nil, tc.specLoop)
				}
				return
			}
			x := res.Counterexample
			if x == nil || res.Encoding == nil {
				t.Fatal("no counterexample")
			}
			if x.Outcome.Fault != lsl.FaultAssert {
				t.Errorf("counterexample faults with %v, want a failed assertion", x.Outcome.Fault)
			}
			if res.Loop != nil {
				t.Errorf("a failure that names loop %s", res.Loop.ID)
			}
			if tc.specLoop != "" && res.Encoding.Model.Name != tc.model {
				t.Errorf("counterexample on %s, want %s", res.Encoding.Model.Name, tc.model)
			}
			// the failure reported does not depend on timing: one
			// goroutine reports the same
			if seq := check(true); seq.Stats.Instrs != res.Stats.Instrs || !slices.Equal(accessKeys(seq.Counterexample), accessKeys(x)) {
				t.Errorf("one goroutine reports another failure:\n%v\nwant\n%v", accessKeys(seq.Counterexample), accessKeys(x))
			}
		})
	}
}

// accessKeys describes the accesses of an execution.
func accessKeys(x *encode.Execution) []string {
	if x == nil {
		return nil
	}
	var ks []string
	for _, a := range x.Accesses {
		ks = append(ks, fmt.Sprintf("t%d #%d store=%v addr=%v val=%v", a.Thread, a.PoIndex, a.Store, a.AddrVal, a.Value))
	}
	return ks
}

// When a test has no specification (the mining under serial cannot bound
// a loop, or reaches the values the range analysis tracks or the memory
// budget), the model is checked for errors only; an error execution
// within the bounds encoded is a failure, whatever the number of cores
// and however large --max-unroll: one goroutine and the background
// report the same. Without one the test is inconclusive, for the serial
// loop (saying what stopped the search on the model) or the mining's
// limit. The tests are in testdata/budgetlimit.c.
func TestCheckTestErrorsWithinLimits(t *testing.T) {
	harness, err := os.ReadFile("testdata/budgetlimit.tests")
	if err != nil {
		t.Fatal(err)
	}
	prog, ts := compileTest(t, "testdata/budgetlimit.c", "", string(harness))
	byName := map[string]*tests.Test{}
	for _, tc := range ts {
		byName[tc.Name] = tc
	}
	// isLimit says whether err is the limit kind names: "budget", "limit"
	// or "" (none).
	isLimit := func(err error, kind string) bool {
		var budget *encode.BudgetError
		var limit *lsl.LimitError
		switch kind {
		case "budget":
			return errors.As(err, &budget)
		case "limit":
			return errors.As(err, &limit)
		}
		return err == nil
	}
	const kib = 1024
	for _, tc := range []struct {
		name, test, model string
		maxUnroll         int
		maxMemory         int64
		verdict           Verdict // "" when CheckTest returns the mining's limit, err
		noSpec            string  // what leaves no specification: "loop", "budget" or "limit"
		stopped           string  // what stopped the check for errors on the model
		err               string
	}{
		// the lock fails on relaxed within the first iteration of each
		// loop; the unrolling with a raised bound exceeds the budget
		{"lock, model past the budget", "LOCK", "relaxed", 3, 300 * kib, Fail, "loop", "", ""},
		// with its fences it has no error within the budget
		{"fenced lock, model past the budget", "LOCKF", "relaxed", 3, 300 * kib, Inconclusive, "loop", "budget", ""},
		// a larger --max-unroll: the mining exceeds the budget first
		{"lock, mining past the budget", "LOCK", "relaxed", 8, 300 * kib, Fail, "budget", "", ""},
		{"fenced lock, mining past the budget", "LOCKF", "relaxed", 8, 300 * kib, "", "", "", "budget"},
		// the reader fails on relaxed before its loop's first iteration;
		// past three iterations its counter takes too many values
		{"reader, serial loop", "LIM", "relaxed", 3, 0, Fail, "loop", "", ""},
		{"reader, mining past the value limit", "LIM", "relaxed", 4, 0, Fail, "limit", "", ""},
		{"reader, default bounds", "LIM", "relaxed", 0, 0, Fail, "limit", "", ""},
		{"fenced reader, mining past the value limit", "LIMF", "relaxed", 4, 0, "", "", "", "limit"},
		// under serial the mining is the check (no error under serial)
		{"reader on serial", "LIM", "serial", 4, 0, "", "", "", "limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := func(sequential bool) *TestResult {
				t.Helper()
				opt := PipelineOptions{MaxUnroll: tc.maxUnroll, Sequential: sequential}
				opt.Encode.MaxMemory = tc.maxMemory
				res, err := CheckTest(context.Background(), prog, nil, byName[tc.test], memmodel.MustByName(tc.model), opt)
				if tc.err != "" {
					if !isLimit(err, tc.err) || err == nil {
						t.Fatalf("sequential %v: error %v, want the mining's %s", sequential, err, tc.err)
					}
					return nil
				}
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != tc.verdict {
					t.Fatalf("sequential %v: verdict %s, want %s", sequential, res.Verdict, tc.verdict)
				}
				if got := res.SpecLoop != nil; got != (tc.noSpec == "loop") {
					t.Errorf("loop without a specification %+v, want one: %v", res.SpecLoop, !got)
				}
				if tc.noSpec != "loop" && (res.SpecLimit == nil || !isLimit(res.SpecLimit, tc.noSpec)) {
					t.Errorf("the mining stopped by %v, want the %s", res.SpecLimit, tc.noSpec)
				}
				if res.Spec == nil || res.Stats.SpecSize != 0 {
					t.Errorf("specification %v of size %d, want an empty one", res.Spec, res.Stats.SpecSize)
				}
				if !isLimit(res.ErrorsStopped, tc.stopped) {
					t.Errorf("the check for errors stopped by %v, want %q", res.ErrorsStopped, tc.stopped)
				}
				return res
			}
			seq := check(true)
			if tc.verdict != Fail {
				check(false)
				return
			}
			x := seq.Counterexample
			if x == nil || x.Outcome.Fault != lsl.FaultAssert || seq.Encoding.Model.Name != tc.model || seq.Loop != nil {
				t.Fatalf("counterexample %v (loop %v), want a failed assertion on %s", x, seq.Loop, tc.model)
			}
			// the background may still be answering the first
			// unrolling's question when a limit is reached: run it a
			// few times
			for range 10 {
				res := check(false)
				if res.Stats.Instrs != seq.Stats.Instrs || !slices.Equal(accessKeys(res.Counterexample), accessKeys(x)) {
					t.Fatalf("the background reports another failure:\n%v\nwant\n%v", accessKeys(res.Counterexample), accessKeys(x))
				}
			}
		})
	}
}

// TestLoopsAskedFirst: the loops just raised are asked about first only
// while they grow: on the first round that raised any, and when a loop
// the last round raised was raised by the round before too.
func TestLoopsAskedFirst(t *testing.T) {
	cases := []struct {
		name           string
		raised, before []string
		beforeNone     bool
		want           []string
	}{
		{"first raise", []string{"a"}, nil, true, []string{"a"}},
		{"raised again", []string{"a"}, []string{"a"}, false, []string{"a"}},
		{"one of several raised again", []string{"a", "b"}, []string{"b", "c"}, false, []string{"a", "b"}},
		{"another loop", []string{"b"}, []string{"a"}, false, nil},
		{"other loops", []string{"b", "c"}, []string{"a"}, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := loopsAskedFirst(c.raised, c.before, c.beforeNone); !slices.Equal(got, c.want) {
				t.Errorf("loopsAskedFirst(%q, %q, %v) = %q, want %q", c.raised, c.before, c.beforeNone, got, c.want)
			}
		})
	}
}

// TestFirstRoundOfMinedUnrolling: the check on a model starts with the
// unrolling (and range analysis, and, for threads that cannot be
// interchangeable, the encoding made beside the serial run) the mining
// under serial ended with, rather than making them again (unrolledRound). A check whose set comes
// from the cache makes its own; both checks must agree on everything:
// verdict, bounds, the size of the last encoding and the counterexample.
// Under serial, where the mining is the check, so must a check from the
// cache.
func TestFirstRoundOfMinedUnrolling(t *testing.T) {
	prog, err := lsl.Parse("counters.lsl", []byte(counters))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ test, model string }{
		{"test T = ( inc | inc )", "relaxed"},
		{"test T = ( inc inc | inc )", "tso"},
		{"test T = ( racy | racy )", "sc"},
		{"test T = ( spin | publish )", "tso"},
		{"test T = ( spin | publish )", "relaxed"},
		{"test T = ( checked | publish )", "pso"},
		// under serial the mining is the check: a set from the cache
		// has the size of the unrolling at its bounds
		{"test T = ( inc inc | inc )", "serial"},
		{"test T = ( spin | publish )", "serial"},
	} {
		t.Run(tc.test+" on "+tc.model, func(t *testing.T) {
			ts, err := tests.Parse("t.tests", []byte(tc.test))
			if err != nil {
				t.Fatal(err)
			}
			opt := PipelineOptions{MaxUnroll: 4, Cache: NewMemoryCache()}
			var got [2]string
			for i := range got {
				res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(tc.model), opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.SpecCached != (i == 1) {
					t.Fatalf("run %d: set from the cache: %v", i, res.SpecCached)
				}
				st := res.Stats
				got[i] = fmt.Sprintf("%s bounds %v instrs %d vars %d clauses %d", res.Verdict, st.Bounds, st.Instrs, st.Vars, st.Clauses)
				if res.Counterexample != nil {
					got[i] += "\n" + res.Counterexample.Outcome.Key()
					for _, a := range res.Counterexample.Accesses {
						got[i] += fmt.Sprintf("\n%d %v %v %v", a.Thread, a.Stmt, a.AddrVal, a.Value)
					}
				}
			}
			if got[0] != got[1] {
				t.Errorf("with the mined unrolling:\n%s\nunrolled afresh:\n%s", got[0], got[1])
			}
		})
	}
}

// TestAccelerate: a round raises by two a loop instance raised by the two
// rounds before, unless another instance of the same loop (the same site)
// is raised with it, or (narrow) any other loop; otherwise by one.
func TestAccelerate(t *testing.T) {
	site := func(id string) string { return strings.TrimRight(id, "0123456789") }
	for _, tc := range []struct {
		name         string
		bounds, next unroll.Bounds
		streak       map[string]int
		narrow       bool
		want         unroll.Bounds
	}{
		{"third raise in a row", unroll.Bounds{"a": 3}, unroll.Bounds{"a": 4}, map[string]int{"a": 2}, false, unroll.Bounds{"a": 5}},
		{"second raise in a row", unroll.Bounds{"a": 2}, unroll.Bounds{"a": 3}, map[string]int{"a": 1}, false, unroll.Bounds{"a": 3}},
		{"first raise", unroll.Bounds{}, unroll.Bounds{"a": 2}, map[string]int{}, false, unroll.Bounds{"a": 2}},
		{"two instances of a loop", unroll.Bounds{"a1": 3, "a2": 3}, unroll.Bounds{"a1": 4, "a2": 4}, map[string]int{"a1": 2, "a2": 2}, false, unroll.Bounds{"a1": 4, "a2": 4}},
		{"two loops", unroll.Bounds{"a": 3, "b": 3}, unroll.Bounds{"a": 4, "b": 4}, map[string]int{"a": 2, "b": 2}, false, unroll.Bounds{"a": 5, "b": 5}},
		{"two loops, narrow", unroll.Bounds{"a": 3, "b": 3}, unroll.Bounds{"a": 4, "b": 4}, map[string]int{"a": 2, "b": 2}, true, unroll.Bounds{"a": 4, "b": 4}},
		{"third raise in a row, narrow", unroll.Bounds{"a": 3}, unroll.Bounds{"a": 4}, map[string]int{"a": 2}, true, unroll.Bounds{"a": 5}},
		{"two loops, one new", unroll.Bounds{"a": 3, "b": 1}, unroll.Bounds{"a": 4, "b": 2}, map[string]int{"a": 2}, false, unroll.Bounds{"a": 5, "b": 2}},
		{"another loop raised before", unroll.Bounds{"a": 3, "b": 2}, unroll.Bounds{"a": 3, "b": 3}, map[string]int{"a": 2}, false, unroll.Bounds{"a": 3, "b": 3}},
		{"at the limit", unroll.Bounds{"a": 9}, unroll.Bounds{"a": 10}, map[string]int{"a": 5}, false, unroll.Bounds{"a": 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			next := maps.Clone(tc.next)
			further := accelerate(tc.bounds, next, tc.streak, site, tc.narrow, 10)
			if !maps.Equal(next, tc.want) {
				t.Errorf("raised to %v, want %v", next, tc.want)
			}
			if want := !maps.Equal(tc.next, tc.want); further != want {
				t.Errorf("reports raising further: %v, want %v", further, want)
			}
		})
	}
}

// serialErrorCheck runs the lazy unrolling of test under serial with the
// error question (MaxUnroll 10), each encoding refused with refuse's error
// if not nil, and returns the loop that could not be bounded, whether an
// execution fails, and the error.
func serialErrorCheck(prog *lsl.Program, test *tests.Test, refuse func(u *unroll.Result, aside bool) error) (*unroll.Loop, bool, error) {
	opt := &PipelineOptions{MaxUnroll: 10}
	serial := memmodel.MustByName("serial")
	prepare := func(ctx context.Context, u *unroll.Result, bound, aside bool) (*encode.Encoding, failureQuestion, error) {
		if err := refuse(u, aside); err != nil {
			return nil, nil, err
		}
		o := opt.Options
		o.Encode.CompleteOnly = !bound
		e, err := Prepare(ctx, u.Test, serial, o)
		if err != nil {
			return nil, nil, err
		}
		return e, func(context.Context) ([][]encode.Lit, error) { return errorDisjuncts(e), nil }, nil
	}
	var st TestStats
	var exceeding *encode.Execution
	_, _, loop, failed, err := lazy(context.Background(), prog, test, unroll.Bounds{}, nil, nil, opt, "serial", "error check", &st, &exceeding, prepare)
	return loop, failed, err
}

// countToFour counts to four in a loop and then asserts that it did not:
// its error needs the loop's bound to be 4.
const countToFour = `
proc f() -> () {
  one = 1
  four = 4
  i = 0
  L: {
    i = add.i32 i, one
    more = lt.i32 i, four
    continue L if more
  }
  ok = ne i, four
  assert ok
}
`

// TestAccelerationTooLarge: when the unrolling a raise by two makes is
// too large (here every unrolling whose loop bound is over 4 is refused,
// as the memory budget refuses it), the round is made again raised by
// one, whose unrolling fits and holds the error; without that, the
// rounds ended at bound 3 and the error was lost (inconclusive).
func TestAccelerationTooLarge(t *testing.T) {
	prog, err := lsl.Parse("count.lsl", []byte(countToFour))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("t.tests", []byte("test T = ( f )"))
	if err != nil {
		t.Fatal(err)
	}
	var bounds []int
	loop, failed, err := serialErrorCheck(prog, ts[0], func(u *unroll.Result, aside bool) error {
		for _, l := range u.Loops {
			if !aside {
				bounds = append(bounds, l.Bound)
			}
			if l.Bound > 4 {
				return &encode.BudgetError{Test: "T", Model: "serial", Detail: "more than 4 iterations"}
			}
		}
		return nil
	})
	if err != nil || loop != nil || !failed {
		t.Fatalf("failed %v, loop %v, error %v (rounds at bounds %v); want the assertion's failure", failed, loop, err, bounds)
	}
	if want := []int{1, 2, 3, 5, 4}; !slices.Equal(bounds, want) {
		t.Errorf("rounds at bounds %v, want %v (a raise by two refused, then by one)", bounds, want)
	}
}

// TestSerialRunGuardedByAnalysis: the range analysis stops the serial
// run of a test whose values outgrow what it tracks (testdata's LIM: a
// counter taking 8 times more values each iteration, which the run would
// follow through millions of runs), whether it is made before the run
// (one core, or threads that may be interchangeable) or beside it, and
// without the symmetry reduction too.
func TestSerialRunGuardedByAnalysis(t *testing.T) {
	harness, err := os.ReadFile("testdata/budgetlimit.tests")
	if err != nil {
		t.Fatal(err)
	}
	prog, ts := compileTest(t, "testdata/budgetlimit.c", "", string(harness))
	var lim *tests.Test
	for _, tc := range ts {
		if tc.Name == "LIM" {
			lim = tc
		}
	}
	for _, c := range []struct {
		name                   string
		sequential, noSymmetry bool
	}{
		{"two cores", false, false},
		{"one core", true, false},
		{"two cores, no symmetry", false, true},
		{"one core, no symmetry", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			opt := PipelineOptions{Sequential: c.sequential}
			opt.Encode.NoSymmetry = c.noSymmetry
			_, _, err := MineTest(ctx, prog, lim, opt)
			var limit *lsl.LimitError
			if !errors.As(err, &limit) {
				t.Fatalf("error %v, want the range analysis's value limit", err)
			}
		})
	}
}

// minedTooLarge: q's nested loops run 3 x 4 iterations, which the
// serial run bounds at once (it never encodes), but whose unrolling is too
// large for a small memory budget on relaxed; p and r fail on relaxed
// (r reads flag = 1, then data = 0) within the first bounds, and do not
// with their fences.
const minedTooLarge = `
int data, flag;
int arr[8];
void init(void) { data = 0; flag = 0; }
void p(void) { data = 1; flag = 1; }
void r(void) { int f = flag; int d = data; lsl_assert(f == 0 || d == 1); }
void pf(void) { data = 1; lsl_fence("store-store"); flag = 1; }
void rf(void) { int f = flag; lsl_fence("load-load"); int d = data; lsl_assert(f == 0 || d == 1); }
void q(void) { int i, j; for (i = 0; i < 3; i++) for (j = 0; j < 4; j++) arr[j] = arr[j] + i; }
`

// TestCheckRestartsBelowMinedBounds: when the unrolling at the bounds the
// mining ended with is too large to encode on the model, the check starts
// again from its own first bounds, so that an error within them is still
// found (a larger --max-unroll must not lose a failure), on one core and
// two; without one the test is inconclusive for the budget.
func TestCheckRestartsBelowMinedBounds(t *testing.T) {
	prog, ts := compileTest(t, "mined.c", "#include \"lsl_protos.h\"\n"+minedTooLarge, "test T = init ( p | r q )\ntest F = init ( pf | rf q )")
	for _, c := range []struct {
		test string
		want Verdict
	}{{"T", Fail}, {"F", Inconclusive}} {
		for _, sequential := range []bool{false, true} {
			t.Run(fmt.Sprint(c.test, " sequential ", sequential), func(t *testing.T) {
				tc := ts[0]
				if c.test == "F" {
					tc = ts[1]
				}
				opt := PipelineOptions{Sequential: sequential}
				opt.Encode.MaxMemory = 1 << 20
				res, err := CheckTest(context.Background(), prog, nil, tc, memmodel.MustByName("relaxed"), opt)
				var budget *encode.BudgetError
				switch {
				case c.want == Inconclusive:
					if !errors.As(err, &budget) {
						t.Fatalf("verdict %v, error %v; want the memory budget's error", res, err)
					}
				case err != nil:
					t.Fatal(err)
				case res.Verdict != c.want:
					t.Fatalf("verdict %s, want %s", res.Verdict, c.want)
				case res.Counterexample == nil || res.Counterexample.Outcome.Fault != lsl.FaultAssert:
					t.Fatalf("counterexample %v, want a failed assertion", res.Counterexample)
				}
			})
		}
	}
}

// eitherLoop: f and g race for x, and only the winner runs its loop (f's
// three iterations, then an assertion that fails; g's two), so no
// execution exceeds both loops, and one exceeding execution raises one
// of them.
const eitherLoop = `
int x;
void f() {
	if (lsl_cas_32(&x, 0, 1)) {
		int i = 0;
		while (i < 3) i = i + 1;
		lsl_assert(i != 3);
	}
}
void g() {
	if (lsl_cas_32(&x, 0, 2)) {
		int j = 0;
		while (j < 2) j = j + 1;
	}
}
`

// TestSweepRaisesOtherThreads: the first round's exceeding execution
// raises one thread's loop, and the sweep the other's, so the second round
// has both at 2 (without the sweep, one of them stays at 1); the rounds
// end in the assertion's failure. When every unrolling that raises both
// loops is refused (as the memory budget refuses one), the round is made
// again with the raise of its exceeding execution alone, and the rounds
// still find the failure: a sweep without that fallback ends at the first
// bounds, inconclusive.
func TestSweepRaisesOtherThreads(t *testing.T) {
	prog, ts := compileTest(t, "either.c", "#include \"lsl_protos.h\"\n"+eitherLoop, "test T = ( f | g )")
	for _, refuseBoth := range []bool{false, true} {
		t.Run(fmt.Sprint("refuse both ", refuseBoth), func(t *testing.T) {
			var rounds [][]int // the loops' bounds, per round, in thread order
			var made []int     // those of the last unrolling not refused
			loop, failed, err := serialErrorCheck(prog, ts[0], func(u *unroll.Result, aside bool) error {
				var bs []int
				for _, l := range u.Loops {
					if l.Thread != "init" {
						bs = append(bs, l.Bound)
					}
				}
				if aside {
					return nil
				}
				rounds = append(rounds, bs)
				if refuseBoth && made != nil && bs[0] != made[0] && bs[1] != made[1] {
					return &encode.BudgetError{Test: "T", Model: "serial", Detail: "both loops raised"}
				}
				made = bs
				return nil
			})
			if err != nil || loop != nil || !failed {
				t.Fatalf("failed %v, loop %v, error %v (rounds at bounds %v); want the assertion's failure", failed, loop, err, rounds)
			}
			if len(rounds) < 2 || len(rounds[0]) != 2 {
				t.Fatalf("rounds at bounds %v, want two loops and more than one round", rounds)
			}
			if !refuseBoth && !slices.Equal(rounds[1], []int{2, 2}) {
				t.Errorf("rounds at bounds %v; want both loops raised by the first round", rounds)
			}
		})
	}
}

// TestSweepKeepsFailuresWithinBudget: testdata/sweepbudget.c's failure
// on rmo fits a 768 KiB memory budget only with inc0's loop raised to 3
// before inc1's; the sweep, raising the three retry loops together, met
// the budget first, and the round before it had no failure: the rounds
// are then made again without the sweep (lazyRun.run), which find it,
// as they did before the sweep. Without that the verdict was
// inconclusive. (Verdicts within the budget: fail with no budget.)
func TestSweepKeepsFailuresWithinBudget(t *testing.T) {
	prog, ts := compileTest(t, "testdata/sweepbudget.c", "", "test A = i ( inc0 | inc1 | inc2 | rd )")
	for _, budget := range []int64{0, 768 << 10} {
		for _, sequential := range []bool{false, true} {
			t.Run(fmt.Sprint("budget ", budget, " sequential ", sequential), func(t *testing.T) {
				opt := PipelineOptions{Sequential: sequential}
				opt.Encode.MaxMemory = budget
				res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("rmo"), opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != Fail || res.Counterexample == nil {
					t.Fatalf("verdict %s, want the failure (rd sees y = 1, x = 0)", res.Verdict)
				}
				if got := res.Counterexample.Outcome.Key(); !strings.Contains(got, "ok=0") {
					t.Errorf("counterexample's outcome %s, want ok = 0", got)
				}
			})
		}
	}
}
