package mining

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/questions"
	"checkfence/rangeanalysis"
	"checkfence/tests"
	"checkfence/unroll"
)

// Verdict is the result of checking one test on one model.
type Verdict string

const (
	Pass         Verdict = "pass"
	Fail         Verdict = "fail"
	Inconclusive Verdict = "inconclusive"
)

// PipelineOptions control CheckTest and MineTest.
type PipelineOptions struct {
	Options
	// MaxUnroll is the largest bound any loop instance may get (default 10);
	// a loop that can run longer makes the verdict inconclusive.
	MaxUnroll int
	// Progress, if set, is told what the driver is doing.
	Progress func(format string, args ...any)
	// Cache, if set, keeps mined observation sets between runs.
	Cache SpecCache
	// Warn, if set, is told of trouble that does not change the verdict,
	// such as a cache that cannot be written (else Progress is told).
	Warn func(format string, args ...any)
	// NoStutterReduction unrolls without the stutter reduction (see
	// package unroll), to measure it or cross-check it.
	NoStutterReduction bool
	// Sequential asks every question on one goroutine: no background
	// failure questions, no racing prover (see lazy). It is implied when
	// the process may use one core only (GOMAXPROCS 1, which Go derives
	// from the CPUs the process may run on, as taskset sets them).
	Sequential bool
	// InitialBounds are bounds to start the lazy unrolling from, for
	// loops that need more than one iteration; it raises them only. A
	// caller that checks a test again with other fences passes those its
	// last check needed (fence inference), saving the rounds that would
	// raise them again. Starting higher changes no verdict: the rounds
	// still prove that the bounds suffice.
	InitialBounds unroll.Bounds
	// SolverMining enumerates observation sets with the solver always,
	// never by running the serial executions (doc.go, "Mining without
	// the solver"), to measure that or cross-check it.
	SolverMining bool

	// speculate, if set, encodes an unrolling of the serial executions'
	// rounds once its range analysis is made beside the run: the
	// check's first round on its model, if the mining ends at that
	// unrolling (CheckTest).
	speculate speculateFunc
}

// speculateFunc encodes t, analysed as ra, telling progress its phases.
type speculateFunc func(ctx context.Context, t *lsl.Test, ra *rangeanalysis.Result, progress func(format string, args ...any)) (*encode.Encoding, error)

// sequential reports whether questions are asked one at a time.
func (o *PipelineOptions) sequential() bool {
	return o.Sequential || runtime.GOMAXPROCS(0) < 2
}

func (o *PipelineOptions) progress(format string, args ...any) {
	if o.Progress != nil {
		o.Progress(format, args...)
	}
}

// encodeProgress tells Progress of the encoder's long phases too.
func (o *PipelineOptions) encodeProgress() {
	if o.Encode.Progress == nil {
		o.Encode.Progress = o.Progress
	}
}

// TestStats are the figures of one test (the paper's Fig. 10 and 11).
type TestStats struct {
	Instrs, Loads, Stores int
	Bounds                map[string]int // loop instance → bound, for loops above 1
	Vars, Clauses         int
	EncodeTime            time.Duration
	SolveTime             time.Duration
	MiningTime            time.Duration
	SatCalls              int
	SpecSize              int
	// ExplicitStates is the number of states the explicit enumeration
	// of the observation set visited; 0 when the solver enumerated it.
	ExplicitStates int
	Total          time.Duration
	// Interchangeable lists the classes of interchangeable threads of
	// the last unrolling whose symmetry the questions broke (package
	// symmetry), by index in the test's threads.
	Interchangeable [][]int
}

// TestResult is the verdict of one test on one model.
type TestResult struct {
	Test    *tests.Test
	Model   *memmodel.Model
	Verdict Verdict
	// Spec is the observation set mined under serial.
	Spec *ObservationSet
	// SerialBug is set when the failure happens under serial already: a
	// bug regardless of the memory model.
	SerialBug bool
	// ReferenceBug is set with SerialBug when the failure is that of the
	// reference implementation the specification is mined from (spec of
	// CheckTest, --spec): the implementation was not checked.
	ReferenceBug bool
	// SpecCached is set when Spec came from PipelineOptions.Cache.
	SpecCached bool
	// SpecLoop, when set, is the loop that the mining under serial could
	// not bound: there is no specification (Spec is empty), and the
	// check on the model looked for error executions only, which fail
	// whatever the observations (SEMANTICS.md, Errors). A Fail is one;
	// otherwise the verdict is Inconclusive, with this loop as Loop.
	SpecLoop *unroll.Loop
	// SpecLimit, when set, is the value limit or memory budget (an
	// *lsl.LimitError or *encode.BudgetError) that stopped the mining
	// under serial: as with SpecLoop there is no specification, and the
	// check on the model looked for error executions only. It is set on
	// a Fail only: otherwise CheckTest returns the error, as the mining's.
	SpecLimit error
	// ErrorsStopped, when the model was checked for errors only and the
	// verdict is Inconclusive, is the value limit or memory budget (an
	// *lsl.LimitError or *encode.BudgetError) that stopped that check:
	// no error was found within what could be encoded, which is not to
	// say none exists.
	ErrorsStopped error
	// Counterexample and the Encoding it came from, when Verdict is Fail.
	Counterexample *encode.Execution
	Encoding       *encode.Encoding
	// Loop names the loop that exceeded MaxUnroll, when Inconclusive;
	// Exceeding is an execution (of Encoding) that runs past its bound.
	Loop      *unroll.Loop
	Exceeding *encode.Execution
	// Unmodelled, when Inconclusive and set, says which reuse of a block
	// SEMANTICS.md allows and the model does not make, which the verdict
	// could depend on (rangeanalysis.Result.CrossLayoutReuse).
	Unmodelled string
	// Unrolled is the test in straight-line form at the loop bounds the
	// check reached (what an explanation of a pass asks about).
	Unrolled *lsl.Test
	Stats    TestStats
}

// lazy unrolls prog for t with growing bounds (paper Section 3.3) and
// returns the final unrolling and its encoding, the loop that could not be
// bounded (nil if the bounds suffice), and whether an execution within the
// bounds fails; if so, the returned encoding's last solution is one.
//
// prepare encodes an unrolling and returns a failureQuestion: the ways an
// execution within the bounds fails (an error; for an inclusion check,
// also an outcome outside the specification), as disjuncts, each a set of
// assumptions.
// Each round asks "can an execution exceed the bounds?", which is cheap
// while the answer is yes, and raises the bounds of the loops it exceeds,
// then, while easy, those other threads' executions exceed (lazyRun.sweep).
// Once the answer is no, the bounds suffice and "does an execution within
// them fail?" settles the verdict.
//
// Both questions are asked one disjunct at a time (one loop instance, one
// place that can fault) on the same solver, in a fixed order
// (questions.FirstOf says why).
//
// Raising bounds only adds executions, so a failure found on one unrolling
// is found on every larger one; but code lacking a fence on relaxed may
// retry its loops many times, and bounding them all can cost far more than
// finding the failure on a small unrolling. So the failure question is
// also asked of the first unrolling and of every one twice as large as
// the last kept, on a second encoding of it, in the background (the
// second core) while the rounds go on. (Half again as large kept more of
// them, and on a passing test each is work the next rounds wait behind:
// snark D0's 931-instruction unrolling, kept, was still being asked when
// its last round was encoded, 0.33 s against 0.27 s; the unfenced suite,
// whose failures these find, took the same time, 1.74 s against 1.75 s.) The reported failure is that of the
// earliest kept unrolling that has one (questions.Earliest), whichever
// question finishes first, so the verdict and the counterexample do not
// depend on timing. The background asks the failure question of every
// other unrolling too, while its exceed question runs: the answer counts
// only if that round is the last, and so the two last questions share the
// two cores (on lazylist Sacr2 they take about as long as each other). An
// exceed question that runs longer than proverDelay, once the background
// has answered its round's failure question, is raced by a second solver
// (questions.Race), whose "no" ends it. Once the bounds suffice, the main
// solver helps the background with the last round's failure question,
// proving its disjuncts impossible from the last backwards
// (questions.Ends), which leaves the answer and the counterexample those
// of the background alone. Under serial loops do not
// retry for stale values, and there is no background.
//
// On one core (PipelineOptions.Sequential) the background is inline:
// each kept failure question is answered on the main path before its
// round's exceed question (code without its fences on relaxed fails
// early, where bounding its loops would take minutes: harris Saacr
// unfenced, 0.3 s instead of 91 s); the last round's failure question
// goes first to the main solver, which has learnt from that round's exceed
// question (lazylist Sarr: 9.8 s instead of 13.4 s), and only a failure
// found there is asked again of the speculative question; and no prover
// races. The answers, and so the verdict and the counterexample (the
// earliest kept unrolling's failure), are those of two cores, where a
// second goroutine would only take the first's time (msn Tpc6 on one
// core: 28 s with it, 18-20 s without, 12 s on two).
//
// When a loop cannot be bounded, *exceeding is set to an execution of the
// returned encoding that runs past its bound.
//
// first, if not nil, is an unrolling already made (by the mining under
// serial), which the first round uses if its bounds are first's.
func lazy(ctx context.Context, prog *lsl.Program, t *tests.Test, bounds, restart unroll.Bounds, first *unrolledRound, opt *PipelineOptions, model, question string, st *TestStats, exceeding **encode.Execution,
	prepare prepareFunc) (*unroll.Result, *encode.Encoding, *unroll.Loop, bool, error) {
	l := &lazyRun{prog: prog, t: t, opt: opt, model: model, question: question, bounds: bounds, restart: restart, first: first, prepare: prepare, meter: &questions.Meter{}}
	ctx, cancel := context.WithCancel(ctx)
	l.ctx = ctx
	// main is cancelled when the background finds a failure: the rounds
	// can stop
	l.main, l.stopMain = context.WithCancel(ctx)
	switch {
	case model == "serial":
	case opt.sequential():
		// one core: a question runs only when its answer is needed
		l.background = questions.NewInline(l.meter)
	default:
		l.background = questions.NewBackground(l.meter)
	}
	defer func() {
		// Stop the background and wait for it: it must not count
		// calls after lazy returns.
		l.stopMain()
		cancel()
		if l.background != nil {
			l.background.Close()
		}
		calls, solve := l.meter.Totals()
		st.SatCalls += calls
		st.SolveTime += solve
	}()
	return l.run(exceeding)
}

