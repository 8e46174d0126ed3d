package encode

import (
	"checkfence/lsl"
	"checkfence/symmetry"
)

// symmetryPairs returns the pairs of order nodes (u, v) that the symmetry
// constraints put in memory order: for each class of interchangeable threads whose
// constraint can be encoded, its members' first accesses, one after the
// next in thread order (package symmetry: "Breaking the symmetry"). A
// class is left out when its first accesses are not the same statement
// in each member (the encoding folded something away in one thread only)
// or when the fences in force differ between its members.
func (e *Encoding) symmetryPairs() []symmetryPair {
	g := e.Symmetry
	if g == nil {
		return nil
	}
	var pairs []symmetryPair
	for _, class := range g.Classes {
		lead := e.firstAccess(class[0])
		if lead == nil || !e.fencesAlike(g, class) {
			continue
		}
		chain := []*Access{lead}
		for _, j := range class[1:] {
			a := e.firstAccess(j)
			if a == nil || a.Store != lead.Store || a.Stmt != g.Corresponding(class[0], j, lead.Stmt) {
				chain = nil
				break
			}
			chain = append(chain, a)
		}
		if len(chain) >= 2 {
			e.symClasses = append(e.symClasses, class)
		}
		for k := 0; k+1 < len(chain); k++ {
			u := chain[k]
			if e.opt.BreakSymmetryTooStrong {
				// the mutant: the whole thread before the next
				u = e.lastAccess(class[k])
			}
			pairs = append(pairs, symmetryPair{u: u.node, v: chain[k+1].node, first: k == 0})
		}
	}
	return pairs
}

// symmetryPair is one constraint of the symmetry: u before v, where u
// and v are the first accesses of consecutive members of a class; first
// says u is the class's first thread's.
type symmetryPair struct {
	u, v  *orderNode
	first bool
	lit   Lit // assumed, the constraint holds
}

// lastAccess returns the last access of thread th in program order.
func (e *Encoding) lastAccess(th int) *Access {
	var last *Access
	for _, a := range e.Accesses {
		if a.Thread == th {
			last = a
		}
	}
	return last
}

// firstAccess returns the first access of thread th in program order.
func (e *Encoding) firstAccess(th int) *Access {
	for _, a := range e.Accesses {
		if a.Thread == th {
			return a // Accesses are in program order per thread
		}
	}
	return nil
}

// fencesAlike reports whether Options.FenceOn puts the same fences in
// force in every member of class.
func (e *Encoding) fencesAlike(g *symmetry.Group, class []int) bool {
	if e.opt.FenceOn == nil {
		return true
	}
	for _, f := range e.Fences {
		lf, ok := f.Stmt.(*lsl.Fence)
		if !ok || f.Thread != class[0] || f.Enable == e.c.T {
			continue
		}
		for _, j := range class[1:] {
			other, ok := g.Corresponding(class[0], j, lf).(*lsl.Fence)
			if !ok || e.opt.FenceOn(other) != e.opt.FenceOn(lf) {
				return false
			}
		}
	}
	return true
}

// encodeSymmetryBreak gives each pair its literal, which implies that
// the nodes of the pair are in memory order; their edges were added with
// the others.
func (e *Encoding) encodeSymmetryBreak(pairs []symmetryPair) {
	for _, p := range pairs {
		p.lit = e.c.newVar()
		e.c.add(p.lit.Not(), e.before(p.u, p.v))
		e.symPairs = append(e.symPairs, p)
	}
}

// SymmetryAssumptions returns the assumptions that break the symmetry of
// interchangeable threads (package symmetry): each class's threads start
// in thread order. Only questions whose answer is the same for every
// member of an orbit may assume them: does some execution fault, or have
// an outcome outside a set that is closed under the group
// (symmetry.Group.Closed)? With them, such a question is asked of fewer
// executions. The fences in force are alike in interchangeable threads
// (or the class has no constraint).
func (e *Encoding) SymmetryAssumptions() []Lit {
	var as []Lit
	for _, p := range e.symPairs {
		as = append(as, p.lit)
	}
	return as
}

// ExceedAssumptions returns the assumptions of a question "does an
// execution exceed the bound of a loop of ExceedRepresentatives?": the
// fences in force and RepresentativeAssumptions.
func (e *Encoding) ExceedAssumptions() []Lit {
	as := append(e.FenceAssumptions(), e.RepresentativeAssumptions()...)
	if e.partial != 0 {
		as = append(as, e.partial) // executions may be partial (doc.go)
	}
	return as
}

// RepresentativeAssumptions returns the symmetry constraints among each
// class's threads but its first. A question about one place of a class's
// first thread, or of a thread in no class (a loop exceeded, a fault),
// has the same answer with them as without: an execution with the event
// there still has it once the other threads of each class are sorted, as
// that exchange leaves the place's thread alone.
func (e *Encoding) RepresentativeAssumptions() []Lit {
	var as []Lit
	for _, p := range e.symPairs {
		if !p.first || e.opt.RepresentativesTooFew {
			as = append(as, p.lit)
		}
	}
	return as
}

// laterInClass returns the threads of each encoded class but its first:
// the threads whose places the representative questions leave out.
func (e *Encoding) laterInClass() map[int]bool {
	later := map[int]bool{}
	for _, class := range e.symClasses {
		for _, th := range class[1:] {
			later[th] = true
		}
	}
	return later
}

// ErrorRepresentatives returns the points of Errors that the question
// "does an execution fault?" needs under RepresentativeAssumptions: a
// place of a thread interchangeable with one of lower index (in a class
// whose constraint is encoded) is left out, since an execution faulting
// there has an image that faults at the same place of the class's first
// thread (package symmetry). Double frees stay: their points stand for
// pairs of frees, named by one of the two, so the image of one may be
// named by the other thread.
func (e *Encoding) ErrorRepresentatives() []*ErrorPoint {
	skip := e.laterInClass()
	var out []*ErrorPoint
	for _, p := range e.Errors {
		if !skip[p.Thread] || p.Fault == lsl.FaultDoubleFree {
			out = append(out, p)
		}
	}
	return out
}

// ExceedRepresentatives returns the points of Exceeds that a question
// "does an execution exceed a bound?" needs under ExceedAssumptions (not
// SymmetryAssumptions, which order each class's first thread too): a loop
// instance of a thread interchangeable with
// one of lower index (in a class whose constraint is encoded, so that the
// fences in force are alike) is left out, since an execution exceeding it
// has an image that exceeds the same instance in the class's first thread
// (package symmetry). One proof then stands for the whole class.
func (e *Encoding) ExceedRepresentatives() []*ExceedPoint {
	skip := e.laterInClass()
	var out []*ExceedPoint
	for _, p := range e.Exceeds {
		if !skip[p.Thread] {
			out = append(out, p)
		}
	}
	return out
}

// InterchangeableThreads returns the classes of interchangeable threads
// whose symmetry the questions break (the classes of Symmetry whose
// constraint is encoded), each in thread order.
func (e *Encoding) InterchangeableThreads() [][]int { return e.symClasses }
