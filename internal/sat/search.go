package sat

import (
	"context"
	"math"
	"slices"

	"github.com/go-air/gini/z"
)

func float32bits(f float32) uint32     { return math.Float32bits(f) }
func float32frombits(b uint32) float32 { return math.Float32frombits(b) }

// Solve decides the clauses under the assumptions: 1 satisfiable, -1
// unsatisfiable, 0 stopped because ctx ended.
func (s *Solver) Solve(ctx context.Context, assumptions ...z.Lit) int {
	return s.SolveWithin(ctx, 0, assumptions...)
}

// SolveWithin is Solve that gives up, answering 0, once the call has
// met maxConflicts conflicts (0: no limit). Conflicts, unlike time, do
// not depend on the machine: the same calls on the same clauses give up
// at the same point.
func (s *Solver) SolveWithin(ctx context.Context, maxConflicts int64, assumptions ...z.Lit) int {
	s.conflictStop = 0
	if maxConflicts > 0 {
		s.conflictStop = s.stats.Conflicts + maxConflicts
	}
	s.conflWhy = s.conflWhy[:0]
	if !s.ok {
		return -1
	}
	s.growFor(assumptions)
	// The levels of the assumptions this call shares, from the first,
	// with the last call are kept (see keepAssumptionLevels).
	keep := 0
	for keep < s.decisionLevel() && keep < len(assumptions) && s.assumps[keep] == assumptions[keep] {
		keep++
	}
	s.cancelUntil(keep)
	s.assumps = append(s.assumps[:0], assumptions...)
	// every assumption takes a level, even one already true
	for len(s.lvlStamp) < s.nVars+len(s.assumps)+2 {
		s.lvlStamp = append(s.lvlStamp, 0)
	}
	var done <-chan struct{}
	if ctx != nil {
		done = ctx.Done()
	}
	if done != nil && s.stopped(done) {
		return 0
	}
	res := s.search(done)
	s.keepAssumptionLevels()
	return res
}

// keepAssumptionLevels backtracks, after a solve, to the levels of its
// assumptions (each has a level of its own, the first ones first), which
// the next solve keeps as far as its assumptions begin with the same ones:
// a question asked disjunct by disjunct (questions.FirstOf) repeats a
// long common prefix (the encoding's assumptions and the disjuncts proved
// impossible so far), whose propagation would otherwise be redone on
// every call: on lazylist Sacr2's last failure question, 17% of its
// propagations, and the test 4-7% faster. The state kept is one the search
// itself passes through (each level propagated to its fixpoint, every
// learnt clause asserting at the level it was learnt for), so the next
// solve goes on as after a restart that kept those levels. AddClause
// backtracks to level 0 first: it reads the values it finds as facts.
// FuzzSolver asks questions sharing prefixes without clauses between
// them, and catches a solver that keeps levels of other assumptions or
// adds clauses above level 0.
func (s *Solver) keepAssumptionLevels() {
	s.cancelUntil(min(s.decisionLevel(), len(s.assumps)))
}