// run makes the rounds. If they end without a verdict (a loop at
// MaxUnroll, or an unrolling too large) after the sweep or accelerate
// raised the loops of several threads at a time (widened), it makes them
// again from the first bounds, raising only what each round's exceeding
// execution asks for (and lone loops by two, as before the sweep): with
// a limit, which unrolling the rounds end at decides whether a failure
// within it is found, and raises a failing execution does not need may
// leave no room for those it does (a thread's retries that the sweep
// raised took the memory budget a fourth try of the failing thread's loop
// needed). So the sweep never loses a failure the rounds without it find;
// it costs a second run of rounds only where the verdict would be
// inconclusive.
func (l *lazyRun) run(exceeding **encode.Execution) (*unroll.Result, *encode.Encoding, *unroll.Loop, bool, error) {
	orig := l.bounds
	bounds, restart, first := maps.Clone(l.bounds), maps.Clone(l.restart), l.first
	u, enc, stuck, failed, err := l.rounds(exceeding)
	var limit *lsl.LimitError
	var budget *encode.BudgetError
	if !l.widened || failed || l.ctx.Err() != nil || stuck == nil && !errors.As(err, &limit) && !errors.As(err, &budget) {
		return u, enc, stuck, failed, err
	}
	l.opt.progress("%s on %s: no verdict; the rounds again, raising only the loops each exceeding execution needs", l.t.Name, l.model)
	// in the caller's map, which the rounds raise in place (the mining's
	// bounds are read from it)
	l.bounds = orig
	clear(l.bounds)
	maps.Copy(l.bounds, bounds)
	l.restart, l.first = restart, first
	l.kept, l.keptAt = nil, 0 // answered: none failed
	l.noSweep, l.narrow = true, true
	*exceeding = nil
	return l.rounds(exceeding)
}

// lazyRun is one lazy unrolling (see lazy): its rounds ask which bounds
// suffice; package questions runs the questions.
type lazyRun struct {
	prog            *lsl.Program
	t               *tests.Test
	opt             *PipelineOptions
	model, question string
	bounds          unroll.Bounds
	restart         unroll.Bounds  // if not nil, where the rounds start again when the first is too large
	first           *unrolledRound // for the first round, if its bounds are first's
	prepare         prepareFunc
	meter           *questions.Meter
	background      *questions.Background // nil under serial

	ctx      context.Context
	main     context.Context // cancelled when a kept ask finds a failure
	stopMain context.CancelFunc
	kept     []*asked // the kept asks, in round order
	keptAt   int      // instructions of the unrolling last kept
	noSweep  bool     // a sweep found nothing: no more (sweep)
	widened  bool     // the sweep or accelerate raised several threads' loops in a round
	narrow   bool     // accelerate raises lone loops only (run)
}

// asked is the failure question of one unrolling, given to the
// background. A kept one (the first unrolling, and each twice as
// large as the last kept) is answered even after its round, and stops
// the main path when it finds a failure; every other round's is
// speculative: it runs beside the round's exceed question and counts
// only if that round turns out to be the last.
type asked struct {
	u    *unroll.Result
	kept bool
	ends *questions.Ends // nil on one core
	*questions.Pending
}

// failure is the question "does an execution of u fail", on an encoding
// of its own; bound says whether the encoding is also asked the bound
// question (the racing prover's), which needs partial executions. With
// ends, it publishes the keys of its disjuncts there.
func (l *lazyRun) failure(u *unroll.Result, bound bool, ends *questions.Ends) questions.Question {
	return func(ctx context.Context) (*encode.Encoding, [][]encode.Lit, error) {
		enc, failure, err := l.prepare(ctx, u, bound, true)
		if err != nil {
			return nil, nil, err
		}
		bad, err := failure(ctx)
		if err == nil && ends != nil {
			ends.Publish(disjunctKeys(enc, bad))
		}
		return enc, bad, err
	}
}

// errorKey names an error disjunct: its point without the literal, and
// the interchangeable threads under whose constraint it is asked.
type errorKey struct {
	point   encode.ErrorPoint
	classes string
}

// disjunctKeys names the disjuncts of a failure question on enc (bad:
// errorDisjuncts, then possibly the outcome question) by what they ask,
// for questions.Ends: the main path's encoding of an unrolling and the
// background's give equal keys exactly when their questions ask the same
// things in the same order.
func disjunctKeys(enc *encode.Encoding, bad [][]encode.Lit) []any {
	classes := enc.InterchangeableThreads()
	pts := enc.Errors
	if len(classes) > 0 {
		pts = enc.ErrorRepresentatives()
	}
	cls := fmt.Sprint(classes)
	keys := make([]any, 0, len(bad))
	for _, p := range pts {
		k := *p
		k.Lit = 0
		keys = append(keys, errorKey{k, cls})
	}
	for i := len(keys); i < len(bad); i++ {
		keys = append(keys, fmt.Sprintf("outcome %d of %d", i, len(bad)))
	}
	return keys
}

// ask gives u's failure question to the background.
func (l *lazyRun) ask(u *unroll.Result) *asked {
	a := &asked{u: u}
	if l.keptAt == 0 || u.Stats.Instrs >= 2*l.keptAt {
		l.keptAt = u.Stats.Instrs
		a.kept = true
	}
	var onFound func()
	if a.kept {
		onFound = l.stopMain
	}
	// A second encoding rather than a copy of the main path's solver:
	// gini v1.0.4's Copy drops the decay parameters of its variable
	// activities, after which every conflict rescales all of them (on
	// snark Db the copies spent most of their time there).
	if !l.opt.sequential() {
		a.ends = questions.NewEnds()
	}
	a.Pending = l.background.Ask(l.ctx, l.failure(u, false, a.ends), onFound, a.ends)
	if a.kept {
		l.kept = append(l.kept, a)
		if l.opt.sequential() {
			// one core: a kept question is answered before the round
			// goes on, as the background would have answered it
			// beside the round (a failure found stops the rounds)
			a.Wait(l.main)
		}
	}
	return a
}

// settle ends the search: with the earliest failure among the kept asks,
// else with the main path's own result.
func (l *lazyRun) settle(u *unroll.Result, enc *encode.Encoding, stuck *unroll.Loop, failed bool) (*unroll.Result, *encode.Encoding, *unroll.Loop, bool, error) {
	ps := make([]*questions.Pending, len(l.kept))
	for i, a := range l.kept {
		ps[i] = a.Pending
	}
	p, err := l.meter.Earliest(l.ctx, ps)
	switch {
	case err != nil:
		return nil, nil, nil, false, err
	case p != nil:
		for _, a := range l.kept {
			if a.Pending == p {
				return a.u, p.Enc, nil, true, nil
			}
		}
	}
	return u, enc, stuck, failed, nil
}

