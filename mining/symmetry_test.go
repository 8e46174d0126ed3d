package mining

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/questions"
	"checkfence/rangeanalysis"
	"checkfence/symmetry"
)

// symmetricTest returns the i-th generated test with two interchangeable
// threads: one thread's code is copied over another's (its loop
// instances renamed), and final values are not observed.
func symmetricTest(t *testing.T, seed uint64, i int) *lsl.Test {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	// half with allocations: the blocks a thread allocates are
	// renamed when it is exchanged
	test := testgen.Generate(r, testgen.Options{Threads: 2 + r.IntN(2), Reuse: i%2 == 1})
	test.Final = nil
	// blocks freed for reuse make threads not interchangeable: retire
	// them instead
	for _, invs := range append([][]*lsl.Invocation{test.Init}, test.Threads...) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if f, ok := s.(*lsl.Free); ok {
					f.Kind = lsl.FreeRetire
				}
				return true
			})
		}
	}
	src := r.IntN(len(test.Threads))
	dsts := []int{(src + 1 + r.IntN(len(test.Threads)-1)) % len(test.Threads)}
	if len(test.Threads) == 3 && r.IntN(2) == 0 {
		// three interchangeable threads: the constraints among a class's
		// threads but its first (the bound question's) are not empty
		dsts = []int{(src + 1) % 3, (src + 2) % 3}
	}
	for _, dst := range dsts {
		dup, err := lsl.ParseTest(testgen.File, []byte(test.String()))
		if err != nil {
			t.Fatalf("the printed test does not parse: %v\n%s", err, test)
		}
		from, to := fmt.Sprintf("t%d.", src), fmt.Sprintf("t%d.", dst)
		for _, inv := range dup.Threads[src] {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if b, ok := s.(*lsl.BoundExceeded); ok {
					b.Loop = to + strings.TrimPrefix(b.Loop, from)
				}
				return true
			})
		}
		test.Threads[dst] = dup.Threads[src]
	}
	test.Name = fmt.Sprintf("sym-%d-%d", seed, i)
	return test
}

// symmetryModels are the models the symmetry tests run on.
var symmetryModels = []string{"serial", "sc", "tso", "pso", "rmo", "relaxed"}

