package encode

import (
	"context"
	"fmt"
	"time"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
	"checkfence/symmetry"
)

// Options control the encoding.
type Options struct {
	// Solver is the SAT solver the encoding's questions are asked of.
	Solver SolverKind
	// CompleteOnly leaves out the partial executions of the bound
	// question (doc.go, "Partial executions"), for an encoding that is
	// never asked it: a failing assume only removes the execution, as
	// every other question needs, without the literals that let a thread
	// stop there.
	CompleteOnly bool
	// FullOrder encodes the memory order with a variable for every pair of
	// order nodes and transitivity over every triple, as the paper does
	// (Section 3.2.1). The default encodes only the pairs that the axioms,
	// fences and program order need, made transitive over a chordal
	// completion (see doc.go). Kept for comparison in benchmarks.
	FullOrder bool
	// MaxCombinations bounds the table of one primitive operation (the
	// product of its operands' value-set sizes); a larger one stops the
	// encoding with an *lsl.LimitError.
	MaxCombinations int
	// NoRangeAnalysis builds the formula without the benefit of the range
	// analysis (paper Section 3.4, Fig. 11c), to measure what it gains: every
	// loaded or computed value ranges over all values of the test, so
	// operation tables grow and every pair of accesses may alias. The
	// analysed sets still restrict the values (as unit clauses), since
	// they define which values are not out of thin air (SEMANTICS.md):
	// verdicts and observation sets are the same either way.
	NoRangeAnalysis bool
	// FenceOn says which fences of the source are in force
	// (Assumptions and FenceAssumptions enable those and disable the
	// others); nil means all. Fence inference encodes every candidate
	// fence once and chooses a placement with it.
	FenceOn func(*lsl.Fence) bool
	// SwitchFences gives every fence statement of the program an Enable
	// literal of its own, so that questions can switch fences on and off
	// with assumptions (an explanation's candidates). Without it, and
	// without FenceOn, nothing switches them: each Enable is the constant
	// true, and the fence's clauses lose their guard. The solver then
	// propagates shorter clauses and needs no assumption per fence (msn
	// Tpc6 on relaxed, 60 fences: the bound proofs take 15-20% less
	// time).
	SwitchFences bool
	// SwitchImplied gives the fences an atomic operation implies (the C11
	// mapping's, lsl.Fence.Implied) Enable literals of their own, so that
	// an explanation can ask whether a proof needs them; otherwise they
	// are always in force. Assumptions enable them either way. It implies
	// SwitchFences.
	SwitchImplied bool
	// MaxMemory is the memory budget of the encoding in bytes: 0 means
	// DefaultMaxMemory, a negative value no budget. An encoding whose
	// estimated size exceeds it stops with a *BudgetError naming what
	// made it big, before the memory is taken (see doc.go).
	MaxMemory int64
	// BreakAlloc breaks one rule of the allocator's encoding on purpose
	// (alloc.go). Only tests set it, to show that the differential test
	// against the brute-force reference catches each broken rule.
	BreakAlloc AllocMutation
	// BreakFencePoints makes fences share their order points even with
	// an access of the type between them (memory.go, fencePoints). Only
	// tests set it, to show that the differential test catches it.
	BreakFencePoints bool
	// WholeBlockFences makes a fence written inside an atomic block order
	// the whole block, whatever side of the fence its accesses are on
	// (memory.go, blockFence; a test-only mutant, as BreakFencePoints).
	WholeBlockFences bool
	// NoSymmetry leaves the symmetry of interchangeable threads alone
	// (no Symmetry, no constraints), to measure what breaking it gains.
	NoSymmetry bool
	// BreakSymmetryTooStrong makes the symmetry constraints put each
	// interchangeable thread's last access, not its first, before the
	// next thread's first. Only tests set it, to show that the differential test
	// catches an unsound symmetry reduction.
	BreakSymmetryTooStrong bool
	// RepresentativesTooFew makes ExceedAssumptions order each class's
	// first thread too, which an exceeding execution of its loops need
	// not satisfy (a test-only mutant, as BreakSymmetryTooStrong).
	RepresentativesTooFew bool
	// FixedBounds says the bounds are the test's own, as for a
	// straight-line test given as such: a bound that a thread runs past
	// only after it faulted is not exceeded, since the execution is an
	// error one already (SEMANTICS.md, Errors; the reference agrees).
	// Then Exceeded and each ExceedPoint's Lit count a bound only when
	// the thread has not faulted before it. The lazy unrolling leaves it
	// false: it raises every bound an execution runs past, so that its
	// last unrolling has none, where the two readings agree, and asks
	// PastBoundAfterFault where a bound cannot be raised (faults.go).
	FixedBounds bool
	// DumpDir, if set, is a directory where every question that takes
	// 100 ms or more is written as a DIMACS file (named after
	// the test and model), to compare solvers on real questions.
	DumpDir string
	// NoInterleaving encodes the memory order of two threads kept in
	// program order by the chordal completion too, instead of as an
	// interleaving (interleave.go), to measure what the grid gains.
	NoInterleaving bool
	// BreakInterleaving leaves out one family of the interleaving's
	// monotonicity clauses: 1 those along a row (x[i][j] → x[i][j+1]), 2
	// those along a column (a test-only mutant, as BreakFencePoints).
	BreakInterleaving int
	// Progress, if set, is told when the encoding starts a phase that
	// can take long on a big test (the memory order), so that a timeout
	// can say where it was.
	Progress func(format string, args ...any)
}

