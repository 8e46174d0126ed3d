// Package infer finds the fences a data type needs: a placement of least
// cost that makes its tests pass on a memory model (SEMANTICS.md, "Fence
// placement"; the paper's Section 4.2 placed them by hand).
//
// In: the implementation compiled with cfront's FenceSlots, in which every
// fence slot (a C statement boundary: between two block items, at the
// start or end of a block, of a loop body or of an if's branch without
// braces, in the file
// that defines the function: a header of the program too) holds a marker
// fence with its slot number,
// one number per place in the source (the copies of a header's inline
// function in several files share it, as a fence there is in all); the
// program to mine the specification from; the tests; a model. Out: a
// Result: the fences to add (slot, kind, the test and the reordered pair
// that fail without each), their cost, or why no placement helps. Patch
// turns a placement into a unified diff of the C files.
//
// # Candidates
//
// A candidate is a fence kind at a slot. The kinds are those that order
// something the model does not keep, one of each effect (on tso a full
// fence adds only what a store-load fence adds, so only store-load is
// tried; on relaxed all five kinds are). Each marker becomes one fence per
// kind, all encoded with their own enable literal (encode.Options.FenceOn):
// a placement is a choice of literals, and the fences already in the code
// are always on.
//
// # The algorithm
//
// Counterexample-guided, with an exact hitting-set solver:
//
//  1. Check every test with the current placement P (at first, none),
//     with the usual lazy unrolling (mining.CheckTest).
//  2. A failing test gives an execution X: a counterexample, or an
//     execution that runs past the largest loop bound (a placement under
//     which some execution does is not sufficient: the test would be
//     inconclusive). H(X) is the set of candidates that X contradicts:
//     those reached in X with an access before them in program order
//     that X orders, in memory order, after an access after them, of the
//     types the kind orders.
//  3. Every sufficient placement Q contains an element of H(X): otherwise
//     X, memory order and all, satisfies every fence of Q (fences only add
//     ordering constraints, and X breaks none of Q's), so X is an
//     execution under Q too, and Q fails. If H(X) is empty, X is an
//     execution under every placement: no placement helps, and the result
//     says why: the test fails on sc (checked on sc then, as X itself may
//     reorder accesses that no slot separates), or no slot separates the
//     reordered accesses (Result.Unseparated: of one C statement, or of
//     one macro expansion, which Result.NameMacro names).
//  4. The next placement is a hitting set of least cost of all the sets
//     found so far, solved exactly (a SAT encoding with a totalizer over
//     the costs; minCostHittingSet). Its cost is a lower bound on every
//     sufficient placement's, by 3.
//  5. When every test passes with the placement, it is sufficient, and by
//     4 nothing cheaper is: it is optimal. Each round either ends or
//     finds an X with H(X) disjoint from the current placement (X is an
//     execution under it), which that placement does not hit, so no
//     placement is tried twice and the loop ends.
//
// Within a round, a failing test is checked again with the candidates of
// H(X) added, until it passes: the executions found so have disjoint sets,
// so one round raises the lower bound by as many fences as the test needs
// at once instead of one per round (msn T1: fewer rounds). A test that
// passed with a placement is not checked again under a larger one (more
// fences only remove executions).
//
// A test that no placement decides is set aside: one with more values
// than checkfence handles (fences carry no values), or one inconclusive
// in an execution past a loop's bound that no candidate forbids (an
// execution under every placement). The cores its failures gave are
// dropped, as they bind no placement of the other tests, and the loop
// goes on with those: the result is Inconclusive, with an optimal
// placement for them (Result.SetAside names the tests set aside).
//
// Each check of a test starts its lazy unrolling from the bounds the
// test's last passing check ended with, not from 1 (newTestCheck).
// This changes no answer: an execution of a larger unrolling is an
// execution of the program, so a failure found there is real, and a pass
// still needs the proof that no execution exceeds the bounds reached.
// The counterexamples may be others, and so the rounds; optimality does
// not depend on which failures are found (step 3 holds for each).
//
// # Several models
//
// InferSharing infers for one model preferring, among the placements of
// least cost, one with the fewest fences that other models' placements do
// not already give (the hitting-set solver's second objective, bounded by
// the optimal cost: optimality is untouched). Combine makes one placement
// for several models: the union of theirs, less the fences no model needs
// (see its comment for the order they are tried in and why the checks
// are few). fences --infer --patch writes it.
//
// # Suggestions for one counterexample
//
// Suggest (check --infer) infers a placement P for one failing test and
// says which of P's fences its counterexample X needs: those that X
// contradicts (step 2's H(X), met with P). At least one is: P is
// sufficient, so X is not an execution under P, and by step 3's argument
// an execution that contradicts none of P's fences is one. The others
// forbid other failing executions; with only them placed, X still
// happens (suggest_test.go checks both on the brute-force reference).
//
// Optimality and sufficiency are checked against the brute-force
// reference (internal/reference) on generated tests: for every model, the
// inferred cost is the least of all placements the reference finds
// correct, and the inferred placement is one of them; a greedy hitting-set
// solver in its place is caught (differential_test.go).
package infer
