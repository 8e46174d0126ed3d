package mining

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"checkfence/encode"
	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/memmodel"
)

var (
	diffN    = flag.Int("diff.n", 0, "number of generated tests in the differential test (0: 200, or 1000 with CHECKFENCE_LONG=1)")
	diffSeed = flag.Uint64("diff.seed", 1, "seed of the differential test's generator")
	diffScan = flag.Int("diff.scan", 1000, "number of generated tests searched for one that tells a broken model or an encoder ignoring bounds apart")
)

// differentialN is the number of generated tests of TestDifferential.
func differentialN() int {
	switch {
	case *diffN > 0:
		return *diffN
	case testing.Short():
		return 100
	}
	return longtest.N(200, 1000)
}

// refMemo keeps the reference's outcomes of the generated tests, which
// TestDifferential and the tests that show it can fail all need.
var refMemo = struct {
	sync.Mutex
	m map[refKey]refResult
}{m: map[refKey]refResult{}}

type refKey struct {
	seed  uint64
	i     int
	model string
	reuse bool // a test of generatedReuse
}

type refResult struct {
	outcomes []lsl.Outcome
	err      error
}

// generatedRef returns the reference's outcomes of generated(seed, i),
// which is test, on the model called model.
func generatedRef(seed uint64, i int, test *lsl.Test, model string) ([]lsl.Outcome, error) {
	return memoRef(refKey{seed, i, model, false}, test)
}

// memoRef returns the reference's outcomes of test, which k names.
func memoRef(k refKey, test *lsl.Test) ([]lsl.Outcome, error) {
	model := k.model
	refMemo.Lock()
	r, ok := refMemo.m[k]
	refMemo.Unlock()
	if !ok {
		r.outcomes, r.err = reference.Outcomes(test, model)
		refMemo.Lock()
		refMemo.m[k] = r
		refMemo.Unlock()
	}
	return r.outcomes, r.err
}

// generatedReuse returns the i-th generated test of the differential run
// of memory reuse (testgen.Options.Reuse).
func generatedReuse(seed uint64, i int) *lsl.Test {
	return generatedWith("reuse", seed, i, func(r *rand.Rand) testgen.Options {
		return testgen.Options{Reuse: true, Threads: 2 + r.IntN(2)}
	})
}

// generated returns the i-th generated test of the differential run.
func generated(seed uint64, i int) *lsl.Test {
	return generatedWith("gen", seed, i, func(*rand.Rand) testgen.Options { return testgen.Options{} })
}

// generatedWith returns the i-th test of a generated family, named
// prefix-seed-i, with the options opt draws from the test's own source.
func generatedWith(prefix string, seed uint64, i int, opt func(r *rand.Rand) testgen.Options) *lsl.Test {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	t := testgen.Generate(r, opt(r))
	t.Name = fmt.Sprintf("%s-%d-%d", prefix, seed, i)
	return t
}

// diff compares the outcome keys of want (the reference's) with those of
// got (the encoder's) and returns a description of the difference, ""
// if none.
func diff(want, got []lsl.Outcome) string {
	return diffNamed(want, got, "missing (reference only)", "extra (encoder only)    ")
}

// diffNamed is diff with the names of the two sides' own outcomes.
func diffNamed(want, got []lsl.Outcome, wantOnly, gotOnly string) string {
	wk, gk := lsl.OutcomeKeys(want), lsl.OutcomeKeys(got)
	if slices.Equal(wk, gk) {
		return ""
	}
	var b strings.Builder
	for _, k := range wk {
		if _, found := slices.BinarySearch(gk, k); !found {
			fmt.Fprintf(&b, "  %s: %s\n", wantOnly, k)
		}
	}
	for _, k := range gk {
		if _, found := slices.BinarySearch(wk, k); !found {
			fmt.Fprintf(&b, "  %s: %s\n", gotOnly, k)
		}
	}
	return b.String()
}

