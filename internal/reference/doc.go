// Package reference computes the outcomes of a straight-line test by brute
// force, straight from the axioms of SEMANTICS.md (CheckFence paper, Sections
// 2.2–2.3, with TSO, PSO and RMO in the same style) and the range analysis of
// Section 3.4 that excludes out-of-thin-air values.
//
// In: an *lsl.Test in straight-line form and a model name (serial, sc, tso,
// pso, rmo, relaxed). Out: every distinct lsl.Outcome of the test's executions
// on that model.
//
// It is an oracle for cross-checking the SAT encoder on small random tests,
// so it shares no code with the encoder, the memory-model tables or the
// project's range analysis: only the IR and lsl.Eval. It favours being
// evidently right over being fast, and refuses tests that are too big.
//
// Conventions where SEMANTICS.md is silent:
//   - A faulting primitive yields undefined and the thread continues; so does
//     a load through an invalid address (which is no memory access). A break
//     on a non-integer condition faults and is not taken. An assert faults
//     unless its register is a non-zero integer; an assume removes the
//     execution unless its register is one, and a bound_exceeded reached
//     removes it always.
//   - Addresses are valid when they are pointers whose base is a global's or
//     an Alloc statement's. Alloc statements get bases above every global, in
//     the order init, thread 0, thread 1, …, program order (lsl.AllocBases).
//     Free faults unless its address is the start of an allocated block
//     (offsets all zero).
//   - Allocation and freeing (SEMANTICS.md): every block has a state, live
//     or freed by a kind of free. A free of a block start and an
//     allocation that takes a freed block (another Alloc statement's, of
//     its size and words (lsl.MayReuse), freed by free or lsl_free) are events placed in
//     <M like accesses: after the accesses before a free in program order,
//     before the accesses after a reuse, in program order with the
//     thread's events on the same block, and in program order with
//     everything under sc and serial (part of the invocation under serial,
//     of the atomic block inside one). Fences do not order them. A free of
//     a block that is not live, and an access to a block freed by C's free
//     (lsl.FreeUnsafe), fault when placed, without derailing the thread. A
//     fresh allocation is no event (it changes no state and could always
//     be placed first).
//   - Under tso an atomic block executes a full fence on entry and on exit
//     (also when left by a break, also when it makes no access), unless it
//     is marked nofence.
//   - Value sets (range analysis) are kept per register name of each thread
//     (the init thread has its own) and per location. Undefined is a value
//     like any other: it enters where a register may be read before any
//     assignment, where a primitive faults, where a load's address may be
//     invalid, and as the content of allocated blocks. Each value is tagged
//     with the number of arithmetic or pointer operations it went through;
//     values with more than the test contains are dropped, which makes the
//     analysis terminate on increments through memory. An execution exists
//     only if every value assigned to a register lies in the register's set.
package reference
