package explain

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/rangeanalysis"
)

// Fence is a fence of the explanation: of Kind, right after (After) or
// right before the accesses at At, in every thread, invocation and loop
// iteration that executes them (an access in an atomic block: right
// after or before the block).
type Fence struct {
	Kind  lsl.FenceKind
	At    lsl.AccessSite
	After bool
}

func (f Fence) String() string {
	where := "before"
	if f.After {
		where = "after"
	}
	return fmt.Sprintf("a %s fence %s the %s at %s", f.Kind, where, f.At.Kind(), f.At.Pos)
}

// Cause is what a failure needs, as fences that forbid it.
type Cause struct {
	// Fences are a minimal set of fences, each restoring reordered
	// program-order pairs of the failing executions, with which no
	// execution fails as the counterexample did; sorted by position.
	Fences []Fence
	// Found is false when no such set exists among the candidates: the
	// failure needs no reordering (it happens with every access in
	// program order).
	Found bool
	// Counterexamples is the number of failing executions whose
	// reorderings gave candidates (1: the trace's own sufficed).
	Counterexamples int
	// Candidates is the number of distinct fences considered.
	Candidates int
	// SatCalls counts the solver calls.
	SatCalls int
	// WithinBounds: with the cause's fences an execution can still run
	// past the loop bounds of the counterexample's unrolling, so "no
	// execution fails so" is known only of the executions within them
	// (one beyond may fail as the counterexample did).
	WithinBounds bool
}

// maxRounds bounds the rounds of step 2 (each adds a candidate, so the
// search ends anyway; this keeps a pathological one short).
const maxRounds = 32

// FailureCause finds a minimal set of fences, each restoring a reordered
// pair, that forbids the failure of res (a failing check) at the loop
// bounds of its counterexample (see the package doc).
func FailureCause(ctx context.Context, res *mining.TestResult, opt encode.Options) (*Cause, error) {
	if res == nil || res.Verdict != mining.Fail || res.Counterexample == nil || res.Encoding == nil {
		return nil, errors.New("explain: not a failing check with a counterexample")
	}
	if res.SerialBug {
		// fails with every operation atomic: no reordering to blame
		return &Cause{Counterexamples: 1}, nil
	}
	return CauseInTest(ctx, res.Encoding.Test, res.Model, res.Counterexample, opt)
}

// CauseInTest is FailureCause on a straight-line test: x is a failing
// execution of test on m. No execution of test with the cause's fences
// has x's outcome, or, if x faults, x's first fault (the same fault at
// the same statement of the same thread).
func CauseInTest(ctx context.Context, test *lsl.Test, m *memmodel.Model, x *encode.Execution, opt encode.Options) (*Cause, error) {
	c := &Cause{Counterexamples: 1}
	cands := candidates(Reordered(x))
	for round := 0; round < maxRounds; round++ {
		c.Candidates = len(cands)
		if len(cands) == 0 {
			return c, nil
		}
		q, err := newQuestion(ctx, test, m, x, cands, opt)
		if err != nil {
			return nil, err
		}
		all := make([]int, len(cands))
		for i := range all {
			all[i] = i
		}
		c.SatCalls++
		switch q.ask(ctx, all) {
		case 0:
			return nil, ctx.Err()
		case 1:
			c.Counterexamples++
			if !addNew(&cands, candidates(Reordered(q.enc.Decode()))) {
				return c, nil // fails with every reordering it shows forbidden
			}
			continue
		}
		keep, err := q.shrink(ctx, c, deletionOrder(cands, x))
		if err != nil {
			return nil, err
		}
		c.Found = true
		for _, k := range keep {
			c.Fences = append(c.Fences, cands[k])
		}
		// Is the claim true of every execution, or of those within the
		// bounds only?
		c.SatCalls++
		switch q.pastBounds(ctx, keep) {
		case 0:
			return nil, ctx.Err()
		case 1:
			c.WithinBounds = true
		}
		slices.SortFunc(c.Fences, compareFences)
		return c, nil
	}
	return nil, fmt.Errorf("explain: no cause within %d rounds", maxRounds)
}