// compare compares the encoder's outcomes of t, generated(seed, i), on
// model m with the reference's outcomes on the model named ref. It
// returns a description of the difference, "" if none, and whether the
// reference could decide.
func compare(seed uint64, i int, t *lsl.Test, m *memmodel.Model, ref string, opt Options) (string, bool, error) {
	want, err := generatedRef(seed, i, t, ref)
	if err != nil {
		return "", false, nil // too big or unsupported for brute force
	}
	got, err := Outcomes(context.Background(), t, m, opt)
	if err != nil {
		return "", true, err
	}
	return diff(want, got), true, nil
}

// check compares, on the model called name, the encoder's outcomes of
// test with the range analysis, without it, and the reference's (ref
// computes them). It returns a description of the first difference, ""
// if none, and whether the reference decided.
func check(t *testing.T, test *lsl.Test, name string, ref func() ([]lsl.Outcome, error)) (string, bool) {
	t.Helper()
	m := memmodel.MustByName(name)
	got, err := Outcomes(context.Background(), test, m, Options{})
	if err != nil {
		t.Fatalf("%s on %s: %v\n%s", test.Name, name, err, test)
	}
	noRange := Options{Encode: encode.Options{NoRangeAnalysis: true}}
	got2, err := Outcomes(context.Background(), test, m, noRange)
	if err != nil {
		t.Fatalf("%s on %s without range analysis: %v\n%s", test.Name, name, err, test)
	}
	want, err := ref()
	decided := err == nil
	if err != nil && !errors.Is(err, reference.ErrTooBig) {
		// The generator makes only what the reference supports.
		t.Fatalf("%s on %s: reference: %v\n%s", test.Name, name, err, test)
	}
	if d := diffNamed(got, got2, "with range analysis only   ", "without range analysis only"); d != "" {
		return "outcomes differ with and without range analysis\n" + d, decided
	}
	if !decided {
		return "", false
	}
	if d := diff(want, got); d != "" {
		return "outcomes differ from the reference's\n" + d, true
	}
	return "", true
}

// loops counts the loops of t: the bound_exceeded statements that end
// unrolled loops.
func loops(t *lsl.Test) int {
	n := 0
	for _, invs := range append([][]*lsl.Invocation{t.Init}, t.Threads...) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if _, ok := s.(*lsl.BoundExceeded); ok {
					n++
				}
				return true
			})
		}
	}
	return n
}

// TestDifferential requires the SAT encoder's outcome sets to equal those
// of the brute-force reference (written from SEMANTICS.md's axioms,
// sharing no code with the encoder) on generated tests, under all six
// models, and the encoder's outcome sets with the range analysis to
// equal those without it (the encoding without it is built differently
// but must mean the same), also where the reference gives up. The tests
// hold pointers, pointer arithmetic, arithmetic and, in a good share of
// them, unrolled loops whose bound some executions exceed (the
// requirement: identical verdicts and observation sets with and without
// the analysis on at least 1,000 such programs: the default run checks
// 200, CHECKFENCE_LONG=1 1,000). -diff.n and -diff.seed run more or
// other tests.
func TestDifferential(t *testing.T) {
	n := differentialN()
	withLoops, decided, mismatches := 0, 0, 0
	for i := 0; i < n; i++ {
		test := generated(*diffSeed, i)
		if loops(test) > 0 {
			withLoops++
		}
		for _, name := range memmodel.Names() {
			d, ok := check(t, test, name, func() ([]lsl.Outcome, error) { return generatedRef(*diffSeed, i, test, name) })
			if ok {
				decided++
			}
			if d != "" {
				t.Errorf("%s on %s: %s%s", test.Name, name, d, test)
				if mismatches++; mismatches >= 3 {
					t.FailNow()
				}
			}
		}
	}
	pairs := n * len(memmodel.Names())
	t.Logf("%d tests, %d (%.0f%%) with loops; the reference decided %d of %d test×model pairs (%.1f%%)",
		n, withLoops, 100*float64(withLoops)/float64(n), decided, pairs, 100*float64(decided)/float64(pairs))
	// The reference refuses tests too big to enumerate; most must be decided.
	if decided < pairs*9/10 {
		t.Errorf("the reference decided only %d of %d test×model pairs", decided, pairs)
	}
	// Loops are what the bounds and the lazy unrolling rest on: their
	// share must not silently drop when the generator changes.
	if withLoops < n/4 {
		t.Errorf("only %d of %d generated tests have a loop, want at least a quarter", withLoops, n)
	}
}

