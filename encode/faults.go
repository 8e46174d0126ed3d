package encode

import (
	"slices"

	"checkfence/rangeanalysis"
)

// An execution in which a thread faults is an error execution, whatever the
// thread does afterwards (SEMANTICS.md, Errors). The encoder follows the
// thread past its fault, on the values the fault left (as the reference
// does), so the thread may then run past a loop bound that no execution of
// the program reaches: such an execution is an error one within the
// bounds, not one that exceeds them. Two readings of the bounds follow:
//
//   - with Options.FixedBounds (tests whose bounds are their own), a
//     bound counts only for a thread that has not faulted before it;
//   - the lazy unrolling counts every bound passed, and raises it. Its
//     last unrolling is one that no execution runs past, and there the
//     readings agree. If a bound cannot be raised any further, the
//     executions that pass bounds only after faults are asked for apart
//     (PastBoundAfterFault): without this a fault followed by a loop that
//     the values after the fault keep running made the verdict
//     inconclusive instead of failed.
//
// A point that only a derailed thread reaches (past an assume that always
// fails: a retry loop of an operation that does not retry) counts no
// bound under either reading (ExceedPoint.Lit is false, reached is not):
// the thread derailed at a fault, which makes the execution an error one
// that the failure question sees, as it assumes only that no counted
// bound is passed; or at an exceed point before it, which counts. Without
// this the bound question of such a loop had to prove every fault before
// it impossible, as the failure question does again (snark Dm: 1.0 s of
// its 1.1 s). TestExceedOnlyWhenDerailed, and mining's
// TestRetryWithAssumeKeepsBounds for an assume that may hold.
//
// The literals are made only when asked for: definitions nothing uses
// still change the solver's path (see derail).

// faultedBefore returns a literal that holds when the thread of p has
// faulted before reaching it: a fault of the init phase, of the thread's
// own code, a use after free by one of its accesses, or a double free by
// one of its frees
// (the last two found with the memory order once every thread is encoded;
// ask only then).
func (e *Encoding) faultedBefore(p *ExceedPoint) Lit {
	if e.faulted == nil {
		e.faulted = map[[5]int]Lit{}
	}
	key := [5]int{p.Thread, p.faultsBefore, p.uafBefore, p.freesBefore, p.eventsBefore}
	if l, ok := e.faulted[key]; ok {
		return l
	}
	var ls []Lit
	for i, f := range e.Errors {
		switch {
		case f.Thread == rangeanalysis.InitThread && p.Thread != rangeanalysis.InitThread:
			// the init phase runs before every thread (SEMANTICS.md)
			ls = append(ls, f.Lit)
		case f.Thread == p.Thread && f.access == 0 && f.before(i, p):
			// (uses after free: through their derailing literals, below)
			ls = append(ls, f.Lit)
		}
	}
	for _, u := range e.useAfterFree[p.Thread][:p.uafBefore] {
		ls = append(ls, u.lit)
	}
	l := e.c.or(ls...)
	e.faulted[key] = l
	return l
}

// FaultPastBound reports whether fault f of execution x comes after a
// bound that x passes in f's thread: the thread went on without the
// iteration the program would run, so the fault is not the program's.
func (e *Encoding) FaultPastBound(x *Execution, f *ErrorPoint) bool {
	i := slices.Index(e.Errors, f)
	for _, p := range x.PastBounds {
		if p.Thread == f.Thread && !f.before(i, p) {
			return true
		}
	}
	return false
}

// Partial returns the literal that lets threads stop at failing assumes
// (doc.go, "Partial executions"): ExceedAssumptions assume it, every other
// question its negation. False if the test has no assume that can fail.
func (e *Encoding) Partial() Lit {
	if e.partial == 0 {
		return e.c.F()
	}
	return e.partial
}

// partialLit returns the literal that lets threads stop at failing
// assumes (Encoding.partial), made when first needed.
func (e *Encoding) partialLit() Lit {
	if e.partial == 0 {
		e.partial = e.c.newVar()
	}
	return e.partial
}

// passBoundsOnlyUnfaulted makes each exceed point count only for a thread
// that has not faulted before it (Options.FixedBounds).
func (e *Encoding) passBoundsOnlyUnfaulted() {
	for _, p := range e.Exceeds {
		if p.Lit != e.c.F() { // F: reached only derailed (thread.go)
			p.Lit = e.c.and(p.reached, e.faultedBefore(p).Not())
		}
	}
}

// PastBoundAfterFault returns a literal that, assumed, asks for an
// execution in which some thread runs past a bound after it faulted and
// none runs past one before faulting: an error execution within the
// bounds that Exceeded leaves out. It is false when no exceed point can
// follow a fault.
func (e *Encoding) PastBoundAfterFault() Lit {
	if e.pastAfterFault != 0 {
		return e.pastAfterFault
	}
	c := e.c
	var after []Lit // one per point that a fault may precede
	for _, p := range e.Exceeds {
		if f := e.faultedBefore(p); f != c.F() && p.reached != c.F() {
			after = append(after, c.and(p.reached, f))
		}
	}
	if len(after) == 0 {
		e.pastAfterFault = c.F()
		return e.pastAfterFault
	}
	q := c.newVar()
	c.add(append([]Lit{q.Not()}, after...)...)
	if e.partial != 0 {
		c.add(q.Not(), e.partial.Not()) // complete executions only
	}
	for _, p := range e.Exceeds {
		// q: no thread runs past a bound before faulting
		c.add(q.Not(), p.reached.Not(), e.faultedBefore(p))
	}
	e.pastAfterFault = q
	return q
}
