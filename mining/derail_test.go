package mining

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/tests"
)

// SEMANTICS.md, "Errors": a fault makes the execution an error execution;
// lsl.Interp stops the thread there. So an assume the thread would reach
// only after its fault cannot remove the execution, while one it reaches
// before the fault can. Each case is checked against the semantics, and
// against the brute-force reference, on sc and relaxed.
func TestDerailedAssume(t *testing.T) {
	one := func(body string) string {
		return "test t\nglobal x @1\nthread {\n  op a {\n" + body + "\n  }\n}\n"
	}
	for _, tc := range []struct {
		name  string
		src   string
		fault lsl.Fault
	}{
		{"fault, then a false assume", one("z = 0\nu = load z\nf = 0\nassume f"), lsl.FaultAddress},
		{"failed assertion, then a false assume", one("f = 0\nassert f\nassume f"), lsl.FaultAssert},
		{"a false assume, then a fault", one("f = 0\nassume f\nz = 0\nu = load z"), lsl.NoFault},
		// the first fault is the thread's; the one after it is not reported
		{"two faults", one("z = 0\nu = load z\nf = 0\nassert f"), lsl.FaultAddress},
		// an assume's condition is used as a branch's is: undefined is
		// a fault there (SEMANTICS.md, Values), not a false assume
		{"assume of undefined", one("u = undefined\nassume u"), lsl.FaultUndefined},
		// a pointer is never null: it holds as a condition (lsl.Interp)
		{"assume of a pointer holds", one("p = [1]\nassume p\nf = 0\nassert f"), lsl.FaultAssert},
		{"assert of a pointer holds", one("p = [1]\nassert p"), lsl.NoFault},
		{"assume of a marked pointer holds", one("p = [1]\nk = 1\nm = or.u64 p, k\nassume m\nf = 0\nassert f"), lsl.FaultAssert},
		{"a branch on a pointer is taken", one("p = [1]\nL: {\nbreak L if p\nf = 0\nassert f\n}"), lsl.NoFault},
		{"a branch on undefined is a fault", one("u = undefined\nL: {\nbreak L if u\n}"), lsl.FaultUndefined},
		{"assume of a loaded undefined", "test t\nglobal x @1\nvalue x[] = undefined\nthread {\n  op a {\n    px = [1]\n    u = load px\n    assume u\n  }\n}\n", lsl.FaultUndefined},
		// a double free is a fault like the others, of each kind of free
		{"double free, then a false assume", one("p = alloc 8\nfree p\nfree p\nf = 0\nassume f"), lsl.FaultDoubleFree},
		{"double lsl_free, then a false assume", one("p = alloc 8\nfree stable p\nfree stable p\nf = 0\nassume f"), lsl.FaultDoubleFree},
		{"double lsl_free_noreuse, then a false assume", one("p = alloc 8\nfree noreuse p\nfree noreuse p\nf = 0\nassume f"), lsl.FaultDoubleFree},
		{"a false assume, then a double free", one("p = alloc 8\nfree p\nf = 0\nassume f\nfree p"), lsl.NoFault},
		// q takes p's block (the second free is then no double free and
		// the assume removes the execution) or its own (a double free)
		{"maybe a double free, then a false assume", one("p = alloc 8\nfree p\nq = alloc 8\nfree p\nf = 0\nassume f"), lsl.FaultDoubleFree},
	} {
		for _, model := range []string{"sc", "relaxed"} {
			t.Run(fmt.Sprintf("%s on %s", tc.name, model), func(t *testing.T) {
				checkFault(t, tc.src, model, tc.fault)
			})
		}
	}
}

// A loop that fails an assertion in its second iteration, followed by an
// assume that only an execution leaving after no iteration satisfies.
// The assume must not hide that the first bound is exceeded (the thread
// runs another iteration; it never reaches the assume), so the bound is
// raised and the failed assertion found, under serial already.
const afterLoop = `
proc op() -> () {
  i = 0
  one = 1
  two = 2
  L: {
    c = choose 0 1
    nc = lnot c
    break L if nc
    i = add.i32 i, one
    ok = lt.i32 i, two
    assert ok
    continue L
  }
  zero = 0
  none = eq i, zero
  assume none
  observe output "i" i
}
`

func TestExceedThenAssume(t *testing.T) {
	prog, err := lsl.Parse("after.lsl", []byte(afterLoop))
	if err != nil {
		t.Fatal(err)
	}
	if err := lsl.Validate(prog); err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("t.tests", []byte("test T = ( op )"))
	if err != nil {
		t.Fatal(err)
	}
	for _, model := range []string{"sc", "relaxed"} {
		res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), PipelineOptions{MaxUnroll: 4})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Fail || !res.SerialBug {
			t.Fatalf("%s: verdict %s (serial bug %v), want a failure under serial", model, res.Verdict, res.SerialBug)
		}
		if f := res.Counterexample.Outcome.Fault; f != lsl.FaultAssert {
			t.Errorf("%s: counterexample faults with %v, want a failed assertion", model, f)
		}
	}
}

