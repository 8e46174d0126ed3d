// Package symmetry finds the threads of a straight-line test that are
// interchangeable, and the permutations of outcomes that exchanging them
// makes: the symmetry of tests like i ( e | e | d | d ), whose executions
// come in isomorphic families, each of which a SAT solver would otherwise
// explore member by member. The paper does not reduce symmetry; this is a
// reduction of the encoding (Section 3.2.1), argued below.
//
// In: an *lsl.Test (unrolled) and its *rangeanalysis.Result. Out: a
// *Group: the classes of interchangeable threads and, for each element of
// the group they generate, the image of an outcome (Images, Closed) and of
// a statement (Corresponding). The encoder breaks the symmetry with an
// ordering of the classes' first accesses (encode.Encoding's
// SymmetryAssumptions); mining closes the observations it finds under
// the group.
//
// # When threads are interchangeable
//
// Threads i and j are interchangeable when exchanging them, together with
// the blocks their allocations return, maps the test to itself:
//   - their code is the same, statement for statement (text and source
//     position; the loop instances named by bound_exceeded differ only in
//     the thread), with no threadid statement (whose value differs);
//   - the range analysis, which defines the values an execution may carry
//     (SEMANTICS.md, "Values"), is symmetric: each register of j holds the
//     image of what the same register of i holds, and every location the
//     image of what the location it is the image of holds;
//   - no constant of the test names a block of theirs;
//   - the test frees no block for reuse (which blocks an allocation may
//     return is then its own, for every allocation), and observes no
//     final memory values.
//
// Let π exchange i and j and rename the blocks: the k-th allocation of i
// returns the block of the k-th allocation of j and vice versa. Every
// operation of LSL commutes with the renaming (lsl.Eval compares and
// subtracts pointers only within one block, integers never come from base
// addresses), the memory models treat all threads alike, and the initial
// memory holds no address of a thread's block. So if E is an execution,
// with memory order <M, then π(E), in which thread j does what i did in
// E and the other way round, with every value renamed, and the memory
// order π(<M), is an execution too; its outcome is π of E's outcome
// (thread i's observations become j's, values renamed), it faults iff E
// does, and it exceeds j's loop where E exceeds i's.
//
// # Breaking the symmetry
//
// For a class t1 < t2 < ... < tm, let a_k be the first access of t_k in
// program order (the same statement in each). Every execution with its
// total memory order orders a_1 ... a_m somehow; the permutation of the
// class that sorts them maps it to an execution in which a_1 <M a_2 <M
// ... <M a_m. So "a_k <M a_{k+1} for each k" removes executions without
// changing which outcomes exist up to the group, whether some execution
// faults, whether some exceeds a bound, or whether some has an outcome
// outside a set closed under the group. Classes are disjoint, so their
// constraints hold at once (each sorting permutation leaves the other
// classes' accesses alone). The order of two nodes is a variable of the
// encoding whether or not they execute, so the argument holds for every
// assignment, not only for executed accesses.
//
// What it does not preserve: which member of an orbit an answer shows (a
// counterexample may come from thread j instead of i), and any question
// asked under assumptions that are not themselves symmetric, such as
// fences enabled in one thread only or the orderings of a minimal cause.
// Those questions do not assume the constraint.
//
// # Using it
//
// Which question uses which (package mining):
//   - "does an execution exceed a bound?" asks only the loop instances of
//     each class's first thread (encode.Encoding.ExceedRepresentatives):
//     an execution exceeding an instance in another member has an image
//     exceeding it in the first. One proof then stands for the class (msn
//     T56, four enqueuers: one proof that an enqueue retries at most three
//     times instead of four). The question assumes the constraint among
//     the other members of each class (ExceedAssumptions): the exchanges
//     of those leave the first thread, and any thread in no class, alone;
//     When such a question finds an exceeding execution, the instance of
//     each thread's first exceeded bound is raised in its class too, so
//     that the next unrolling stays symmetric;
//   - "does an execution fault, or observe an outcome outside the
//     specification?" assumes the constraint, when the specification is
//     closed under the group (Closed);
//   - the enumeration of observations assumes it and adds orbits (below).
//
// Mining then finds one outcome per orbit at least, and adds the orbit:
// each outcome found is closed under the group (Images) and the whole
// orbit is excluded at once, so the enumeration asks one question per
// orbit instead of one per outcome.
package symmetry