// regressions are tests the generator produced on which the encoder
// with the range analysis, the encoder without it and the reference did
// not all agree, shrunk by hand. known says why an entry is skipped: a
// bug still open.
var regressions = []struct {
	name, known, text string
}{
	{
		// Found as gen-12-875 (-diff.seed=12). Without the range analysis
		// the address registers, computed by offset, range over every
		// value of the test, invalid addresses included, so the encoder
		// lets each load yield undefined (what a load through an invalid
		// address gives) although the analysis excludes it; on relaxed
		// the two loads then read undefined from each other's store, a
		// value out of thin air. Fixed: a load's values are those the
		// analysis allows for its register.
		name: "undefined out of thin air without range analysis",
		text: `test oota_undefined
global s @1 {a, b}
thread {
  op op0 {
    base = [1]
    zero = 0
    pa = offset base, zero
    r = load pa
    pb = [1 1]
    store pb, r
  }
}
thread {
  op op0 {
    base = [1]
    one = 1
    pb = offset base, one
    r = load pb
    pa = [1 0]
    store pa, r
    observe output "r" r
  }
}
`,
	},
	{
		// Found as pair-99-317 (TestDifferentialInterleaving,
		// -diff.seed=99): a thread faults, then runs past a loop
		// bound on what follows. The reference (and SEMANTICS.md)
		// make that an error execution, as the thread faulted first;
		// the encoder counted the bound as exceeded, which removed
		// the execution from the outcomes, and the pipeline said
		// inconclusive for a loop only garbage values run. Fixed:
		// an exceed point counts only for a thread that has not
		// faulted (encode/thread.go, faulted).
		name: "bound exceeded after a fault",
		text: `test fault_then_exceed
global x @1
thread {
  op op0 {
    k0 = 0
    assert k0
    loop1: {
      loop1#1: {
        break loop1#1
      }
      bound_exceeded "t0.e0/op0/loop1@gen:1"
    }
  }
}
`,
	},
}