// interrupted: the main path was cancelled, by the caller or by the
// background having found a failure.
func (l *lazyRun) interrupted() (*unroll.Result, *encode.Encoding, *unroll.Loop, bool, error) {
	if err := l.ctx.Err(); err != nil {
		return nil, nil, nil, false, err
	}
	u, enc, stuck, failed, err := l.settle(nil, nil, nil, false)
	if err == nil && !failed {
		// the main path is stopped only for a failure found
		err = fmt.Errorf("%s: the check stopped without a verdict: %w", l.t.Name, ErrInternal)
	}
	return u, enc, stuck, failed, err
}

// last answers the failure question of the last unrolling (the bounds
// suffice, or stuck cannot be bounded) with its ask, cur. If it has no
// failure, neither has a smaller unrolling, so the other asks are
// cancelled; if it has one, those are waited for, or asked again
// (settle). Under serial there is no background, and the main path asks.
func (l *lazyRun) last(u *unroll.Result, enc *encode.Encoding, failure failureQuestion, stuck *unroll.Loop, cur *asked) (*unroll.Result, *encode.Encoding, *unroll.Loop, bool, error) {
	l.opt.progress("%s on %s: %s (%d instructions, bounds %s)", l.t.Name, l.model, l.question, u.Stats.Instrs, formatBounds(l.bounds))
	if cur != nil {
		for _, a := range l.kept {
			if a != cur {
				a.Cancel()
			}
		}
		mainFailed := false
		if !cur.kept {
			if l.opt.sequential() {
				// One core: ask the main solver first, which has
				// learnt from the exceed questions of this
				// unrolling. Its "no" settles the question;
				// a failure is asked again of cur, whose
				// counterexample two cores would report.
				switch r, err := l.mainFailure(enc, failure); {
				case err != nil:
					return nil, nil, nil, false, err
				case r == 0:
					return l.interrupted()
				case r == -1:
					cur.Cancel()
					return u, enc, stuck, false, nil
				}
				mainFailed = true
			}
			l.kept = append(l.kept, cur)
		}
		// The main path waits for the answer, its solving time, and on
		// two cores proves the question's last disjuncts impossible
		// meanwhile (questions.Ends).
		if cur.ends != nil {
			if bad, err := failure(l.main); err == nil {
				l.meter.FromBack(l.main, cur.Pending, enc, enc.Assumptions(), bad, disjunctKeys(enc, bad))
			}
		}
		t0 := time.Now()
		r, ok := cur.Wait(l.main)
		if !ok {
			return l.interrupted()
		}
		l.meter.AddSolveTime(time.Since(t0))
		switch {
		case r == -1 && mainFailed:
			// two encodings of one unrolling disagree
			return nil, nil, nil, false, fmt.Errorf("%s: the main solver found a failure that the failure question's own encoding does not have: %w", l.t.Name, ErrInternal)
		case r == -1:
			return u, enc, stuck, false, nil
		case r == 0 && cur.Err != nil:
			return nil, nil, nil, false, cur.Err
		}
		return l.settle(u, enc, stuck, false)
	}
	switch r, err := l.mainFailure(enc, failure); {
	case err != nil:
		return nil, nil, nil, false, err
	case r == 0:
		return l.interrupted()
	case r == -1:
		return u, enc, stuck, false, nil // nor can a smaller unrolling fail
	}
	return l.settle(u, enc, nil, true)
}

// mainFailure asks the failure question of the last unrolling of the main
// solver, whose encoding is enc: 1 (with the failing execution as enc's
// solution), -1, or 0 if the main path was stopped.
func (l *lazyRun) mainFailure(enc *encode.Encoding, failure failureQuestion) (int, error) {
	bad, err := failure(l.main)
	if err != nil {
		if l.main.Err() != nil {
			return 0, nil
		}
		return 0, err
	}
	return l.meter.FirstOf(l.main, enc, false, enc.Assumptions(), bad), nil
}

// exceeds asks whether an execution of u (encoded as enc) exceeds its
// bounds, the loops raised last first. The proof of a bound is a hard
// unsatisfiable question whose cost swings by 2x with clauses that have
// nothing to do with it (msn Tpc5: 30 s with the observation set's
// clauses, 58 s without), so past proverDelay a second solver, on an
// encoding that also holds the failure question's clauses, races the
// main one (questions.Race); but only once the background has answered
// the round's failure question, cur: a third solver on two cores slowed
// the main one more than the race gained (msn Tpc6 11.5-12.6 s against
// 9.3-9.5 s, T55 35.5 s against 23.7 s, T56 80-88 s against 61 s, harris
// Saacr 84 s against 58 s). Under serial the main solver asks alone.
func (l *lazyRun) exceeds(u *unroll.Result, enc *encode.Encoding, raised []string, cur *asked) int {
	ask := func(ctx context.Context) int {
		return l.meter.FirstOf(ctx, enc, false, enc.ExceedAssumptions(), exceedOrder(enc, raised))
	}
	if l.model == "serial" || l.opt.sequential() {
		return ask(l.main)
	}
	prove := func(ctx context.Context) bool {
		if cur != nil {
			// a core is free only once the background is
			if _, ok := cur.Wait(ctx); !ok {
				return false
			}
		}
		enc, _, err := l.failure(u, true, nil)(ctx)
		if err != nil {
			return false
		}
		return l.meter.FirstOf(ctx, enc, true, enc.ExceedAssumptions(), exceedOrder(enc, raised)) == -1
	}
	return questions.Race(l.main, proverDelay, ask, prove)
}