// Stats describe the size and cost of an encoding.
type Stats struct {
	Accesses, Loads, Stores int
	Nodes, OrderEdges       int
	Triangles               int
	// Interleaved says the memory order of the test's two threads was
	// encoded as an interleaving (interleave.go), with OrderGrid
	// variables, instead of by triangles.
	Interleaved   bool
	OrderGrid     int
	Vars, Clauses int
	EncodeTime    time.Duration
}

// Encoding is the CNF formula Φ(T, Y) of a test T on a memory model Y, held
// in an incremental solver, with the literals needed to ask questions
// about it and to decode its solutions into executions.
type Encoding struct {
	Test  *lsl.Test
	Model *memmodel.Model
	Range *rangeanalysis.Result

	// Accesses lists every load and store, init first, then by thread and
	// program order.
	Accesses []*Access
	// Fences lists every fence instance. Under Options.FenceOn or
	// SwitchFences each fence statement of the program has its own Enable
	// literal, so fences can be switched on and off with solver
	// assumptions; otherwise, and for the fences of atomic blocks (tso)
	// and of C11 orders (lsl.Fence.Implied), which nothing switches, it is
	// true.
	Fences []*Fence
	// Events lists the allocator events (alloc.go): allocations that
	// may hand out a freed block, frees of such blocks and of blocks
	// two threads may free.
	Events []*AllocEvent
	// Errors lists every point where an execution can fault.
	Errors []*ErrorPoint
	// Exceeds lists the points only executions that exceed a loop bound
	// reach (lsl.BoundExceeded).
	Exceeds []*ExceedPoint

	// Error is true iff the execution is an error execution.
	Error Lit
	// Exceeded is true iff the execution exceeds some loop bound.
	Exceeded Lit
	// partial, assumed by the bound question only (ExceedAssumptions),
	// lets a thread stop at an assume that fails instead of removing the
	// execution: see "Partial executions" in doc.go. Every other question
	// assumes it false (Assumptions, PastBoundAfterFault).
	partial Lit
	// Symmetry is the group of the test's interchangeable threads (nil
	// if none; package symmetry); see SymmetryAssumptions,
	// ExceedRepresentatives and ExceedAssumptions for how questions use it.
	Symmetry *symmetry.Group

	// allocExec is every Alloc statement with the literal of its
	// executing (Execution.Allocated).
	allocExec []allocExec

	c        *cnf
	opt      Options
	consts   map[lsl.Value]*Dom
	eqs      map[[2]*Dom]Lit
	addrDoms map[*Dom]*Dom // Dom -> its addresses (addresses)
	aliases  []int8        // Encoding.mayAlias's answers: 0 not asked, 1 yes, 2 no
	// universe is every value of the test, for Options.NoRangeAnalysis.
	universe []lsl.Value
	obs      []*obsPoint
	frees    []freePoint
	// sharedFrees: blocks never reused that frees of two threads may
	// free; their frees are events too (alloc.go), as which of the two
	// is the double free, and derails, depends on the memory order.
	sharedFrees map[int64]bool
	slots       []*slotGroup
	finals      []*Dom
	mem         *memEncoding
	// symClasses are the classes of Symmetry whose constraint is encoded
	symClasses [][]int
	symPairs   []symmetryPair
	stats      Stats
	budget     budget
	ctx        context.Context // while Encode builds it: growthCheck stops it
	// faulted and pastAfterFault are made when asked for (faults.go)
	faulted        map[[5]int]Lit
	pastAfterFault Lit
	// useAfterFree holds, per thread in program order, a literal for
	// each access that may touch a block a free may have freed: it holds
	// iff the access is a use after free (defined by encodeAllocState),
	// and derails the thread like its own faults (faults.go).
	useAfterFree map[int][]uafLit
}

