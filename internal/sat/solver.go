package sat

import (
	"slices"

	"github.com/go-air/gini/z"
)

// Stats are cumulative counters over all solves of a Solver.
type Stats struct {
	Conflicts    int64
	Decisions    int64
	Propagations int64
	Restarts     int64
	Learnt       int // learnt clauses currently kept (long and binary)
}

// Reasons and conflicts are uint32 words: 0 means none, a word with
// binFlag set holds the other literal of a binary clause, anything else
// is a clause reference (the offset of the clause header in the arena).
const (
	noReason uint32 = 0
	binFlag  uint32 = 1 << 31
)

// Clause header word: size<<2 | flags. Learnt clauses carry two words
// before the header (LBD, activity as float32 bits), so the literals of
// every clause start right after the header whatever its kind.
const (
	hdrLearnt  uint32 = 1
	hdrDeleted uint32 = 2
	hdrShift          = 2
)

// varData is what the search knows of an assigned variable, kept
// together since both are written on every assignment.
type varData struct {
	reason uint32
	level  int32
}

// litLists are the clauses visited when a literal p becomes true; both
// lists sit together so that one cache miss fetches both headers.
type litLists struct {
	bin []z.Lit // literals implied by p (binary clauses ¬p ∨ q)
	ws  []watch // long clauses watching ¬p
}

type watch struct {
	cref    uint32
	blocker z.Lit
}

// Solver is an incremental CDCL SAT solver. It is not safe for
// concurrent use.
type Solver struct {
	ok bool // false once the clauses alone are unsatisfiable

	nVars int
	val   []int8 // per literal: 1 true, -1 false, 0 unassigned
	vd    []varData
	pol   []uint8 // saved phase per var: the sign bit of the literal to decide
	seen  []uint8
	model []int8

	trail    []z.Lit
	trailLim []int32
	qhead    int

	arena   []uint32
	wasted  int
	clauses []uint32 // refs of long original clauses
	learnts []uint32 // refs of long learnt clauses
	nBinLrn int
	lists   []litLists // per literal

	// literals whose watch lists hold deleted clauses
	dirty     []bool
	dirtyLits []z.Lit

	// VSIDS
	act    []float64
	varInc float64
	varDec float64

	heap []int32
	hpos []int32 // position in heap, -1 when absent

	claInc float32

	// conflict analysis scratch
	binConfl [2]z.Lit
	learnt   []z.Lit
	toClear  []z.Lit
	stack    []z.Lit
	lvlStamp []uint32
	stampNow uint32 // lvlStamp has one entry per decision level

	assumps  []z.Lit
	conflWhy []z.Lit // the result of Why
	// conflictStop: the count of conflicts at which the call gives up
	// (SolveWithin); 0 for none
	conflictStop int64

	// restarts (Glucose: LBD queue with trail-size blocking)
	lbdQ     boundedQueue
	trailQ   boundedQueue
	sumLBD   float64
	restartK float64
	restartR float64

	// learnt clause database reduction
	nextReduce int64
	reduceInc  int64
	reduceStep int64

	// level-0 simplification
	simpAssigns int
	simpProps   int64

	stats Stats
}

type boundedQueue struct {
	buf  []uint32
	head int
	n    int
	sum  uint64
}

func newQueue(size int) boundedQueue { return boundedQueue{buf: make([]uint32, size)} }

func (q *boundedQueue) push(x uint32) {
	if q.n == len(q.buf) {
		q.sum -= uint64(q.buf[q.head])
		q.buf[q.head] = x
		q.head++
		if q.head == len(q.buf) {
			q.head = 0
		}
	} else {
		q.buf[(q.head+q.n)%len(q.buf)] = x
		q.n++
	}
	q.sum += uint64(x)
}

func (q *boundedQueue) full() bool   { return q.n == len(q.buf) }
func (q *boundedQueue) avg() float64 { return float64(q.sum) / float64(q.n) }
func (q *boundedQueue) clear()       { q.head, q.n, q.sum = 0, 0, 0 }

// New returns an empty solver.
func New() *Solver {
	s := &Solver{
		ok:          true,
		varInc:      1,
		varDec:      0.95,
		claInc:      1,
		lbdQ:        newQueue(50),
		trailQ:      newQueue(5000),
		restartK:    0.9,
		restartR:    1.4,
		nextReduce:  10000,
		reduceInc:   10000,
		reduceStep:  1000,
		simpAssigns: -1,
	}
	// index 0 of the arena is never a clause, so that 0 can mean "no reason"
	s.arena = append(s.arena, 0)
	s.growTo(0)
	return s
}