// rounds unrolls with growing bounds until they suffice or a loop cannot
// be bounded, then settles the failure question.
func (l *lazyRun) rounds(exceeding **encode.Execution) (*unroll.Result, *encode.Encoding, *unroll.Loop, bool, error) {
	t, opt, bounds := l.t, l.opt, l.bounds
	var raisedLast []string         // loops raised by the last round
	var foundLast []string          // those raised for the round's exceeding execution (not by the sweep or accelerate)
	var askFirst []string           // loops the next exceed question asks first
	announced := false              // the interchangeable threads were shown
	var prev *lastRound             // the round before, whose bounds were raised
	streak := map[string]int{}      // loop → rounds in a row that raised it
	var streakBefore map[string]int // streak before the last round's raises
	var plain unroll.Bounds         // the bounds the last exceeding execution raised, if accelerate or the sweep raised them further
	for {
		opt.progress("%s on %s: unrolling (bounds %s)", t.Name, l.model, formatBounds(bounds))
		u, err := l.unroll(bounds)
		if err != nil {
			return nil, nil, nil, false, err
		}
		opt.progress("%s on %s: range analysis and encoding (%d instructions, bounds %s)", t.Name, l.model, u.Stats.Instrs, formatBounds(bounds))
		enc, bad, err := l.prepare(l.ctx, u, true, false)
		var limit *lsl.LimitError
		var budget *encode.BudgetError
		if (errors.As(err, &limit) || errors.As(err, &budget)) && plain != nil {
			// The unrolling accelerate or the sweep made is too large,
			// but the one the round's exceeding execution alone asks
			// for may not be, and may hold a failure: the round is made
			// again with that.
			for _, k := range slices.Sorted(maps.Keys(bounds)) {
				switch v, ok := plain[k]; {
				case !ok:
					delete(bounds, k)
					opt.progress("%s on %s: too large; leaving the bound of %s as it was", t.Name, l.model, k)
				case bounds[k] != v && v == prev.bounds[k]:
					bounds[k] = v
					opt.progress("%s on %s: too large; leaving the bound of %s at %d", t.Name, l.model, k, v)
				case bounds[k] != v:
					bounds[k] = v
					opt.progress("%s on %s: too large; raising the bound of %s to %d only", t.Name, l.model, k, v)
				}
			}
			// the rounds in a row count the raises made
			streak = nextStreak(streakBefore, raisedBetween(prev.bounds, bounds))
			plain = nil
			continue
		}
		plain = nil
		if (errors.As(err, &limit) || errors.As(err, &budget)) && prev == nil && l.restart != nil {
			// The first bounds (the mining's, under serial) are too
			// large on this model, but an error within smaller ones
			// is a failure still, which a larger --max-unroll must
			// not lose: the rounds start again from the check's own
			// first bounds, and end as any that reach a limit.
			clear(bounds)
			maps.Copy(bounds, l.restart)
			l.restart = nil
			clear(streak)
			opt.progress("%s on %s: too large; starting again from bounds %s", t.Name, l.model, formatBounds(bounds))
			continue
		}
		if (errors.As(err, &limit) || errors.As(err, &budget)) && prev != nil {
			// Not returned at once: a kept ask of a smaller unrolling
			// may still be running in the background and have a
			// failure, which one core would have found first.
			return l.beyondLimit(prev, err)
		}
		if err != nil {
			return nil, nil, nil, false, err
		}
		var cur *asked
		if l.background != nil {
			cur = l.ask(u)
			defer cur.Cancel()
		}
		if cls := enc.InterchangeableThreads(); len(cls) > 0 && !announced {
			announced = true
			opt.progress("%s on %s: interchangeable threads %s (symmetry reduction)", t.Name, l.model, formatClasses(cls))
		}
		opt.progress("%s on %s: can an execution exceed the loop bounds? (%d instructions, bounds %s)", t.Name, l.model, u.Stats.Instrs, formatBounds(bounds))
		switch l.exceeds(u, enc, askFirst, cur) {
		case 0:
			return l.interrupted()
		case -1:
			// The bounds suffice: this unrolling has every execution.
			return l.last(u, enc, bad, nil, cur)
		}
		var stuck *unroll.Loop
		next := maps.Clone(bounds)
		derailed := map[int]bool{} // threads past their first exceeded bound
		for _, p := range enc.Exceeds {
			if !enc.Value(p.Lit) || derailed[p.Thread] {
				continue
			}
			// Only each thread's first exceeded loop (Exceeds lists a
			// thread's points in program order): past it the thread
			// runs on values the program does not compute, and the
			// loops it exceeds there need not be (see doc.go).
			derailed[p.Thread] = true
			id := p.Stmt.Loop
			b := max(bounds[id], 1)
			if b >= opt.MaxUnroll {
				lp, _ := u.Loop(id)
				stuck = &lp
				break
			}
			next[id] = b + 1
		}
		if stuck != nil {
			*exceeding = enc.Decode()
			// Executions within these bounds may still fail.
			ru, renc, rstuck, failed, err := l.last(u, enc, bad, stuck, cur)
			if err != nil || failed {
				return ru, renc, rstuck, failed, err
			}
			// So may one whose threads run past bounds only after they
			// faulted: an error execution (encode/faults.go).
			switch l.pastBoundsAfterFault(enc) {
			case 0:
				return l.interrupted()
			case 1:
				*exceeding = nil
				return u, enc, nil, true, nil
			}
			return ru, renc, rstuck, false, nil
		}
		prev = &lastRound{u: u, enc: enc, failure: bad, bounds: maps.Clone(bounds)}
		raiseSiblings(u, bounds, next)
		raiseInterchangeable(u, enc, bounds, next)
		byOne := maps.Clone(next)
		swept := l.sweep(u, enc, bounds, next)
		site := func(id string) string {
			lp, _ := u.Loop(id)
			return lp.Site
		}
		further := accelerate(bounds, next, streak, site, l.narrow, opt.MaxUnroll)
		if further || swept {
			plain = byOne
		}
		if swept || further && len(raisedBetween(bounds, byOne)) > 1 {
			l.widened = true
		}
		if cur != nil && !cur.kept {
			cur.Cancel()
		}
		foundBefore := foundLast
		foundLast = nil
		raisedLast = nil
		for _, k := range slices.Sorted(maps.Keys(next)) {
			if v := next[k]; bounds[k] != v {
				if byOne[k] != bounds[k] {
					foundLast = append(foundLast, k)
				}
				bounds[k] = v
				raisedLast = append(raisedLast, k)
				opt.progress("%s on %s: raising the bound of %s to %d", t.Name, l.model, k, v)
			}
		}
		streakBefore = streak
		streak = nextStreak(streak, raisedLast)
		if len(raisedLast) == 0 {
			return nil, nil, nil, false, fmt.Errorf("%s: an execution exceeds a bound, but no loop says which: %w", t.Name, ErrInternal)
		}
		askFirst = loopsAskedFirst(foundLast, foundBefore, len(foundBefore) == 0)
	}
}

// sweepConflicts is the number of conflicts within which each question
// of a round's sweep must be answered (lazyRun.sweep). The sweep's
// answers on the Fig. 10 suite took at most 750 (snark Db, its third
// round); proofs that no further loop is exceeded, which the sweep does
// not need, 0 to 600; and past 1,000 a question is as hard as the next
// round's exceed question would be.
const sweepConflicts = 1000

// sweep raises, once the round's exceeding execution has raised the
// loops next raises, the loops of the other threads that another
// execution within the bounds exceeds: it asks for an execution that
// exceeds a loop of a thread none of whose loops next raises (none
// exceeding any loop next raises), raises each such thread's first
// exceeded loop (and its siblings and counterparts, as the round does),
// and asks again, until no such execution is found within sweepConflicts
// conflicts. Without it, a test whose threads each run a retry loop
// raises one loop per round: snark D0's two push loops took seven rounds
// to reach 5 and 5, and take four with it (0.24 s to 0.18 s); lazylist
// Sacr2's remove and add loops two rounds, one with it.
//
// Every raise is one the rounds must make before they end: the execution
// found stays within every unrolling with larger bounds, and exceeds the
// loop's bound there until that is raised. So the rounds still end
// exactly when the exceed question proves that no execution exceeds the
// bounds; and the limit counts conflicts, not time, so the rounds do not
// depend on the machine. Once a round's first sweep question finds
// nothing (the threads not raised cannot exceed a loop, or not easily:
// msn T53's enqueuer), the run sweeps no more. It reports whether it
// raised a bound.
func (l *lazyRun) sweep(u *unroll.Result, enc *encode.Encoding, bounds, next unroll.Bounds) bool {
	if l.noSweep {
		return false
	}
	swept := false
	for l.main.Err() == nil {
		as := enc.ExceedAssumptions()
		raisedThread := map[int]bool{}
		for _, p := range enc.Exceeds {
			if id := p.Stmt.Loop; next[id] != bounds[id] {
				as = append(as, p.Lit.Not())
				raisedThread[p.Thread] = true
			}
		}
		asked := map[int]bool{}
		var others []encode.Lit
		for _, p := range enc.ExceedRepresentatives() {
			if !raisedThread[p.Thread] && max(bounds[p.Stmt.Loop], 1) < l.opt.MaxUnroll {
				others = append(others, p.Lit)
				asked[p.Thread] = true
			}
		}
		if len(others) == 0 {
			return swept
		}
		other := enc.NewVar()
		enc.AddClause(append([]encode.Lit{other.Not()}, others...)...)
		if l.meter.SolveWithin(l.main, enc, false, sweepConflicts, append(as, other)...) != 1 {
			l.noSweep = !swept
			return swept
		}
		raised := false
		derailed := map[int]bool{}
		for _, p := range enc.Exceeds {
			if !enc.Value(p.Lit) || derailed[p.Thread] {
				continue
			}
			derailed[p.Thread] = true // only its first exceeded loop (see doc.go)
			id := p.Stmt.Loop
			if b := max(bounds[id], 1); asked[p.Thread] && b < l.opt.MaxUnroll {
				next[id] = b + 1
				raised = true
			}
		}
		if !raised {
			return swept
		}
		swept = true
		raiseSiblings(u, bounds, next)
		raiseInterchangeable(u, enc, bounds, next)
	}
	return swept
}

// unrolledRound is an unrolling of a test and its range analysis (nil if
// not made), kept for a lazy run that starts at the same bounds. The check
// on a model starts at the bounds the mining under serial ended with, so
// its first round would unroll and analyse again what the mining did:
// the unrolling is a function of the program, the test, the bounds and
// the stutter reduction, the analysis a function of the unrolling, and
// neither is changed by what reads it. Taking them saves that work (on
// snark Dm 15-20 ms of 0.4 s); TestFirstRoundOfMinedUnrolling compares
// checks with and without it.
type unrolledRound struct {
	bounds unroll.Bounds
	u      *unroll.Result
	ra     *rangeanalysis.Result
	// enc, if not nil, is the encoding of u for the check's first round,
	// made beside the serial run (PipelineOptions.speculate); taken once
	enc *speculation
}

// unroll unrolls the test with bounds, or returns the unrolling made
// before for the first round (lazyRun.first).
func (l *lazyRun) unroll(bounds unroll.Bounds) (*unroll.Result, error) {
	first := l.first
	l.first = nil
	if first != nil && maps.Equal(first.bounds, bounds) {
		return first.u, nil
	}
	return unroll.UnrollWith(l.prog, l.t, unroll.Options{Bounds: bounds, NoStutterReduction: l.opt.NoStutterReduction, Context: l.ctx})
}

// lastRound is a round whose bounds an execution exceeded (see
// beyondLimit).
type lastRound struct {
	u       *unroll.Result
	enc     *encode.Encoding
	failure failureQuestion
	bounds  unroll.Bounds
}

