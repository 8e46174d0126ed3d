// Package mining asks the encoded formula the questions of the CheckFence
// method (paper Section 3.2): which observations a test can make
// (specification mining, under serial), and whether every execution on a
// memory model makes one of them (inclusion check), with a counterexample
// execution when not.
//
// In: an *lsl.Test (straight-line), a memory model, and for the inclusion
// check an ObservationSet; for the pipeline (CheckTest, MineTest), the
// LSL program and a harness test, unrolled here lazily (paper Section
// 3.3). Out: ObservationSets, verdicts, counterexample executions
// (encode.Execution), and statistics.
//
// Enumeration is incremental: one solver, one encoding; each outcome found
// is excluded by a blocking clause and the solver is asked again, until it
// reports unsatisfiable. The inclusion check excludes the specification's
// outcomes all at once, through a merged trie of their literals
// (exclude.go).
//
// Lazy unrolling asks each unrolling only whether an execution can exceed
// its bounds, and asks the inclusion question once the bounds suffice, on
// the same solver. Both questions are disjunctions (of loop instances, of
// places that can fault), asked one disjunct at a time: the learnt clauses
// of each answer help the next, and the whole is often several times
// cheaper than one query. A second encoding asks the inclusion question of
// smaller unrollings in the background, so that a failure on a small
// unrolling is not paid for with the cost of bounding every loop, and of
// each unrolling while its bounds are questioned, so that the last two
// questions share the two cores, and races a second solver against a
// long exceed question (lazy in pipeline.go). CheckTest also
// enumerates the observation set beside the lazy unrolling on the memory
// model, which needs it only for its inclusion questions. Every solver
// answers its own questions in a fixed order, so verdicts and
// counterexamples do not depend on timing.
//
// Tests with interchangeable threads (package symmetry) ask fewer
// questions: the enumeration excludes each outcome's whole orbit at once
// and looks only at executions in which the interchangeable threads start
// in thread order; the bound questions ask only the first thread's loops
// of each class; the inclusion question assumes the same ordering when
// the specification is closed under the exchange (as a mined one is).
// TestSymmetryDifferential checks all three against the brute-force
// reference.
package mining