// A use after free in an iteration that the loop reductions would drop
// (SEMANTICS.md, "Loops": only an iteration that does not fault changes
// nothing). In each test, init publishes a block in p and swapper replaces
// it and frees it with C's free; the other thread reads p, then the
// block, in a loop whose iteration can change nothing: a compare-and-swap
// retry loop whose CAS stores back what it read, a spin loop, and a loop
// that leaves by a break. On sc the thread can read p, swapper can run
// whole, and the thread then reads the freed block: an error execution,
// which must fail the check on every model (weaker models keep that sc
// execution). Dropping the iteration loses it: the encoder did, as a use
// after free is found with the memory order, not by the thread's code.
func TestUseAfterFreeInDroppedIteration(t *testing.T) {
	const common = `#include "lsl_protos.h"
typedef struct { int v; } blk;
blk *p;
void i(void) { p = malloc(sizeof(blk)); p->v = 0; }
void swapper(void) { blk *n = malloc(sizeof(blk)); n->v = 1; blk *old = p; p = n; free(old); }
`
	for _, tc := range []struct{ name, reader string }{
		{"retry", `void reader(void) { blk *t; int v; do { t = p; v = t->v; } while (!lsl_cas_ptr(&p, t, t)); lsl_observe_output("v", v); }`},
		{"spin", `void reader(void) { while (p->v == 0) ; lsl_observe_label("done"); }`},
		{"break", `void reader(void) { while (1) { int f = p->v; if (f != 0) break; } lsl_observe_label("done"); }`},
	} {
		prog, ts := compileTest(t, tc.name+".c", common+tc.reader+"\n", "test T = i ( reader | swapper )")
		for _, model := range memmodel.Names() {
			if model == "serial" {
				continue
			}
			t.Run(tc.name+" on "+model, func(t *testing.T) {
				res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), PipelineOptions{MaxUnroll: 4})
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != Fail {
					t.Fatalf("verdict %v, want fail (a use after free)", res.Verdict)
				}
				if model == "sc" {
					if fs := res.Counterexample.Faults; len(fs) == 0 || fs[0].Fault != lsl.FaultUseAfterFree {
						t.Errorf("faults %v, want a use after free", fs)
					}
				}
			})
		}
	}
}

// lsl_assume on a variable never set is a use of an undefined value, an
// error execution (SEMANTICS.md, Values and Errors), as an if on it is:
// when d runs before w, ok is undefined. The check fails under serial
// already, on every model, and the explicit serial runs leave the error to
// the solver; the assume removed the execution before, and the test passed.
func TestAssumeOfUndefined(t *testing.T) {
	const src = `#include "lsl_protos.h"
int x;
void i(void) { x = 0; }
void w(void) { x = 1; }
void d(void) { int ok; int v = x; if (v == 1) ok = 1; lsl_assume(ok); lsl_observe_output("v", v); }
`
	prog, ts := compileTest(t, "ua.c", src, "test T = i ( w | d )\n")
	for _, model := range []string{"sc", "relaxed"} {
		for _, solver := range []bool{false, true} {
			res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), PipelineOptions{SolverMining: solver})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != Fail || !res.SerialBug {
				t.Fatalf("%s (solver mining %v): %s (serial bug %v), want a failure under serial", model, solver, res.Verdict, res.SerialBug)
			}
			if f := res.Counterexample.Outcome.Fault; f != lsl.FaultUndefined {
				t.Errorf("%s (solver mining %v): fault %v, want a use of an undefined value", model, solver, f)
			}
		}
	}
}