// question is "does an execution fail as x did", on test with the
// candidate fences inserted, each switchable by assumptions.
type question struct {
	enc     *encode.Encoding
	base    []encode.Lit   // the check's assumptions and the failure
	enables [][]encode.Lit // per candidate, its instances' enable literals
	owner   map[encode.Lit]int
	// exceed: the assumptions of "an execution runs past a loop bound"
	// (nil: no loop has a bound to pass). With orBeyond, ask asks it
	// too, so that "no" means no failure within the bounds and no run
	// past them: no failure at all.
	exceed   []encode.Lit
	orBeyond bool
	why      []encode.Lit // the failed assumptions of the last "no"
	// beyond: the last "yes" of ask was an execution past a bound, with
	// none failing within them; forBounds: the candidates shrink kept for
	// such a "yes" only
	beyond    bool
	forBounds map[int]bool
}

// addExceedQuestion prepares q.exceed: an execution reaches a point past
// a loop bound (partial executions included, as in the lazy unrolling's
// question), under the check's assumptions but the candidates'.
func (q *question) addExceedQuestion() {
	enc := q.enc
	if len(enc.Exceeds) == 0 {
		return
	}
	some := enc.NewVar()
	cl := []encode.Lit{some.Not()}
	for _, p := range enc.Exceeds {
		cl = append(cl, p.Lit)
	}
	enc.AddClause(cl...)
	for _, l := range enc.ExceedAssumptions() {
		_, on := q.owner[l]
		_, off := q.owner[l.Not()]
		if !on && !off {
			q.exceed = append(q.exceed, l)
		}
	}
	q.exceed = append(q.exceed, some)
}

// pastBounds asks whether, with the candidates on in force, an execution
// runs past a loop bound: 1, -1 (or no loop has one), 0 if cancelled.
func (q *question) pastBounds(ctx context.Context, on []int) int {
	if q.exceed == nil {
		return -1
	}
	return q.solve(ctx, q.exceed, on)
}

func newQuestion(ctx context.Context, test *lsl.Test, m *memmodel.Model, x *encode.Execution, cands []Fence, opt encode.Options) (*question, error) {
	fenced, inserted := withFences(test, cands)
	ra, err := rangeanalysis.Analyze(ctx, fenced)
	if err != nil {
		return nil, err
	}
	if len(x.PastBounds) > 0 {
		// x runs past a bound after its fault (the lazy unrolling's
		// last resort, encode/faults.go): the bounds are the test's own
		opt.FixedBounds = true
	}
	opt.SwitchFences = true // the candidates are switched one by one
	enc, err := encode.Encode(ctx, fenced, ra, m, opt)
	if err != nil {
		return nil, err
	}
	q := &question{enc: enc, enables: make([][]encode.Lit, len(cands)), owner: map[encode.Lit]int{}}
	for _, f := range enc.Fences {
		if lf, ok := f.Stmt.(*lsl.Fence); ok {
			if i, ok := inserted[lf]; ok && f.Enable != enc.True() {
				q.enables[i] = append(q.enables[i], f.Enable)
				q.owner[f.Enable] = i
			}
		}
	}
	// the check's assumptions without the candidates': a candidate not
	// assumed is free, and the solver may leave it off
	for _, l := range enc.Assumptions() {
		_, on := q.owner[l]
		_, off := q.owner[l.Not()]
		if !on && !off {
			q.base = append(q.base, l)
		}
	}
	q.addExceedQuestion()
	if x.Outcome.Fault != lsl.NoFault {
		q.base = append(q.base, sameFault(enc, x))
	} else {
		lits, ok := enc.OutcomeLits(x.Outcome)
		if !ok {
			return nil, errors.New("explain: internal error: the counterexample's outcome is not one of its test's")
		}
		q.base = append(q.base, lits...)
	}
	return q, nil
}

// sameFault returns the literal of x's first fault in enc: the same
// fault of the same statement in the same thread (the inserted fences
// leave the statements in place), or any error if there is none.
func sameFault(enc *encode.Encoding, x *encode.Execution) encode.Lit {
	if len(x.Faults) > 0 {
		f := x.Faults[0]
		for _, p := range enc.Errors {
			if p.Stmt == f.Stmt && p.Thread == f.Thread && p.Fault == f.Fault {
				return p.Lit
			}
		}
	}
	return enc.Error
}

