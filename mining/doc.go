// Package mining asks the encoded formula the questions of the CheckFence
// method (paper Section 3.2): which observations a test can make
// (specification mining, under serial), and whether every execution on a
// memory model makes one of them (inclusion check), with a counterexample
// execution when not.
//
// In: an *lsl.Test (straight-line), a memory model, and for the inclusion
// check an ObservationSet; for the pipeline (CheckTest, MineTest), the
// LSL program and a harness test, unrolled here lazily (paper Section
// 3.3). Out: ObservationSets, verdicts, counterexample executions
// (encode.Execution), and statistics.
//
// Enumeration is incremental: one solver, one encoding; each outcome found
// is excluded by a blocking clause and the solver is asked again, until it
// reports unsatisfiable. The inclusion check excludes the specification's
// outcomes all at once, through a merged trie of their literals
// (exclude.go).
//
// Lazy unrolling asks each unrolling only whether an execution can exceed
// its bounds, and asks the inclusion question once the bounds suffice, on
// the same solver. Both questions are disjunctions (of loop instances, of
// places that can fault), asked one disjunct at a time: the learnt clauses
// of each answer help the next, and the whole is often several times
// cheaper than one query. A second encoding asks the inclusion question of
// smaller unrollings in the background, so that a failure on a small
// unrolling is not paid for with the cost of bounding every loop, and of
// each unrolling while its bounds are questioned, so that the last two
// questions share the two cores, and races a second solver against a
// long exceed question (lazy in pipeline.go). CheckTest also
// enumerates the observation set beside the lazy unrolling on the memory
// model, which needs it only for its inclusion questions. Every solver
// answers its own questions in a fixed order, so verdicts and
// counterexamples do not depend on timing.
//
// An exceeding execution raises, in each thread, only the first loop it
// exceeds in program order. Past that point the thread is derailed (it
// left the loop without the iteration the program would run), and the
// loops it exceeds later run on values no execution of the program
// computes: raising them makes the unrolling larger, and on lazylist Sarr
// decided which of two unrollings the check ended with (1,218
// instructions and 6 s against 1,072 and 3 s, depending on the execution
// the solver happened to find). Any choice is sound: the rounds end only
// when no execution exceeds the bounds, whichever loops were raised on
// the way; a loop that is really exceeded is found again by the next
// round's question. For the same reason a round may raise a bound by
// more than one: a loop instance raised by it and by the two rounds
// before, with no other instance of its loop, is raised by two
// (accelerate: a retry loop that keeps failing, as snark D0's, takes a
// round less every two, at the price of at most one iteration that no
// execution needs). And a round raises the loops of several threads when
// several executions exceed them: once its exceeding execution has
// raised some threads' loops, it asks, within a fixed number of solver
// conflicts, for an execution exceeding a loop of another thread, and
// raises that too (sweep): each such raise is one a later round would
// make, since the execution stays within every larger unrolling. Where
// an unrolling so raised is too large for the memory budget or the
// range analysis, the round is made again with only the raises of its
// exceeding execution (TestSweepRaisesOtherThreads, whose failure a
// version without that is inconclusive on). But where the rounds end
// without a verdict (a loop at MaxUnroll, an unrolling too large), which
// unrolling they ended at decides whether a failure within it is found,
// and raises the failing execution does not need may have taken the
// room of those it does: those rounds are made again without the sweep,
// as before it (lazyRun.run), so the sweep loses no failure that the
// rounds without it find (TestSweepKeepsFailuresWithinBudget).
//
// Tests with interchangeable threads (package symmetry) ask fewer
// questions: the enumeration excludes each outcome's whole orbit at once
// and looks only at executions in which the interchangeable threads start
// in thread order; the bound questions ask only the first thread's loops
// of each class, and the error questions (of the error check and of the
// inclusion check) only the first thread's places, both under the
// ordering of the other threads of each class
// (encode.Encoding.RepresentativeAssumptions); the inclusion question's
// outcome part assumes the whole ordering when the specification is
// closed under the exchange (as a mined one is). TestSymmetryDifferential
// checks all of them against the brute-force reference.
//
// # Mining without the solver
//
// Under serial every invocation runs alone, so a serial execution is a
// sequence of whole invocations (the init ones first, then each thread's
// in its order, interleaved) and is determined by that order and the
// values its choices (Choose, which freed block an allocation takes)
// pick. The observation set can therefore be computed by running them
// (explicit.go): from each state between invocations, run each thread's
// next invocation along every choice, and explore each state reached once.
// Two runs reaching the same state (registers of every thread that a later
// invocation reads, memory, the state of every block, which invocation
// is next in each thread, and the observations so far) have the same
// continuations and the same outcomes, so merging them loses nothing.
// Under the symmetry constraint (package symmetry) a thread of a class
// of interchangeable threads starts only after the one before it in the
// class, and each outcome brings its images: exchanging the threads maps
// every serial execution to one that respects the order, as in the
// encoder's argument.
//
// The run replaces the serial lazy unrolling, its error check and the
// enumeration (serialrun.go): an execution that reaches a
// bound_exceeded raises that loop's bound (and, as the solver's rounds
// do, its siblings' and its counterparts' in interchangeable threads) for
// another round; a round in which none does has run every serial
// execution. (A run is followed only up to its bound_exceeded, so a loop
// may be raised for a run that an assume of another thread's later
// invocation would have removed: a round more, never a wrong set; with
// no loop named, no execution exceeds a bound.) It gives up, and the solver asks its questions as before, on
// anything it does not decide itself: an execution that may make an
// error (whose counterexample the solver's error check gives), a loop
// at MaxUnroll (inconclusive), more than maxExplicitStates states, or
// states and observations over an eighth of the memory budget
// (--max-memory): the keys of the states visited, those held until
// explored, and the outcomes collected (with their images), each of
// which takes a few words per thread (so a test of many threads reaches
// it early: n interchangeable threads may have n! outcomes). So
// what it decides alone is that every serial execution is correct within
// the bounds it found, and their observation set; every failure and every
// inconclusive verdict comes from the solver. TestExplicitDifferential
// compares it with the brute-force reference on generated tests (also
// with frequent choices, reuse and interchangeable threads; each of five
// broken versions is caught), TestExplicitKeyKeepsLiveRegisters shows a
// key without the live registers losing an outcome (the generated tests
// carry no register from one invocation to the next),
// TestExplicitBoundsDifferential its bound answers with the encoder's (a
// version that runs past bounds is caught), and the suites' test
// TestExplicitMiningMatchesSolver with the solver's enumeration on every
// quick test. --solver-mining (PipelineOptions.SolverMining) mines with
// the solver alone.
//
// The range analysis of each round's unrolling guards the run: a test
// whose values outgrow what the analysis tracks stops with its limit error
// (running every execution would take ages: one invocation may branch
// into millions of runs). The run reads the analysis only for the
// symmetry group; when no two threads can be interchangeable
// (symmetry.Possible: no two have the same operations and number of
// statements) the analysis is made on the second core beside the run
// (serialrun.go, asideAnalysis), which it stops if it fails, and its error
// is the round's whatever the run did, as when it comes first; the check's
// first round takes it (snark Dm 6%, lazylist Sacr2 8% faster). The same
// goroutine then encodes the unrolling for the check's model (CheckTest,
// PipelineOptions.speculate), which the check's first round takes if the
// run raised no bound (the encoding is a function of the unrolling, its
// analysis, the model and the options, none of which the run changes); a
// round that raises one cancels it. TestSymmetryPossible checks on every
// suite test that Possible never rules out a group Find finds,
// TestSerialRunGuardedByAnalysis the guard (one core and two, with and
// without symmetry), and TestFirstRoundOfMinedUnrolling that the checks
// are the same with and without the mined unrolling and its encoding (an
// encoding made beside the run with other options is caught).
package mining
