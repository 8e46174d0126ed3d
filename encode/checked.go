package encode

import (
	"context"
	"fmt"
	"slices"
)

// checkedSolver asks every question of two solvers, the one answering and
// a reference, and panics when they disagree or when the answering one's
// model falsifies a clause or its failed assumptions are not assumptions
// or do not refute the clauses on the reference solver. Tests run whole
// checks on it (SolverChecked): every answer of the solver is then
// checked against an independent one.
type checkedSolver struct {
	solver, reference solver
	clauses           [][]Lit
}

func (s *checkedSolver) newVar() Lit {
	l := s.solver.newVar()
	if r := s.reference.newVar(); r != l {
		panic(fmt.Sprintf("encode: the solvers number variables differently (%v, %v)", l, r))
	}
	return l
}

func (s *checkedSolver) addClause(lits []Lit) {
	s.clauses = append(s.clauses, slices.Clone(lits))
	s.solver.addClause(lits)
	s.reference.addClause(lits)
}

func (s *checkedSolver) value(l Lit) bool { return s.solver.value(l) }

func (s *checkedSolver) why() []Lit { return s.solver.why() }

func (s *checkedSolver) solve(ctx context.Context, assumptions []Lit) int {
	return s.check(ctx, s.solver.solve(ctx, assumptions), assumptions)
}

func (s *checkedSolver) solveWithin(ctx context.Context, maxConflicts int64, assumptions []Lit) int {
	return s.check(ctx, s.solver.solveWithin(ctx, maxConflicts, assumptions), assumptions)
}

// check checks the solver's answer r under the assumptions against the
// reference solver.
func (s *checkedSolver) check(ctx context.Context, r int, assumptions []Lit) int {
	if r == 0 {
		return 0
	}
	want := s.reference.solve(ctx, assumptions)
	if want == 0 {
		return 0
	}
	if r != want {
		panic(fmt.Sprintf("encode: the solver answers %d under %v, the reference solver %d", r, assumptions, want))
	}
	switch r {
	case 1:
		for _, a := range assumptions {
			if !s.solver.value(a) {
				panic(fmt.Sprintf("encode: the solver's model falsifies the assumption %v", a))
			}
		}
		for _, c := range s.clauses {
			if !slices.ContainsFunc(c, s.solver.value) {
				panic(fmt.Sprintf("encode: the solver's model falsifies the clause %v", c))
			}
		}
	case -1:
		why := s.solver.why()
		for _, w := range why {
			if !slices.Contains(assumptions, w) {
				panic(fmt.Sprintf("encode: the solver's failed assumption %v is no assumption", w))
			}
		}
		if s.reference.solve(ctx, why) == 1 {
			panic(fmt.Sprintf("encode: the solver's failed assumptions %v do not refute the clauses", why))
		}
	}
	return r
}
