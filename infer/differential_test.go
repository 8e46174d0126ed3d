package infer

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

var (
	inferN    = flag.Int("infer.n", 0, "generated programs of the inference differential test (0: 300, or 1000 with CHECKFENCE_LONG=1)")
	inferSeed = flag.Uint64("infer.seed", 1, "seed of the inference differential test")
)

// slottedTest is a generated straight-line test with fence slots between
// some statements of its threads (init stays without).
type slottedTest struct {
	test  *lsl.Test
	slots int
}

// withSlots inserts up to max slot markers at random statement boundaries
// of the threads' invocations (top level: not inside blocks).
func withSlots(r *rand.Rand, t *lsl.Test, maxSlots int) slottedTest {
	var places []place
	for th, invs := range t.Threads {
		for k, inv := range invs {
			for at := 0; at <= len(inv.Body); at++ {
				places = append(places, place{th, k, at})
			}
		}
	}
	return insertSlots(r, t, places, maxSlots)
}

// place is a statement boundary of an invocation of a thread.
type place struct{ th, inv, at int }

// insertSlots puts slot markers at up to max of the places, drawn with r.
func insertSlots(r *rand.Rand, t *lsl.Test, places []place, max int) slottedTest {
	r.Shuffle(len(places), func(i, j int) { places[i], places[j] = places[j], places[i] })
	places = places[:min(max, len(places))]
	// insert from the back of each body, so that indices stay valid
	slices.SortFunc(places, func(a, b place) int {
		if a.th != b.th {
			return a.th - b.th
		}
		if a.inv != b.inv {
			return a.inv - b.inv
		}
		return b.at - a.at
	})
	for i, p := range places {
		inv := t.Threads[p.th][p.inv]
		marker := &lsl.Fence{Pos: lsl.Pos{File: "slot", Line: i + 1, Col: 1}, Kind: lsl.Full, Slot: i + 1}
		inv.Body = slices.Insert(inv.Body, p.at, lsl.Stmt(marker))
	}
	return slottedTest{t, len(places)}
}

