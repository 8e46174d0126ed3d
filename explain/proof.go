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

// OrderingKind says what keeps an ordering of a proof.
type OrderingKind int

const (
	// ModelOrder: the model keeps the accesses of Site's type up to Site
	// in program order with the later accesses of the types Fence orders
	// (tso keeps loads before everything after them): a fence right
	// after Site.
	ModelOrder OrderingKind = iota
	// CodeFence: a fence statement of the program, of kind Fence at Pos.
	CodeFence
	// AtomicBlock: the atomic block at Pos acts as a full fence (tso's
	// locked instructions).
	AtomicBlock
)

// Ordering is one ordering a passing test's proof may need.
type Ordering struct {
	Kind  OrderingKind
	Fence lsl.FenceKind
	Site  lsl.AccessSite // ModelOrder
	Pos   lsl.Pos        // CodeFence, AtomicBlock
	// Implied: a CodeFence that a C11 or GCC atomic operation at Pos
	// implies (the mapping table's), not one written in the code
	Implied bool
	// ForBounds: the proof keeps it because without it an execution runs
	// past the loop bounds the check reached, none failing within them;
	// at larger bounds the test may pass without it.
	ForBounds bool
}

// Describe says what the ordering is, on model m.
func (o Ordering) Describe(m string) string {
	switch o.Kind {
	case CodeFence:
		if o.Implied {
			return fmt.Sprintf("the %s fence that the atomic operation at %s implies on %s", o.Fence, o.Pos, m)
		}
		return fmt.Sprintf("the %s fence at %s", o.Fence, o.Pos)
	case AtomicBlock:
		return fmt.Sprintf("the atomic block at %s, a fence on %s", o.Pos, m)
	}
	after := "loads"
	if o.Fence == lsl.LoadStore || o.Fence == lsl.StoreStore {
		after = "stores"
	}
	// The ordering is a fence right after the site: it keeps every
	// access of the site's type up to the site, not only the site's,
	// before the later ones (one at an earlier access may be the one the
	// proof relies on).
	return fmt.Sprintf("%s keeps the %ss up to the one at %s before the %s after them", m, o.Site.Kind(), o.Site.Pos, after)
}

// Proof is why a test passes on a model: a minimal set of orderings that
// suffices. With only these of the candidates in force the test passes;
// without any one of them (the others still left out) some execution
// fails, or, in a test with loops, runs past the loop bounds the check
// reached. Another set may suffice too: a redundant fence beside a named
// one can take its place.
//
// The proof is of the unrolling the check ended with, and with fewer
// orderings a loop may run longer than its bound there, and fail only
// then: so a set suffices only if it also keeps every execution within
// the bounds (the lazy unrolling's own condition for a pass), and the
// search asks both questions.
type Proof struct {
	Orderings []Ordering
	// Candidates is the number of orderings considered.
	Candidates int
	SatCalls   int
	// Loops: the test has loop bounds, and an ordering may be needed
	// to keep the executions within them.
	Loops bool
	// WithinBounds: even with every ordering an execution runs past the
	// test's loop bounds (a test not from a check that passed), so the
	// proof is of the executions within them only.
	WithinBounds bool
}

