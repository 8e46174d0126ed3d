package explain

import (
	"checkfence/cfront"
	"checkfence/tests"
	"checkfence/unroll"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/litmus"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

// weakened names the reference's model that PassReasons' weakening of
// each model is: tso and pso without their kept orders and without
// atomic blocks as fences are rmo.
var weakened = map[string]string{"tso": "rmo", "pso": "rmo", "rmo": "rmo", "relaxed": "relaxed"}

// withOrderings returns test with only the orderings os in force: the
// code fences of os (the others removed), fences after the sites of the
// model orders, full fences around the atomic blocks.
func withOrderings(test *lsl.Test, os []Ordering) *lsl.Test {
	var after []Fence
	atomics := map[lsl.Pos]int{}
	code := map[Ordering]bool{}
	for _, o := range os {
		switch o.Kind {
		case ModelOrder:
			after = append(after, Fence{Kind: o.Fence, At: o.Site, After: true})
		case AtomicBlock:
			atomics[o.Pos] = 0
		case CodeFence:
			code[o] = true
		}
	}
	var strip func([]lsl.Stmt) []lsl.Stmt
	strip = func(in []lsl.Stmt) []lsl.Stmt {
		var out []lsl.Stmt
		for _, s := range in {
			switch s := s.(type) {
			case *lsl.Fence:
				if code[Ordering{Kind: CodeFence, Fence: s.Kind, Pos: s.Pos, Implied: s.Implied}] {
					// on the weakened model too: an atomic operation's
					// fence exists on the model it was named for
					c := *s
					c.Only = nil
					out = append(out, &c)
				}
			case *lsl.Block:
				c := *s
				c.Body = strip(s.Body)
				out = append(out, &c)
			case *lsl.Atomic:
				c := *s
				c.Body = strip(s.Body)
				out = append(out, &c)
			default:
				out = append(out, s)
			}
		}
		return out
	}
	c := *test
	c.Threads = nil
	for _, th := range test.Threads {
		var invs []*lsl.Invocation
		for _, inv := range th {
			ci := *inv
			ci.Body = strip(inv.Body)
			invs = append(invs, &ci)
		}
		c.Threads = append(c.Threads, invs)
	}
	fenced, _ := withFences(&c, after)
	fenced, _ = aroundAtomics(fenced, atomics)
	return fenced
}

// refPasses reports whether every outcome the reference finds for test on
// model is in spec (sorted keys) and no execution faults.
func refPasses(t *testing.T, test *lsl.Test, model string, spec []string) bool {
	t.Helper()
	outs, err := reference.Outcomes(test, model)
	if err != nil {
		t.Fatalf("%s on %s: reference: %v", test.Name, model, err)
	}
	for _, o := range outs {
		if _, ok := slices.BinarySearch(spec, o.Key()); !ok || o.Fault != lsl.NoFault {
			return false
		}
	}
	return true
}

// checkProof runs PassReasons on test on model, with the model's own
// outcomes as the specification (so that the test passes), and checks the
// proof against the reference: with only its orderings put back on the
// weakened model (the reference's rmo for tso and pso) the reference
// finds no other outcome, and without any one of them it finds one. It
// returns the proof's size, or -1 if the reference cannot run the test.
func checkProof(t *testing.T, test *lsl.Test, model string) int {
	t.Helper()
	outs, err := reference.Outcomes(test, model)
	if err != nil || slices.ContainsFunc(outs, func(o lsl.Outcome) bool { return o.Fault != lsl.NoFault }) {
		return -1
	}
	keys := lsl.OutcomeKeys(outs)
	ctx := context.Background()
	m := memmodel.MustByName(model)
	spec, _, err := mining.Enumerate(ctx, test, m, mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := PassReasons(ctx, test, m, spec, encode.Options{})
	if err != nil {
		t.Fatalf("%s on %s: %v\n%s", test.Name, model, err, test)
	}
	weak := weakened[model]
	if !refPasses(t, withOrderings(test, p.Orderings), weak, keys) {
		t.Errorf("%s on %s: not sufficient: with %v only, %s has other outcomes\n%s", test.Name, model, p.Orderings, weak, test)
	}
	for j := range p.Orderings {
		without := slices.Delete(slices.Clone(p.Orderings), j, j+1)
		if refPasses(t, withOrderings(test, without), weak, keys) {
			t.Errorf("%s on %s: not minimal: %v is not needed\n%s", test.Name, model, p.Orderings[j], test)
		}
	}
	return len(p.Orderings)
}

var proofModels = []string{"tso", "pso", "rmo", "relaxed"}

// TestPassReasonsOnLitmus checks PassReasons (checkProof) on every test
// of the litmus corpus on tso, pso, rmo and relaxed: message passing,
// store buffering, IRIW and the others with and without their fences.
func TestPassReasonsOnLitmus(t *testing.T) {
	files, _ := filepath.Glob("../../shared/litmus/tests/*.litmus")
	if len(files) == 0 {
		t.Skip("no litmus corpus beside the repository")
	}
	sizes := map[int]int{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := litmus.Parse(filepath.Base(file), src)
		if err != nil {
			t.Fatal(err)
		}
		test, err := f.Test()
		if err != nil {
			t.Fatal(err)
		}
		for _, model := range proofModels {
			sizes[checkProof(t, test, model)]++
		}
	}
	t.Logf("proof sizes over %d litmus tests × %d models: %v", len(files), len(proofModels), sizes)
	if sizes[-1] > 0 {
		t.Errorf("the reference could not run %d of them", sizes[-1])
	}
	if sizes[0] == len(files)*len(proofModels) {
		t.Error("every proof is empty: the test says nothing")
	}
}

// TestPassReasonsGenerated checks PassReasons (checkProof) on generated
// tests with frequent fences, on tso, pso, rmo and relaxed.
func TestPassReasonsGenerated(t *testing.T) {
	n := longtest.N(100, 500)
	sizes := map[int]int{}
	for i := range n {
		r := rand.New(rand.NewPCG(11, uint64(i)))
		test := testgen.Generate(r, testgen.Options{Fences: true, Threads: 2})
		test.Name = fmt.Sprintf("proof-%d", i)
		sizes[checkProof(t, test, proofModels[i%len(proofModels)])]++
	}
	t.Logf("proof sizes over %d generated tests: %v", n, sizes)
}

// TestPassReasonsImpliedFences: store buffering with seq_cst atomics
// passes only by the full fences the C11 mapping gives its operations
// (with release and acquire it fails): the proof must name them, not
// say that the test needs no ordering, and checkProof holds.
func TestPassReasonsImpliedFences(t *testing.T) {
	const src = `#include <stdatomic.h>
#include "lsl_protos.h"
atomic_int x, y;
void init(void) { atomic_init(&x, 0); atomic_init(&y, 0); }
void wx(void) { atomic_store(&x, 1); }
void ry(void) { lsl_observe_output("r", atomic_load(&y)); }
void wy(void) { atomic_store(&y, 1); }
void rx(void) { lsl_observe_output("r", atomic_load(&x)); }
`
	prog, err := cfront.CompileSources([]cfront.Source{{Name: "sb.c", Text: src}}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("sb.tests", []byte("test T0 = init ( wx ry | wy rx )"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := unroll.Unroll(prog, ts[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, model := range proofModels {
		if n := checkProof(t, u.Test, model); n <= 0 {
			t.Errorf("%s: proof of size %d", model, n)
		}
		m := memmodel.MustByName(model)
		spec, _, err := mining.Enumerate(context.Background(), u.Test, m, mining.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := PassReasons(context.Background(), u.Test, m, spec, encode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(p.Orderings, func(o Ordering) bool { return o.Implied }) {
			t.Errorf("%s: the proof %v names no fence of an atomic operation", model, p.Orderings)
		}
	}
}

// loopFences: the reader counts the iterations in which it sees y set and
// x not yet; twice = 1 needs two of them, which no serial execution has
// (w runs whole, before or after the loop). Each fence is needed: without
// the store-store fence y = 1 can precede x = 1 in memory order, and
// without the load-load fence the loop's load of x can precede its load
// of y; either way two iterations read y = 1 and x = 0. The check passes
// at one iteration, the bound its lazy unrolling reaches with both
// fences, so a proof that asked only about executions within that bound
// found that the test needs no ordering.
const loopFences = `#include "lsl_protos.h"
int x, y;
void init(void) { x = 0; y = 0; }
void w(void) {
    x = 1;
    lsl_fence("store-store");
    y = 1;
}
void r(void) {
    int n = 0;
    while (y == 1) {
        lsl_fence("load-load");
        if (x != 0) break;
        n = n + 1;
    }
    lsl_observe_output("twice", n >= 2);
}
`

// checkSource compiles src and checks its test T on model.
func checkSource(t *testing.T, src, model string) *mining.TestResult {
	t.Helper()
	prog, err := cfront.CompileSources([]cfront.Source{{Name: "loop.c", Text: src}}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("loop.tests", []byte("test T = init ( w | r )"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := mining.CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName(model), mining.PipelineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestPassReasonsBeyondTheBounds: on rmo and relaxed the proof of
// loopFences names both fences, and the pipeline agrees that each is
// needed: without either, the test fails.
func TestPassReasonsBeyondTheBounds(t *testing.T) {
	for _, model := range []string{"rmo", "relaxed"} {
		t.Run(model, func(t *testing.T) {
			res := checkSource(t, loopFences, model)
			if res.Verdict != mining.Pass {
				t.Fatalf("with both fences: %s", res.Verdict)
			}
			p, err := PassReasons(context.Background(), res.Unrolled, memmodel.MustByName(model), res.Spec, encode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, o := range p.Orderings {
				if o.Kind == CodeFence {
					lines = append(lines, o.Pos.Line)
				}
			}
			slices.Sort(lines)
			if !slices.Equal(lines, []int{6, 12}) || len(p.Orderings) != 2 || !p.Loops {
				t.Errorf("proof %v (loops %v), want the fences at lines 6 and 12", p.Orderings, p.Loops)
			}
			// at the one iteration checked no execution fails without
			// either fence (twice needs two): each is kept for the bound
			for _, o := range p.Orderings {
				if !o.ForBounds {
					t.Errorf("%v: not marked as kept for the bounds", o)
				}
			}
			for _, fence := range []string{`lsl_fence("store-store");`, `lsl_fence("load-load");`} {
				without := strings.Replace(loopFences, fence, "", 1)
				if res := checkSource(t, without, model); res.Verdict != mining.Fail {
					t.Errorf("without %s: %s, want fail", fence, res.Verdict)
				}
			}
		})
	}
}