// accessTest generates a test of the shapes fences matter for (message
// passing, store buffering, load buffering, independent reads): 2 or 3
// threads of two or three operations, most of them one access (so that
// serial is close to sc), a store of a constant or an observed load of
// one of two (or three) locations, with fence slots at up to three of the
// boundaries between two accesses of a thread.
func accessTest(t *testing.T, r *rand.Rand, i int) slottedTest {
	var b strings.Builder
	fmt.Fprintf(&b, "test acc%d\n", i)
	nloc := 2 + r.IntN(4)/3
	for l := range nloc {
		fmt.Fprintf(&b, "global g%d @%d\nvalue g%d [] = 0\n", l, l+1, l)
	}
	reg := 0
	for th := range 2 + r.IntN(4)/3 {
		b.WriteString("thread {\n")
		// each thread mostly touches both locations, in either order:
		// the shapes whose outcomes depend on the order
		first := r.IntN(nloc)
		for op := range 2 + r.IntN(3)/2 {
			fmt.Fprintf(&b, "  op t%d_%d {\n", th, op)
			for k := range 1 + r.IntN(3)/2 {
				if k > 0 && reg >= 8 {
					break // the reference takes at most 12 accesses
				}
				reg++
				loc := 1 + (first+op+k)%nloc
				if r.IntN(3) == 0 {
					loc = 1 + r.IntN(nloc)
				}
				if r.IntN(2) == 0 {
					fmt.Fprintf(&b, "    p%d = [%d]\n    v%d = %d\n    store p%d, v%d\n", reg, loc, reg, 1+r.IntN(2), reg, reg)
				} else {
					fmt.Fprintf(&b, "    p%d = [%d]\n    v%d = load p%d\n    observe output \"r%d\" v%d\n", reg, loc, reg, reg, reg, reg)
				}
			}
			b.WriteString("  }\n")
		}
		b.WriteString("}\n")
	}
	test, err := lsl.ParseTest("acc", []byte(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	// slots go between accesses: at the start of a body, after a store,
	// after an observation
	var places []place
	for th, invs := range test.Threads {
		for k, inv := range invs {
			if k > 0 {
				places = append(places, place{th, k, 0})
			}
			for at, s := range inv.Body[:len(inv.Body)-1] {
				switch s.(type) {
				case *lsl.Store, *lsl.Observe:
					places = append(places, place{th, k, at + 1})
				}
			}
		}
	}
	return insertSlots(r, test, places, 3)
}

// mapTestFences is lsl.Program.MapFences for a test's threads.
func mapTestFences(t *lsl.Test, repl func(*lsl.Fence) []lsl.Stmt) *lsl.Test {
	c := *t
	c.Threads = nil
	for _, invs := range t.Threads {
		var th []*lsl.Invocation
		for _, inv := range invs {
			p := (&lsl.Program{Procs: []*lsl.Proc{{Name: "x", Body: inv.Body}}}).MapFences(repl)
			ci := *inv
			ci.Body = p.Procs[0].Body
			th = append(th, &ci)
		}
		c.Threads = append(c.Threads, th)
	}
	return &c
}

// withoutSlots is t without its slot markers (the code as written).
func withoutSlots(t *lsl.Test) *lsl.Test {
	return mapTestFences(t, func(f *lsl.Fence) []lsl.Stmt {
		if f.Slot != 0 {
			return nil
		}
		return []lsl.Stmt{f}
	})
}

func testCandidates(st slottedTest, kinds []lsl.FenceKind) []Candidate {
	var out []Candidate
	for s := 1; s <= st.slots; s++ {
		for _, k := range kinds {
			out = append(out, Candidate{Slot: s, Kind: k, Pos: lsl.Pos{File: "slot", Line: s, Col: 1}})
		}
	}
	return out
}

// satCheck is the test's check on the SAT encoder, for solve.
func satCheck(t *testing.T, st slottedTest, m *memmodel.Model, kinds []lsl.FenceKind) testCheck {
	expanded := mapTestFences(st.test, expandMarker(kinds))
	plain := withoutSlots(st.test)
	spec, _, err := mining.Enumerate(context.Background(), plain, memmodel.MustByName("serial"), mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return testCheck{st.test.Name, func(ctx context.Context, on func(*lsl.Fence) bool) (*mining.TestResult, error) {
		if spec.Error != nil {
			return &mining.TestResult{Verdict: mining.Fail, SerialBug: true}, nil
		}
		opt := mining.Options{}
		opt.Encode.FenceOn = on
		r, err := mining.Check(ctx, expanded, m, spec, opt)
		if err != nil {
			return nil, err
		}
		if r.Pass {
			return &mining.TestResult{Verdict: mining.Pass}, nil
		}
		return &mining.TestResult{Verdict: mining.Fail, Counterexample: r.Counterexample}, nil
	}, nil}
}

// bruteForce returns the least cost of a placement under which the
// reference finds every execution correct, trying placements by
// increasing cost; ok is false when none is.
type bruteForce struct {
	st    slottedTest
	model string
	spec  map[string]bool
	cands []Candidate
}

func newBruteForce(t *testing.T, st slottedTest, model string, cands []Candidate) *bruteForce {
	plain := withoutSlots(st.test)
	serial, err := reference.Outcomes(plain, "serial")
	if err != nil {
		t.Fatal(err)
	}
	b := &bruteForce{st: st, model: model, spec: map[string]bool{}, cands: cands}
	for _, o := range serial {
		if o.Fault != lsl.NoFault {
			b.spec = nil // fails under serial: no placement is correct
			break
		}
		b.spec[o.Key()] = true
	}
	return b
}

// passes reports whether the reference finds every execution correct with
// the placement (candidate indices).
func (b *bruteForce) passes(t *testing.T, placement []int) bool {
	if b.spec == nil {
		return false
	}
	for _, o := range b.outcomes(t, placement) {
		if o.Fault != lsl.NoFault || !b.spec[o.Key()] {
			return false
		}
	}
	return true
}

// outcomes returns the reference's outcomes of the test with the
// placement (candidate indices).
func (b *bruteForce) outcomes(t *testing.T, placement []int) []lsl.Outcome {
	on := map[slotKind]bool{}
	for _, i := range placement {
		on[slotKind{b.cands[i].Slot, b.cands[i].Kind}] = true
	}
	placed := mapTestFences(b.st.test, func(f *lsl.Fence) []lsl.Stmt {
		if f.Slot == 0 {
			return []lsl.Stmt{f}
		}
		var out []lsl.Stmt
		for _, k := range kindOrder {
			if on[slotKind{f.Slot, k}] {
				out = append(out, &lsl.Fence{Pos: f.Pos, Kind: k})
			}
		}
		return out
	})
	outs, err := reference.Outcomes(placed, b.model)
	if err != nil {
		t.Fatal(err)
	}
	return outs
}

// minCost tries every placement by increasing cost; -1 if none passes.
func (b *bruteForce) minCost(t *testing.T) int {
	all := make([]int, len(b.cands))
	total := 0
	for i := range all {
		all[i] = i
		total += b.cands[i].Cost()
	}
	if !b.passes(t, all) {
		return -1
	}
	for c := 0; c <= total; c++ {
		found := false
		b.subsets(0, c, nil, func(p []int) bool {
			if b.passes(t, p) {
				found = true
			}
			return found
		})
		if found {
			return c
		}
	}
	return -1
}

// subsets calls f on each set of candidates from index i on of cost
// exactly c, added to p, until f returns true.
func (b *bruteForce) subsets(i, c int, p []int, f func([]int) bool) bool {
	if c == 0 {
		return f(p)
	}
	for j := i; j < len(b.cands); j++ {
		if k := b.cands[j].Cost(); k <= c && b.subsets(j+1, c-k, append(p, j), f) {
			return true
		}
	}
	return false
}

// TestInferMatchesBruteForce: on generated straight-line tests with fence
// slots, on tso, pso, rmo and relaxed, the inferred placement's cost is the
// least for which the brute-force reference finds every execution
// correct, the placement itself is correct on the reference, and the
// tests for which no placement is correct are those inference calls
// impossible.
func TestInferMatchesBruteForce(t *testing.T) {
	n := longtest.N(300, 1000)
	if *inferN > 0 {
		n = *inferN
	}
	mismatches := runDifferential(t, n, false)
	if mismatches > 0 {
		t.Fatalf("%d mismatches", mismatches)
	}
}

// A greedy hitting-set solver (take the candidate in most cores, until all
// are hit; blind to cost, it prefers the fence that orders most, the last
// of a slot's kinds) gives sufficient placements that are not always the
// cheapest: the differential test catches it.
func TestGreedyHittingSetCaught(t *testing.T) {
	hittingSet = greedyHittingSet
	defer func() { hittingSet = minCostHittingSet }()
	if runDifferential(t, 300, true) == 0 {
		t.Fatal("the differential test did not tell a greedy hitting-set solver from an exact one")
	}
}

func greedyHittingSet(sets [][]int, cost []int, _ int, _ []bool) ([]int, int, bool) {
	var chosen []int
	total := 0
	left := slices.Clone(sets)
	for len(left) > 0 {
		count := map[int]int{}
		best := -1
		for _, s := range left {
			for _, e := range s {
				count[e]++
				if best < 0 || count[e] > count[best] || count[e] == count[best] && e > best {
					best = e
				}
			}
		}
		chosen = append(chosen, best)
		total += cost[best]
		var rest [][]int
		for _, s := range left {
			if !slices.Contains(s, best) {
				rest = append(rest, s)
			}
		}
		left = rest
	}
	return chosen, total, true
}

// runDifferential compares inference with the brute force on n generated
// tests and returns the number of disagreements (reported as errors
// unless quiet; quiet stops at the first).
func runDifferential(t *testing.T, n int, quiet bool) int {
	models := []string{"tso", "pso", "rmo", "relaxed"}
	bad, compared, placed := 0, 0, 0
	for i := range n {
		r := rand.New(rand.NewPCG(*inferSeed, uint64(i)))
		var st slottedTest
		if i%3 == 2 {
			// the differential test's generator: richer code, fewer
			// tests that any placement changes
			test := testgen.Generate(r, testgen.Options{MaxAccesses: 6, Threads: 2 + r.IntN(2)})
			test.Name = fmt.Sprintf("gen-%d", i)
			st = withSlots(r, test, 2+r.IntN(2))
		} else {
			st = accessTest(t, r, i)
		}
		test := st.test
		for _, mn := range models {
			m := memmodel.MustByName(mn)
			kinds := CandidateKinds(m)
			cands := testCandidates(st, kinds)
			res, err := solve(context.Background(), m, cands, nil, []testCheck{satCheck(t, st, m, kinds)}, nil)
			if err != nil {
				t.Fatalf("%s on %s: %v", test.Name, mn, err)
			}
			bf := newBruteForce(t, st, mn, cands)
			want := bf.minCost(t)
			compared++
			got := -1
			if res.Verdict == Found {
				got = res.Cost
				var p []int
				for _, a := range res.Added {
					p = append(p, slices.Index(cands, a.Candidate))
				}
				if !bf.passes(t, p) {
					got = -2 // not even sufficient
				}
				if len(p) > 0 {
					placed++
				}
			}
			if got != want {
				bad++
				if quiet {
					return bad
				}
				var text strings.Builder
				lsl.PrintTest(&text, st.test)
				t.Errorf("%s (seed %d) on %s: inferred cost %d (-1: impossible, -2: insufficient), brute force %d\n%s", test.Name, *inferSeed, mn, got, want, text.String())
			}
		}
	}
	if !quiet {
		t.Logf("%d comparisons, %d with fences placed", compared, placed)
		if placed < compared/25 {
			t.Errorf("only %d of %d comparisons placed a fence: the generated tests do not exercise inference", placed, compared)
		}
	}
	return bad
}