// PassReasons finds a minimal set of the orderings that the passing test
// (straight-line, at the bounds its check reached) needs on m against
// spec: the fences of the code, the atomic blocks that act as fences on
// m, and the program-order pairs m keeps (per access site and type).
// With all of them the test passes; without any one of the set, some
// execution fails (an error, or an outcome outside spec).
//
// The test is encoded on m weakened to keep only same-address order,
// without atomic blocks as fences, and with each kept ordering put back
// as fences that can be switched off: after each access of a type m
// keeps in order, a fence of that order; beside each atomic block, full
// fences. With all of them on, this is m again (a fence after every load
// orders it before every later access, as tso does); the search is then
// step 3 of the package doc.
func PassReasons(ctx context.Context, test *lsl.Test, m *memmodel.Model, spec *mining.ObservationSet, opt encode.Options) (*Proof, error) {
	if m.SerialOps {
		return nil, errors.New("explain: nothing reorders under serial")
	}
	weak := *m
	weak.Name = m.Name // fences "on" a model follow its name
	var kept []lsl.FenceKind
	for x := range 2 {
		for y := range 2 {
			if weak.Keep[x][y] == memmodel.Always {
				weak.Keep[x][y] = memmodel.SameAddr
				kept = append(kept, kindFor(x == memmodel.Store, y == memmodel.Store))
			}
		}
	}
	weak.AtomicFence = false
	var cands []Ordering
	sites := map[lsl.AccessSite]bool{}
	atomics := map[lsl.Pos]bool{}
	codeFences := map[Ordering]bool{}
	for _, invs := range test.Threads {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				switch s := s.(type) {
				case *lsl.Load:
					sites[lsl.AccessSite{Pos: s.Pos}] = true
				case *lsl.Store:
					sites[lsl.AccessSite{Pos: s.Pos, Store: true}] = true
				case *lsl.Atomic:
					if m.AtomicFence && !s.NoFence {
						atomics[s.Pos] = true
					}
				case *lsl.Fence:
					if s.On(m.Name) {
						codeFences[Ordering{Kind: CodeFence, Fence: s.Kind, Pos: s.Pos, Implied: s.Implied}] = true
					}
				}
				return true
			})
		}
	}
	for o := range codeFences {
		cands = append(cands, o)
	}
	for p := range atomics {
		cands = append(cands, Ordering{Kind: AtomicBlock, Fence: lsl.Full, Pos: p})
	}
	for s := range sites {
		for _, k := range kept {
			if k.Orders(s.Store, false) || k.Orders(s.Store, true) {
				cands = append(cands, Ordering{Kind: ModelOrder, Fence: k, Site: s})
			}
		}
	}
	// atomic blocks and the code's fences are tried for deletion first,
	// the model's orders last: a proof on tso reads as what tso keeps
	slices.SortFunc(cands, func(a, b Ordering) int {
		if a.Kind != b.Kind {
			return int(b.Kind) - int(a.Kind)
		}
		if c := comparePos(a.Pos, b.Pos); c != 0 {
			return c
		}
		if c := comparePos(a.Site.Pos, b.Site.Pos); c != 0 {
			return c
		}
		if a.Site.Store != b.Site.Store {
			return boolInt(a.Site.Store) - boolInt(b.Site.Store)
		}
		if a.Implied != b.Implied {
			return boolInt(a.Implied) - boolInt(b.Implied)
		}
		return int(a.Fence) - int(b.Fence)
	})
	q, err := proofQuestion(ctx, test, &weak, spec, cands, opt)
	if err != nil {
		return nil, err
	}
	p := &Proof{Candidates: len(cands), Loops: q.exceed != nil}
	all := make([]int, len(cands))
	rank := make([]int, len(cands))
	for i := range all {
		all[i], rank[i] = i, i
	}
	if q.exceed != nil {
		p.SatCalls++
		switch q.pastBounds(ctx, all) {
		case 0:
			return nil, ctx.Err()
		case 1:
			q.orBeyond, p.Loops, p.WithinBounds = false, false, true
		}
	}
	p.SatCalls++
	switch q.ask(ctx, all) {
	case 0:
		return nil, ctx.Err()
	case 1:
		return nil, fmt.Errorf("explain: internal error: %s fails on %s with every ordering of %s put back", test.Name, m.Name, m.Name)
	}
	c := &Cause{}
	keep, err := q.shrink(ctx, c, rank)
	if err != nil {
		return nil, err
	}
	p.SatCalls += c.SatCalls
	for _, k := range keep {
		o := cands[k]
		o.ForBounds = q.forBounds[k]
		p.Orderings = append(p.Orderings, o)
	}
	return p, nil
}

