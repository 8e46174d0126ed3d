// Package encode builds the SAT encoding of a straight-line concurrent test
// on a memory model (CheckFence paper, Section 3.2.1) in a SAT solver, and
// decodes satisfying assignments into executions.
//
// In: an *lsl.Test (threads of loop-free, call-free LSL, as the unroller or
// the litmus front end produce), its *rangeanalysis.Result, and a
// *memmodel.Model. Out: an *Encoding holding the formula Φ(T, Y) in an
// incremental solver, the literals that ask questions of it (Error,
// Exceeded, each fence's Enable, the observation slots, OutcomeLits), and
// Decode, which turns a solution into an Execution: the executed accesses
// with addresses and values in memory order, and reads-from.
//
// # The solver
//
// Options.Solver chooses it: by default package internal/sat, a CDCL
// solver written for these formulas (many binary clauses, questions under
// assumptions), which needs about a third of gini v1.0.4's time on them
// (internal/sat's doc.go has the figures); gini stays for cross-checks
// (SolverGini, the command line's --solver gini) and SolverChecked asks
// every question of both and panics on any disagreement, an invalid model
// or failed assumptions that refute nothing (the tests run the
// differential programs and whole checks of the published algorithms on
// it). The solver sits behind a small interface (solver.go); gini's
// workarounds for two of its bugs live with it there.
//
// # Thread-local formulae
//
// Each thread is executed symbolically (paper: register SSA with guards).
// Every register value is a Dom: a one-hot variable over the value set the
// range analysis computed. The sets are small (the paper's tests carry a
// handful of values per register), so a primitive operation is encoded as
// the table of lsl.Eval over its operands' sets: the encoder and the
// interpreter share one definition of arithmetic, pointers (paper Fig. 5)
// need no special circuits, and undefined values and faults are just rows
// of the table. Labelled blocks merge the states that leave them.
//
// # Partial executions
//
// The lazy unrolling's bound question (paper Section 3.3) asks whether an
// execution runs past a loop bound. A thread that does is cut there: the
// unrolled code has no next iteration, so the thread goes on without it
// (derailed), and what it does afterwards is not what the program does.
// If another thread then waits for what the program would have done (a
// spin loop reduced to an assume, a lock, an lsl_assume), its assume fails
// and the execution is removed, and with it the proof that the bound is
// too small: a wrong pass on every model (a thread that counts to a value
// another thread read, then sets a flag the other waits for).
//
// So under the bound question (ExceedAssumptions assume Partial) a thread
// whose assume fails stops there instead: its later code does not run.
// Every prefix of an execution in which each thread has run a prefix of
// its code, and the exceeding thread has reached its bound, is such a
// partial execution (on models that keep a load before a later store of
// the thread, the prefix up to the exceed point in the memory order; the
// waiting threads stop at their first assume that the cut makes fail), so
// no execution of the program runs past a bound that the question proves
// sufficient. The converse need not hold: a thread may stop at an assume
// that no continuation satisfies (lsl_assume(false)), or under serial
// inside an operation while the others run on, and a bound may be raised
// that no complete execution needs: a larger unrolling, never a wrong
// verdict. Every other question assumes Partial false (Assumptions,
// PastBoundAfterFault): outcomes, errors and counterexamples are those of
// complete executions. mining's TestExplicitBoundsDifferential checks the
// bound answers against the explicit serial runs, which stop a run at its
// bound whatever later operations would assume (without partial
// executions it fails).
//
// # Memory order
//
// Accesses are grouped into order nodes: an atomic block, or under serial a
// whole operation, is one node (its accesses are contiguous in memory order
// and in program order among themselves); so is the init phase; every
// other access is its own node. A fence whose orderings the model does not
// already keep is encoded through points: per thread and access type t,
// a chain P[t] (the point of each fence lies after the t-accesses before
// it) and a chain Q[t] (before the t-accesses after it), each chain in
// program order, so that an access is joined only to the nearest point of
// each chain and a fence ordering X before Y is the single constraint
// P[X] <M Q[Y]: a constant number of constraints per fence instead of one
// per access of its thread. A fence written in an atomic block orders the
// block against an access outside it only through the block's accesses on
// the other side of the fence, and has points of its own for the accesses
// around the block (memory.go, blockFence); the fence an atomic block is
// under tso orders the whole block. Each fence's constraints are guarded
// by its own Enable literal when a question may switch the fence
// (Options.FenceOn, SwitchFences: fence inference and explanations);
// otherwise the fence is always in force and its constraints have no
// guard.
//
// The paper represents <M with a variable for every pair of accesses and
// transitivity clauses for every triple: quadratic variables and cubic
// clauses. Here a variable exists only for the pairs some constraint
// mentions: pairs that may alias with at least one store; program-order
// pairs the model keeps (as a transitive reduction, which is sound because
// the kept order is transitive, see memmodel's tests); and fence-node
// pairs. Two accesses that cannot alias get no variable of their own.
// They may alias when their value sets share a valid address: an access
// executes only with one (an undefined or null address is a fault), and
// every constraint on a same-address pair (reads-from, coherence, the
// program order a model keeps per address) is about executed accesses,
// so a pair that shares only an invalid value needs none. Counting such
// values as aliasing was exact but large: on lazylist Sacr2 most field
// accesses' sets hold undefined (a node a path has not allocated), a load
// had 53 candidate stores on average instead of 22, and the encoding had
// 338,415 clauses instead of 117,525 (TestNoOrderVariablesWithoutAliasing and
// mining's TestAliasingThroughValidAddresses, against the reference).
// Transitivity is then required only on the
// triangles of a chordal completion of this graph (minimum-degree
// elimination): an orientation of a chordal graph is acyclic iff it has no
// cyclic triangle, and an acyclic orientation extends to a total order, so
// the constraints are exactly "some total memory order exists". This is
// the sparse transitivity of Bryant and Velev's equality encodings, applied
// to the memory order.
//
// Figures (go test ./encode -run XXX -bench EncodeLarge, 2 cores, a
// 4-thread test of 200 accesses over 6 locations with fences and CAS
// blocks; encoding plus one solver call):
//
//	model    encoding   clauses     triangles   time
//	sc       chordal      342,150     153,161    0.06 s
//	sc       pairwise   1,915,686     939,929    0.5 s
//	relaxed  chordal      170,055      67,065    0.04 s
//	relaxed  pairwise   3,167,165   1,565,620    0.6 s
//
// The pairwise encoding stays available as Options.FullOrder for
// comparison. On this test, with a fence every few accesses, the fence
// points cost more triangles than the fence nodes they replaced (103,557
// clauses before); on the algorithm suite, with long threads, they cost
// fewer (snark Db: 342k → 241k triangles).
//
// # The init phase
//
// The init phase is one order node that precedes every other node, so its
// order literals are constants (true towards every other node) rather
// than variables fixed by unit clauses, and it is left out of the chordal
// completion: no cycle passes through a node all of whose edges point
// away from it, so the triangles of the completion of the other nodes
// keep the whole order acyclic. Constraints about the init node then
// fold away as they are built: a load of the init phase has no candidate
// store outside it, and a store of the init phase is before every other
// store a load may see. On lazylist Sacr2 on relaxed this removes 28% of
// the clauses (519,074 to 373,437; the init phase has 49 of the test's
// 122 loads). The differential tests against the brute-force reference
// catch the constants reversed, and a node other than init left out of
// the completion (mining's TestDifferential*, TestSymmetryDifferential);
// TestChordalCompletion checks the completion and its budget simulation
// with a node left out.
//
// # Two threads kept in program order: an interleaving
//
// Under sc and serial, a test with two threads besides init has a memory
// order that is an interleaving of two chains. Then every pair of nodes of
// the two threads that some constraint orders against the other thread
// gets a variable x[i][j] (a_i before b_j), made monotone by the binary
// clauses x[i][j] → x[i][j+1] and x[i+1][j] → x[i][j]; pairs within a
// thread, and init against everything, are constants. A cycle would need
// a_i <M b_j and b_l <M a_k with j ≤ l, k ≤ i, which the two clause
// families contradict, so the grid holds exactly the interleavings
// (interleave.go gives the argument). It replaces the triangles of the
// chordal completion: on msn's producer/consumer test with 8 values
// (checkfence grow --family msn-fixed) 465,504 clauses become 121,339,
// and the check takes 25 s instead of 62 s. Options.NoInterleaving keeps
// the chordal completion, for comparison; the differential test against
// the brute-force reference (mining, TestDifferentialInterleaving) runs
// two-thread tests under sc and serial, and catches either clause family
// left out.
//
// # Value axioms
//
// For each load l and each store s that may alias it (a valid address in
// common), a literal Flow(s,l)
// says l reads s: then both execute, have the same address, s is visible
// (s <M l, or s <p l under models with store forwarding), the values are
// equal, and every other visible store to the address is before s in <M.
// A literal Init(l) says no store is visible and l reads the initial value.
// An executed load takes one of them. Final values of locations are
// encoded the same way, against the last store in <M.
//
// # Allocation and reuse
//
// A block that a reusable free may free can be handed out again by an
// allocation of the same size and words (lsl.MayReuse): the allocation's value ranges
// over its own block and those. Such allocations and frees, and the frees
// of a block two threads may free, are events of the memory order, and
// the allocator's state of each block is encoded like a value axiom over
// them: double frees and uses after free are faults of the memory order,
// not of one thread (alloc.go gives the rules and why the fault literals
// are exact). Each derails its thread from the free or access on, as the
// thread's other faults do. Tests that free nothing, or only retire blocks
// (lsl_free_noreuse) that no two threads may retire, get exactly the
// encoding they had without this.
//
// # Interchangeable threads
//
// When package symmetry finds interchangeable threads (same code, blocks
// renamed), each pair of consecutive members of a class gets a literal
// that puts their first accesses in memory order (an edge of the order
// graph like any other). SymmetryAssumptions assumes them all: the
// class's threads start in thread order, which keeps one execution of
// every family that exchanging them relates; ExceedAssumptions leaves out
// each class's first thread, for the bound question that asks that
// thread's loops only (ExceedRepresentatives). Nothing else changes: a
// question that assumes neither sees every execution.
//
// # Memory budget
//
// A test a little too large makes an encoding of many gigabytes (the
// triangles grow with the cube of the accesses that may alias), and the
// process would be killed for lack of memory after minutes. So each phase
// is first estimated from counts, against Options.MaxMemory (default: half
// the physical memory): the thread formulae from the value sets of the
// range analysis, the memory order's pairs, its triangles (from C(n, 3), or
// when that does not fit by running the elimination on bit sets without
// listing triangles), and the value axioms (candidate stores per load).
// Bytes per variable, clause, pair and triangle are the constants of
// budget.go, measured on gini (the builtin solver holds less: 16 MiB of
// live heap against gini's 19 MiB in TestMemoryModel). As the encoding grows, the clause count and
// the elimination's triangles are checked too, so a wrong estimate still
// stops it near the budget. Either way Encode returns a *BudgetError
// naming the test, the phase and the sizes that made it big. The checks
// cost a few counts; the formula is the same.
package encode
