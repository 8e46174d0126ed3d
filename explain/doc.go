// Package explain says why a check fails: which of a counterexample's
// reorderings the failure needs, and the fences that forbid them (the
// paper's Section 4.3 reads them off a trace by hand; MemSAT, a seed
// paper, explains with minimal unsatisfiable cores).
//
// In: a failing check (mining.TestResult: its counterexample X and the
// encoding it came from). Out: a Cause, a minimal set of fences, each
// restoring reordered program-order pairs of the failing executions, with
// which no execution of the whole test (at X's loop bounds) fails as X
// did: observes X's outcome, or, if X faults, has X's first fault (the
// same fault at the same statement of the same thread).
//
// A fence of a cause sits right after or right before one access of the
// source (lsl.AccessSite), in every thread, call and loop iteration that
// executes it, so it is something a person can write; restoring a pair
// of accesses alone would not be (and one fence restores many pairs: the
// stores that initialise a node before the one CAS that publishes it).
//
// # The algorithm
//
//  1. The reordered pairs of X are accesses a before b in one thread's
//     program order with b before a in memory order, both to locations
//     another thread touches (the order of accesses no other thread sees
//     cannot change what the others observe). A thread touches what it
//     accesses and every word of a block it frees or takes again from the
//     allocator: such an event is in memory order too, and where an
//     access to the block falls against it decides a use after free or
//     what the reused block holds, so it sees the access as a load would.
//     Each pair gives two candidate fences of the pair's kind: right
//     after a, and right before b.
//  2. The test is encoded with every candidate inserted, each instance
//     with its own enable literal, and the question "does an execution
//     fail as X did" is asked with all candidates enabled. If it is
//     satisfiable, its execution X' fails with every candidate in force:
//     the candidates of its reordered pairs are added and 2 repeats (no
//     new candidate: the failure needs no reordering, and there is no
//     cause, as on sc).
//  3. Unsatisfiable: the candidates whose literals the solver's failed
//     assumptions contain are a sufficient set, shrunk to a minimal one by
//     deletion. A candidate c is dropped if the question stays
//     unsatisfiable without it (the rest then shrinks to the new proof's
//     candidates), else kept. Kept candidates stay necessary: c was kept
//     against a superset of the final set minus c, and fewer fences only
//     allow more executions, so the final set minus c admits a failing
//     execution too.
//
// The question is asked at X's loop bounds. With the cause's fences an
// execution may still run past them, and fail as X did only then: one
// more question says whether it can (Cause.WithinBounds), and the trace
// then says that the claim holds within the bounds. A pass's proof
// (PassReasons, proof.go) has no such caveat: the check's unrolling has
// every execution, but only with all the model's orderings, so a set of
// them suffices only if it also keeps every execution within the bounds,
// and the proof's question asks both.
//
// Minimal is not minimum: another set, even a smaller one, may forbid the
// failure too. Fence inference (package infer) finds the cheapest fences
// that make the whole test pass.
//
// Tested against the brute-force reference on generated failing tests,
// among them uses after free through a reordering: the reference,
// running the test with the cause's fences inserted, finds no execution
// failing as the counterexample does, and without any one of them finds
// one; a search that does not shrink the core, or shrinks one fence too
// many, is caught; and where no cause is found, the failure happens with
// a full fence after every access.
package explain