// ask asks the question with the candidates on in force (with
// orBeyond, and then whether an execution runs past a bound).
func (q *question) ask(ctx context.Context, on []int) int {
	q.beyond = false
	r := q.solve(ctx, q.base, on)
	if r != -1 || !q.orBeyond || q.exceed == nil {
		return r
	}
	why := q.why
	switch r = q.solve(ctx, q.exceed, on); r {
	case -1:
		q.why = append(why, q.why...)
	case 1:
		q.beyond = true
	}
	return r
}

// solve asks the question of base with the candidates on in force.
func (q *question) solve(ctx context.Context, base []encode.Lit, on []int) int {
	as := slices.Clone(base)
	for _, i := range on {
		as = append(as, q.enables[i]...)
	}
	r := q.enc.Solve(ctx, as...)
	if r == -1 {
		q.why = q.enc.Why()
	}
	return r
}

// core returns the candidates whose literals the last unsatisfiable
// answer's proof used.
func (q *question) core() []int {
	var out []int
	for _, l := range q.why {
		if i, ok := q.owner[l]; ok && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// deletionOrder ranks the candidates for shrinking, first those tried
// for deletion first. Kept last are the fences placed as people place
// them: before the second access when it is a store (a release: the
// stores that initialise a node, then the fence, then the store or CAS
// that publishes it), after the first when the second is a load (an
// acquire: the load of a pointer, then the fence, then the loads through
// it); among those, the ones that restore more of x's reordered pairs;
// ties go by position.
func deletionOrder(cands []Fence, x *encode.Execution) []int {
	pairs := Reordered(x)
	restores := make([]int, len(cands))
	for i, f := range cands {
		for _, p := range pairs {
			if f.Restores(x, p) {
				restores[i]++
			}
		}
	}
	idiomatic := func(f Fence) int {
		secondStore := f.Kind == lsl.StoreStore || f.Kind == lsl.LoadStore
		return boolInt(f.After != secondStore)
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if d := idiomatic(cands[a]) - idiomatic(cands[b]); d != 0 {
			return d
		}
		return restores[a] - restores[b]
	})
	rank := make([]int, len(cands))
	for r, i := range order {
		rank[i] = r
	}
	return rank
}

// shrink returns a minimal set of candidates under which the question
// is unsatisfiable (it is with all of them): deletion from the failed
// assumptions (package doc, 3), in the order of rank.
func (q *question) shrink(ctx context.Context, c *Cause, rank []int) ([]int, error) {
	byRank := func(s []int) []int {
		slices.SortFunc(s, func(a, b int) int { return rank[a] - rank[b] })
		return s
	}
	// The shortest prefix of the candidates, most preferred first, that
	// forbids the failure (binary search: more fences only forbid more),
	// so that the core comes from preferred fences where they suffice.
	preferred := make([]int, len(rank))
	for i, r := range rank {
		preferred[len(rank)-1-r] = i
	}
	lo, hi := 0, len(preferred) // the prefix of length hi forbids it
	for lo < hi {
		mid := (lo + hi) / 2
		c.SatCalls++
		switch q.ask(ctx, preferred[:mid]) {
		case 0:
			return nil, ctx.Err()
		case -1:
			hi = mid
		default:
			lo = mid + 1
		}
	}
	c.SatCalls++
	if q.ask(ctx, preferred[:hi]) != -1 {
		return nil, ctx.Err()
	}
	rest := byRank(q.core())
	var kept []int
	for len(rest) > 0 {
		cand, others := rest[0], rest[1:]
		c.SatCalls++
		switch q.ask(ctx, append(slices.Clone(kept), others...)) {
		case 0:
			return nil, ctx.Err()
		case -1:
			// cand is not needed; the proof may need fewer of the others
			core := q.core()
			rest = byRank(slices.DeleteFunc(slices.Clone(others), func(i int) bool { return !slices.Contains(core, i) }))
		default:
			kept = append(kept, cand)
			rest = others
			if q.beyond {
				if q.forBounds == nil {
					q.forBounds = map[int]bool{}
				}
				q.forBounds[cand] = true
			}
		}
	}
	return kept, nil
}

// Pair is a reordered program-order pair of an execution: First came
// before Second in program order, after it in memory order.
type Pair struct {
	First, Second *encode.Access
}

// Reordered returns the pairs that execution x reorders, both accesses
// at locations another thread touches too (the order of accesses no
// other thread sees cannot change what the others observe). A thread
// touches the locations it accesses and every word of a block it frees
// or takes again from the allocator: those events are ordered in memory
// order against the accesses to the block, which decides a use after
// free and what a reused block holds (SEMANTICS.md, allocation).
func Reordered(x *encode.Execution) []Pair {
	touched := map[lsl.Value]map[int]bool{}
	touch := func(v lsl.Value, th int) {
		if th == rangeanalysis.InitThread {
			return
		}
		if touched[v] == nil {
			touched[v] = map[int]bool{}
		}
		touched[v][th] = true
	}
	blockWords := map[int64][]lsl.Value{}
	for _, a := range x.Accesses {
		touch(a.AddrVal, a.Thread)
		if a.AddrVal.IsPtr() && !slices.Contains(blockWords[a.AddrVal.Base()], a.AddrVal) {
			blockWords[a.AddrVal.Base()] = append(blockWords[a.AddrVal.Base()], a.AddrVal)
		}
	}
	// x.Events holds the frees and the allocations that reuse a block
	for _, ev := range x.Events {
		for _, v := range blockWords[ev.Block] {
			touch(v, ev.Thread)
		}
	}
	shared := func(a encode.ExecAccess) bool { return len(touched[a.AddrVal]) > 1 }
	var out []Pair
	for i, later := range x.Accesses { // earlier in memory order
		for _, earlier := range x.Accesses[i+1:] {
			if later.Thread == earlier.Thread && later.Thread != rangeanalysis.InitThread &&
				earlier.PoIndex < later.PoIndex && shared(later) && shared(earlier) {
				out = append(out, Pair{First: earlier.Access, Second: later.Access})
			}
		}
	}
	return out
}

// candidates returns the fences that restore the pairs: for each, the
// fence of its kind right after its first access and right before its
// second (deduplicated, sorted).
func candidates(ps []Pair) []Fence {
	var out []Fence
	for _, p := range ps {
		k := kindFor(p.First.Store, p.Second.Store)
		for _, f := range []Fence{{k, Site(p.First), true}, {k, Site(p.Second), false}} {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	slices.SortFunc(out, compareFences)
	return out
}

// Restores reports whether fence f, as placed, lies between the pair's
// accesses in program order (on the path x executed), so that it forbids
// the pair's reordering.
func (f Fence) Restores(x *encode.Execution, p Pair) bool {
	if f.Kind&kindFor(p.First.Store, p.Second.Store) == 0 {
		return false
	}
	lo, hi := p.First.PoIndex, p.Second.PoIndex
	for _, a := range x.Accesses {
		if a.Thread != p.First.Thread || Site(a.Access) != f.At {
			continue
		}
		if f.After && a.PoIndex >= lo && a.PoIndex < hi || !f.After && a.PoIndex > lo && a.PoIndex <= hi {
			return true
		}
	}
	return false
}

// Site is the access site of a.
func Site(a *encode.Access) lsl.AccessSite {
	return lsl.AccessSite{Pos: a.Stmt.Position(), Store: a.Store}
}

func addNew(cands *[]Fence, fs []Fence) bool {
	added := false
	for _, f := range fs {
		if !slices.Contains(*cands, f) {
			*cands = append(*cands, f)
			added = true
		}
	}
	return added
}

func compareFences(a, b Fence) int {
	if c := comparePos(a.At.Pos, b.At.Pos); c != 0 {
		return c
	}
	if a.After != b.After {
		return boolInt(a.After) - boolInt(b.After)
	}
	if a.At.Store != b.At.Store {
		return boolInt(a.At.Store) - boolInt(b.At.Store)
	}
	return int(a.Kind) - int(b.Kind)
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// kindFor is the fence kind that orders an access of the first type
// before one of the second.
func kindFor(firstStore, secondStore bool) lsl.FenceKind {
	switch {
	case !firstStore && !secondStore:
		return lsl.LoadLoad
	case !firstStore:
		return lsl.LoadStore
	case !secondStore:
		return lsl.StoreLoad
	}
	return lsl.StoreStore
}