// beyondLimit ends the rounds when the unrolling with raised bounds is too
// large for the range analysis (limit, an *lsl.LimitError) or for the
// memory budget (an *encode.BudgetError), as a loop at MaxUnroll ends
// them: an execution within the last round's bounds may still fail, and
// so may one that runs past them only after it faulted (an error
// execution); either is a real failure, and a kept ask's is reported
// first (settle), as one core finds it before the limit. Otherwise the
// verdict is inconclusive, for limit.
func (l *lazyRun) beyondLimit(r *lastRound, limit error) (*unroll.Result, *encode.Encoding, *unroll.Loop, bool, error) {
	l.bounds = r.bounds
	ru, renc, _, failed, err := l.last(r.u, r.enc, r.failure, nil, nil)
	if err != nil || failed {
		return ru, renc, nil, failed, err
	}
	switch l.pastBoundsAfterFault(r.enc) {
	case 0:
		return l.interrupted()
	case 1:
		return r.u, r.enc, nil, true, nil
	}
	return nil, nil, nil, false, limit
}

// pastBoundsAfterFault asks whether an execution of enc runs past its
// bounds only after it faulted (an error execution, encode/faults.go):
// 1, -1, or 0 if the main path was stopped.
func (l *lazyRun) pastBoundsAfterFault(enc *encode.Encoding) int {
	return l.meter.FirstOf(l.main, enc, false, enc.FenceAssumptions(), [][]encode.Lit{{enc.PastBoundAfterFault()}})
}

// raiseInterchangeable raises, in the threads interchangeable with a
// thread (package symmetry), the loop instance of that thread's first
// exceeded bound (in program order) as it was raised: by symmetry each
// of them can be exceeded likewise, and raising them together keeps the
// unrolling symmetric, so that the next round's questions are asked
// under the symmetry constraint. Only the first: the loops an execution
// exceeds after one bound was exceeded run on values that no complete
// execution computes, and mirroring those too makes the unrolling larger
// than it needs to be (lazylist Sarr: 1,364 instructions instead of
// 1,072, 13 s instead of 4.4 s).
func raiseInterchangeable(u *unroll.Result, enc *encode.Encoding, bounds, next unroll.Bounds) {
	if enc.Symmetry == nil {
		return
	}
	first := map[int]string{} // thread → its first exceeded loop instance
	for _, p := range enc.Exceeds {
		if _, ok := first[p.Thread]; !ok && enc.Value(p.Lit) && next[p.Stmt.Loop] != bounds[p.Stmt.Loop] {
			first[p.Thread] = p.Stmt.Loop
		}
	}
	for _, class := range enc.Symmetry.Classes {
		for _, th := range class {
			id, ok := first[th]
			if !ok {
				continue
			}
			own := fmt.Sprintf("t%d.", th)
			for _, other := range class {
				sib := fmt.Sprintf("t%d.", other) + strings.TrimPrefix(id, own)
				if l, known := u.Loop(sib); known && !l.Spin && other != th {
					next[sib] = max(next[sib], next[id])
				}
			}
		}
	}
}

// loopsAskedFirst returns the loops whose exceeding the next round's
// exceed question asks about first, one at a time (exceedOrder): the
// loops the last round raised for its exceeding execution, while they
// grow, that is, on the first round that raised any (beforeNone) and
// whenever a loop it raised was raised by the round before it too;
// otherwise none, and the question asks about every loop at once. The
// loops the sweep raised are not among them: asked first, they were
// often proved bounded before the loop the next execution exceeds was
// found (harris S1, Fig. 8: 9.7-11.2 s against 8.7 s).
//
// A loop that keeps growing (a CAS retry loop on relaxed, raised from 1
// to 5 in as many rounds on snark D0) is likely exceeded again, and asking
// about it alone finds that quickly. But once the raised loops stop
// growing, the rounds raise a different loop each time, and a question
// about the loop just raised is a hard proof that it is bounded, which
// the next round, on a larger unrolling, must do again: on harris Sacr2
// (Fig. 8; 18 rounds) 13 of those proofs cost 902 M propagations of the
// main solver against 326 M when such rounds ask about every loop at
// once (122 s against 66 s), while the Fig. 10 suite's tests keep within
// a few percent of their propagations (snark Db +7%, msn Ti3 +9%, the
// others equal).
func loopsAskedFirst(raised, raisedBefore []string, beforeNone bool) []string {
	if beforeNone {
		return slices.Clone(raised)
	}
	for _, k := range raised {
		if slices.Contains(raisedBefore, k) {
			return slices.Clone(raised)
		}
	}
	return nil
}

// exceedOrder returns the disjuncts of "an execution exceeds a loop
// bound": first each loop instance of raised, one at a time (the loops
// just raised, while they grow: loopsAskedFirst), then the others at
// once. The others are one question because most rounds find an
// execution exceeding some loop, which is easy; asking each loop alone
// would first prove many of them bounded, which the next round must do
// again.
func exceedOrder(enc *encode.Encoding, raised []string) [][]encode.Lit {
	var ds [][]encode.Lit
	var rest []encode.Lit
	for _, p := range enc.ExceedRepresentatives() {
		if slices.Contains(raised, p.Stmt.Loop) {
			ds = append(ds, []encode.Lit{p.Lit})
		} else {
			rest = append(rest, p.Lit)
		}
	}
	if len(rest) > 0 {
		others := enc.NewVar()
		enc.AddClause(append([]encode.Lit{others.Not()}, rest...)...)
		ds = append(ds, []encode.Lit{others})
	}
	return ds
}

// proverDelay is how long the main path's exceed question runs alone
// before a second solver races it, if the background is idle (exceeds).
var proverDelay = 2 * time.Second

// prepareFunc encodes an unrolling and returns its failure question (see
// lazy). bound says whether the encoding is asked the bound question,
// which needs partial executions; aside, that it is asked beside the main
// path (the background's and the racing prover's), whose phases are not
// the check's: it reports no progress, so that the phase a timeout names
// is the main path's.
type prepareFunc func(ctx context.Context, u *unroll.Result, bound, aside bool) (*encode.Encoding, failureQuestion, error)

// failureQuestion returns the disjuncts of "an execution within the
// bounds fails" for one encoding (see lazy). It is called once per
// encoding, before the first failure question, and may wait: CheckTest's
// waits for the observation set.
type failureQuestion func(ctx context.Context) ([][]encode.Lit, error)

// errorDisjuncts returns the disjuncts of "an execution faults": one per
// place that can fault, in program order. With interchangeable threads,
// only the places of each class's first thread and of the threads in no
// class, each under the constraints among the other threads of each
// class (encode.Encoding.ErrorRepresentatives): one proof then stands
// for the whole class.
func errorDisjuncts(enc *encode.Encoding) [][]encode.Lit {
	if len(enc.InterchangeableThreads()) == 0 {
		var ds [][]encode.Lit
		for _, p := range enc.Errors {
			ds = append(ds, []encode.Lit{p.Lit})
		}
		return ds
	}
	sym := enc.RepresentativeAssumptions()
	var ds [][]encode.Lit
	for _, p := range enc.ErrorRepresentatives() {
		ds = append(ds, append([]encode.Lit{p.Lit}, sym...))
	}
	return ds
}

// MineTest mines the observation set of test t of prog under serial,
// unrolling lazily until no serial execution exceeds the bounds.
func MineTest(ctx context.Context, prog *lsl.Program, t *tests.Test, opt PipelineOptions) (*TestResult, unroll.Bounds, error) {
	opt.encodeProgress()
	m, err := startMining(ctx, prog, t, &opt)
	if err != nil {
		return nil, nil, err
	}
	if err := m.enumerate(ctx, &opt); err != nil {
		return nil, nil, err
	}
	if err := m.markUnmodelled(ctx, prog, &opt); err != nil {
		return nil, nil, err
	}
	return m.res, m.bounds, nil
}

// markUnmodelled marks m's result for a reuse the model does not make in
// its unrolling (markUnmodelledReuse), unrolling again at m's bounds for
// an observation set from the cache.
func (m *serialMining) markUnmodelled(ctx context.Context, prog *lsl.Program, opt *PipelineOptions) error {
	u, err := m.unrolled(ctx, prog, opt)
	if err != nil {
		return err
	}
	return m.res.markUnmodelledReuse(ctx, u, nil, opt)
}

// unrolled returns the unrolling m's observation set is of: its own, or
// for a set from the cache, the test unrolled at its bounds.
func (m *serialMining) unrolled(ctx context.Context, prog *lsl.Program, opt *PipelineOptions) (*lsl.Test, error) {
	if m.res.Unrolled != nil || m.res.Verdict != Pass {
		return m.res.Unrolled, nil
	}
	opt.progress("%s: unrolling at the cached set's bounds (%s)", m.res.Test.Name, formatBounds(m.bounds))
	u, err := unroll.UnrollWith(prog, m.res.Test, unroll.Options{Context: ctx, Bounds: m.bounds, NoStutterReduction: opt.NoStutterReduction})
	if err != nil {
		return nil, err
	}
	m.res.fill(u, nil) // its size, as a mined set's result has it
	return u.Test, nil
}