// proofQuestion encodes "does an execution fail" on test with the
// orderings as switchable fences.
func proofQuestion(ctx context.Context, test *lsl.Test, m *memmodel.Model, spec *mining.ObservationSet, cands []Ordering, opt encode.Options) (*question, error) {
	var after []Fence
	afterOf := map[int]int{} // index in after → candidate
	atomicAt := map[lsl.Pos]int{}
	codeAt := map[Ordering]int{}
	for i, o := range cands {
		switch o.Kind {
		case ModelOrder:
			afterOf[len(after)] = i
			after = append(after, Fence{Kind: o.Fence, At: o.Site, After: true})
		case AtomicBlock:
			atomicAt[o.Pos] = i
		case CodeFence:
			codeAt[o] = i
		}
	}
	fenced, inserted := withFences(test, after)
	fenced, atomicFences := aroundAtomics(fenced, atomicAt)
	ra, err := rangeanalysis.Analyze(ctx, fenced)
	if err != nil {
		return nil, err
	}
	opt.SwitchImplied = true // an atomic operation's fences are candidates too
	enc, err := encode.Encode(ctx, fenced, ra, m, opt)
	if err != nil {
		return nil, err
	}
	act := mining.ExcludeSpec(enc, spec)
	q := &question{enc: enc, base: []encode.Lit{act}, enables: make([][]encode.Lit, len(cands)), owner: map[encode.Lit]int{}, orBeyond: true}
	for _, f := range enc.Fences {
		lf, ok := f.Stmt.(*lsl.Fence)
		if !ok || f.Enable == enc.True() {
			continue
		}
		i, found := -1, false
		if j, ok := inserted[lf]; ok {
			i, found = afterOf[j], true
		} else if j, ok := atomicFences[lf]; ok {
			i, found = j, true
		} else if j, ok := codeAt[Ordering{Kind: CodeFence, Fence: lf.Kind, Pos: lf.Pos, Implied: lf.Implied}]; ok {
			i, found = j, true
		}
		if found {
			q.enables[i] = append(q.enables[i], f.Enable)
			q.owner[f.Enable] = i
		}
	}
	for _, l := range enc.Assumptions() {
		_, on := q.owner[l]
		_, off := q.owner[l.Not()]
		if !on && !off {
			q.base = append(q.base, l)
		}
	}
	// A set that keeps the executions within the bounds from failing
	// must also keep them within the bounds: with fewer orderings a loop
	// may run longer, and an execution past the bounds may fail.
	q.addExceedQuestion()
	return q, nil
}

// aroundAtomics returns test with a full fence before and after each
// atomic block at a position of at, and the candidate of each.
func aroundAtomics(t *lsl.Test, at map[lsl.Pos]int) (*lsl.Test, map[*lsl.Fence]int) {
	inserted := map[*lsl.Fence]int{}
	if len(at) == 0 {
		return t, inserted
	}
	var body func([]lsl.Stmt) []lsl.Stmt
	body = func(in []lsl.Stmt) []lsl.Stmt {
		var out []lsl.Stmt
		for _, s := range in {
			switch s := s.(type) {
			case *lsl.Block:
				c := *s
				c.Body = body(s.Body)
				out = append(out, &c)
			case *lsl.Atomic:
				i, ok := at[s.Pos]
				if !ok || s.NoFence {
					out = append(out, s)
					continue
				}
				before, after := &lsl.Fence{Pos: s.Pos, Kind: lsl.Full}, &lsl.Fence{Pos: s.Pos, Kind: lsl.Full}
				inserted[before], inserted[after] = i, i
				out = append(out, before, s, after)
			default:
				out = append(out, s)
			}
		}
		return out
	}
	c := *t
	c.Threads = nil
	for _, th := range t.Threads {
		var invs []*lsl.Invocation
		for _, inv := range th {
			ci := *inv
			ci.Body = body(inv.Body)
			invs = append(invs, &ci)
		}
		c.Threads = append(c.Threads, invs)
	}
	return &c, inserted
}
