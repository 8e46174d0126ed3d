package explain

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"checkfence/cfront"
	"checkfence/encode"
	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
	"checkfence/unroll"
)

// refFailsAs reports whether the brute-force reference finds an execution
// of test on model, with fences inserted, that fails as x did: with its
// outcome, or with its fault if x has one (the reference does not say
// where an execution faults).
func refFailsAs(t *testing.T, test *lsl.Test, model string, fences []Fence, x lsl.Outcome) bool {
	t.Helper()
	fenced, _ := withFences(test, fences)
	outs, err := reference.Outcomes(fenced, model)
	if err != nil {
		t.Fatalf("%s on %s: reference: %v", test.Name, model, err)
	}
	for _, o := range outs {
		if x.Fault != lsl.NoFault && o.Fault == x.Fault || x.Fault == lsl.NoFault && o.Key() == x.Key() {
			return true
		}
	}
	return false
}

// TestCauseMinimalAndSufficient checks FailureCause's search against the
// reference on generated tests that fail on a weak model against the
// outcomes of sc (so that restoring every pair is a cause): a
// cause is found; with its fences the reference finds no
// execution failing as the counterexample does, and without any one of
// them it finds one (minimal). The reference runs the test with the
// fences inserted, independently of the encoder's assumptions. A search that does not shrink the solver's
// core, or shrinks it by one rule too many, fails it.
func TestCauseMinimalAndSufficient(t *testing.T) {
	want := longtest.N(200, 600)
	models := []string{"tso", "pso", "rmo", "relaxed"}
	ctx := context.Background()
	sc := memmodel.MustByName("sc")
	failing, faults, sizes := 0, 0, map[int]int{}
	for i := 0; failing < want; i++ {
		if i > 50*want {
			t.Fatalf("only %d failing tests among %d generated", failing, i)
		}
		r := rand.New(rand.NewPCG(7, uint64(i)))
		threads := 2 // 2: the reference is fast, and most failures are between two threads
		if longtest.Enabled() {
			threads = 0 // 2 to 4
		}
		test := testgen.Generate(r, testgen.Options{Fences: i%2 == 0, Threads: threads})
		test.Name = fmt.Sprintf("cause-%d", i)
		model := models[i%len(models)]
		// The specification is what sc allows, so that every failure on a
		// weaker model is one of reordering (a serial specification
		// fails on sc too on most generated tests).
		scOuts, err := reference.Outcomes(test, "sc")
		if err != nil || slices.ContainsFunc(scOuts, func(o lsl.Outcome) bool { return o.Fault != lsl.NoFault }) {
			continue // too big for the reference, or a bug without reordering
		}
		if _, err := reference.Outcomes(test, model); errors.Is(err, reference.ErrTooBig) {
			continue // too big for the reference on the weaker model
		}
		spec, _, err := mining.Enumerate(ctx, test, sc, mining.Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := memmodel.MustByName(model)
		res, err := mining.Check(ctx, test, m, spec, mining.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Pass {
			continue
		}
		failing++
		x := res.Counterexample
		if x.Outcome.Fault != lsl.NoFault {
			faults++
		}
		cause, err := CauseInTest(ctx, test, m, x, encode.Options{})
		if err != nil {
			t.Fatalf("%s on %s: %v", test.Name, model, err)
		}
		if !refFailsAs(t, test, model, nil, x.Outcome) {
			t.Fatalf("%s on %s: the reference has no execution failing as the counterexample does", test.Name, model)
		}
		if !cause.Found {
			// sc does not fail: keeping every pair in order is a cause
			t.Errorf("%s on %s: no cause found\n%s", test.Name, model, test)
			continue
		}
		fences := cause.Fences
		sizes[len(fences)]++
		if refFailsAs(t, test, model, fences, x.Outcome) {
			t.Errorf("%s on %s: not sufficient: with %v the reference still fails as %s\n%s", test.Name, model, fences, x.Outcome.Key(), test)
		}
		for j := range fences {
			without := slices.Delete(slices.Clone(fences), j, j+1)
			if !refFailsAs(t, test, model, without, x.Outcome) {
				t.Errorf("%s on %s: not minimal: without %v the reference does not fail as %s either\n%s", test.Name, model, fences[j], x.Outcome.Key(), test)
			}
		}
		// each fence restores a pair of the failing executions: one of
		// the counterexample's, unless other executions were needed
		if cause.Counterexamples == 1 {
			pairs := Reordered(x)
			for _, f := range fences {
				if !slices.ContainsFunc(pairs, func(p Pair) bool { return f.Restores(x, p) }) {
					t.Errorf("%s on %s: %v restores no pair of the counterexample", test.Name, model, f)
				}
			}
		}
	}
	t.Logf("%d tests failing on a weak model but not on sc (%d with a fault); cause sizes %v", failing, faults, sizes)
}

// causeBeyond fails on relaxed in two ways: bad = 1 when the reader sees
// w set and z not (z and w reordered in either thread), or when its loop
// runs twice seeing y set and x not (x and y reordered), which needs a
// bound of 2.
const causeBeyond = `#include "lsl_protos.h"
int x, y, z, w;
void init(void) { x = 0; y = 0; z = 0; w = 0; }
void t0(void) { z = 1; w = 1; x = 1; y = 1; }
void t1(void) {
    int bad = 0, n = 0;
    int b = w;
    int a = z;
    if (b == 1 && a == 0) bad = 1;
    while (y == 1) {
        lsl_fence("load-load");
        if (x != 0) break;
        n = n + 1;
    }
    if (n >= 2) bad = 1;
    lsl_observe_output("bad", bad);
}
`

// TestCauseWithinBounds: a cause found at the counterexample's loop bounds
// says so when, with its fences, an execution can still run longer (and
// may fail so there: with a cause that orders only z and w, the loop's
// two iterations still give bad = 1); a loop-free failure's cause does
// not.
func TestCauseWithinBounds(t *testing.T) {
	for _, tc := range []struct {
		name, src, test string
		within          bool
	}{
		{"loop", causeBeyond, "test T = init ( t0 | t1 )", true},
		{"no loop", `#include "lsl_protos.h"
int x, y;
void init(void) { x = 0; y = 0; }
void t0(void) { x = 1; y = 1; }
void t1(void) { int a = y; int b = x; lsl_observe_output("bad", a == 1 && b == 0); }
`, "test T = init ( t0 | t1 )", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := cfront.CompileSources([]cfront.Source{{Name: "c.c", Text: tc.src}}, cfront.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tests.Parse("c.tests", []byte(tc.test))
			if err != nil {
				t.Fatal(err)
			}
			res, err := mining.CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), mining.PipelineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != mining.Fail {
				t.Fatalf("%s, want fail", res.Verdict)
			}
			c, err := FailureCause(context.Background(), res, encode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !c.Found || c.WithinBounds != tc.within {
				t.Errorf("cause %v found %v, within bounds %v, want %v", c.Fences, c.Found, c.WithinBounds, tc.within)
			}
		})
	}
}

// everyAccessInOrder is a full fence after every access of test: with
// them, every access is in program order.
func everyAccessInOrder(test *lsl.Test) []Fence {
	var out []Fence
	for _, th := range test.Threads {
		for _, inv := range th {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				switch s := s.(type) {
				case *lsl.Load:
					out = append(out, Fence{Kind: lsl.Full, At: lsl.AccessSite{Pos: s.Pos}, After: true})
				case *lsl.Store:
					out = append(out, Fence{Kind: lsl.Full, At: lsl.AccessSite{Pos: s.Pos, Store: true}, After: true})
				}
				return true
			})
		}
	}
	return out
}