// markUnmodelledReuse makes r's verdict inconclusive when unrolling u
// (analysed as ra; nil: analyse it) holds a reuse SEMANTICS.md allows and
// the model does not make (rangeanalysis.Result.CrossLayoutReuse): a pass,
// or a failure by an observation outside a specification mined without
// that reuse, may then be wrong. A fault is one of an execution that
// exists, and stays a failure.
func (r *TestResult) markUnmodelledReuse(ctx context.Context, u *lsl.Test, ra *rangeanalysis.Result, opt *PipelineOptions) error {
	if u == nil || r.Verdict == Inconclusive || r.Verdict == Fail && r.faulted() {
		return nil
	}
	if ra == nil {
		opt.progress("%s: range analysis (reuse of freed blocks across layouts)", r.Test.Name)
		var err error
		if ra, err = rangeanalysis.Analyze(ctx, u); err != nil {
			return err
		}
	}
	if x := ra.CrossLayoutReuse(); x != nil {
		r.Verdict, r.Unmodelled = Inconclusive, x.String()
	}
	return nil
}

// faulted reports whether r fails by a fault (an error under serial, or a
// counterexample that faults), not by an observation alone.
func (r *TestResult) faulted() bool {
	return r.SerialBug || r.Counterexample != nil && len(r.Counterexample.Faults) > 0
}

// serialMining is a mining of an observation set in two steps: the serial
// lazy unrolling (bounds and error check), then the enumeration of the
// outcomes, which CheckTest runs beside the lazy unrolling on the checked
// model.
type serialMining struct {
	res    *TestResult
	bounds unroll.Bounds
	start  time.Time
	cached specInputs // the cache key and what it is made of, if there is a cache
	// u and enc are the unrolling whose outcomes remain to be enumerated;
	// nil when res is final already (from the cache, a serial failure, a
	// loop that could not be bounded).
	u   *unroll.Result
	enc *encode.Encoding
	// explicitRound is the last unrolling of the serial executions' rounds
	// (explicitRounds), with its range analysis if made.
	explicitRound *unrolledRound
}

func startMining(ctx context.Context, prog *lsl.Program, t *tests.Test, opt *PipelineOptions) (*serialMining, error) {
	if opt.MaxUnroll == 0 {
		opt.MaxUnroll = 10
	}
	serial := memmodel.MustByName("serial")
	m := &serialMining{res: &TestResult{Test: t, Model: serial}, bounds: unroll.Bounds{}, start: time.Now()}
	res := m.res
	if opt.Cache != nil {
		in, err := newSpecInputs(prog, t)
		if err != nil {
			return nil, err
		}
		m.cached = in
		if c, ok := loadSpec(opt, in, t); ok {
			opt.progress("%s: observation set from the cache", t.Name)
			res.Verdict, res.Spec, res.SpecCached = Pass, specFromCache(c), true
			for k, v := range c.Bounds {
				m.bounds[k] = v
			}
			res.Stats.SpecSize = res.Spec.Len()
			res.Stats.Total = time.Since(m.start)
			return m, nil
		}
	}
	if !opt.SolverMining {
		switch err := m.explicitRounds(ctx, prog, t, opt); {
		case err == nil:
			return m, nil
		case !errors.Is(err, errGaveUp):
			return nil, err
		default:
			opt.progress("%s: %v; asking the solver", t.Name, err)
		}
	}
	u, enc, loop, failed, err := lazy(ctx, prog, t, m.bounds, nil, nil, opt, "serial", "error check", &res.Stats, &res.Exceeding, func(ctx context.Context, u *unroll.Result, bound, aside bool) (*encode.Encoding, failureQuestion, error) {
		o := opt.Options
		o.Encode.CompleteOnly = !bound
		if aside {
			o.Encode.Progress = nil
		}
		e, err := Prepare(ctx, u.Test, serial, o)
		if err != nil {
			return nil, nil, err
		}
		return e, func(context.Context) ([][]encode.Lit, error) { return errorDisjuncts(e), nil }, nil
	})
	if err != nil {
		return nil, err
	}
	res.fill(u, enc)
	switch {
	case loop != nil:
		res.Verdict, res.Loop, res.Encoding = Inconclusive, loop, enc
		res.Spec = &ObservationSet{keys: map[string]bool{}}
	case failed:
		res.Verdict, res.SerialBug = Fail, true
		res.Spec = &ObservationSet{keys: map[string]bool{}, Error: enc.Decode()}
		res.Counterexample, res.Encoding = res.Spec.Error, enc
	default:
		m.u, m.enc = u, enc
		return m, nil
	}
	res.Stats.MiningTime = time.Since(m.start)
	res.Stats.Total = res.Stats.MiningTime
	return m, nil
}

// enumerate enumerates the outcomes of the last serial unrolling, if
// startMining left them to do, and completes m.res.
func (m *serialMining) enumerate(ctx context.Context, opt *PipelineOptions) error {
	if m.enc == nil {
		return nil
	}
	res, t := m.res, m.res.Test
	opt.progress("%s: mining the specification under serial (%d instructions)", t.Name, m.u.Stats.Instrs)
	set, st, err := enumerateEncoding(ctx, m.enc, m.enc.NewVar(), true, opt.Options)
	if err != nil {
		return err
	}
	res.Stats.SatCalls += st.SatCalls
	res.Spec = set
	res.Stats.MiningTime = time.Since(m.start)
	res.fill(m.u, m.enc)
	if set.Error != nil {
		// the error check above says no; kept for safety
		res.Verdict, res.SerialBug = Fail, true
		res.Counterexample, res.Encoding = set.Error, m.enc
	} else {
		res.Verdict = Pass
		if opt.Cache != nil {
			storeSpec(opt, m.cached, t, set, m.bounds, time.Since(m.start))
		}
	}
	res.Stats.SpecSize = set.Len()
	res.Stats.Total = time.Since(m.start)
	return nil
}