// A uintptr_t holding a pointer, marked or not, is non-zero in C, so
// lsl_assume of it holds, assert of it does not fail, and !u and u || ...
// as conditions are false and true (as if (u) already had it): the assume
// removed every execution (a vacuous pass of a test whose assertion
// fails), the assert failed, and the branches on u faulted.
func TestConditionOfAPointerAsInteger(t *testing.T) {
	const src = `#include "lsl_protos.h"
#include <stdint.h>
#include <assert.h>
int g;
void assumed(void) { uintptr_t v = (uintptr_t)&g; lsl_assume(v); lsl_assert(0); }
void asserted(void) { uintptr_t v = (uintptr_t)&g; assert(v); lsl_observe_output("ok", 1); }
void markedassumed(void) { uintptr_t u = (uintptr_t)&g | 1; lsl_assume(u); lsl_assert(0); }
void markedasserted(void) { uintptr_t u = (uintptr_t)&g | 1; lsl_assert(u); }
void negated(void) { uintptr_t u = (uintptr_t)&g; int r = 2; if (!u) r = 1; lsl_assert(r == 2); }
void ored(void) { uintptr_t u = (uintptr_t)&g | 1; int r = u || 0; lsl_assert(r == 1); }
`
	prog, ts := compileTest(t, "uptr.c", src, "test A = ( assumed )\ntest B = ( asserted )\ntest MA = ( markedassumed )\ntest MB = ( markedasserted )\ntest N = ( negated )\ntest O = ( ored )\n")
	want := map[string]Verdict{"A": Fail, "B": Pass, "MA": Fail, "MB": Pass, "N": Pass, "O": Pass}
	for _, tt := range ts {
		for _, model := range []string{"sc", "relaxed"} {
			res, err := CheckTest(context.Background(), prog, nil, tt, memmodel.MustByName(model), PipelineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != want[tt.Name] {
				t.Errorf("%s on %s: %s, want %s", tt.Name, model, res.Verdict, want[tt.Name])
			}
		}
	}
}

// A double free derails the thread whose free comes second in memory
// order, which for frees of two threads the memory order decides
// (SEMANTICS.md, "Allocation and freeing": a free is an event of <M that
// the accesses before it in program order precede). Init publishes a
// block; first frees it, stores y = 1, then assumes false; second waits
// for y = 1, then frees it too. On sc first's free precedes its store, so
// it is the first free: first does not derail, its assume removes every
// execution, and none faults. On relaxed the store may precede first's
// free, second's free may then come first, and first's double free makes
// an error execution. Each kind of free, with either thread listed first.
func TestDoubleFreeOrder(t *testing.T) {
	first := func(kind string) string {
		return "px = [1]\nq = load px\nfree " + kind + "q\npy = [2]\none = 1\nstore py, one\nf = 0\nassume f"
	}
	const second = "py = [2]\nr = load py\none = 1\ne = eq r, one\nassume e\npx = [1]\nq = load px\nfree q"
	src := func(a, b string) string {
		return "test t\nglobal x @1\nglobal y @2\ninit {\n  op i {\n    px = [1]\n    p = alloc 8\n    store px, p\n  }\n}\n" +
			"thread {\n  op a {\n" + a + "\n  }\n}\nthread {\n  op b {\n" + b + "\n  }\n}\n"
	}
	for _, kind := range []string{"", "stable ", "noreuse "} {
		for _, order := range []string{"first listed first", "second listed first"} {
			s := src(first(kind), strings.Replace(second, "free q", "free "+kind+"q", 1))
			if order == "second listed first" {
				s = src(strings.Replace(second, "free q", "free "+kind+"q", 1), first(kind))
			}
			for _, tc := range []struct {
				model string
				fault lsl.Fault
			}{{"sc", lsl.NoFault}, {"relaxed", lsl.FaultDoubleFree}} {
				t.Run(fmt.Sprintf("free %s%s on %s", kind, order, tc.model), func(t *testing.T) {
					checkFault(t, s, tc.model, tc.fault)
				})
			}
		}
	}
}

// A double free followed, in its thread, by an assume that fails: the
// thread stops at its fault as at any other (SEMANTICS.md, "Errors";
// lsl.Interp), so the assume cannot remove the execution and the check
// fails with the double free, under serial already; as it does with a
// null dereference in its place (e). The block comes from
// lsl_malloc_noreuse (a), malloc (m), and in r a retry loop whose second
// iteration is assumed away follows the double free.
func TestDoubleFreeThenAssume(t *testing.T) {
	const src = `#include "lsl_protos.h"
#include <stdlib.h>
void a(void) {
  int k = lsl_choose(0, 1);
  int *b = lsl_malloc_noreuse(sizeof(int));
  free(b);
  if (k) { free(b); lsl_assume(false); }
  lsl_observe_output("k", k);
}
void m(void) {
  int k = lsl_choose(0, 1);
  int *b = malloc(sizeof(int));
  free(b);
  if (k) { free(b); lsl_assume(false); }
  lsl_observe_output("k", k);
}
void r(void) {
  int k = lsl_choose(0, 1);
  int *b = malloc(sizeof(int));
  free(b);
  if (k) free(b);
  int once = 0;
  do { if (once) lsl_assume(false); once = 1; } while (k);
  lsl_observe_output("k", k);
}
void e(void) {
  int k = lsl_choose(0, 1);
  int *b = 0;
  if (k) { *b = 1; lsl_assume(false); }
  lsl_observe_output("k", k);
}
`
	prog, ts := compileTest(t, "df.c", src, "test A = ( a )\ntest M = ( m )\ntest R = ( r )\ntest E = ( e )")
	want := map[string]lsl.Fault{"A": lsl.FaultDoubleFree, "M": lsl.FaultDoubleFree, "R": lsl.FaultDoubleFree, "E": lsl.FaultAddress}
	for _, test := range ts {
		for _, model := range []string{"sc", "relaxed"} {
			t.Run(test.Name+" on "+model, func(t *testing.T) {
				res, err := CheckTest(context.Background(), prog, nil, test, memmodel.MustByName(model), PipelineOptions{MaxUnroll: 4})
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != Fail || !res.SerialBug {
					t.Fatalf("verdict %s (serial bug %v), want a failure under serial", res.Verdict, res.SerialBug)
				}
				if f := res.Counterexample.Outcome.Fault; f != want[test.Name] {
					t.Errorf("counterexample faults with %v, want %v", f, want[test.Name])
				}
			})
		}
	}
}