// growTo makes room for variables 1..n.
func (s *Solver) growTo(n int) {
	if k := n + 1 - len(s.vd); k > 0 {
		// room for k more variables in every array, doubling: an
		// encoding adds its variables one at a time, and append's
		// growth by a quarter copies the arrays many times over
		s.val = reserve(s.val, 2*k)
		s.vd = reserve(s.vd, k)
		s.pol = reserve(s.pol, k)
		s.seen = reserve(s.seen, k)
		s.lists = reserve(s.lists, 2*k)
		s.dirty = reserve(s.dirty, 2*k)
		s.act = reserve(s.act, k)
		s.hpos = reserve(s.hpos, k)
		s.lvlStamp = reserve(s.lvlStamp, k)
	}
	for s.nVars < n || len(s.vd) == 0 {
		v := len(s.vd)
		s.val = append(s.val, 0, 0)
		s.vd = append(s.vd, varData{})
		s.pol = append(s.pol, 1)
		s.seen = append(s.seen, 0)
		s.lists = append(s.lists, litLists{}, litLists{})
		s.dirty = append(s.dirty, false, false)
		s.act = append(s.act, 0)
		s.hpos = append(s.hpos, -1)
		s.lvlStamp = append(s.lvlStamp, 0)
		if v > 0 {
			s.nVars = v
			s.heapInsert(int32(v))
		}
	}
}

// growFor makes room for the variables of lits.
func (s *Solver) growFor(lits []z.Lit) {
	maxV := 0
	for _, l := range lits {
		maxV = max(maxV, int(l>>1))
	}
	if maxV > s.nVars {
		s.growTo(maxV)
	}
}

// NewVar returns the positive literal of a fresh variable.
func (s *Solver) NewVar() z.Lit {
	s.growTo(s.nVars + 1)
	return z.Lit(2 * s.nVars)
}

// Stats returns the cumulative counters.
func (s *Solver) Stats() Stats {
	st := s.stats
	st.Learnt = len(s.learnts) + s.nBinLrn
	return st
}

// Value reports the value of l in the model of the last Solve that
// returned 1.
func (s *Solver) Value(l z.Lit) bool {
	v := int(l >> 1)
	if v >= len(s.model) {
		return l&1 == 1
	}
	return (s.model[v] == 1) != (l&1 == 1)
}

// Why returns, after Solve returned -1, assumptions under which the
// clauses are unsatisfiable; it is empty iff the clauses alone are.
func (s *Solver) Why() []z.Lit {
	return slices.Clone(s.conflWhy)
}

func (s *Solver) decisionLevel() int { return len(s.trailLim) }

func (s *Solver) assign(p z.Lit, from uint32) {
	v := p >> 1
	s.val[p] = 1
	s.val[p^1] = -1
	s.vd[v].level = int32(len(s.trailLim))
	s.vd[v].reason = from
	s.trail = append(s.trail, p)
}

// AddClause adds a clause; it may be called between solves.
func (s *Solver) AddClause(lits ...z.Lit) {
	if !s.ok {
		return
	}
	s.cancelUntil(0) // the last solve's assumptions may still be set
	s.growFor(lits)
	c := append(s.learnt[:0], lits...)
	slices.Sort(c)
	j := 0
	for i, l := range c {
		if l < 2 {
			continue
		}
		if i > 0 && l == c[i-1] {
			continue
		}
		if j > 0 && c[j-1] == l^1 {
			return // tautology
		}
		switch s.val[l] {
		case 1:
			return // satisfied at level 0
		case -1:
			continue
		}
		c[j] = l
		j++
	}
	c = c[:j]
	s.learnt = c[:0]
	switch len(c) {
	case 0:
		s.ok = false
	case 1:
		s.assign(c[0], noReason)
		if s.propagate() != noReason {
			s.ok = false
		}
	case 2:
		s.addBin(c[0], c[1])
	default:
		cr := s.alloc(c, false, 0)
		s.clauses = append(s.clauses, cr)
		s.attach(cr)
	}
}

func (s *Solver) addBin(a, b z.Lit) {
	s.lists[a^1].bin = append(reserve(s.lists[a^1].bin, 1), b)
	s.lists[b^1].bin = append(reserve(s.lists[b^1].bin, 1), a)
}

