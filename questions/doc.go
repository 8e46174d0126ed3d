// Package questions runs SAT questions on encodings: how a question is
// asked, on which core, and which answer counts, apart from what the
// question is (the lazy unrolling of package mining decides that).
//
// In: encodings (package encode) and questions about them, each a base set
// of assumptions and disjuncts ("does an execution satisfy the base and
// one of these?"). Out: answers, 1 (with that execution as the solver's
// solution), -1 (none), 0 (cancelled), and the count and time of the
// solver calls (a Meter).
//
// Meter.Solve counts and times every solver call of a check (mining's
// enumeration and inclusion question too). Three ways of asking, which
// the checks of the paper's Section 3 (the exceed and failure questions
// of lazy unrolling, Section 3.3) combine:
//
//   - FirstOf asks the disjuncts one after another on one solver, in a
//     fixed order, each answer leaving learnt clauses for the next: a
//     disjunction of hundreds of targets is much harder for the solver
//     than its disjuncts in turn (snark Db's error question: 8.5 s as one
//     query, 1.0 s as 544). A disjunct proved impossible is assumed false
//     in those after it.
//   - Race asks a "none?" question of the main solver and, if it runs
//     longer than a delay, of a second solver on an encoding of its own
//     too; the first proof of "none" ends both. Only "none" is taken from
//     the second solver, so a solution always comes from the main one.
//   - Background answers questions on a goroutine of its own (the second
//     core), one at a time in the order asked; Earliest returns the
//     first of a list of them, in list order, whose answer is 1, asking
//     again on the caller's goroutine any the background left unanswered.
//     On one core NewInline's Background answers a question only when
//     its answer is waited for, on the waiting goroutine: the same
//     answers, without a second goroutine taking the core's time.
//   - Ends shares one background question with the main solver once
//     that has nothing else to do: the background asks the disjuncts
//     from the first (FromFront), the main solver proves them impossible
//     from the last backwards (FromBack), each stopping the other's solve
//     of a disjunct it has covered. Only the main solver's proofs of
//     "none" count, so the answer and the solution are FirstOf's (lazylist
//     Sacr2 0.31 s instead of 0.38 s, snark D0 0.36 s instead of 0.45 s).
//
// Deterministic answers: every answer that counts comes from a solver
// whose questions do not depend on timing (the main solver, or the
// background one answering in order); what timing decides is only which
// of two proofs of "none" arrives first, and both say the same.
package questions