// TestSymmetryDifferential checks the symmetry reduction (package
// symmetry) against the brute-force reference on generated tests with
// interchangeable threads, on every model:
//   - the claim it rests on: the reference's outcome set is closed under
//     the group that symmetry.Find returns;
//   - mining under the constraint, closing each outcome's orbit, gives
//     the reference's outcomes;
//   - the inclusion question under the constraint (spec: the reference's
//     serial outcomes) gives the reference's answer;
//   - whether an execution exceeds a loop bound is the same with and
//     without the constraint, and asking only the loops of
//     ExceedRepresentatives.
func TestSymmetryDifferential(t *testing.T) {
	n := longtest.N(120, 600)
	if testing.Short() {
		n = 40
	}
	ctx := context.Background()
	grouped, constrained, renamed, three, faulting := 0, 0, 0, 0, 0
	for i := range n {
		test := symmetricTest(t, *diffSeed, i)
		ra, err := rangeanalysis.Analyze(context.Background(), test)
		if err != nil {
			t.Fatalf("%s: %v\n%s", test.Name, err, test)
		}
		g := symmetry.Find(test, ra)
		if g == nil {
			continue
		}
		grouped++
		if allocates(test, g) {
			renamed++
		}
		for _, c := range g.Classes {
			if len(c) >= 3 {
				three++
			}
		}
		serial, err := reference.Outcomes(test, "serial")
		if errors.Is(err, reference.ErrTooBig) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: reference: %v", test.Name, err)
		}
		spec := &ObservationSet{keys: map[string]bool{}}
		for _, o := range serial {
			if o.Fault == lsl.NoFault {
				spec.Outcomes = append(spec.Outcomes, o)
				spec.keys[o.Key()] = true
			}
		}
		for _, name := range symmetryModels {
			m := memmodel.MustByName(name)
			want, err := reference.Outcomes(test, name)
			if errors.Is(err, reference.ErrTooBig) {
				continue
			}
			if err != nil {
				t.Fatalf("%s on %s: reference: %v", test.Name, name, err)
			}
			if !g.Closed(want) {
				t.Fatalf("%s on %s: the reference's outcomes are not closed under the group of %v\n%s", test.Name, name, g.Classes, test)
			}
			got, err := Outcomes(ctx, test, m, Options{})
			if err != nil {
				t.Fatalf("%s on %s: %v", test.Name, name, err)
			}
			if d := diff(want, got); d != "" {
				t.Fatalf("%s on %s: outcomes under the symmetry reduction differ from the reference's\n%s%s", test.Name, name, d, test)
			}
			enc, err := Prepare(ctx, test, m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(enc.SymmetryAssumptions()) > 0 {
				constrained++
			}
			res, err := CheckEncoding(ctx, enc, spec)
			if err != nil {
				t.Fatal(err)
			}
			if wantPass := included(want, spec); res.Pass != wantPass {
				t.Fatalf("%s on %s: inclusion under the constraint says pass=%v, the reference %v\n%s", test.Name, name, res.Pass, wantPass, test)
			}
			all := exceeds(ctx, enc, false)
			if a := exceeds(ctx, enc, true); a != all {
				t.Fatalf("%s on %s: an execution exceeds a bound: %v under the constraint, %v without\n%s", test.Name, name, a, all, test)
			}
			if r := exceedsRepresentatives(ctx, enc); r != all {
				t.Fatalf("%s on %s: an execution exceeds a bound: %v asking the representatives' loops, %v asking all\n%s", test.Name, name, r, all, test)
			}
			if f, wantFault := faults(ctx, enc), faulty(want); f != wantFault {
				t.Fatalf("%s on %s: an execution faults: %v asking the representatives' places (errorDisjuncts), %v by the reference\n%s", test.Name, name, f, wantFault, test)
			} else if f {
				faulting++
			}
		}
	}
	t.Logf("%d of %d tests with interchangeable threads (%d of them allocating, %d with three), %d encodings with the constraint, %d that fault", grouped, n, renamed, three, constrained, faulting)
	if grouped < n/2 || constrained < n || renamed < n/20 || three < n/10 || faulting < n/10 {
		t.Fatalf("only %d of %d tests with interchangeable threads (%d allocating, %d encodings with the constraint): the test checks too little", grouped, n, renamed, constrained)
	}
}

// allocates reports whether an interchangeable thread of test allocates.
func allocates(test *lsl.Test, g *symmetry.Group) bool {
	found := false
	for _, class := range g.Classes {
		for _, inv := range test.Threads[class[0]] {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if _, ok := s.(*lsl.Alloc); ok {
					found = true
				}
				return true
			})
		}
	}
	return found
}

// included reports whether every outcome of outs is a correct one of spec.
func included(outs []lsl.Outcome, spec *ObservationSet) bool {
	for _, o := range outs {
		if o.Fault != lsl.NoFault || !spec.Contains(o) {
			return false
		}
	}
	return true
}

// exceeds asks whether an execution of enc exceeds a loop bound, with or
// without the symmetry constraint.
func exceeds(ctx context.Context, enc *encode.Encoding, constrained bool) bool {
	as := append(enc.FenceAssumptions(), enc.Exceeded)
	if constrained {
		as = append(as, enc.SymmetryAssumptions()...)
	}
	return enc.Solve(ctx, as...) == 1
}

// exceedsRepresentatives asks whether an execution of enc exceeds the
// bound of a loop of enc.ExceedRepresentatives, as the bound question
// does (ExceedAssumptions).
func exceedsRepresentatives(ctx context.Context, enc *encode.Encoding) bool {
	var lits []encode.Lit
	for _, p := range enc.ExceedRepresentatives() {
		lits = append(lits, p.Lit)
	}
	if len(lits) == 0 {
		return false
	}
	some := enc.NewVar()
	enc.AddClause(append([]encode.Lit{some.Not()}, lits...)...)
	return enc.Solve(ctx, append(enc.ExceedAssumptions(), some)...) == 1
}

