// Package lsl defines the load-store language (LSL), the intermediate form
// of checkfence (CheckFence paper, Section 3.1, Fig. 4 and Fig. 5).
//
// In: nothing; every other stage produces or consumes these types.
// Out: the IR types (Program, Proc, Stmt, Value, Test), a text printer and
// parser that round-trip, a validator, the one definition of what every
// primitive operation computes (Eval), and a sequential interpreter.
//
// Values are untyped at run time: undefined, an integer, or a pointer
// written as a base address followed by field/element offsets ([1 0 2]),
// exactly as in the paper's Fig. 5. Integer operations carry their C type
// (width and signedness) so that wraparound is exact. One extension: a
// pointer may carry marks in its low bits ([1 0 2]|1), as lock-free lists
// mark links with (uintptr_t)p | 1; such a value is no address, and only
// &, | and ^ with small integers act on it (markOp). The paper's lists
// keep the mark in a field of its own instead. Another: a pointer to a
// whole block moves as C's pointer to an array of one does, [1] + 1 being
// the pointer one past the block, [1 PastEnd], which names no word.
//
// Two program forms share these types. A Program holds procedures with
// calls, loops (labelled blocks with continue) and is what the C front end
// produces. A Test is the straight-line form the encoder reads: threads of
// operation invocations whose bodies have no calls and no continue, as the
// unroller (or the litmus translator) produces them.
package lsl
