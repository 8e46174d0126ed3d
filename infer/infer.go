package infer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
	"checkfence/unroll"
)

// Verdict is the outcome of an inference.
type Verdict string

const (
	// Found: the placement makes every test pass, and none costs less.
	Found Verdict = "found"
	// Impossible: no placement makes the tests pass (Result.Failure says
	// which test fails, and why).
	Impossible Verdict = "impossible"
	// Inconclusive: a check under some placement was inconclusive.
	Inconclusive Verdict = "inconclusive"
)

// Added is a fence of the placement, with a reason for it: a test that
// does not pass without it, and Result, a check of the test that fails
// (or is inconclusive) because of an execution (its counterexample, or
// the one past a loop's bound) that the fence forbids: Before (earlier in
// program order) and After (earlier in memory order) are reordered
// across it. Without the fence the test fails if Result failed, and is
// inconclusive if it was.
type Added struct {
	Candidate
	Test          string
	Result        *mining.TestResult
	Before, After *encode.Access
}

// Result is an inference's answer on one model.
type Result struct {
	Model   *memmodel.Model
	Verdict Verdict
	// Added is the placement, in source order, and Cost its cost.
	Added []Added
	Cost  int
	// Failure is the check that shows a placement impossible (Impossible)
	// or could not be decided (Inconclusive: the first test set aside).
	Failure *mining.TestResult
	// Why says why no placement helps, when Impossible, or why the first
	// test set aside is, when Inconclusive.
	Why string
	// Unseparated, when Impossible because no fence slot separates the
	// accesses the failing execution reorders, is such a pair (NameMacro
	// names the macro whose expansion they come from).
	Unseparated *Unseparated
	// SetAside, when Inconclusive, are the tests that no placement
	// decides (a value limit, or an execution past a loop's bound that no
	// fence forbids); Added is then an optimal placement for the others.
	SetAside []SetAside
	// Figures: the checks made, the placements tried, the candidates, and
	// where the time went.
	Checks, Rounds, Candidates int
	CheckTime, HitSetTime      time.Duration
}

// Unseparated is a pair of accesses of a test's failing execution that no
// fence slot separates: Before is earlier in program order, After earlier
// in memory order.
type Unseparated struct {
	Test          string
	Before, After *encode.Access
}

// SetAside is a test that inference cannot decide under any placement.
type SetAside struct {
	Test string
	// Why says why, and Failure is the check that showed it (nil for a
	// value limit).
	Why     string
	Failure *mining.TestResult
}

// Infer finds a placement of least cost of fences at the slots of slotted
// (a program compiled with cfront's FenceSlots) that makes every test of
// ts pass on m, keeping the fences already there. The observation sets
// are mined from spec (without slots; fences do not change serial
// executions), once per test. See doc.go for the algorithm and why its
// answer is optimal.
func Infer(ctx context.Context, slotted, spec *lsl.Program, ts []*tests.Test, m *memmodel.Model, opt mining.PipelineOptions) (*Result, error) {
	return InferSharing(ctx, slotted, spec, ts, m, opt, nil)
}

// InferSharing is Infer preferring, among the placements of least cost,
// one with the fewest fences that placed (the fences chosen for other
// models) does not already give: a candidate counts as given when a fence
// of placed at its slot orders all it orders. Placements for several
// models then share their fences where cost allows, so that their union
// (a patch for every model) holds few that one model chose and another
// did without. The cost found is the same, and optimal.
func InferSharing(ctx context.Context, slotted, spec *lsl.Program, ts []*tests.Test, m *memmodel.Model, opt mining.PipelineOptions, placed []Candidate) (*Result, error) {
	kinds := CandidateKinds(m)
	prog := expand(slotted, kinds)
	if opt.Cache == nil {
		opt.Cache = mining.NewMemoryCache()
	}
	var checks []testCheck
	for _, t := range ts {
		checks = append(checks, newTestCheck(prog, spec, t, m, opt))
	}
	cands := candidates(slotted, kinds)
	var shared []bool
	if len(placed) > 0 {
		shared = make([]bool, len(cands))
		for i, c := range cands {
			shared[i] = slices.ContainsFunc(placed, func(p Candidate) bool { return p.Slot == c.Slot && p.Kind&c.Kind == c.Kind })
		}
	}
	return solve(ctx, m, cands, shared, checks, opt.Progress)
}