// uafLit is the use-after-free literal of one access.
type uafLit struct {
	access *Access
	lit    Lit
}

// Access is a load or store of the test.
type Access struct {
	ID      int
	Thread  int // rangeanalysis.InitThread for the init phase
	Inv     int // invocation index within the thread (or init)
	PoIndex int // index among the thread's accesses, in program order
	Store   bool
	Exec    Lit // the access is executed (on the path, valid address)
	Addr    *Dom
	Val     *Dom
	Group   int // atomic block id, 0 if none
	Stmt    lsl.Stmt

	node *orderNode
	// valid lists the values of Addr that are valid addresses: an access
	// executes only with one of them (threadEnc.access), so only they can
	// make two accesses touch the same location (mayAlias).
	valid []lsl.Value
}

// Fence is a fence instance (or an atomic block acting as a fence).
type Fence struct {
	ID       int
	Thread   int
	Inv      int // invocation index within the thread (or init), as Access.Inv
	Kind     lsl.FenceKind
	Exec     Lit
	Enable   Lit // assume true to make the fence count (true: always counts)
	Before   int // number of the thread's accesses before the fence
	Group    int // enclosing atomic block, 0 if none
	Stmt     lsl.Stmt
	Implicit bool // an atomic block under a model where those act as fences
}

// ErrorPoint is a place where an execution faults.
type ErrorPoint struct {
	Lit    Lit
	Fault  lsl.Fault
	Thread int
	Stmt   lsl.Stmt
	// After is the number of its thread's accesses before it in program
	// order (a use after free's own access counted): where the thread's
	// code runs on unchecked from, if the fault derails it.
	After int

	// Where the faults found with the memory order are in their thread
	// (ErrorPoint.before): a double free's free, 1 + its index in
	// Encoding.frees (encodeFrees) or in Events (alloc.go); a use after
	// free's access, 1 + its PoIndex. 0 for the others.
	free, event, access int
}

// before reports whether f, at index i of Errors, comes before p in
// their thread's program order.
func (f *ErrorPoint) before(i int, p *ExceedPoint) bool {
	switch {
	case f.free > 0:
		return f.free <= p.freesBefore
	case f.event > 0:
		return f.event <= p.eventsBefore
	case f.access > 0:
		return f.access <= p.Accesses
	}
	return i < p.faultsBefore
}

// ExceedPoint is a lsl.BoundExceeded statement with its path literal.
type ExceedPoint struct {
	Lit    Lit
	Thread int
	Stmt   *lsl.BoundExceeded
	// Accesses is the number of its thread's accesses before it: those
	// with a PoIndex from here on run only after the bound (the thread
	// goes on without the iteration the program would run).
	Accesses int

	reached      Lit // the path reaches the point (Lit, unless FixedBounds)
	faultsBefore int // len(Errors) when the point was encoded (faults.go)
	uafBefore    int // len(useAfterFree[Thread]) then
	freesBefore  int // len(frees) then
	eventsBefore int // len(Events) then
}