func (s *Solver) alloc(c []z.Lit, learnt bool, lbd int) uint32 {
	if uint64(len(s.arena))+uint64(len(c))+3 >= uint64(binFlag) {
		// a reference must leave binFlag clear (8 GiB of clauses):
		// stop rather than confuse a clause with a binary reason
		panic("sat: the clause arena is full (2^31 words)")
	}
	s.arena = reserve(s.arena, len(c)+3)
	hdr := uint32(len(c)) << hdrShift
	if learnt {
		s.arena = append(s.arena, uint32(lbd), 0)
		hdr |= hdrLearnt
	}
	cr := uint32(len(s.arena))
	s.arena = append(s.arena, hdr)
	for _, l := range c {
		s.arena = append(s.arena, uint32(l))
	}
	return cr
}

func (s *Solver) clauseSize(cr uint32) int { return int(s.arena[cr] >> hdrShift) }

func (s *Solver) clauseWords(cr uint32) int {
	n := 1 + s.clauseSize(cr)
	if s.arena[cr]&hdrLearnt != 0 {
		n += 2
	}
	return n
}

func (s *Solver) attach(cr uint32) {
	l0, l1 := z.Lit(s.arena[cr+1]), z.Lit(s.arena[cr+2])
	s.lists[l0^1].ws = append(reserve(s.lists[l0^1].ws, 1), watch{cr, l1})
	s.lists[l1^1].ws = append(reserve(s.lists[l1^1].ws, 1), watch{cr, l0})
}

// reserve returns s with room for n more elements, at least doubling its
// capacity when it grows, and starting at 8: append grows large slices by
// a quarter and small ones one size class at a time, and the solver's
// arrays and lists are built up an element at a time.
func reserve[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	t := make([]T, len(s), max(2*cap(s), len(s)+n, 8))
	copy(t, s)
	return t
}

// propagate runs unit propagation to fixpoint; it returns noReason or the
// conflict (a clause ref, or binFlag with s.binConfl set). The hot state
// lives in locals so the loops do not reload it through s.
func (s *Solver) propagate() uint32 {
	confl := noReason
	arena := s.arena
	val := s.val
	vd := s.vd
	lists := s.lists
	trail := s.trail
	qhead := s.qhead
	lvl := int32(len(s.trailLim))
	bhead := qhead
	for qhead < len(trail) {
		// binary implications of the whole trail first: no arena
		// access, and binary conflicts are found before long clauses
		// are visited
		for ; bhead < len(trail); bhead++ {
			p := trail[bhead]
			for _, q := range lists[p].bin {
				switch val[q] {
				case 0:
					val[q] = 1
					val[q^1] = -1
					vd[q>>1] = varData{binFlag | uint32(p^1), lvl}
					trail = append(trail, q)
				case -1:
					s.binConfl = [2]z.Lit{q, p ^ 1}
					confl = binFlag
					qhead = bhead + 1
					goto done
				}
			}
		}
		p := trail[qhead]
		qhead++
		pl := &lists[p]

		{
			falseLit := p ^ 1
			ws := pl.ws
			i, j, n := 0, 0, len(ws)
		nextWatch:
			for i < n {
				w := ws[i]
				i++
				if val[w.blocker] == 1 {
					ws[j] = w
					j++
					continue
				}
				cr := w.cref
				c := arena[cr+1 : cr+1+arena[cr]>>hdrShift]
				if z.Lit(c[0]) == falseLit {
					c[0], c[1] = c[1], c[0]
				}
				first := z.Lit(c[0])
				nw := watch{cr, first}
				if first != w.blocker && val[first] == 1 {
					ws[j] = nw
					j++
					continue
				}
				for k := 2; k < len(c); k++ {
					if val[c[k]] != -1 {
						c[1] = c[k]
						c[k] = uint32(falseLit)
						nl := &lists[z.Lit(c[1])^1]
						nl.ws = append(nl.ws, nw)
						continue nextWatch
					}
				}
				ws[j] = nw
				j++
				if val[first] == -1 {
					confl = cr
					for i < n {
						ws[j] = ws[i]
						j++
						i++
					}
				} else {
					val[first] = 1
					val[first^1] = -1
					vd[first>>1] = varData{cr, lvl}
					trail = append(trail, first)
				}
			}
			pl.ws = ws[:j]
			if confl != noReason {
				break
			}
		}
	}
done:
	s.stats.Propagations += int64(qhead - s.qhead)
	s.qhead = qhead
	s.trail = trail
	return confl
}