// testCheck checks one test with the fences that on says are in force.
type testCheck struct {
	name  string
	check func(ctx context.Context, on func(*lsl.Fence) bool) (*mining.TestResult, error)
	// failsOnSC checks the test on sc, where no fence orders anything:
	// whether no placement can help because of that (nil: not asked).
	failsOnSC func(ctx context.Context) bool
}

// newTestCheck checks t on the expanded program prog with lazy unrolling.
// Each check starts from the loop bounds the test's last passing check
// needed (mining.PipelineOptions.InitialBounds): the placements of
// successive rounds differ by a few fences, and raising the bounds again
// from 1 took a third of the time (lazylist, Saacr Sac Sar: 23.5 s
// without, 15.8 s with). Starting higher changes no verdict.
func newTestCheck(prog, spec *lsl.Program, t *tests.Test, m *memmodel.Model, opt mining.PipelineOptions) testCheck {
	var passedWith unroll.Bounds
	return testCheck{t.Name, func(ctx context.Context, on func(*lsl.Fence) bool) (*mining.TestResult, error) {
		topt := opt
		topt.Encode.FenceOn = on
		topt.InitialBounds = passedWith
		r, err := mining.CheckTest(ctx, prog, spec, t, m, topt)
		if err == nil && r.Verdict == mining.Pass {
			passedWith = r.Stats.Bounds
		}
		return r, err
	}, func(ctx context.Context) bool {
		r, err := mining.CheckTest(ctx, prog, spec, t, memmodel.MustByName("sc"), opt)
		return err == nil && r.Verdict == mining.Fail
	}}
}

// hittingSet is the solver of the hitting-set problems (a variable so that
// the tests can show a non-optimal one caught).
var hittingSet = minCostHittingSet

