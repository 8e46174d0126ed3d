package encode

import (
	"github.com/go-air/gini/z"
)

// Lit is a literal of the SAT solver.
type Lit = z.Lit

// cnf wraps the solver with constant folding: the literal T is true, and
// clauses and gates over constants are simplified before they reach the
// solver, so that statically known facts cost nothing.
type cnf struct {
	g       solver
	T       Lit
	vars    int
	clauses int
	lits    int64
	buf     []Lit
	// grow, while the encoding is built, checks its memory budget every
	// growEvery clauses (counting clauses is all it costs add).
	grow     func()
	nextGrow int
}

const growEvery = 1 << 14

func newCNF(g solver) *cnf {
	c := &cnf{g: g}
	c.T = c.newVar()
	c.g.addClause([]Lit{c.T})
	c.clauses++
	return c
}

// F is the false literal.
func (c *cnf) F() Lit { return c.T.Not() }

func (c *cnf) newVar() Lit {
	c.vars++
	return c.g.newVar()
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
		c.g.addClause([]Lit{c.F()})
		return
	}
	c.g.addClause(c.buf)
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