func (s *Solver) cancelUntil(lvl int) {
	if len(s.trailLim) <= lvl {
		return
	}
	lim := int(s.trailLim[lvl])
	for i := len(s.trail) - 1; i >= lim; i-- {
		p := s.trail[i]
		v := p >> 1
		s.val[p] = 0
		s.val[p^1] = 0
		s.pol[v] = uint8(p & 1)
		if s.hpos[v] < 0 {
			s.heapInsert(int32(v))
		}
	}
	s.trail = s.trail[:lim]
	s.qhead = lim
	s.trailLim = s.trailLim[:lvl]
}

// reasonLits returns the literals of a reason other than the implied
// one, using buf for binary reasons.
func (s *Solver) reasonLits(r uint32, buf *[1]uint32) []uint32 {
	if r&binFlag != 0 {
		buf[0] = r &^ binFlag
		return buf[:]
	}
	return s.arena[r+2 : r+1+s.arena[r]>>hdrShift]
}

// analyze derives the first-UIP clause of conflict confl into s.learnt
// (asserting literal first, a literal of the backjump level second) and
// returns the backjump level and the LBD.
func (s *Solver) analyze(confl uint32) (int, int) {
	out := append(s.learnt[:0], 0)
	pathC := 0
	p := z.LitNull
	idx := len(s.trail) - 1
	cur := int32(s.decisionLevel())
	var buf [1]uint32
	for {
		var lits []uint32
		if confl == binFlag && p == z.LitNull {
			buf2 := [2]uint32{uint32(s.binConfl[0]), uint32(s.binConfl[1])}
			lits = buf2[:]
		} else if confl&binFlag != 0 {
			lits = s.reasonLits(confl, &buf)
		} else {
			sz := s.arena[confl] >> hdrShift
			if s.arena[confl]&hdrLearnt != 0 {
				s.bumpClause(confl)
				if s.arena[confl-2] > 2 {
					if nl := lbd(s, s.arena[confl+1:confl+1+sz]); nl+1 < int(s.arena[confl-2]) {
						s.arena[confl-2] = uint32(nl)
					}
				}
			}
			if p == z.LitNull {
				lits = s.arena[confl+1 : confl+1+sz]
			} else {
				lits = s.arena[confl+2 : confl+1+sz]
			}
		}
		for _, ql := range lits {
			q := z.Lit(ql)
			v := q >> 1
			if s.seen[v] == 0 && s.vd[v].level > 0 {
				s.bumpVar(int32(v))
				s.seen[v] = 1
				if s.vd[v].level >= cur {
					pathC++
				} else {
					out = append(out, q)
				}
			}
		}
		for s.seen[s.trail[idx]>>1] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		confl = s.vd[p>>1].reason
		s.seen[p>>1] = 0
		pathC--
		if pathC == 0 {
			break
		}
	}
	out[0] = p ^ 1

	// recursive minimization (MiniSat ccmin mode 2)
	s.toClear = append(s.toClear[:0], out...)
	var abs uint32
	for _, q := range out[1:] {
		abs |= 1 << (uint32(s.vd[q>>1].level) & 31)
	}
	j := 1
	for i := 1; i < len(out); i++ {
		q := out[i]
		if s.vd[q>>1].reason == noReason || !s.redundant(q, abs) {
			out[j] = q
			j++
		}
	}
	out = out[:j]
	for _, q := range s.toClear {
		s.seen[q>>1] = 0
	}

	bt := 0
	if len(out) > 1 {
		mi := 1
		for i := 2; i < len(out); i++ {
			if s.vd[out[i]>>1].level > s.vd[out[mi]>>1].level {
				mi = i
			}
		}
		out[1], out[mi] = out[mi], out[1]
		bt = int(s.vd[out[1]>>1].level)
	}
	s.learnt = out
	n := 0
	if len(out) > 0 {
		n = lbd(s, out)
	}
	return bt, n
}

// lbd is the number of distinct decision levels among the literals of c
// (a clause in the arena, or a learnt clause being built).
func lbd[L ~uint32](s *Solver, c []L) int {
	s.stampNow++
	n := 0
	for _, l := range c {
		lv := s.vd[l>>1].level
		if s.lvlStamp[lv] != s.stampNow {
			s.lvlStamp[lv] = s.stampNow
			n++
		}
	}
	return n
}

