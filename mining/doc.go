// Package mining asks the encoded formula the questions of the CheckFence
// method (paper Section 3.2): which observations a test can make
// (specification mining, under serial), and whether every execution on a
// memory model makes one of them (inclusion check), with a counterexample
// execution when not.
//
// In: an *lsl.Test (straight-line), a memory model, and for the inclusion
// check an ObservationSet. Out: ObservationSets, verdicts, counterexample
// executions (encode.Execution), and statistics.
//
// Enumeration is incremental: one solver, one encoding; each outcome found
// is excluded by a blocking clause and the solver is asked again, until it
// reports unsatisfiable.
package mining
