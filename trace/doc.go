// Package trace turns a counterexample execution into something a person
// can act on (CheckFence paper, Sections 1 and 4.3): what each thread
// did, operation by operation, with source positions, addresses named as
// the program names them and values; the global memory order; what each
// load read from; and, marked plainly, the pairs of accesses the memory
// model let execute out of program order, with the fence that would
// forbid each.
//
// In: an *encode.Encoding and a decoded *encode.Execution (and optionally
// the specification's outcomes). Out: a *Trace, printable as text and
// encodable as JSON.
package trace
