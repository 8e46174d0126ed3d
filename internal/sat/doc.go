// Package sat is an incremental CDCL SAT solver for the bounded-execution
// formulas of checkfence: many binary clauses (one-hot domains,
// implications), a mass of ternary clauses and a few long ones, asked
// hundreds of questions under assumptions.
//
// # Why not gini
//
// gini (v1.0.4) was the bottleneck. On the CNF files of one test's real
// questions (tpc6-00{1..8}, assumptions as unit clauses) gini took 9.3 s,
// MiniSat 2.2 (-no-pre) about 4 s. On tpc6-007 gini needed 26,570
// conflicts and 18.9 M propagations (3.7 M props/s) where MiniSat needed
// 15,486 conflicts and 11.6 M propagations (12.7 M props/s). gini also
// answers wrongly after some refutations under assumptions, which the
// encoder had to work around. Measured back to back with satbench (see
// below; a shared machine with a load average of 1.3 to 2.8, so times
// vary by some 20%), on all of tpc6 this package took 4.4-4.9 s against
// gini's 12.6-13.4 s and MiniSat's 3.5-3.8 s (MiniSat's time includes
// parsing), with 52,146 conflicts and 43.8 M propagations against
// MiniSat's 63,665 and 46.3 M: fewer conflicts, but each propagation
// costs about 1.3 times MiniSat's (9-10 M props/s). Asked as seven
// questions to one solver (satbench -incremental tpc6-00{2..8}), it took
// 2.5-2.7 s against gini's 14.5-16 s.
//
// # Design
//
// MiniSat 2.2 at the core, with Glucose's restarts and clause database:
//
//   - Clauses of three or more literals live in one []uint32 arena; a
//     clause reference is the offset of its header (size and flags).
//     Learnt clauses carry their LBD and activity in two words before the
//     header, so literals always start right after it. The arena is
//     compacted when a fifth of it is garbage.
//   - Binary clauses never enter the arena: each literal has a list of
//     the literals it implies; the reason of such an implication is the
//     other literal, tagged. Learnt binary clauses go there too and are
//     kept for good. Propagation runs the binary implications of the
//     whole trail before visiting any long clause.
//   - Long clauses use two watched literals at positions 0 and 1, each
//     watcher with a blocker literal. A literal's binary list and its
//     watch list share one struct, and a variable's reason and level
//     share another, so an assignment or a visit touches fewer cache
//     lines.
//   - Conflict analysis: first UIP, recursive minimization with abstract
//     levels (MiniSat ccmin mode 2), LBD of the learnt clause; the LBD of
//     a learnt clause is lowered when it takes part in a conflict.
//   - Decisions: VSIDS over a binary heap (decay 0.95, rescaled at
//     1e100, ties broken by the lower variable, so runs are
//     deterministic), phase saving, initial phase false.
//   - Restarts: Glucose's (a restart when the average LBD of the last 50
//     conflicts times 0.9 exceeds the overall average; blocked when the
//     trail is 1.4 times longer than the average of the last 5000
//     conflicts).
//   - Learnt clause reduction: Glucose-style, first after 10,000
//     conflicts, then after intervals growing by 1000: half of the learnt
//     clauses go, worst first (higher LBD, then lower activity); clauses
//     of LBD ≤ 2 and reasons stay.
//   - Level-0 simplification: after new level-0 units, once as many
//     propagations as there are clause literals have passed, satisfied
//     clauses are removed and false literals stripped (clauses shrunk to
//     two literals become binary).
//   - Assumptions are decided one per level, as in MiniSat; a false one
//     ends the solve and analyzeFinal gives Why. Learnt clauses never
//     depend on assumptions, so nothing needs forgetting afterwards.
//     A solve ends at the levels of its assumptions, and the next keeps
//     those of the assumptions it begins with (keepAssumptionLevels):
//     a question asked disjunct by disjunct repeats a long prefix.
//
// # Measurements behind the choices
//
// Conflicts summed over the eleven files tpc6-00{1..8} and pre-00{5,6,7}
// (deterministic, so independent of machine load; MiniSat: 110,779):
//
//   - Glucose's defaults (decay ramp 0.8 to 0.95, K 0.8, first reduction
//     after 2000 conflicts, intervals +300): 143,101. A fixed decay of
//     0.95: 135,644.
//
//   - Luby restarts (unit 100) instead: 146,618 with decay 0.95, worse
//     than Glucose restarts.
//
//   - Later reduction mattered most: first after 10,000 conflicts
//     (+1000): 107,622; never reducing: 110,179.
//
//   - Restarting less often, K 0.9: 95,627 (first reduction after 5000,
//     +500: 93,015; K 0.95: 100,577; no restarts: 111,447). Dropping
//     the deleted clauses' watches instead of rebuilding all watch lists
//     changed the visiting order: 99,737.
//
//   - Binary implications of the whole trail first, rather than per
//     literal before its long clauses: 93,202 conflicts instead of
//     99,737; asking tpc6-00{2..8} as seven questions to one solver
//     (satbench -incremental), 25,396 conflicts instead of 36,677 and
//     2.4-2.6 s instead of 3.5-3.7 s.
//
//   - Then reducing later again, first after 10,000 conflicts with
//     intervals growing by 1000: 91,716 conflicts, incrementally 22,029
//     (+500: 22,905; +2000: 21,641; first after 3000: 100,675 and
//     29,489). With the earlier schedule, K 0.8 gave 92,973 and 27,234,
//     K 0.95 108,234 and 26,692, against 93,202 and 25,396 for K 0.9.
//
// Tried and dropped: watching clauses of three literals on all three
// literals with both others in the watcher (no arena access on a visit,
// no watch moves) was slower: 1.58 s against 1.24 s on tpc6-007, since
// it makes half again as many visits as two watches with a blocker.
//
// # Benchmark
//
//	checkfence check --model relaxed --no-cache --dump-cnf DIR --test Tpc6 \
//		algorithms/msn/msn-fenced.c algorithms/msn/msn.tests
//	go run ./internal/sat/satbench -minisat minisat DIR/*.cnf
//
// The first writes every question of the check that takes 100 ms or more
// as a DIMACS file (the files above were msn Tpc6's bound proofs); the
// second prints, per file, answer, solve time, conflicts, propagations
// and propagations per second for gini, MiniSat (when given) and this
// package, and checks every model against the clauses.
package sat
