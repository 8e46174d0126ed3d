package mining

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
	"checkfence/symmetry"
	"checkfence/unroll"
)

// explicitFamily is a family of generated tests for the explicit
// enumeration: plain, with allocation and reuse, and with
// interchangeable threads (whose symmetry the enumeration uses).
type explicitFamily struct {
	name string
	test func(t *testing.T, i int) *lsl.Test
}

var explicitFamilies = []explicitFamily{
	{"generated", func(_ *testing.T, i int) *lsl.Test { return generated(*diffSeed, i) }},
	{"reuse", func(_ *testing.T, i int) *lsl.Test { return generatedReuse(*diffSeed, i) }},
	{"symmetric", func(t *testing.T, i int) *lsl.Test { return symmetricTest(t, *diffSeed, i) }},
	{"choices", func(_ *testing.T, i int) *lsl.Test {
		return generatedWith("choices", *diffSeed, i, func(*rand.Rand) testgen.Options { return testgen.Options{Choices: true} })
	}},
}

// explicitAgainstReference runs the explicit enumeration (mutated as
// asked) on test and compares it with the reference's serial outcomes. It
// returns "" if they agree, and whether the enumeration answered (it
// gives up on tests with errors or bounds exceeded, which the solver's
// questions settle before mining).
func explicitAgainstReference(t *testing.T, test *lsl.Test, mutant explicitMutant) (string, bool) {
	t.Helper()
	want, err := reference.Outcomes(test, "serial")
	if errors.Is(err, reference.ErrTooBig) {
		return "", false
	}
	if err != nil {
		t.Fatalf("%s: reference: %v", test.Name, err)
	}
	ra, err := rangeanalysis.Analyze(context.Background(), test)
	if err != nil {
		t.Fatalf("%s: %v", test.Name, err)
	}
	sym := symmetry.Find(test, ra)
	cfg := explicitUnbounded
	cfg.mutant = mutant
	r, err := explicitRun(context.Background(), test, sym, cfg)
	if errors.Is(err, errGaveUp) {
		return "", false
	}
	if err != nil {
		t.Fatalf("%s: %v", test.Name, err)
	}
	got := r.outcomes
	for _, o := range want {
		if o.Fault != lsl.NoFault {
			return fmt.Sprintf("  the reference has an error execution (%s), which the explicit enumeration did not notice\n", o.Fault), true
		}
	}
	return diffNamed(want, got, "missing (reference only)", "extra (explicit only)   "), true
}

// TestExplicitDifferential checks the explicit enumeration of serial
// executions against the brute-force reference on generated tests: where
// it answers, its outcomes are the reference's, and it answers only when
// no serial execution makes an error.
func TestExplicitDifferential(t *testing.T) {
	n := longtest.N(500, 3000)
	if testing.Short() {
		n = 150
	}
	for _, fam := range explicitFamilies {
		answered, symmetric := 0, 0
		for i := range n {
			test := fam.test(t, i)
			d, ok := explicitAgainstReference(t, test, mutantNone)
			if d != "" {
				t.Fatalf("%s: %s%s", test.Name, d, test)
			}
			if ok {
				answered++
				if ra, err := rangeanalysis.Analyze(context.Background(), test); err == nil && symmetry.Find(test, ra) != nil {
					symmetric++
				}
			}
		}
		t.Logf("%s: the explicit enumeration answered %d of %d tests (%d with interchangeable threads)", fam.name, answered, n, symmetric)
		if answered < n/4 {
			t.Errorf("%s: the explicit enumeration answered only %d of %d tests: too few to check it", fam.name, answered, n)
		}
		if fam.name == "symmetric" && symmetric < n/8 {
			t.Errorf("%s: only %d answered tests have interchangeable threads", fam.name, symmetric)
		}
	}
}