// solve is the inference proper (doc.go): counterexample-guided, each
// failure contradicting a set of candidates of which every sufficient
// placement has one, each next placement a cheapest hitting set of those.
// shared marks the candidates to prefer among placements of least cost
// (nil: none).
func solve(ctx context.Context, m *memmodel.Model, cands []Candidate, shared []bool, checks []testCheck, progress func(string, ...any)) (*Result, error) {
	res := &Result{Model: m, Candidates: len(cands)}
	index := candidateIndex(cands)
	cost := make([]int, len(cands))
	for i, c := range cands {
		cost[i] = c.Cost()
	}
	var (
		chosen []int // the placement, sorted candidate indices
		cores  []core
		passed = make([][][]int, len(checks)) // per test, placements it passes with
		// tests found undecidable: no fence changes that, so they are
		// not checked again, but the other tests still are (one may
		// show that no placement exists, which outweighs them), and the
		// placement is one for those
		undecided = make([]bool, len(checks))
		setAside  []SetAside
	)
	for {
		res.Rounds++
		var found []core
		dropped := false // cores of a test set aside in this round
		setTestAside := func(ti int, sa SetAside) {
			undecided[ti] = true
			setAside = append(setAside, sa)
			// what its failures said binds no placement for the others
			name := checks[ti].name
			n := len(cores) + len(found)
			cores = slices.DeleteFunc(cores, func(c core) bool { return c.test == name })
			found = slices.DeleteFunc(found, func(c core) bool { return c.test == name })
			dropped = dropped || len(cores)+len(found) < n
		}
		for ti, tc := range checks {
			if undecided[ti] {
				continue
			}
			// Check the test under the placement; when it fails, check
			// it again with the candidates its failure contradicts
			// added, and so on: the failures found so are contradicted
			// by disjoint sets of candidates, so that one round raises
			// the lower bound by as many fences as it finds failures.
			with := slices.Clone(chosen)
			for !passesWithLess(passed[ti], with) {
				if progress != nil {
					progress("inferring fences on %s: round %d, %d fences placed (cost %d): checking %s", m.Name, res.Rounds, len(chosen), res.Cost, tc.name)
				}
				t0 := time.Now()
				r, err := tc.check(ctx, fencesOn(with, index))
				res.CheckTime += time.Since(t0)
				res.Checks++
				var le *lsl.LimitError
				var be *encode.BudgetError
				if errors.As(err, &le) || errors.As(err, &be) {
					// more values than checkfence handles, with any
					// placement (fences carry no values), or an encoding
					// over the memory budget (its size is that of the
					// accesses, which fences do not change): undecided,
					// and the other tests go on
					setTestAside(ti, SetAside{Test: tc.name, Why: fmt.Sprintf("%s: %v", tc.name, err)})
					break
				}
				if err != nil {
					return nil, err
				}
				if r.Verdict == mining.Pass {
					passed[ti] = append(passed[ti], with)
					break
				}
				x := r.Counterexample
				if r.Verdict == mining.Inconclusive {
					x = r.Exceeding
				}
				var c core
				if !r.SerialBug && x != nil {
					c = contradicted(x, index)
				}
				if len(c.hits) == 0 {
					if len(with) > len(chosen) {
						// a failure that none of the added candidates
						// forbids: the placement itself has it, and
						// the next round finds it again
						break
					}
					// no placement: nothing added, nothing to pay (the
					// last round's trial placement is not one)
					no := &Result{Model: m, Candidates: len(cands), Rounds: res.Rounds, Checks: res.Checks,
						CheckTime: res.CheckTime, HitSetTime: res.HitSetTime, Verdict: Impossible, Failure: r}
					if r.Verdict == mining.Inconclusive {
						no.Verdict = Inconclusive
					}
					switch {
					case r.Unmodelled != "":
						no.Why = fmt.Sprintf("%s is inconclusive: %s", tc.name, r.Unmodelled)
					case r.Verdict == mining.Inconclusive && r.Encoding != nil && r.Encoding.Model.SerialOps:
						// the specification itself could not be mined
						no.Why = fmt.Sprintf("%s is inconclusive under serial already: a loop can run more than --max-unroll iterations", tc.name)
					case r.SerialBug:
						no.Why = fmt.Sprintf("%s fails under serial already: a bug that no fence can fix", tc.name)
					case x == nil:
						no.Why = fmt.Sprintf("%s is inconclusive", tc.name)
					case r.Verdict == mining.Inconclusive:
						no.Why = fmt.Sprintf("%s: a loop can run more than --max-unroll iterations in an execution that no fence at a slot forbids", tc.name)
					case tc.failsOnSC != nil && tc.failsOnSC(ctx):
						// whatever this counterexample reorders, the
						// test fails without reordering too
						no.Why = fmt.Sprintf("%s fails on sc, in an execution that reorders nothing: no fence can fix it", tc.name)
					default:
						no.Why, no.Unseparated = whyNoFence(x, tc.name)
					}
					if no.Verdict == Impossible {
						return no, nil
					}
					setTestAside(ti, SetAside{Test: tc.name, Why: no.Why, Failure: r})
					break
				}
				c.test, c.result = tc.name, r
				found = append(found, c)
				with = slices.Sorted(slices.Values(append(with, c.hits...)))
			}
		}
		cores = append(cores, found...)
		if len(found) > 0 || dropped {
			sets := make([][]int, len(cores))
			for i, c := range cores {
				sets[i] = c.hits
			}
			lower := res.Cost
			if dropped {
				lower = 0 // fewer sets: the optimum may be lower
			}
			t0 := time.Now()
			next, total, _ := hittingSet(sets, cost, lower, shared)
			res.HitSetTime += time.Since(t0)
			next = slices.Sorted(slices.Values(next))
			// (the cores of a test set aside may go without changing
			// the placement: every other test passes with it)
			if len(found) > 0 || !slices.Equal(next, chosen) {
				res.Cost = total
				chosen = next
				continue
			}
		}
		// every test not set aside passes with the placement
		res.Verdict = Found
		if len(setAside) > 0 {
			res.Verdict = Inconclusive
			// in the order of the tests, not of the rounds
			slices.SortStableFunc(setAside, func(a, b SetAside) int {
				return slices.IndexFunc(checks, func(c testCheck) bool { return c.name == a.Test }) -
					slices.IndexFunc(checks, func(c testCheck) bool { return c.name == b.Test })
			})
			res.SetAside = setAside
			res.Why, res.Failure = setAside[0].Why, setAside[0].Failure
		}
		res.Added = explain(cands, chosen, cores)
		if err := recheck(ctx, res, chosen, index, checks); err != nil {
			return nil, err
		}
		return res, nil
	}
}