// redundant reports whether p is implied by the other literals of the
// learnt clause (all marked seen), following reasons recursively.
func (s *Solver) redundant(p z.Lit, abs uint32) bool {
	s.stack = append(s.stack[:0], p)
	top := len(s.toClear)
	var buf [1]uint32
	for len(s.stack) > 0 {
		q := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		for _, ll := range s.reasonLits(s.vd[q>>1].reason, &buf) {
			l := z.Lit(ll)
			v := l >> 1
			if s.seen[v] != 0 || s.vd[v].level == 0 {
				continue
			}
			if s.vd[v].reason != noReason && (1<<(uint32(s.vd[v].level)&31))&abs != 0 {
				s.seen[v] = 1
				s.stack = append(s.stack, l)
				s.toClear = append(s.toClear, l)
				continue
			}
			for _, c := range s.toClear[top:] {
				s.seen[c>>1] = 0
			}
			s.toClear = s.toClear[:top]
			return false
		}
	}
	return true
}

// analyzeFinal collects in s.conflWhy the assumptions that imply ¬p,
// where p is a false assumption.
func (s *Solver) analyzeFinal(p z.Lit) {
	s.conflWhy = append(s.conflWhy[:0], p)
	if s.decisionLevel() == 0 || s.vd[p>>1].level == 0 {
		return
	}
	s.seen[p>>1] = 1
	var buf [1]uint32
	for i := len(s.trail) - 1; i >= int(s.trailLim[0]); i-- {
		q := s.trail[i]
		v := q >> 1
		if s.seen[v] == 0 {
			continue
		}
		r := s.vd[v].reason
		if r == noReason {
			if q != p {
				s.conflWhy = append(s.conflWhy, q)
			}
		} else {
			for _, l := range s.reasonLits(r, &buf) {
				if s.vd[l>>1].level > 0 {
					s.seen[l>>1] = 1
				}
			}
		}
		s.seen[v] = 0
	}
	s.seen[p>>1] = 0
}

func (s *Solver) bumpVar(v int32) {
	s.act[v] += s.varInc
	if s.act[v] > 1e100 {
		for i := range s.act {
			s.act[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	if s.hpos[v] >= 0 {
		s.heapUp(s.hpos[v])
	}
}

func (s *Solver) bumpClause(cr uint32) {
	a := float32frombits(s.arena[cr-1]) + s.claInc
	s.arena[cr-1] = float32bits(a)
	if a > 1e20 {
		for _, c := range s.learnts {
			s.arena[c-1] = float32bits(float32frombits(s.arena[c-1]) * 1e-20)
		}
		s.claInc *= 1e-20
	}
}

// heap of variables ordered by activity (max first, ties by lower index
// so that decisions are deterministic)
func (s *Solver) less(a, b int32) bool {
	return s.act[a] > s.act[b] || (s.act[a] == s.act[b] && a < b)
}

func (s *Solver) heapInsert(v int32) {
	s.hpos[v] = int32(len(s.heap))
	s.heap = append(s.heap, v)
	s.heapUp(s.hpos[v])
}

func (s *Solver) heapUp(i int32) {
	h := s.heap
	v := h[i]
	for i > 0 {
		pi := (i - 1) >> 1
		if !s.less(v, h[pi]) {
			break
		}
		h[i] = h[pi]
		s.hpos[h[i]] = i
		i = pi
	}
	h[i] = v
	s.hpos[v] = i
}

func (s *Solver) heapDown(i int32) {
	h := s.heap
	n := int32(len(h))
	v := h[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && s.less(h[c+1], h[c]) {
			c++
		}
		if !s.less(h[c], v) {
			break
		}
		h[i] = h[c]
		s.hpos[h[i]] = i
		i = c
	}
	h[i] = v
	s.hpos[v] = i
}

func (s *Solver) heapPop() int32 {
	h := s.heap
	v := h[0]
	last := h[len(h)-1]
	s.heap = h[:len(h)-1]
	s.hpos[v] = -1
	if len(s.heap) > 0 {
		s.heap[0] = last
		s.hpos[last] = 0
		s.heapDown(0)
	}
	return v
}

func (s *Solver) pickBranch() z.Lit {
	for len(s.heap) > 0 {
		v := s.heapPop()
		if s.val[2*v] == 0 {
			return z.Lit(2*v) | z.Lit(s.pol[v])
		}
	}
	return z.LitNull
}
