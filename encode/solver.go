package encode

import (
	"context"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/go-air/gini"
	"github.com/go-air/gini/inter"

	"checkfence/internal/sat"
)

// SolverKind names the SAT solver an encoding asks its questions of.
type SolverKind int

const (
	// SolverBuiltin is package internal/sat, the default: on the
	// encodings' questions it needs about the conflicts of MiniSat and a
	// third of gini's time (internal/sat's doc.go has the figures).
	SolverBuiltin SolverKind = iota
	// SolverGini is github.com/go-air/gini (v1.0.4), kept to cross-check
	// and to measure against.
	SolverGini
	// SolverChecked answers with the builtin solver and asks every
	// question of gini too, checking each answer against it (for tests:
	// a disagreement panics).
	SolverChecked
)

// ParseSolverKind returns the kind named "builtin", "gini" or "checked".
func ParseSolverKind(name string) (SolverKind, error) {
	for k, n := range solverNames {
		if n == name {
			return SolverKind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown solver %q (builtin, gini or checked)", name)
}

var solverNames = []string{"builtin", "gini", "checked"}

func (k SolverKind) String() string {
	if k >= 0 && int(k) < len(solverNames) {
		return solverNames[k]
	}
	return fmt.Sprintf("SolverKind(%d)", int(k))
}

// solver is what an encoding needs of a SAT solver: clauses added between
// solves, and solves under assumptions with the model or the failed
// assumptions of the last answer.
type solver interface {
	newVar() Lit
	addClause(lits []Lit) // the solver does not keep lits
	// solve: 1 sat, -1 unsat under the assumptions, 0 if ctx ended first
	solve(ctx context.Context, assumptions []Lit) int
	// solveWithin: solve, but 0 also once the call has met maxConflicts
	// conflicts; a solver that cannot count them answers 0 at once
	solveWithin(ctx context.Context, maxConflicts int64, assumptions []Lit) int
	value(l Lit) bool // in the model of the last solve that answered 1
	// why: after -1, the assumptions the proof used; empty if the
	// clauses alone are unsatisfiable
	why() []Lit
}

func newSolver(kind SolverKind) solver {
	switch kind {
	case SolverBuiltin:
		return builtinSolver{sat.New()}
	case SolverGini:
		return &giniSolver{g: gini.New()}
	case SolverChecked:
		return &checkedSolver{solver: builtinSolver{sat.New()}, reference: &giniSolver{g: gini.New()}}
	}
	panic(fmt.Sprintf("encode: unknown solver kind %d", kind))
}

// builtinSolver is package internal/sat.
type builtinSolver struct{ s *sat.Solver }

func (b builtinSolver) newVar() Lit          { return b.s.NewVar() }
func (b builtinSolver) addClause(lits []Lit) { b.s.AddClause(lits...) }
func (b builtinSolver) value(l Lit) bool     { return b.s.Value(l) }
func (b builtinSolver) why() []Lit           { return b.s.Why() }
func (b builtinSolver) solve(ctx context.Context, assumptions []Lit) int {
	return b.s.Solve(ctx, assumptions...)
}
func (b builtinSolver) solveWithin(ctx context.Context, maxConflicts int64, assumptions []Lit) int {
	return b.s.SolveWithin(ctx, maxConflicts, assumptions...)
}

// giniSolver is gini v1.0.4, with what it needs around two of its bugs.
type giniSolver struct {
	g    *gini.Gini
	stop chan bool // gini's stop requests (see stopper)
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
}

func (s *giniSolver) newVar() Lit { return s.g.Lit() }

func (s *giniSolver) addClause(lits []Lit) {
	for _, l := range lits {
		s.g.Add(l)
	}
	s.g.Add(0)
}

func (s *giniSolver) value(l Lit) bool { return s.g.Value(l) }

// solveWithin: gini v1.0.4 counts no conflicts for its caller (its
// limits are times, which would make answers depend on the machine), so
// it gives up at once.
func (s *giniSolver) solveWithin(context.Context, int64, []Lit) int { return 0 }

func (s *giniSolver) why() []Lit {
	if s.unsat {
		return nil
	}
	return s.g.Why(nil)
}

func (s *giniSolver) solve(ctx context.Context, assumptions []Lit) int {
	if s.unsat {
		return -1
	}
	if s.refuted {
		forgetFinalConflict(s.g)
	}
	r := s.run(ctx, assumptions)
	s.refuted = r == -1
	if r == -1 && len(s.g.Why(nil)) == 0 {
		s.unsat = true
	}
	return r
}

// run solves in gini's background solver and awaits the answer on a
// channel: polling would add up to a millisecond to every answer (timers
// are that coarse), and the checks ask hundreds of questions that take
// less. See stopper for how a cancelled solve is stopped.
func (s *giniSolver) run(ctx context.Context, assumptions []Lit) int {
	s.g.Assume(assumptions...)
	if ctx.Done() == nil {
		return s.g.Solve()
	}
	sv := s.g.GoSolve()
	if s.stop == nil {
		s.stop = stopper(sv)
	}
	done := make(chan int, 1)
	go func() { done <- sv.Wait() }()
	select {
	case r := <-done:
		return r
	case <-ctx.Done():
	}
	select {
	case s.stop <- true:
		// The solver's next tick takes it and ends the solve with 0.
		<-done
		return 0
	case r := <-done:
		return r
	}
}

// stopper returns the channel on which gini's solve control takes a stop
// request between propagations. gini's own Stop cannot be used here: it
// waits for the lock that Wait holds until the solve ends. Sending true on
// this channel is exactly what Stop does under that lock; the answer (0)
// then reaches Wait. The field is unexported, so it is read by reflection,
// checked against the pinned gini v1.0.4 (TestSolveCancel fails if it
// changes).
func stopper(s inter.Solve) chan bool {
	v := reflect.ValueOf(s)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("encode: gini's solve control is a %T, not a pointer to a struct", s))
	}
	f := v.Elem().FieldByName("cStopOrPause")
	if !f.IsValid() || f.Type() != reflect.TypeFor[chan bool]() {
		panic(fmt.Sprintf("encode: gini's solve control %T has no field cStopOrPause chan bool", s))
	}
	return *(*chan bool)(unsafe.Pointer(f.UnsafeAddr()))
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