// recheck checks the test of each fence of the placement whose reason is
// an inconclusive check without the fence: the execution past a bound
// comes back without it, so the test does not pass, but another may fail
// (Added.Result then says so, as fences says of the placed fence).
func recheck(ctx context.Context, res *Result, chosen []int, index map[slotKind]int, checks []testCheck) error {
	for ai := range res.Added {
		a := &res.Added[ai]
		if a.Result == nil || a.Result.Verdict != mining.Inconclusive {
			continue
		}
		tc := checks[slices.IndexFunc(checks, func(tc testCheck) bool { return tc.name == a.Test })]
		i := index[slotKind{a.Slot, a.Kind}]
		without := slices.DeleteFunc(slices.Clone(chosen), func(j int) bool { return j == i })
		t0 := time.Now()
		r, err := tc.check(ctx, fencesOn(without, index))
		res.CheckTime += time.Since(t0)
		res.Checks++
		if err != nil {
			return err
		}
		if r.Verdict != mining.Fail || r.SerialBug || r.Counterexample == nil {
			continue
		}
		a.Result, a.Before, a.After = r, nil, nil
		c := contradicted(r.Counterexample, index)
		if k := slices.Index(c.hits, i); k >= 0 {
			a.Before, a.After = c.pairs[k][0], c.pairs[k][1]
		}
	}
	return nil
}

// fencesOn says which fences are in force under a placement (sorted
// candidate indices): the source's own and the placed candidates.
func fencesOn(placement []int, index map[slotKind]int) func(*lsl.Fence) bool {
	return func(f *lsl.Fence) bool {
		if f.Slot == 0 {
			return true
		}
		i, ok := index[slotKind{f.Slot, f.Kind}]
		if !ok {
			return false
		}
		_, on := slices.BinarySearch(placement, i)
		return on
	}
}

type slotKind struct {
	slot int
	kind lsl.FenceKind
}

// core is what one failing execution says of every sufficient placement:
// it contains one of hits, the candidates the execution contradicts.
type core struct {
	test   string
	result *mining.TestResult
	hits   []int
	// pairs[i] is the reordered pair that contradicts candidate hits[i].
	pairs [][2]*encode.Access
}

// contradicted returns the candidates (by index) that execution x
// contradicts: those reached in x with an access before them (in program
// order) that x orders, in memory order, after an access after them, of
// the types the candidate's kind orders. x is an execution under every
// placement that contains none of them, since fences only constrain.
func contradicted(x *encode.Execution, index map[slotKind]int) core {
	order := map[*encode.Access]int{}
	byThread := map[int][]*encode.Access{}
	for _, a := range x.Accesses {
		order[a.Access] = a.Order
		byThread[a.Thread] = append(byThread[a.Thread], a.Access)
	}
	for _, as := range byThread {
		slices.SortFunc(as, func(a, b *encode.Access) int { return a.PoIndex - b.PoIndex })
	}
	var c core
	seen := map[int]bool{}
	for _, f := range x.Reached {
		s, ok := f.Stmt.(*lsl.Fence)
		if !ok || s.Slot == 0 || f.Implicit {
			continue
		}
		i, ok := index[slotKind{s.Slot, s.Kind}]
		if !ok || seen[i] {
			continue
		}
		if a, b := reorderedAcross(byThread[f.Thread], order, f.Before, s.Kind); a != nil {
			seen[i] = true
			c.hits = append(c.hits, i)
			c.pairs = append(c.pairs, [2]*encode.Access{a, b})
		}
	}
	return c
}