// TestCauseOfUseAfterFree checks FailureCause against the reference on
// generated tests whose failures are uses after free through a
// reordering (freeTest): a cause found is sufficient and minimal, as in
// TestCauseMinimalAndSufficient, and "no cause" (the failure happens with
// every access in program order) is true: with a full fence after every
// access the reference still fails so. A free is an event of memory order
// that decides a use after free, so the words of a block are seen by the
// thread that frees it even if it never accesses them: a search that
// leaves out the pairs of such words misses the cause.
func TestCauseOfUseAfterFree(t *testing.T) {
	want := longtest.N(20, 150)
	models := []string{"tso", "pso", "rmo", "relaxed"}
	ctx := context.Background()
	sc := memmodel.MustByName("sc")
	failing, found := 0, 0
	for i := 0; failing < want; i++ {
		if i > 20*want {
			t.Fatalf("only %d tests faulting on a weak model among %d generated", failing, i)
		}
		r := rand.New(rand.NewPCG(11, uint64(i)))
		test := freeTest(t, r)
		test.Name = fmt.Sprintf("free-%d", i)
		model := models[i%len(models)]
		scOuts, err := reference.Outcomes(test, "sc")
		if err != nil || slices.ContainsFunc(scOuts, func(o lsl.Outcome) bool { return o.Fault != lsl.NoFault }) {
			continue // a fault without reordering
		}
		spec, _, err := mining.Enumerate(ctx, test, sc, mining.Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := memmodel.MustByName(model)
		res, err := mining.Check(ctx, test, m, spec, mining.Options{})
		if err != nil {
			t.Fatal(err)
		}
		x := res.Counterexample
		if res.Pass || x.Outcome.Fault == lsl.NoFault {
			continue
		}
		failing++
		cause, err := CauseInTest(ctx, test, m, x, encode.Options{})
		if err != nil {
			t.Fatalf("%s on %s: %v", test.Name, model, err)
		}
		if !cause.Found {
			if !refFailsAs(t, test, model, everyAccessInOrder(test), x.Outcome) {
				t.Errorf("%s on %s: no cause found, but with every access in program order it does not fail as %s\n%s", test.Name, model, x.Outcome.Key(), test)
			}
			continue
		}
		found++
		fences := cause.Fences
		if refFailsAs(t, test, model, fences, x.Outcome) {
			t.Errorf("%s on %s: not sufficient: with %v the reference still fails as %s\n%s", test.Name, model, fences, x.Outcome.Key(), test)
		}
		for j := range fences {
			without := slices.Delete(slices.Clone(fences), j, j+1)
			if !refFailsAs(t, test, model, without, x.Outcome) {
				t.Errorf("%s on %s: not minimal: without %v the reference does not fail as %s either\n%s", test.Name, model, fences[j], x.Outcome.Key(), test)
			}
		}
	}
	if found == 0 {
		t.Errorf("no cause among %d failures", failing)
	}
	t.Logf("%d tests faulting on a weak model but not on sc, %d with a cause", failing, found)
}

// freeTest generates a test in which a publisher initialises a word of a
// fresh node and publishes the node while a taker reads the pointer and
// frees the node: among random stores to globals (which the taker may
// read), loads, fences and orders of the publishing store and the
// taker's load, a reordering of the publisher may let the free come
// before its store to the node, a use after free. That store is the only
// statement that can fault (the taker's accesses to the node precede its
// free), so the reference's outcomes, which say a fault but not where,
// tell the counterexample's fault apart.
func freeTest(t *testing.T, r *rand.Rand) *lsl.Test {
	t.Helper()
	var pub, take strings.Builder
	pub.WriteString("    node_t *n = malloc(sizeof *n);\n")
	fences := []string{"load-load", "load-store", "store-load", "store-store"}
	field := 'a' + rune(r.IntN(2))
	k := r.IntN(4)
	node := r.IntN(k + 1)
	for i := 0; i <= k; i++ {
		if i == node {
			fmt.Fprintf(&pub, "    n->%c = %d;\n", field, 1+r.IntN(2))
			continue
		}
		switch r.IntN(3) {
		case 0:
			fmt.Fprintf(&pub, "    lsl_fence(%q);\n", fences[r.IntN(len(fences))])
		case 1:
			fmt.Fprintf(&pub, "    g%d = %d;\n", r.IntN(2), 1+r.IntN(2))
		default:
			fmt.Fprintf(&pub, "    lsl_observe_output(\"l%d\", g1);\n", i)
		}
	}
	orders := []string{"memory_order_relaxed", "memory_order_relaxed", "memory_order_release", "memory_order_seq_cst"}
	fmt.Fprintf(&pub, "    atomic_store_explicit(&shared, n, %s);\n", orders[r.IntN(len(orders))])
	if r.IntN(2) == 0 {
		fmt.Fprintf(&pub, "    g%d = 3;\n", r.IntN(2))
	}
	if r.IntN(3) == 0 {
		take.WriteString("    int h = g0; lsl_observe_output(\"h\", h);\n")
	}
	orders = []string{"memory_order_relaxed", "memory_order_relaxed", "memory_order_acquire", "memory_order_seq_cst"}
	fmt.Fprintf(&take, "    node_t *p = atomic_load_explicit(&shared, %s);\n", orders[r.IntN(len(orders))])
	take.WriteString("    if (p) {\n")
	if r.IntN(3) == 0 {
		fmt.Fprintf(&take, "        int v = p->%c; lsl_observe_output(\"v\", v);\n", 'a'+rune(r.IntN(2)))
	}
	if r.IntN(3) == 0 {
		fmt.Fprintf(&take, "        lsl_fence(%q);\n", fences[r.IntN(len(fences))])
	}
	take.WriteString("        free(p);\n    }\n")
	if r.IntN(3) == 0 {
		take.WriteString("    g1 = 4;\n")
	}
	src := `#include <stdatomic.h>
#include <stdlib.h>
#include "lsl_protos.h"
typedef struct node { int a, b; } node_t;
_Atomic(node_t *) shared;
int g0, g1;
void init(void) { shared = NULL; g0 = 0; g1 = 0; }
void pub(void) {
` + pub.String() + `}
void take(void) {
` + take.String() + `}
`
	prog, err := cfront.CompileSources([]cfront.Source{{Name: "free.c", Text: src}}, cfront.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	ts, err := tests.Parse("free.tests", []byte("test T = init ( pub | take )\n"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := unroll.Unroll(prog, ts[0], nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return u.Test
}