// TestExplicitDifferentialDetectsMutants shows that the comparison above
// catches each way of breaking the enumeration.
func TestExplicitDifferentialDetectsMutants(t *testing.T) {
	mutants := []struct {
		name   string
		mutant explicitMutant
		family string
	}{
		{"states merged whatever they observed", mutantKeyNoObs, "generated"},
		{"forks share what a run writes", mutantSharedForks, "choices"},
		{"a false assume drops the forks made before it", mutantAssumeDropsForks, "choices"},
		{"allocations never reuse", mutantNoReuse, "reuse"},
		{"no orbits under the symmetry constraint", mutantNoImages, "symmetric"},
	}
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) {
			var fam explicitFamily
			for _, f := range explicitFamilies {
				if f.name == m.family {
					fam = f
				}
			}
			for i := range 400 {
				test := fam.test(t, i)
				if d, _ := explicitAgainstReference(t, test, m.mutant); d != "" {
					t.Logf("caught by %s:\n%s", test.Name, d)
					return
				}
			}
			t.Errorf("no test of the %s family tells the mutant from the reference", m.family)
		})
	}
}

// explicitBoundsAgainstEncoder runs the explicit enumeration in the mode
// of the lazy unrolling (explicitRun with bounds) and compares what it
// says about loop bounds with the encoder's answer under serial: when
// some serial execution exceeds a bound, it must name a loop (it may
// also name one whose exceeding runs a later assume removes: it follows
// each execution only up to the bound_exceeded, which costs a round but
// no verdict). With none named, its outcomes must be the reference's. It
// returns "" if all agree, and whether it answered.
func explicitBoundsAgainstEncoder(t *testing.T, test *lsl.Test, mutant explicitMutant) (string, bool) {
	t.Helper()
	ctx := context.Background()
	ra, err := rangeanalysis.Analyze(context.Background(), test)
	if err != nil {
		t.Fatalf("%s: %v", test.Name, err)
	}
	cfg := explicitUnbounded
	cfg.bounds, cfg.mutant = true, mutant
	r, err := explicitRun(ctx, test, symmetry.Find(test, ra), cfg)
	if errors.Is(err, errGaveUp) {
		return "", false
	}
	if err != nil {
		t.Fatalf("%s: %v", test.Name, err)
	}
	enc := mustPrepare(t, test)
	solver := exceeds(ctx, enc, false)
	// Under serial the bound question's partial executions may stop a
	// thread inside an operation while others run on, which no serial
	// execution does (encode/doc.go): compare complete executions here.
	complete := enc.Solve(ctx, append(enc.FenceAssumptions(), enc.Exceeded, enc.Partial().Not())...) == 1
	if complete && len(r.exceeded) == 0 {
		return "  the solver finds an execution that exceeds a bound; the explicit enumeration names no loop\n", true
	}
	if len(r.exceeded) > 0 {
		if !solver && mutant == mutantNone {
			// the run stops at the bound, whatever the invocations not
			// yet run would assume: the solver's bound question must
			// find it too (encode/doc.go, "Partial executions")
			return fmt.Sprintf("  the explicit enumeration exceeds %v; the solver finds no execution that does\n", r.exceeded), true
		}
		return "", true
	}
	return explicitAgainstReference(t, test, mutant)
}

// TestExplicitBoundsDifferential checks the explicit enumeration's
// answer to the lazy unrolling's question (can an execution exceed a
// bound?) against the encoder's, on generated tests with loops.
func TestExplicitBoundsDifferential(t *testing.T) {
	n := longtest.N(200, 1000)
	if testing.Short() {
		n = 60
	}
	for _, fam := range explicitFamilies {
		answered, exceeding := 0, 0
		for i := range n {
			test := fam.test(t, i)
			if loops(test) == 0 {
				continue
			}
			d, ok := explicitBoundsAgainstEncoder(t, test, mutantNone)
			if d != "" {
				t.Fatalf("%s: %s%s", test.Name, d, test)
			}
			if ok {
				answered++
				if exceeds(context.Background(), mustPrepare(t, test), false) {
					exceeding++
				}
			}
		}
		t.Logf("%s: %d tests with loops answered, %d of them with an execution that exceeds a bound", fam.name, answered, exceeding)
		if exceeding < n/20 || answered-exceeding < n/20 {
			t.Errorf("%s: %d tests exceed a bound and %d do not: too few of one kind", fam.name, exceeding, answered-exceeding)
		}
	}
}