// CheckTest checks test t of prog on model m (paper Section 3.2): it mines
// the observation set under serial from spec (prog itself if nil), then
// looks for an execution on m that is an error or observes something
// outside it, unrolling lazily. When the mining cannot bound a loop there
// is no set, and it looks for an error execution only (a failure whatever
// the observations, SEMANTICS.md); without one the verdict is the
// mining's, inconclusive (TestResult.SpecLoop). So it does when the
// mining reaches a value limit or the memory budget; without an error
// execution that error is returned, as the mining's (TestResult.SpecLimit).
//
// The enumeration of the observation set runs beside the lazy unrolling on
// m, which needs the set only for its failure questions: the rounds that
// bound the loops go on meanwhile (on lazylist Sacr2 they take as long as
// the enumeration). Each runs on its own solver, so neither changes the
// other's answers.
func CheckTest(ctx context.Context, prog, spec *lsl.Program, t *tests.Test, m *memmodel.Model, opt PipelineOptions) (*TestResult, error) {
	if opt.MaxUnroll == 0 {
		opt.MaxUnroll = 10
	}
	opt.encodeProgress()
	start := time.Now()
	if spec == nil {
		spec = prog
	}
	// Under serial the mining of prog is its check; a reference's mining
	// is not: prog's serial executions are checked against its set below.
	ownCheck := m.Name == "serial" && spec == prog
	if !ownCheck && spec == prog {
		// the check's first round is at the mining's last unrolling
		// unless InitialBounds raise it: encoded beside the run
		opt.speculate = func(ctx context.Context, t *lsl.Test, ra *rangeanalysis.Result, progress func(format string, args ...any)) (*encode.Encoding, error) {
			eopt := opt.Options.Encode
			eopt.Progress = progress
			return encode.Encode(ctx, t, ra, m, eopt)
		}
	}
	mining, err := startMining(ctx, spec, t, &opt)
	var specLimit error // the value limit or memory budget that stopped the mining
	if err != nil {
		var limit *lsl.LimitError
		var budget *encode.BudgetError
		if ownCheck || !errors.As(err, &limit) && !errors.As(err, &budget) {
			return nil, err
		}
		// No specification, as for a loop the mining cannot bound
		// (below): an error on m within the bounds the check reaches
		// is a failure, which a larger --max-unroll must not lose.
		opt.progress("%s: %v; %s is checked for errors only", t.Name, err, m.Name)
		specLimit = err
		mining = &serialMining{res: &TestResult{Test: t, Model: memmodel.MustByName("serial"), Verdict: Inconclusive}, bounds: unroll.Bounds{}, start: start}
	}
	mined := mining.res
	// A loop the mining cannot bound leaves no specification, but an
	// error execution on m is a failure whatever the observations: the
	// lazy unrolling on m still looks for one (errors only).
	unmined := !ownCheck && mining.enc == nil && mined.Verdict == Inconclusive && (mined.Loop != nil || specLimit != nil)
	if ownCheck || (mining.enc == nil && mined.Verdict != Pass && !unmined) {
		if err := mining.enumerate(ctx, &opt); err != nil {
			return nil, err
		}
		if err := mining.markUnmodelled(ctx, spec, &opt); err != nil {
			return nil, err
		}
		mined.Model = m
		mined.Stats.Total = time.Since(start)
		mined.ReferenceBug = mined.SerialBug && spec != prog
		return mined, nil
	}
	outer := ctx // the caller's: its cancellation is the caller's (a timeout, an interrupt)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	minedDone := make(chan struct{})
	var miningErr error
	go func() {
		defer close(minedDone)
		miningErr = mining.enumerate(ctx, &opt)
	}()
	// waitMined waits for the enumeration; false if it did not give a set
	// the check can use (an error, or a failure under serial).
	waitMined := func(ctx context.Context) (bool, error) {
		select {
		case <-minedDone:
		case <-ctx.Done():
			return false, ctx.Err()
		}
		if miningErr != nil {
			return false, miningErr
		}
		return mined.Verdict == Pass, nil
	}
	bounds := unroll.Bounds{}
	if spec == prog {
		for k, v := range mining.bounds {
			bounds[k] = v
		}
	}
	if unmined && mined.Loop != nil {
		// the loop serial could not bound starts afresh: an error
		// within a few of its iterations has a short counterexample
		delete(bounds, mined.Loop.ID)
	}
	// the check's own first bounds, without the mining's: where the
	// rounds start again if the mining's are too large to encode
	restart := unroll.Bounds{}
	for k, v := range opt.InitialBounds {
		bounds[k] = max(bounds[k], min(v, opt.MaxUnroll))
		restart[k] = min(v, opt.MaxUnroll)
	}
	if maps.Equal(restart, bounds) {
		restart = nil
	}
	res := &TestResult{Test: t, Model: m}
	analyses := &analysisMemo{} // the main and the background encodings of an unrolling share one
	var first *unrolledRound
	if r := mining.explicitRound; r != nil && spec == prog {
		// the mining's last unrolling and its analysis, if the first
		// round's bounds are the same
		first = r
		if r.ra != nil && maps.Equal(r.bounds, bounds) {
			analyses.test, analyses.ra = r.u.Test, r.ra
		}
	}
	var made *speculation // the first round's encoding, made beside the mining
	if first != nil {
		made, first.enc = first.enc, nil
	}
	u, final, loop, failed, err := lazy(ctx, prog, t, bounds, restart, first, &opt, m.Name, "inclusion check", &res.Stats, &res.Exceeding, func(ctx context.Context, u *unroll.Result, bound, aside bool) (*encode.Encoding, failureQuestion, error) {
		var e *encode.Encoding
		var err error
		if !aside && bound && made != nil && u == first.u { // only the main path reads made
			spec := made
			made = nil // the main path's, once
			if e, err = spec.take(ctx, opt.Options.Encode.Progress); err != nil {
				return nil, nil, err
			}
		} else {
			ra, err := analyses.analyze(ctx, u.Test)
			if err != nil {
				return nil, nil, err
			}
			eopt := opt.Options.Encode
			eopt.CompleteOnly = !bound
			if aside {
				eopt.Progress = nil
			}
			if e, err = encode.Encode(ctx, u.Test, ra, m, eopt); err != nil {
				return nil, nil, err
			}
		}
		// first each place that can fault, then an outcome outside the
		// specification (errors first: on the suite they are the
		// cheaper questions, and their learnt clauses help the last)
		return e, func(ctx context.Context) ([][]encode.Lit, error) {
			ok, err := waitMined(ctx)
			if err != nil {
				return nil, err
			}
			if unmined {
				return errorDisjuncts(e), nil
			}
			if !ok {
				// a failure under serial: CheckTest returns the
				// mining's verdict
				return nil, nil
			}
			outs := mined.Spec.In(u.Test) // in this unrolling's block numbers
			outside := e.NewVar()
			excludeOutcomes(e, outside, outs)
			outcome := []encode.Lit{outside, e.Error.Not()}
			if e.Symmetry != nil && e.Symmetry.Closed(outs) {
				// an outcome outside a closed set has its whole orbit
				// outside
				outcome = append(outcome, e.SymmetryAssumptions()...)
			}
			return append(errorDisjuncts(e), outcome), nil
		}, nil
	})
	if made != nil {
		made.cancel() // not taken: the first round's bounds were others
	}
	// The enumeration is over (or stopped) before CheckTest returns.
	if err != nil {
		cancel()
	}
	<-minedDone
	// An error of the check cancelled the mining: its cancellation is no
	// error of its own, and must not hide the check's.
	if miningErr != nil && !(err != nil && errors.Is(miningErr, context.Canceled) && outer.Err() == nil) {
		return nil, miningErr
	}
	if unmined {
		return checkedErrorsOnly(mined, specLimit, res, m, u, final, failed, err, start)
	}
	if err != nil {
		return nil, err
	}
	if mined.Verdict != Pass {
		mined.Model = m
		mined.Stats.Total = time.Since(start)
		mined.ReferenceBug = mined.SerialBug && spec != prog
		return mined, nil
	}
	res.Spec, res.SpecCached = mined.Spec, mined.SpecCached
	if u != nil {
		// in the numbering of the blocks of the unrolling the
		// counterexample and the explanations come from
		res.Spec = mined.Spec.For(u.Test)
	}
	res.Stats.MiningTime = mined.Stats.MiningTime
	res.Stats.ExplicitStates = mined.Stats.ExplicitStates
	res.Stats.SatCalls += mined.Stats.SatCalls
	if failed {
		res.Verdict = Fail
		res.Counterexample, res.Encoding = final.Decode(), final
	}
	res.fill(u, final)
	switch {
	case res.Verdict == Fail:
	case loop != nil:
		res.Verdict, res.Loop, res.Encoding = Inconclusive, loop, final
	default:
		res.Verdict = Pass
	}
	if u != nil && final != nil && res.Verdict != Fail {
		// a failing execution exists whichever block an allocation
		// takes: only the specification's reuse (below) can undo it
		if err := res.markUnmodelledReuse(ctx, u.Test, final.Range, &opt); err != nil {
			return nil, err
		}
	}
	if res.Verdict == Fail && !res.faulted() {
		// the specification may lack what a reuse the model does not
		// make gives under serial
		mu, err := mining.unrolled(ctx, spec, &opt)
		if err != nil {
			return nil, err
		}
		if err := res.markUnmodelledReuse(ctx, mu, nil, &opt); err != nil {
			return nil, err
		}
	}
	if m.Name == "serial" && res.Verdict == Fail {
		// prog fails under serial against the reference: a bug on
		// every model
		res.SerialBug = true
	}
	res.Stats.SpecSize = mined.Spec.Len()
	res.Stats.Total = time.Since(start)
	return res, nil
}

// checkedErrorsOnly completes CheckTest when the mining under serial
// (mined) could not bound a loop, or reached specLimit (a value limit or
// the memory budget), from the lazy unrolling on m that asked for error
// executions only (res, and what lazy returned): a failure found is the
// verdict, with its counterexample; otherwise the test stays inconclusive
// for the serial loop, or specLimit is returned, also when m's own loops
// or the size of its unrollings (a value or memory limit) stopped the
// search.
func checkedErrorsOnly(mined *TestResult, specLimit error, res *TestResult, m *memmodel.Model, u *unroll.Result, final *encode.Encoding, failed bool, err error, start time.Time) (*TestResult, error) {
	var limit *lsl.LimitError
	var budget *encode.BudgetError
	switch {
	case err != nil && !errors.As(err, &limit) && !errors.As(err, &budget):
		return nil, err
	case err == nil && failed:
		res.Verdict, res.SpecLoop, res.SpecLimit = Fail, mined.Loop, specLimit
		res.Spec = &ObservationSet{keys: map[string]bool{}}
		res.Counterexample, res.Encoding = final.Decode(), final
		res.fill(u, final)
		res.Stats.MiningTime = mined.Stats.MiningTime
		res.Stats.ExplicitStates = mined.Stats.ExplicitStates
		res.Stats.SatCalls += mined.Stats.SatCalls
		// under serial, prog's own failure against a reference that
		// cannot be mined: a bug on every model
		res.SerialBug = m.Name == "serial"
		res.Stats.Total = time.Since(start)
		return res, nil
	case specLimit != nil:
		return nil, specLimit
	}
	mined.Model, mined.SpecLoop, mined.ErrorsStopped = m, mined.Loop, err
	mined.Stats.SatCalls += res.Stats.SatCalls
	mined.Stats.SolveTime += res.Stats.SolveTime
	mined.Stats.Total = time.Since(start)
	return mined, nil
}