// TestSymmetryRepresentativesMutantCaught: ordering each class's first thread too
// in the bound question changes whether an execution exceeds a bound on
// some generated test, which the differential test would report.
func TestSymmetryRepresentativesMutantCaught(t *testing.T) {
	ctx := context.Background()
	for i := range *diffScan {
		test := symmetricTest(t, *diffSeed, i)
		enc, err := Prepare(ctx, test, memmodel.MustByName("sc"), Options{Encode: encode.Options{RepresentativesTooFew: true}})
		if err != nil {
			t.Fatal(err)
		}
		if exceedsRepresentatives(ctx, enc) != exceeds(ctx, enc, false) {
			t.Logf("caught by %s", test.Name)
			return
		}
	}
	t.Fatalf("no generated test tells the mutant apart")
}

// faults asks the pipeline's error question (errorDisjuncts: with
// interchangeable threads, the places of each class's first thread
// only) whether an execution of enc faults.
func faults(ctx context.Context, enc *encode.Encoding) bool {
	var m questions.Meter
	return m.FirstOf(ctx, enc, false, enc.Assumptions(), errorDisjuncts(enc)) == 1
}

// faulty reports whether outs has an error outcome.
func faulty(outs []lsl.Outcome) bool {
	for _, o := range outs {
		if o.Fault != lsl.NoFault {
			return true
		}
	}
	return false
}

// TestSymmetryErrorRepresentativesMutantCaught: ordering each class's
// first thread too in the error question (which asks only the first
// thread's places) misses a fault of some generated test, which the
// differential test would report.
func TestSymmetryErrorRepresentativesMutantCaught(t *testing.T) {
	ctx := context.Background()
	// the thread that starts second fails its assertion: only the
	// class's second thread can fault once the first starts first
	second, err := lsl.ParseTest("second.lsl", []byte(secondFails))
	if err != nil {
		t.Fatal(err)
	}
	if enc, err := Prepare(ctx, second, memmodel.MustByName("sc"), Options{}); err != nil || len(enc.InterchangeableThreads()) == 0 || !faults(ctx, enc) {
		t.Fatalf("second-fails: the error question without the mutant must find the fault of its interchangeable threads (%v)", err)
	}
	for i := -1; i < *diffScan; i++ {
		test := second
		if i >= 0 {
			test = symmetricTest(t, *diffSeed, i)
		}
		for _, name := range []string{"sc", "relaxed"} {
			want, err := reference.Outcomes(test, name)
			if err != nil {
				continue
			}
			enc, err := Prepare(ctx, test, memmodel.MustByName(name), Options{Encode: encode.Options{RepresentativesTooFew: true}})
			if err != nil {
				t.Fatal(err)
			}
			if faults(ctx, enc) != faulty(want) {
				t.Logf("caught by %s on %s", test.Name, name)
				return
			}
		}
	}
	t.Fatalf("no generated test tells the mutant apart")
}

// secondFails has two interchangeable threads, each asserting that it
// reads x before the other sets it.
var secondFails = `test "second-fails"
global x @1
` + strings.Repeat(`thread {
  op set {
    p = [1]
    r = load p
    z = 0
    c = eq r, z
    assert c
    one = 1
    store p, one
  }
}
`, 2)

// TestSymmetryMutantsCaught: a reduction that enumerates under the
// constraint without adding orbits, and one whose constraint is too
// strong (each interchangeable thread wholly before the next), each lose
// outcomes of some generated test, which the differential test would
// report.
func TestSymmetryMutantsCaught(t *testing.T) {
	mutants := []struct {
		name string
		opt  Options
	}{
		{"no orbits", Options{noOrbits: true}},
		{"constraint too strong", Options{Encode: encode.Options{BreakSymmetryTooStrong: true}}},
	}
	ctx := context.Background()
	for _, mu := range mutants {
		t.Run(mu.name, func(t *testing.T) {
			for i := range *diffScan {
				test := symmetricTest(t, *diffSeed, i)
				for _, name := range []string{"sc", "relaxed"} {
					want, err := reference.Outcomes(test, name)
					if err != nil {
						continue
					}
					got, err := Outcomes(ctx, test, memmodel.MustByName(name), mu.opt)
					if err != nil {
						t.Fatal(err)
					}
					if diff(want, got) != "" {
						t.Logf("caught by %s on %s", test.Name, name)
						return
					}
				}
			}
			t.Fatalf("no generated test tells the mutant apart")
		})
	}
}
