package encode

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// Lit is a literal of the SAT solver.
type Lit = z.Lit

// cnf wraps the solver with constant folding: the literal T is true, and
// clauses and gates over constants are simplified before they reach the
// solver, so that statically known facts cost nothing.
type cnf struct {
	g       *gini.Gini
	T       Lit
	vars    int
	clauses int
	lits    int64
	buf     []Lit
	stop    chan bool // gini's stop requests (see stopper)
	// unsat: a solve proved the clauses unsatisfiable without any
	// assumption. Clauses are only ever added, so every later answer is
	// "none"; and gini v1.0.4, asked again under other assumptions after
	// such a proof, can answer "sat" with a model that violates a clause
	// (TestUnsatWithoutAssumptionsStays).
	unsat bool
	// refuted: the last solve answered "none" under assumptions. gini
	// v1.0.4 starts its next solve by learning from that answer's final
	// conflict (xo.S.cleanupSolve); when the clauses alone are
	// unsatisfiable but the proof went through an assumption, that
	// learning meets a conflict at level 0, derives from it as if it had
	// a decision, and the solve answers "sat" with a model violating a
	// clause (TestUnsatBlamedOnAnAssumption). The next solve therefore
	// forgets the final conflict first (forgetFinalConflict).
	refuted bool
	// grow, while the encoding is built, checks its memory budget every
	// growEvery clauses (counting clauses is all it costs add).
	grow     func()
	nextGrow int
}

const growEvery = 1 << 14

func newCNF() *cnf {
	c := &cnf{g: gini.New()}
	c.T = c.newVar()
	c.g.Add(c.T)
	c.g.Add(0)
	c.clauses++
	return c
}

// F is the false literal.
func (c *cnf) F() Lit { return c.T.Not() }

func (c *cnf) newVar() Lit {
	c.vars++
	return c.g.Lit()
}

func (c *cnf) isConst(l Lit) bool { return l == c.T || l == c.T.Not() }

// add adds the clause (lits[0] ∨ lits[1] ∨ …).
func (c *cnf) add(lits ...Lit) {
	c.buf = c.buf[:0]
	for _, l := range lits {
		switch {
		case l == c.T:
			return // satisfied
		case l == c.F():
			continue
		}
		c.buf = append(c.buf, l)
	}
	c.clauses++
	c.lits += int64(len(c.buf))
	if c.clauses >= c.nextGrow && c.grow != nil {
		c.nextGrow = c.clauses + growEvery
		c.grow()
	}
	if len(c.buf) == 0 {
		c.g.Add(c.F())
		c.g.Add(0)
		return
	}
	for _, l := range c.buf {
		c.g.Add(l)
	}
	c.g.Add(0)
}

// and returns a literal equivalent to a ∧ b.
func (c *cnf) and(a, b Lit) Lit {
	switch {
	case a == c.F() || b == c.F() || a == b.Not():
		return c.F()
	case a == c.T:
		return b
	case b == c.T || a == b:
		return a
	}
	x := c.newVar()
	c.add(x.Not(), a)
	c.add(x.Not(), b)
	c.add(x, a.Not(), b.Not())
	return x
}

// andN returns a literal equivalent to the conjunction of lits.
func (c *cnf) andN(lits ...Lit) Lit {
	keep, folded, ok := c.foldAnd(lits)
	if ok {
		return folded
	}
	if len(keep) == 2 {
		return c.and(keep[0], keep[1])
	}
	x := c.newVar()
	long := []Lit{x}
	for _, l := range keep {
		c.add(x.Not(), l)
		long = append(long, l.Not())
	}
	c.add(long...)
	return x
}

// foldAnd folds the constants of a conjunction: the literals left, or
// (ok) the conjunction itself when that is a constant or one literal.
func (c *cnf) foldAnd(lits []Lit) (keep []Lit, folded Lit, ok bool) {
	for _, l := range lits {
		if l == c.F() {
			return nil, c.F(), true
		}
		if l != c.T {
			keep = append(keep, l)
		}
	}
	switch len(keep) {
	case 0:
		return nil, c.T, true
	case 1:
		return nil, keep[0], true
	}
	return keep, 0, false
}

// someFalse reports whether one of lits is the constant false.
func (c *cnf) someFalse(lits ...Lit) bool {
	for _, l := range lits {
		if l == c.F() {
			return true
		}
	}
	return false
}

// impliedBy returns a literal x with lits[0] ∧ lits[1] ∧ … → x, the
// conjunction itself when constants leave one literal or none. Where x
// only ever occurs negated, this is all of x = ∧lits that matters: a model
// may set x true beyond the conjunction only to no effect.
func (c *cnf) impliedBy(lits ...Lit) Lit {
	keep, folded, ok := c.foldAnd(lits)
	if ok {
		return folded
	}
	x := c.newVar()
	long := []Lit{x}
	for _, l := range keep {
		long = append(long, l.Not())
	}
	c.add(long...)
	return x
}

// or returns a literal equivalent to the disjunction of lits.
func (c *cnf) or(lits ...Lit) Lit {
	neg := make([]Lit, len(lits))
	for i, l := range lits {
		neg[i] = l.Not()
	}
	return c.andN(neg...).Not()
}

// implies adds a → b.
func (c *cnf) implies(a, b Lit) { c.add(a.Not(), b) }

// atMostOne adds clauses allowing at most one of lits to be true
// (pairwise for few literals, a sequential counter otherwise).
func (c *cnf) atMostOne(lits []Lit) {
	if len(lits) <= 5 {
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				c.add(lits[i].Not(), lits[j].Not())
			}
		}
		return
	}
	// s[i] is true if some lit[0..i] is true.
	prev := lits[0]
	for i := 1; i < len(lits); i++ {
		c.add(prev.Not(), lits[i].Not())
		if i == len(lits)-1 {
			break
		}
		s := c.newVar()
		c.add(prev.Not(), s)
		c.add(lits[i].Not(), s)
		prev = s
	}
}

// forgetFinalConflict makes gini's next solve start without learning
// from the final conflict of its last answer, "none" (see cnf.refuted):
// it clears the conflict (xo.S.x) and the failed assumption (xo.S.xLit)
// that cleanupSolve would derive from, which is what cleanupSolve itself
// does once it has learnt. Nothing but that one learnt clause is lost:
// the next solve backtracks to level 0 as before, and gini's learnt
// clauses are implied by the clauses, so no answer depends on them. The
// fields are unexported, so they are reached by reflection, checked
// against the pinned gini v1.0.4 (TestUnsatBlamedOnAnAssumption fails
// if they change).
func forgetFinalConflict(g *gini.Gini) {
	xo := reflect.ValueOf(g).Elem().FieldByName("xo")
	if !xo.IsValid() || xo.Kind() != reflect.Pointer || xo.Elem().Kind() != reflect.Struct {
		panic("encode: gini.Gini has no field xo pointing to its solver")
	}
	for _, name := range []string{"x", "xLit"} {
		f := xo.Elem().FieldByName(name)
		if !f.IsValid() || f.Kind() != reflect.Uint32 {
			panic(fmt.Sprintf("encode: gini's solver %s has no field %s uint32", xo.Type(), name))
		}
		*(*uint32)(unsafe.Pointer(f.UnsafeAddr())) = 0 // xo.CNull, z.LitNull
	}
}