// TestDifferentialRegressions runs the comparisons of TestDifferential on
// the regressions, on every model.
func TestDifferentialRegressions(t *testing.T) {
	for _, tc := range regressions {
		t.Run(tc.name, func(t *testing.T) {
			if tc.known != "" {
				t.Skip(tc.known)
			}
			test, err := lsl.ParseTest(tc.name, []byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range memmodel.Names() {
				if d, _ := check(t, test, name, func() ([]lsl.Outcome, error) { return reference.Outcomes(test, name) }); d != "" {
					t.Errorf("%s: %s", name, d)
				}
			}
		})
	}
}

// TestDifferentialDetectsBrokenModels shows that the differential test can
// fail: each model below breaks one axiom of a real model (memory models
// are data, so a broken one is a modified row), and some generated test,
// among the first -diff.scan (1,000; with -diff.seed=1 the last of them
// to be told apart is test 631), must tell it apart from the reference's
// version of the real model.
func TestDifferentialDetectsBrokenModels(t *testing.T) {
	broken := func(name string, f func(m *memmodel.Model)) *memmodel.Model {
		m := *memmodel.MustByName(name)
		f(&m)
		return &m
	}
	for _, tc := range []struct {
		what  string
		model *memmodel.Model
		ref   string
	}{
		{"tso without store forwarding", broken("tso", func(m *memmodel.Model) { m.Forwarding = false }), "tso"},
		{"tso whose atomic blocks are not fences", broken("tso", func(m *memmodel.Model) { m.AtomicFence = false }), "tso"},
		{"tso keeping store→load order", broken("tso", func(m *memmodel.Model) { m.Keep[memmodel.Store][memmodel.Load] = memmodel.Always }), "tso"},
		{"pso reordering same-address stores", broken("pso", func(m *memmodel.Model) { m.Keep[memmodel.Store][memmodel.Store] = memmodel.Never }), "pso"},
		{"relaxed keeping load→load order", broken("relaxed", func(m *memmodel.Model) { m.Keep[memmodel.Load][memmodel.Load] = memmodel.Always }), "relaxed"},
		{"relaxed without forwarding", broken("relaxed", func(m *memmodel.Model) { m.Forwarding = false }), "relaxed"},
		{"rmo reordering same-address loads (relaxed's row)", broken("rmo", func(m *memmodel.Model) { m.Keep[memmodel.Load][memmodel.Load] = memmodel.Never }), "rmo"},
		{"relaxed keeping same-address loads in order (rmo's row)", broken("relaxed", func(m *memmodel.Model) { m.Keep[memmodel.Load][memmodel.Load] = memmodel.SameAddr }), "relaxed"},
		{"rmo without forwarding", broken("rmo", func(m *memmodel.Model) { m.Forwarding = false }), "rmo"},
		{"sc with store buffers", broken("sc", func(m *memmodel.Model) { m.Keep[memmodel.Store][memmodel.Load] = memmodel.Never; m.Forwarding = true }), "sc"},
		{"serial without atomic operations", broken("serial", func(m *memmodel.Model) { m.SerialOps = false }), "serial"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			for i := 0; i < *diffScan; i++ {
				test := generated(*diffSeed, i)
				d, ok, err := compare(*diffSeed, i, test, tc.model, tc.ref, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if ok && d != "" {
					t.Logf("told apart by test %d:\n%s", i, d)
					return
				}
			}
			t.Errorf("no generated test tells %q from %s", tc.what, tc.ref)
		})
	}
}

// withoutBounds returns a copy of t without its bound_exceeded
// statements: what an unroller that forgot to mark the executions
// exceeding a bound would produce.
func withoutBounds(t *lsl.Test) *lsl.Test {
	var strip func(body []lsl.Stmt) []lsl.Stmt
	strip = func(body []lsl.Stmt) []lsl.Stmt {
		var out []lsl.Stmt
		for _, s := range body {
			switch s := s.(type) {
			case *lsl.BoundExceeded:
				continue
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
	invs := func(in []*lsl.Invocation) []*lsl.Invocation {
		var out []*lsl.Invocation
		for _, inv := range in {
			c := *inv
			c.Body = strip(inv.Body)
			out = append(out, &c)
		}
		return out
	}
	c := *t
	c.Init = invs(t.Init)
	c.Threads = nil
	for _, th := range t.Threads {
		c.Threads = append(c.Threads, invs(th))
	}
	return &c
}

// TestDifferentialDetectsIgnoredBounds shows that the generated loops
// test the bounds: on every model, some generated test has executions
// that exceed a loop's bound, so that an encoder ignoring bound_exceeded
// (here: the encoder on the test without those statements) is told
// apart from the reference.
func TestDifferentialDetectsIgnoredBounds(t *testing.T) {
	for _, name := range memmodel.Names() {
		t.Run(name, func(t *testing.T) {
			for i := 0; i < *diffScan; i++ {
				test := generated(*diffSeed, i)
				if loops(test) == 0 {
					continue
				}
				want, err := generatedRef(*diffSeed, i, test, name)
				if err != nil {
					continue
				}
				got, err := Outcomes(context.Background(), withoutBounds(test), memmodel.MustByName(name), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if d := diff(want, got); d != "" {
					t.Logf("told apart by test %d:\n%s", i, d)
					return
				}
			}
			t.Errorf("no generated test has executions that exceed a loop bound on %s", name)
		})
	}
}

// TestDifferentialReuse is TestDifferential on tests that allocate, free
// with each of the three kinds of free, allocate again and access blocks
// through pointers read before the free (testgen.Options.Reuse): which
// block an allocation takes, uses after free and double frees depend on
// the memory order, on every model. The share of tests in which a block
// is handed out again, or an access faults as a use after free, is
// checked too, so that the generator keeps exercising both.
func TestDifferentialReuse(t *testing.T) {
	n := longtest.N(150, 600)
	if *diffN > 0 {
		n = *diffN
	}
	decided, reused, uaf := 0, 0, 0
	for i := 0; i < n; i++ {
		test := generatedReuse(*diffSeed, i)
		for _, name := range memmodel.Names() {
			d, ok := check(t, test, name, func() ([]lsl.Outcome, error) {
				return memoRef(refKey{*diffSeed, i, name, true}, test)
			})
			if ok {
				decided++
			}
			if d != "" {
				t.Fatalf("%s on %s: %s%s", test.Name, name, d, test)
			}
		}
		r, u := reuseShows(t, test)
		reused += r
		uaf += u
	}
	pairs := n * len(memmodel.Names())
	t.Logf("%d tests: the reference decided %d of %d test×model pairs; a block handed out again in %d, a use after free in %d", n, decided, pairs, reused, uaf)
	if decided < pairs*9/10 {
		t.Errorf("the reference decided only %d of %d test×model pairs", decided, pairs)
	}
	if reused < n/10 || uaf < n/20 {
		t.Errorf("%d tests hand a block out again and %d fault with a use after free: too few to exercise reuse", reused, uaf)
	}
}

// reuseShows reports (as 0 or 1) whether some relaxed execution of test
// hands a freed block out again, and whether one faults with a use after
// free: it asks the encoder for each.
func reuseShows(t *testing.T, test *lsl.Test) (reused, uaf int) {
	t.Helper()
	ctx := context.Background()
	enc, err := Prepare(ctx, test, memmodel.MustByName("relaxed"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range enc.Events {
		if !ev.Free && enc.Solve(ctx, enc.ReusesLit(ev)) == 1 {
			reused = 1
			break
		}
	}
	for _, p := range enc.Errors {
		if p.Fault == lsl.FaultUseAfterFree && enc.Solve(ctx, p.Lit) == 1 {
			uaf = 1
			break
		}
	}
	return reused, uaf
}

// TestDifferentialDetectsBrokenAlloc shows that TestDifferentialReuse can
// fail: each mutation of the encoder breaks one rule of allocation and
// freeing (encode.AllocMutation), and some generated test, among the first
// -diff.scan, must tell it apart from the reference on some model. The
// intact encoder screens the tests: the reference runs only on a test
// where the mutation changes the outcomes, and it decides whether the
// mutated ones are wrong (a mutation can change nothing a test shows).
func TestDifferentialDetectsBrokenAlloc(t *testing.T) {
	for _, tc := range []struct {
		what string
		m    encode.AllocMutation
	}{
		{"an allocation takes a block freed later in memory order", encode.AllocReuseAnyFree},
		{"allocations never take a freed block", encode.AllocNeverReuse},
		{"accesses to a freed block are no error", encode.AllocNoUseAfterFree},
		{"accesses are not ordered before a free or after a reuse", encode.AllocUnordered},
		{"a use after free does not derail its thread", encode.AllocUseAfterFreeStays},
		{"a double free does not derail its thread", encode.AllocDoubleFreeStays},
	} {
		t.Run(tc.what, func(t *testing.T) {
			opt := Options{Encode: encode.Options{BreakAlloc: tc.m}}
			for i := 0; i < *diffScan; i++ {
				test := generatedReuse(*diffSeed, i)
				for _, name := range memmodel.Names() {
					model := memmodel.MustByName(name)
					got, err := Outcomes(context.Background(), test, model, opt)
					if err != nil {
						t.Fatal(err)
					}
					// The intact encoder (cross-checked by TestDifferentialReuse)
					// screens the tests; the reference judges the ones it flags.
					intact, err := Outcomes(context.Background(), test, model, Options{})
					if err != nil {
						t.Fatal(err)
					}
					if diff(intact, got) == "" {
						continue
					}
					want, err := memoRef(refKey{*diffSeed, i, name, true}, test)
					if err != nil {
						continue
					}
					if d := diff(want, got); d != "" {
						t.Logf("told apart by test %d on %s:\n%s", i, name, d)
						return
					}
				}
			}
			t.Errorf("no generated test tells %q from the reference", tc.what)
		})
	}
}

// generatedFenced returns the i-th generated test with frequent fences
// (testgen.Options.Fences).
func generatedFenced(seed uint64, i int) *lsl.Test {
	return generatedWith("fences", seed, i, func(*rand.Rand) testgen.Options { return testgen.Options{Fences: true} })
}

// TestDifferentialFences compares the encoder with the reference on
// generated tests with frequent fences, on every model: several fences of
// one thread share order points in the encoder (encode/memory.go).
func TestDifferentialFences(t *testing.T) {
	agreesWithReference(t, longtest.N(300, 1500), func(i int) *lsl.Test { return generatedFenced(*diffSeed, i) })
}

// agreesWithReference checks the encoder's outcomes against the
// reference's, on every model, for the first n tests of gen.
func agreesWithReference(t *testing.T, n int, gen func(i int) *lsl.Test) {
	t.Helper()
	for i := range n {
		test := gen(i)
		for _, name := range memmodel.Names() {
			want, err := reference.Outcomes(test, name)
			if err != nil {
				continue
			}
			got, err := Outcomes(context.Background(), test, memmodel.MustByName(name), Options{})
			if err != nil {
				t.Fatalf("%s on %s: %v", test.Name, name, err)
			}
			if d := diff(want, got); d != "" {
				t.Errorf("%s on %s differs:\n%s%s", test.Name, name, d, test)
			}
		}
	}
}

// toldApart reports whether some test among the first -diff.scan of gen
// has, on relaxed, rmo or pso (the models that keep the fewest orders and
// leave the most to fences), other outcomes with opt than the reference's.
func toldApart(t *testing.T, opt Options, gen func(i int) *lsl.Test) bool {
	t.Helper()
	for i := 0; i < *diffScan; i++ {
		test := gen(i)
		for _, name := range []string{"relaxed", "rmo", "pso"} {
			want, err := reference.Outcomes(test, name)
			if err != nil {
				continue
			}
			got, err := Outcomes(context.Background(), test, memmodel.MustByName(name), opt)
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(want, got); d != "" {
				t.Logf("told apart by test %d on %s:\n%s", i, name, d)
				return true
			}
		}
	}
	return false
}

// TestDifferentialDetectsSharedFencePoints shows that
// TestDifferentialFences can fail: with two fences sharing their points
// across an access between them (encode.Options.BreakFencePoints), the
// fences order that access wrongly, and some generated test, among the
// first -diff.scan, must tell it apart from the reference.
func TestDifferentialDetectsSharedFencePoints(t *testing.T) {
	opt := Options{Encode: encode.Options{BreakFencePoints: true}}
	if !toldApart(t, opt, func(i int) *lsl.Test { return generatedFenced(*diffSeed, i) }) {
		t.Error("no generated test tells fences sharing points across an access from the reference")
	}
}

// generatedBlockFenced returns the i-th generated test with frequent
// fences inside atomic blocks (testgen.Options.BlockFences).
func generatedBlockFenced(seed uint64, i int) *lsl.Test {
	return generatedWith("blockfences", seed, i, func(*rand.Rand) testgen.Options {
		return testgen.Options{Fences: true, BlockFences: true}
	})
}

// TestDifferentialBlockFences compares the encoder with the reference on
// generated tests with fences inside atomic blocks, on every model: such
// a fence orders the block against the thread's other accesses only
// through the block's accesses on each of its sides (encode/memory.go,
// blockFence).
func TestDifferentialBlockFences(t *testing.T) {
	agreesWithReference(t, longtest.N(200, 1000), func(i int) *lsl.Test { return generatedBlockFenced(*diffSeed, i) })
}

// TestDifferentialDetectsWholeBlockFences shows that
// TestDifferentialBlockFences can fail: with a fence inside an atomic
// block ordering the whole block (encode.Options.WholeBlockFences), some
// generated test among the first -diff.scan tells it from the reference.
func TestDifferentialDetectsWholeBlockFences(t *testing.T) {
	opt := Options{Encode: encode.Options{WholeBlockFences: true}}
	if !toldApart(t, opt, func(i int) *lsl.Test { return generatedBlockFenced(*diffSeed, i) }) {
		t.Error("no generated test tells fences ordering their whole atomic block from the reference")
	}
}