// Encode builds the encoding of t on model m, with value domains from ra
// (the range analysis of t).
func Encode(ctx context.Context, t *lsl.Test, ra *rangeanalysis.Result, m *memmodel.Model, opt Options) (enc *Encoding, err error) {
	start := time.Now()
	if opt.MaxCombinations == 0 {
		opt.MaxCombinations = 1 << 16
	}
	g := newSolver(opt.Solver)
	if opt.DumpDir != "" {
		g = &dumpingSolver{solver: g, dir: opt.DumpDir, name: t.Name + "-" + m.Name}
	}
	e := &Encoding{
		Test: t, Model: m, Range: ra, c: newCNF(g), opt: opt,
		consts: map[lsl.Value]*Dom{}, eqs: map[[2]*Dom]Lit{},
		budget: budget{max: resolveBudget(opt.MaxMemory), phase: "thread formulae"},
	}
	e.ctx = ctx
	e.c.grow, e.c.nextGrow = e.growthCheck, growEvery
	defer func() {
		e.c.grow = nil // clauses added later (blocking outcomes) are not the encoding's
		if r := recover(); r != nil {
			a, ok := r.(budgetAbort)
			if !ok {
				panic(r)
			}
			enc, err = nil, a.err
		}
	}()
	if err := e.estimateThreads(); err != nil {
		return nil, err
	}
	if err := e.encodeThreads(); err != nil {
		return nil, err
	}
	if !opt.NoSymmetry {
		e.Symmetry = symmetry.Find(t, ra)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var errLits []Lit
	for _, p := range e.Errors {
		errLits = append(errLits, p.Lit)
	}
	e.Error = e.c.or(errLits...)
	threadErrors := len(e.Errors)
	var exLits []Lit
	for _, p := range e.Exceeds {
		exLits = append(exLits, p.Lit)
	}
	e.Exceeded = e.c.or(exLits...)
	if err := e.encodeMemory(ctx); err != nil {
		return nil, err
	}
	// the allocator's faults (alloc.go), found with the memory order
	if len(e.Errors) > threadErrors {
		errLits = []Lit{e.Error}
		for _, p := range e.Errors[threadErrors:] {
			errLits = append(errLits, p.Lit)
		}
		e.Error = e.c.or(errLits...)
	}
	if opt.FixedBounds {
		// with the allocator's double frees, which come before a bound
		// like the thread's own faults
		e.passBoundsOnlyUnfaulted()
		exLits = exLits[:0]
		for _, p := range e.Exceeds {
			exLits = append(exLits, p.Lit)
		}
		e.Exceeded = e.c.or(exLits...)
	}
	e.budget.phase = "observations"
	e.encodeObservations()
	e.stats.Vars, e.stats.Clauses = e.c.vars, e.c.clauses
	e.stats.EncodeTime = time.Since(start)
	return e, nil
}

// Stats returns the size of the encoding.
func (e *Encoding) Stats() Stats { return e.stats }

// Assumptions returns the assumptions of a normal check: every fence
// enabled and no loop bound exceeded.
func (e *Encoding) Assumptions() []Lit {
	as := e.FenceAssumptions()
	if e.Exceeded != e.c.F() {
		as = append(as, e.Exceeded.Not())
	}
	if e.partial != 0 {
		as = append(as, e.partial.Not())
	}
	return as
}

// FenceAssumptions returns the assumptions enabling every fence in force
// (Options.FenceOn) and disabling the others.
func (e *Encoding) FenceAssumptions() []Lit {
	var as []Lit
	for _, f := range e.Fences {
		if f.Enable == e.c.T {
			continue
		}
		if s, ok := f.Stmt.(*lsl.Fence); ok && !s.Implied && e.opt.FenceOn != nil && !e.opt.FenceOn(s) {
			as = append(as, f.Enable.Not())
		} else {
			as = append(as, f.Enable)
		}
	}
	return as
}

// Solve solves under the given assumptions: 1 sat, -1 unsat, 0 cancelled
// (ctx ended first).
func (e *Encoding) Solve(ctx context.Context, assumptions ...Lit) int {
	return e.c.g.solve(ctx, assumptions)
}

// SolveWithin is Solve that also answers 0 once the call has met
// maxConflicts conflicts: a question worth asking only if it is easy.
// The limit counts the solver's conflicts, not time, so the answers do
// not depend on the machine; with SolverGini, which counts none, it
// answers 0 at once.
func (e *Encoding) SolveWithin(ctx context.Context, maxConflicts int64, assumptions ...Lit) int {
	return e.c.g.solveWithin(ctx, maxConflicts, assumptions)
}

// AddClause adds a clause over the encoding's literals (for example to
// block an outcome).
func (e *Encoding) AddClause(lits ...Lit) { e.c.add(lits...) }

// NewVar returns a fresh literal (for activation literals).
func (e *Encoding) NewVar() Lit { return e.c.newVar() }

// True returns the constant true literal.
func (e *Encoding) True() Lit { return e.c.T }

// Why returns the assumptions of the last unsatisfiable Solve that its
// proof used (the failed assumptions): a subset under which the
// question is unsatisfiable too.
func (e *Encoding) Why() []Lit { return e.c.g.why() }

// Value returns the value of l in the last satisfying assignment.
func (e *Encoding) Value(l Lit) bool { return e.c.g.value(l) }

// Size returns the current number of variables and clauses.
func (e *Encoding) Size() (vars, clauses int) { return e.c.vars, e.c.clauses }

func threadName(th int) string {
	if th == rangeanalysis.InitThread {
		return "init"
	}
	return fmt.Sprintf("thread %d", th)
}