func mustPrepare(t *testing.T, test *lsl.Test) *encode.Encoding {
	t.Helper()
	enc, err := Prepare(context.Background(), test, memmodel.MustByName("serial"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

// TestExplicitBoundsDetectsIgnoredBounds: an enumeration that runs on
// past a bound_exceeded is caught.
func TestExplicitBoundsDetectsIgnoredBounds(t *testing.T) {
	for i := range 400 {
		test := generated(*diffSeed, i)
		if loops(test) == 0 {
			continue
		}
		if d, _ := explicitBoundsAgainstEncoder(t, test, mutantIgnoresBounds); d != "" {
			t.Logf("caught by %s:\n%s", test.Name, d)
			return
		}
	}
	t.Error("no generated test tells the mutant from the solver")
}

// TestExplicitLimits: a run that would keep more states, or more bytes
// of them, than its limits gives up (and the pipeline asks the solver)
// rather than finishing or running out of memory.
func TestExplicitLimits(t *testing.T) {
	ctx := context.Background()
	for i := range 50 {
		test := generatedWith("choices", *diffSeed, i, func(*rand.Rand) testgen.Options { return testgen.Options{Choices: true} })
		full, err := explicitRun(ctx, test, nil, explicitUnbounded)
		if err != nil || full.states < 10 {
			continue
		}
		for _, lim := range []explicitConfig{{maxStates: full.states - 1, maxBytes: noExplicitByteLimit}, {maxStates: maxExplicitStates, maxBytes: full.bytes - 1}} {
			if _, err := explicitRun(ctx, test, nil, lim); !errors.Is(err, errGaveUp) {
				t.Fatalf("%s: %d states of %d bytes, limits %d states and %d bytes: %v, want it to give up", test.Name, full.states, full.bytes, lim.maxStates, lim.maxBytes, err)
			}
		}
		if _, err := explicitRun(ctx, test, nil, explicitConfig{maxStates: full.states, maxBytes: full.bytes}); err != nil {
			t.Fatalf("%s: limits that just hold its %d states: %v", test.Name, full.states, err)
		}
		return
	}
	t.Fatal("no generated test has 10 states")
}

// branchingOp is a test whose one invocation branches into 2^n runs, each
// ending in its own state: n globals, each set to a chosen bit.
func branchingOp(t *testing.T, n int) *lsl.Test {
	t.Helper()
	var decl, body strings.Builder
	for i := range n {
		fmt.Fprintf(&decl, "int x%d;\n", i)
		fmt.Fprintf(&body, "    x%d = lsl_choose(0, 1);\n", i)
	}
	src := "#include \"lsl_protos.h\"\n" + decl.String() + "void op(void) {\n" + body.String() + "}\n"
	prog, ts := compileTest(t, "branch.c", src, "test T = ( op )\n")
	u, err := unroll.UnrollWith(prog, ts[0], unroll.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return u.Test
}

// errAfter is a context whose Err says cancelled from its (n+1)th call
// on: cancelled while a run is under way, at a point the test knows.
type errAfter struct {
	context.Context
	n int
}

func (c *errAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestExplicitStopsInsideAnInvocation: one invocation that branches into
// many runs stops when the context ends, and gives up when its end states
// pass the states' limits, without first running every branch and
// holding every end state (a --timeout or --max-memory ignored).
func TestExplicitStopsInsideAnInvocation(t *testing.T) {
	const n = 18 // 2^18 end states; the progress is told of every 2^17th
	test := branchingOp(t, n)

	cfg := explicitUnbounded
	told := 0
	cfg.progress = func(int) { told++ }
	// the first look at the context is before the invocation starts
	_, err := explicitRun(&errAfter{context.Background(), 1}, test, nil, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled during the invocation: %v, want %v", err, context.Canceled)
	}
	if told > 0 {
		t.Errorf("cancelled during the invocation, it still reached %d×%d states", told, explicitProgressEvery)
	}

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = explicitRun(context.Background(), test, nil, explicitConfig{maxStates: 100, maxBytes: noExplicitByteLimit})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errGaveUp) {
		t.Fatalf("limit of 100 states: %v, want it to give up", err)
	}
	// 2^18 end states held would take tens of MiB
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("limit of 100 states: %d MiB allocated before giving up", got>>20)
	}
}

// manyThreads is a test of n threads of an empty operation: every order
// of them is a serial execution (2^n states), and each state holds a few
// words per thread.
func manyThreads(t *testing.T, n int) *lsl.Test {
	t.Helper()
	src := "#include \"lsl_protos.h\"\nvoid nop(void) { }\n"
	prog, ts := compileTest(t, "nop.c", src, "test T = ( nop"+strings.Repeat(" | nop", n-1)+" )\n")
	u, err := unroll.UnrollWith(prog, ts[0], unroll.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return u.Test
}

// TestExplicitManyThreads: on a test of many threads the run stops at
// its memory budget and when its context ends, though a state's key
// takes about a byte per thread while the state takes a few words per
// thread, and making a state's successors makes one per thread (a test
// of 300 threads took 4 GB under a budget of 128 MiB, one of 10,000
// threads ran gigabytes past its --timeout).
func TestExplicitManyThreads(t *testing.T) {
	const budget = 1 << 20
	for _, n := range []int{300, 1000} {
		test := manyThreads(t, n)

		// Every state held until explored keeps a slice header per
		// thread for its registers and another for its observations,
		// and no state is done with before some execution has run
		// every thread: with a budget that cannot hold n states, no
		// more states than it can hold.
		cfg := explicitUnbounded
		cfg.maxBytes = budget
		x, err := newExplicit(test, nil, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := x.search(context.Background()); !errors.Is(err, errGaveUp) {
			t.Fatalf("%d threads, budget %d bytes: %v, want it to give up", n, budget, err)
		}
		perState := int64(n) * 2 * sliceBytes
		if most := budget/perState + 1; int64(x.states) > most {
			t.Errorf("%d threads, budget %d bytes: gave up after %d states, want at most %d (%d bytes each at least)", n, budget, x.states, most, perState)
		}

		// A context that ends after the first look: the run stops before
		// it has made a successor of the first state for every thread.
		x, err = newExplicit(test, nil, explicitUnbounded)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := x.search(&errAfter{context.Background(), 1}); !errors.Is(err, context.Canceled) {
			t.Fatalf("%d threads, cancelled: %v, want %v", n, err, context.Canceled)
		}
		if x.states >= n {
			t.Errorf("%d threads, cancelled after the first look: it made %d states first", n, x.states)
		}
	}
}

// TestExplicitChargesOutcomes: the outcomes the run collects count against
// its memory budget with its states. n threads of an increment that
// observes the value it read have n! outcomes (each order of the threads
// gives the values out in its order), each of a few words per thread,
// while the interchangeable threads start in order and the run visits
// only a few states: the outcomes come as the images of one. Counting
// only the states, the budget let the outcomes grow without limit (300
// threads took gigabytes under a budget of 128 MiB).
func TestExplicitChargesOutcomes(t *testing.T) {
	const n = 6 // 720 outcomes, the largest group (symmetry.MaxOrder)
	src := "#include \"lsl_protos.h\"\nint ctr;\nvoid init(void) { ctr = 0; }\n" +
		"void inc(void) { int v = ctr; ctr = v + 1; lsl_observe_output(\"v\", v); }\n"
	prog, ts := compileTest(t, "inc.c", src, "test T = init ( inc"+strings.Repeat(" | inc", n-1)+" )\n")
	u, err := unroll.UnrollWith(prog, ts[0], unroll.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ra, err := rangeanalysis.Analyze(context.Background(), u.Test)
	if err != nil {
		t.Fatal(err)
	}
	sym := symmetry.Find(u.Test, ra)
	if sym == nil || sym.Order() != 720 {
		t.Fatalf("want the %d threads interchangeable", n)
	}
	full, err := explicitRun(context.Background(), u.Test, sym, explicitUnbounded)
	if err != nil {
		t.Fatal(err)
	}
	if len(full.outcomes) != 720 {
		t.Fatalf("%d outcomes, want %d! = 720", len(full.outcomes), n)
	}
	// each outcome holds its key and, per thread, a slice of one
	// observation
	var least int64
	for _, o := range full.outcomes {
		least += int64(len(o.Key())) + n*(sliceBytes+obsItemBytes)
	}
	if full.bytes < least {
		t.Errorf("%d states and %d outcomes: charged at most %d bytes at once, want at least the %d bytes the outcomes take", full.states, len(full.outcomes), full.bytes, least)
	}
	// a budget that holds the states but not the outcomes: it gives up
	budget := least / 2
	cfg := explicitUnbounded
	cfg.maxBytes = budget
	if r, err := explicitRun(context.Background(), u.Test, sym, cfg); !errors.Is(err, errGaveUp) || !strings.Contains(err.Error(), "observations over "+encode.FormatBytes(budget)) {
		t.Errorf("budget of %d bytes (%d states, %d outcomes of at least %d bytes): %v, want it to give up for the observations over %s", budget, full.states, len(full.outcomes), least, err, encode.FormatBytes(budget))
	} else if r != nil {
		t.Errorf("budget of %d bytes: a result after giving up", budget)
	}
}

// TestExplicitKeyKeepsLiveRegisters: a state's key holds the registers a
// later invocation of their thread reads (explicitSerial.key). Here the
// second invocation observes what the first loaded; the states after
// "set, first" and "first, set" differ in that register only, and only
// the second leads to r=0, x=1. A key without the register merges them
// and loses that outcome. (The generated families carry no register
// from one invocation to the next.)
func TestExplicitKeyKeepsLiveRegisters(t *testing.T) {
	const src = `test carried
global x @1
thread {
  op set {
    one = 1
    p = [1]
    store p, one
  }
}
thread {
  op first {
    p = [1]
    r = load p
  }
  op second {
    q = [1]
    v = load q
    observe output "r" r
    observe output "x" v
  }
}
`
	test, err := lsl.ParseTest("carried.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mutant explicitMutant
		agrees bool
	}{
		{mutantNone, true},
		{mutantKeyNoLiveRegs, false},
	} {
		d, answered := explicitAgainstReference(t, test, tc.mutant)
		if !answered {
			t.Fatalf("mutant %d: the explicit enumeration gave up", tc.mutant)
		}
		if (d == "") != tc.agrees {
			t.Errorf("mutant %d: agrees with the reference: %v, want %v\n%s", tc.mutant, d == "", tc.agrees, d)
		}
	}
}

// TestExplicitKeyKeepsSignedness: two runs of an invocation that observe
// the same bits, one as a signed and one as an unsigned 64-bit value,
// make two outcomes (README: a uint64_t observation prints as its
// unsigned value), so their states must not be merged: a key without the
// signedness lost one, and a correct single-threaded test failed on sc.
func TestExplicitKeyKeepsSignedness(t *testing.T) {
	const src = `test signs
thread {
  op a {
    c = choose 0 1
    m = -1
    L: {
      break L if c
      observe output "r" m
    }
    K: {
      nc = lnot c
      break K if nc
      observe output unsigned "r" m
    }
  }
}
`
	test, err := lsl.ParseTest("signs.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	d, answered := explicitAgainstReference(t, test, mutantNone)
	if !answered {
		t.Fatal("the explicit enumeration gave up")
	}
	if d != "" {
		t.Errorf("the explicit enumeration differs from the reference:\n%s", d)
	}
	want, err := reference.Outcomes(test, "serial")
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 2 {
		t.Errorf("the reference has %d outcomes, want 2 (r=-1 and r=18446744073709551615)", len(want))
	}
}