func (s *Solver) stopped(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

func (s *Solver) search(done <-chan struct{}) int {
	lastPoll := s.stats.Propagations
	for {
		confl := s.propagate()
		if confl != noReason && s.decisionLevel() == 0 {
			s.stats.Conflicts++
			s.ok = false
			return -1
		}
		// a stop is checked only after a level-0 conflict was recorded:
		// propagation has moved past it and would not find it again
		if done != nil && s.stats.Propagations-lastPoll > 10000 {
			lastPoll = s.stats.Propagations
			if s.stopped(done) {
				return 0
			}
		}
		if confl != noReason {
			s.stats.Conflicts++
			if done != nil && s.stats.Conflicts%100 == 0 && s.stopped(done) {
				return 0
			}
			bt, lbd := s.analyze(confl)

			// Glucose restart blocking: a trail much longer than usual
			// suggests the search approaches a model, so do not restart.
			s.trailQ.push(uint32(len(s.trail)))
			if s.stats.Conflicts > 10000 && s.lbdQ.full() && float64(len(s.trail)) > s.restartR*s.trailQ.avg() {
				s.lbdQ.clear()
			}
			s.lbdQ.push(uint32(lbd))
			s.sumLBD += float64(lbd)

			s.cancelUntil(bt)
			c := s.learnt
			switch len(c) {
			case 1:
				s.assign(c[0], noReason)
			case 2:
				s.addBin(c[0], c[1])
				s.nBinLrn++
				s.assign(c[0], binFlag|uint32(c[1]))
			default:
				cr := s.alloc(c, true, lbd)
				s.learnts = append(s.learnts, cr)
				s.attach(cr)
				s.bumpClause(cr)
				s.assign(c[0], cr)
			}
			s.varInc /= s.varDec
			s.claInc /= 0.999
			continue
		}

		// propagation is at its fixpoint here: the state is one a
		// later call may keep (keepAssumptionLevels)
		if s.conflictStop > 0 && s.stats.Conflicts >= s.conflictStop {
			return 0
		}
		// Glucose dynamic restart: recent learnt clauses are worse
		// than the average so far.
		if s.lbdQ.full() && s.lbdQ.avg()*s.restartK > s.sumLBD/float64(s.stats.Conflicts) {
			s.lbdQ.clear()
			s.stats.Restarts++
			s.cancelUntil(0)
			continue
		}
		if s.decisionLevel() == 0 && len(s.trail) != s.simpAssigns && s.simpProps <= s.stats.Propagations {
			s.simplify()
		}
		if s.stats.Conflicts >= s.nextReduce {
			s.reduceInc += s.reduceStep
			s.nextReduce = s.stats.Conflicts + s.reduceInc
			s.reduceDB()
		}

		next := z.LitNull
		for s.decisionLevel() < len(s.assumps) {
			p := s.assumps[s.decisionLevel()]
			if s.val[p] == 1 {
				s.trailLim = append(s.trailLim, int32(len(s.trail)))
			} else if s.val[p] == -1 {
				s.analyzeFinal(p)
				return -1
			} else {
				next = p
				break
			}
		}
		if next == z.LitNull {
			s.stats.Decisions++
			next = s.pickBranch()
			if next == z.LitNull {
				s.saveModel()
				return 1
			}
		}
		s.trailLim = append(s.trailLim, int32(len(s.trail)))
		s.assign(next, noReason)
	}
}

func (s *Solver) saveModel() {
	s.model = slices.Grow(s.model[:0], s.nVars+1)[:s.nVars+1]
	for v := 1; v <= s.nVars; v++ {
		s.model[v] = s.val[2*v]
	}
}

func (s *Solver) locked(cr uint32) bool {
	l := z.Lit(s.arena[cr+1])
	return s.val[l] == 1 && s.vd[l>>1].reason == cr
}

// reduceDB deletes about half of the long learnt clauses, worst first
// (high LBD, then low activity); clauses of LBD ≤ 2 and reasons stay.
func (s *Solver) reduceDB() {
	a := s.arena
	slices.SortFunc(s.learnts, func(x, y uint32) int {
		if a[x-2] != a[y-2] {
			if a[x-2] > a[y-2] {
				return -1
			}
			return 1
		}
		ax, ay := float32frombits(a[x-1]), float32frombits(a[y-1])
		if ax != ay {
			if ax < ay {
				return -1
			}
			return 1
		}
		if x < y {
			return -1
		}
		return 1
	})
	n0 := len(s.learnts)
	half := n0 / 2
	j := 0
	for i, cr := range s.learnts {
		if i < half && a[cr-2] > 2 && !s.locked(cr) {
			s.deleteClause(cr)
			continue
		}
		s.learnts[j] = cr
		j++
	}
	s.learnts = s.learnts[:j]
	s.collect()
}

// simplify, at level 0, removes satisfied clauses and false literals;
// long clauses that shrink to two literals become binary.
func (s *Solver) simplify() {
	s.simpAssigns = len(s.trail)
	for _, p := range s.trail {
		s.vd[p>>1].reason = noReason
		s.lists[p].bin = nil
		s.lists[p^1].bin = nil
	}
	for k := 0; k < 2; k++ {
		list := &s.clauses
		if k == 1 {
			list = &s.learnts
		}
		j := 0
		for _, cr := range *list {
			if s.simplifyClause(cr) {
				(*list)[j] = cr
				j++
			}
		}
		*list = (*list)[:j]
	}
	s.collect()
	n := 0
	for _, cr := range s.clauses {
		n += s.clauseSize(cr)
	}
	for _, cr := range s.learnts {
		n += s.clauseSize(cr)
	}
	s.simpProps = s.stats.Propagations + int64(n)
}

// simplifyClause reports whether the clause stays in the arena.
func (s *Solver) simplifyClause(cr uint32) bool {
	sz := s.clauseSize(cr)
	c := s.arena[cr+1 : cr+1+uint32(sz)]
	j := 0
	for _, l := range c {
		switch s.val[l] {
		case 1:
			// positions 0 and 1 are still the watches: a false watch
			// has a true partner, and unassigned ones stay in place
			s.deleteClause(cr)
			return false
		case 0:
			c[j] = l
			j++
		}
	}
	if j == 2 {
		// the watches are unassigned after full propagation at level 0
		l0, l1 := z.Lit(c[0]), z.Lit(c[1])
		s.addBin(l0, l1)
		if s.arena[cr]&hdrLearnt != 0 {
			s.nBinLrn++
		}
		s.deleteClause(cr)
		return false
	}
	if j < sz {
		s.wasted += sz - j
		s.arena[cr] = uint32(j)<<hdrShift | s.arena[cr]&(1<<hdrShift-1)
	}
	return true
}

// deleteClause marks a long clause deleted; its watches go in collect,
// which only needs to look at the two lists noted here.
func (s *Solver) deleteClause(cr uint32) {
	s.arena[cr] |= hdrDeleted
	s.wasted += s.clauseWords(cr)
	for _, l := range s.arena[cr+1 : cr+3] {
		if d := z.Lit(l) ^ 1; !s.dirty[d] {
			s.dirty[d] = true
			s.dirtyLits = append(s.dirtyLits, d)
		}
	}
}

// collect compacts the arena when enough of it is garbage, relocating
// the reasons and rebuilding the watch lists; without compaction it only
// drops the watches of deleted clauses.
func (s *Solver) collect() {
	defer func() {
		for _, d := range s.dirtyLits {
			s.dirty[d] = false
		}
		s.dirtyLits = s.dirtyLits[:0]
	}()
	if s.wasted*5 > len(s.arena) {
		old := s.arena
		na := make([]uint32, 1, len(old)-s.wasted+1)
		reloc := func(list []uint32) {
			for i, cr := range list {
				w := s.clauseWords(cr)
				sz := s.clauseSize(cr)
				start := int(cr) + 1 + sz - w
				nc := uint32(len(na) + int(cr) - start)
				na = append(na, old[start:int(cr)+1+sz]...)
				old[cr+1] = nc // forwarding address for the reasons
				list[i] = nc
			}
		}
		reloc(s.clauses)
		reloc(s.learnts)
		// reasons are never deleted clauses, so all were forwarded
		for _, p := range s.trail {
			if r := s.vd[p>>1].reason; r != noReason && r&binFlag == 0 {
				s.vd[p>>1].reason = old[r+1]
			}
		}
		s.arena = na
		s.wasted = 0
	} else {
		for _, d := range s.dirtyLits {
			ws := s.lists[d].ws
			j := 0
			for _, w := range ws {
				if s.arena[w.cref]&hdrDeleted == 0 {
					ws[j] = w
					j++
				}
			}
			s.lists[d].ws = ws[:j]
		}
		return
	}
	for i := range s.lists {
		s.lists[i].ws = s.lists[i].ws[:0]
	}
	for _, cr := range s.clauses {
		s.attach(cr)
	}
	for _, cr := range s.learnts {
		s.attach(cr)
	}
}