// reorderedAcross returns accesses a (program index below before) and b
// (at or above) of as, of types that kind orders, with b earlier than a in
// memory order; nil if there are none.
func reorderedAcross(as []*encode.Access, order map[*encode.Access]int, before int, kind lsl.FenceKind) (a, b *encode.Access) {
	for _, x := range as {
		if x.PoIndex >= before {
			break
		}
		for _, y := range as {
			if y.PoIndex < before || !kind.Orders(x.Store, y.Store) {
				continue
			}
			if order[y] < order[x] {
				return x, y
			}
		}
	}
	return nil, nil
}

// whyNoFence says why no fence at a slot forbids x, and which of its
// reordered accesses no slot separates.
func whyNoFence(x *encode.Execution, test string) (string, *Unseparated) {
	order := map[*encode.Access]int{}
	for _, a := range x.Accesses {
		order[a.Access] = a.Order
	}
	for _, a := range x.Accesses {
		for _, b := range x.Accesses {
			if a.Thread == b.Thread && a.PoIndex < b.PoIndex && b.Order < a.Order {
				where := ""
				if a.Stmt != nil && b.Stmt != nil {
					where = fmt.Sprintf(" (%s, %s)", a.Stmt.Position(), b.Stmt.Position())
				}
				return fmt.Sprintf("%s fails in an execution whose reordered accesses%s no fence slot separates (they belong to one C statement, or to a macro's expansion)",
					test, where), &Unseparated{Test: test, Before: a.Access, After: b.Access}
			}
		}
	}
	return fmt.Sprintf("%s fails in an execution that reorders nothing: it fails on sc, and no fence can fix it", test), nil
}

// passesWithLess reports whether one of the placements a test passed with
// is contained in placement (both sorted).
func passesWithLess(passes [][]int, placement []int) bool {
	for _, p := range passes {
		if subset(p, placement) {
			return true
		}
	}
	return false
}

func subset(a, b []int) bool {
	for _, x := range a {
		if _, ok := slices.BinarySearch(b, x); !ok {
			return false
		}
	}
	return true
}

// explain gives each chosen candidate its reason: a core that no other
// chosen candidate hits. An optimal placement has one for each, or
// dropping the candidate would leave a cheaper sufficient placement.
// Such a core's execution is one again without the candidate, so the
// test fails without it if the core's check failed: a failed one is
// preferred, then an inconclusive one (without the candidate the test
// does not pass; recheck says whether it fails).
func explain(cands []Candidate, chosen []int, cores []core) []Added {
	var out []Added
	for _, i := range chosen {
		a := Added{Candidate: cands[i]}
		best := 0 // 3: alone, failed; 2: alone; 1: not alone
		for _, c := range cores {
			k := slices.Index(c.hits, i)
			if k < 0 {
				continue
			}
			rank := 1
			if !slices.ContainsFunc(c.hits, func(h int) bool { return h != i && slices.Contains(chosen, h) }) {
				rank = 2
				if c.result.Verdict == mining.Fail {
					rank = 3
				}
			}
			if rank > best {
				best = rank
				a.Test, a.Result = c.test, c.result
				a.Before, a.After = c.pairs[k][0], c.pairs[k][1]
			}
			if best == 3 {
				break
			}
		}
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b Added) int {
		if c := comparePos(a.Pos, b.Pos); c != 0 {
			return c
		}
		return int(a.Kind) - int(b.Kind)
	})
	return out
}

func comparePos(a, b lsl.Pos) int {
	switch {
	case a.File != b.File:
		if a.File < b.File {
			return -1
		}
		return 1
	case a.Line != b.Line:
		return a.Line - b.Line
	}
	return a.Col - b.Col
}