func (r *TestResult) fill(u *unroll.Result, e *encode.Encoding) {
	if u != nil {
		r.Unrolled = u.Test
		r.Stats.Instrs, r.Stats.Loads, r.Stats.Stores = u.Stats.Instrs, u.Stats.Loads, u.Stats.Stores
		r.Stats.Bounds = map[string]int{}
		for _, l := range u.Loops {
			if l.Bound > 1 {
				r.Stats.Bounds[l.ID] = l.Bound
			}
		}
	}
	if e != nil {
		// the encoding's own size: not the clauses its questions added
		// (an observation set's exclusion, which only some paths ask)
		st := e.Stats()
		r.Stats.Vars, r.Stats.Clauses = st.Vars, st.Clauses
		r.Stats.EncodeTime = st.EncodeTime
		r.Stats.Interchangeable = e.InterchangeableThreads()
	}
}

// enumerateEncoding enumerates the outcomes of an encoding made by Prepare,
// with incremental solving and blocking clauses (paper Section 3.2). The
// blocking clauses hold only under the activation literal act, so that
// later questions (does an execution exceed the bounds?) see every
// execution. An error execution is recorded once; with stopAtError the
// enumeration ends there, otherwise error executions are excluded and it
// goes on.
func enumerateEncoding(ctx context.Context, enc *encode.Encoding, act encode.Lit, stopAtError bool, opt Options) (*ObservationSet, *Stats, error) {
	st := &Stats{Stats: enc.Stats()}
	set := &ObservationSet{Blocks: lsl.AllocIdentities(enc.Test), keys: map[string]bool{}}
	var meter questions.Meter
	defer func() { st.SatCalls, st.SolveTime = meter.Totals() }()
	// With interchangeable threads, one execution of each family is
	// asked for (SymmetryAssumptions), and each outcome found brings its
	// orbit: its images are outcomes too (package symmetry).
	assume := append(enc.Assumptions(), act)
	sym := enc.Symmetry
	if sym != nil && !opt.noOrbits {
		assume = append(assume, enc.SymmetryAssumptions()...)
	}
	if opt.noOrbits {
		// the mutant: the constraint without the orbits
		assume = append(assume, enc.SymmetryAssumptions()...)
		sym = nil
	}
	for {
		// A solve that finds an outcome at once does not look at ctx.
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		r := meter.Solve(ctx, enc, false, assume...)
		if r == 0 {
			return nil, nil, ctx.Err()
		}
		if r < 0 {
			break
		}
		o := enc.Outcome()
		if o.Fault != lsl.NoFault {
			set.Error = enc.Decode()
			if stopAtError {
				break
			}
			enc.AddClause(act.Not(), enc.Error.Not())
			continue
		}
		if set.keys[o.Key()] {
			return nil, nil, fmt.Errorf("mining: outcome %s cannot be excluded: %w", o.Key(), ErrInternal)
		}
		orbit := []lsl.Outcome{o}
		if sym != nil {
			orbit = append(orbit, sym.Images(o)...)
		}
		for _, o := range orbit {
			if set.keys[o.Key()] {
				continue
			}
			lits, ok := enc.OutcomeLits(o)
			if !ok {
				return nil, nil, fmt.Errorf("mining: outcome %s cannot be excluded: %w", o.Key(), ErrInternal)
			}
			set.keys[o.Key()] = true
			set.Outcomes = append(set.Outcomes, o)
			block := []encode.Lit{act.Not()}
			for _, l := range lits {
				block = append(block, l.Not())
			}
			enc.AddClause(block...)
		}
		if opt.MaxOutcomes > 0 && len(set.Outcomes) > opt.MaxOutcomes {
			return nil, nil, ErrTooManyOutcomes
		}
	}
	sort.Slice(set.Outcomes, func(i, j int) bool { return set.Outcomes[i].Key() < set.Outcomes[j].Key() })
	st.Vars, st.Clauses = enc.Size()
	return set, st, nil
}

// formatClasses renders classes of threads: "t1 t2, t3 t4".
func formatClasses(cls [][]int) string {
	var parts []string
	for _, c := range cls {
		var ts []string
		for _, th := range c {
			ts = append(ts, fmt.Sprintf("t%d", th))
		}
		parts = append(parts, strings.Join(ts, " "))
	}
	return strings.Join(parts, ", ")
}

func formatBounds(b unroll.Bounds) string {
	if len(b) == 0 {
		return "all 1"
	}
	var ks []string
	for k, v := range b {
		ks = append(ks, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(ks)
	return fmt.Sprint(ks)
}

// raiseSiblings raises the other instances of each loop just raised, in
// the same thread, to its new bound. They tend to need it too (a thread
// that calls enqueue six times retries each call for the same reasons),
// and finding them one round at a time costs a round each, whose last
// question (are the bounds enough?) is the most expensive of all: msn
// Tpc6 took seven rounds and over three minutes, and takes two rounds
// now. Instances in other threads are left alone: their neighbours
// differ (on lazylist Sacr2 raising them too made the unrolling 40%
// larger and the check slower).
func raiseSiblings(u *unroll.Result, bounds, next unroll.Bounds) {
	type site struct{ thread, site string }
	want := map[site]int{}
	for _, l := range u.Loops {
		if b := next[l.ID]; b != bounds[l.ID] {
			k := site{l.Thread, l.Site}
			want[k] = max(want[k], b)
		}
	}
	for _, l := range u.Loops {
		if w := want[site{l.Thread, l.Site}]; !l.Spin && w > max(next[l.ID], 1) {
			next[l.ID] = w
		}
	}
}

// analysisMemo keeps the range analysis of the last unrolling of a lazy
// run: its main and background encodings read the same test, which
// nothing changes once unrolled. Results are only read after the
// analysis, so both may share one.
type analysisMemo struct {
	mu   sync.Mutex
	test *lsl.Test
	ra   *rangeanalysis.Result
}

func (m *analysisMemo) analyze(ctx context.Context, t *lsl.Test) (*rangeanalysis.Result, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.test == t {
		return m.ra, nil
	}
	ra, err := rangeanalysis.Analyze(ctx, t)
	if err != nil {
		return nil, err
	}
	m.test, m.ra = t, ra
	return ra, nil
}

// raisedBetween returns the loop instances whose bounds from and to (a
// raise of from: it has each of from's keys) differ, sorted.
func raisedBetween(from, to unroll.Bounds) []string {
	var ks []string
	for k, v := range to {
		if from[k] != v {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

// nextStreak returns the rounds in a row that raised each loop instance,
// streak before a round that raised those of raised.
func nextStreak(streak map[string]int, raised []string) map[string]int {
	next := map[string]int{}
	for _, k := range raised {
		next[k] = streak[k] + 1
	}
	return next
}

// accelerate raises by two instead of one each loop instance that the
// two rounds before raised too, when no other instance of its loop (a
// sibling, or its counterpart in an interchangeable thread: the same
// site) is raised with it. A retry loop that keeps failing on relaxed
// (snark D0 raises its two push loops from 1 to 5) then takes a round
// less every two; a round costs an unrolling, its analysis and encoding
// and an exceed question, while the iteration it may add in vain is one
// instance's, in the later rounds' encodings. With several instances of
// one loop raised at once the iteration in vain is one per instance and
// costs more than the round it saves (msn T1, whose four dequeue loops
// end at 4: 0.16 s to 0.27 s), so they are raised by one. Bounds only
// ever grow past what an exceeding execution needs, so no answer
// changes: the rounds end when no execution exceeds the bounds, whatever
// they are. But the extra iteration may make the unrolling too large for
// the memory budget or the range analysis, where a raise by one would
// not be, and hold a failure: then the round is made again raised by one
// (rounds). site names a loop instance's loop; narrow keeps the rule of
// before the sweep, a lone raise only (lazyRun.run); accelerate reports
// whether it raised next.
func accelerate(bounds, next unroll.Bounds, streak map[string]int, site func(id string) string, narrow bool, maxUnroll int) bool {
	var raised []string
	instances := map[string]int{}
	for k, v := range next {
		if bounds[k] != v {
			raised = append(raised, k)
			instances[site(k)]++
		}
	}
	if narrow && len(raised) != 1 {
		return false // as before the sweep (lazyRun.run)
	}
	further := false
	for _, k := range raised {
		if streak[k] < 2 || instances[site(k)] > 1 {
			continue
		}
		old := next[k]
		next[k] = min(next[k]+1, maxUnroll)
		further = further || next[k] != old
	}
	return further
}
