// Package rangeanalysis computes, for a straight-line test, the set of
// values every register and every memory location may hold (CheckFence
// paper, Section 3.4).
//
// In: an *lsl.Test (unrolled, call-free). Out: a *Result with a value set
// per (thread, register) and per memory location (keyed by address), the
// allocation bases, initial values and address validity.
//
// The analysis is flow-insensitive over each thread's code in SSA form
// (ssa.go: each assignment a version of its register, a phi where paths
// meet), which makes it as precise as a flow-sensitive one for registers:
// r = 0; r += 1; r += 10 gives r the values 0, 1 and 11, where a
// flow-insensitive pass over the register r would close the set under
// both additions (and give up past MaxSetSize on a few calls of such
// code). Memory stays flow-insensitive: a location holds every value any
// store may write to it. Constants, primitive operations, loads and
// stores propagate values until a fixpoint. Each value is tagged
// with the number of "unbounded" operations (arithmetic that can produce
// new values) it has passed through; a value whose tag exceeds the number
// of such operations in the test is discarded. That makes the analysis
// terminate, and it is sound for executions without circular value
// dependencies: in such an execution every value is computed along a
// dependency chain in which each (unrolled) instruction occurs at most
// once.
//
// A pass evaluates a statement again only if its inputs changed, and
// then only on what changed (semi-naive evaluation): each set keeps the
// log of its changes, an operation combines the values its operands
// logged since its last evaluation with the others (forCombos), a load
// reads what each location logged since it last read it, and a store
// writes what its source logged since to the addresses it wrote to
// before, all of it to new ones. What was evaluated before can give
// nothing new, as sets only grow and depths only shrink; the fixpoint is
// the one of evaluating everything in every pass (skip_test.go), at a
// fraction of the cost on tests whose sets grow over many passes.
//
// An allocation's register holds its own block's base and, when a free
// that may hand blocks out again (lsl.FreeUnsafe, lsl.FreeStable) may free
// a block of another allocation of the same size and words (lsl.MayReuse)
// (lsl.MayReuse), that block's base too (SEMANTICS.md, "Allocation and
// freeing"). Which blocks such frees may free is part of the fixpoint.
// Result.Reused and Result.MayUseAfterFree tell the encoder which blocks
// need the allocator's state.
//
// Every set is bounded by MaxSetSize, checked as it grows: the statement
// that crosses it (an operation whose operand sets multiply, a load, a
// store) stops the analysis with an error at its source position, naming
// the test, thread and operation, before a pass builds sets many times
// larger. The error is an *lsl.LimitError: the test is too large for the
// analysis, not wrong, and the commands call it inconclusive.
//
// Analyze takes the check's context and stops with its error once it is
// cancelled (--timeout, an interrupt): it looks every few thousand steps
// (statements, combinations of operands, values copied), since one
// statement of a small test can take seconds.
//
// The sets are also the semantics: SEMANTICS.md ("Values") defines the
// values an execution may carry as exactly these sets, which is how
// out-of-thin-air values are excluded. The encoder draws every value
// domain from them.
package rangeanalysis
