package mining

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/rangeanalysis"
	"checkfence/symmetry"
	"checkfence/tests"
	"checkfence/unroll"
)

// explicitRounds mines the observation set of t by running its serial
// executions (doc.go, "Mining without the solver"): the serial lazy
// unrolling, its error check and the enumeration in one. Each round runs
// every serial execution of an unrolling; those that run past a bound
// raise it, as an exceeding execution the solver finds does; a round in
// which none does has run every serial execution, and its outcomes are
// the observation set. It gives up (an error wrapping errGaveUp, and m
// unchanged) on an execution that makes an error, a loop that reaches
// MaxUnroll, or too many states: the solver's rounds then give the
// verdict, with their counterexample or the loop that cannot be bounded.
func (m *serialMining) explicitRounds(ctx context.Context, prog *lsl.Program, t *tests.Test, opt *PipelineOptions) error {
	bounds := maps.Clone(m.bounds)
	// The run counts what its states and outcomes take (explicitSerial.charge), but
	// the collector lets the heap grow to several times what is live
	// before it collects (gcPercent in cmd/checkfence): an eighth of the
	// memory budget for them keeps the heap within it, and leaves
	// it to the solver's encodings that follow.
	cfg := explicitUnbounded
	cfg.bounds = true
	switch b := opt.Encode.MaxMemory; {
	case b == 0:
		cfg.maxBytes = encode.DefaultMaxMemory() / 8
	case b > 0:
		cfg.maxBytes = b / 8
	}
	cfg.progress = func(n int) {
		opt.progress("%s on serial: %d states of serial executions so far", t.Name, n)
	}
	states := 0
	for {
		opt.progress("%s on serial: unrolling (bounds %s)", t.Name, formatBounds(bounds))
		u, err := unroll.UnrollWith(prog, t, unroll.Options{Bounds: bounds, NoStutterReduction: opt.NoStutterReduction, Context: ctx})
		if err != nil {
			return err
		}
		// The range analysis is the run's guard: a test whose values
		// outgrow what it tracks stops with its limit error, where
		// running every execution would take ages (one invocation may
		// branch into millions of runs). The run itself reads it only
		// for the symmetry group; when no two threads can be
		// interchangeable (symmetry.Possible) it is made beside the run
		// on two cores, and its error, if any, is the round's whatever
		// the run did, as when it comes first.
		var sym *symmetry.Group
		var ra *rangeanalysis.Result
		var aside *asideAnalysis
		runCtx := ctx
		if possible := !opt.Encode.NoSymmetry && symmetry.Possible(u.Test); possible || opt.sequential() {
			opt.progress("%s on serial: range analysis (%d instructions, bounds %s)", t.Name, u.Stats.Instrs, formatBounds(bounds))
			ra, err = rangeanalysis.Analyze(ctx, u.Test)
			if err != nil {
				return err
			}
			if possible {
				sym = symmetry.Find(u.Test, ra)
			}
		} else {
			var stopRun context.CancelFunc
			runCtx, stopRun = context.WithCancel(ctx)
			defer stopRun()
			aside = analyseAside(ctx, u.Test, stopRun, opt.speculate)
			if s := aside.enc; s != nil {
				// kept only if this is the last round (below)
				defer func() {
					if m.explicitRound == nil || m.explicitRound.enc != s {
						s.cancel()
					}
				}()
			}
		}
		opt.progress("%s on serial: running every serial execution (%d instructions, bounds %s)", t.Name, u.Stats.Instrs, formatBounds(bounds))
		r, err := explicitRun(runCtx, u.Test, sym, cfg)
		if aside != nil {
			select {
			case <-aside.done:
			default:
				// what a timeout now interrupts is the analysis
				opt.progress("%s on serial: range analysis (%d instructions, bounds %s)", t.Name, u.Stats.Instrs, formatBounds(bounds))
				<-aside.done
			}
			if aside.err != nil {
				return aside.err
			}
			ra = aside.ra
		}
		if err != nil {
			return err
		}
		states += r.states
		cfg.maxStates -= r.states
		if len(r.exceeded) == 0 {
			if opt.MaxOutcomes > 0 && len(r.outcomes) > opt.MaxOutcomes {
				return ErrTooManyOutcomes
			}
			opt.progress("%s: %d outcomes from %d states of serial executions (%d MiB of states and outcomes)", t.Name, len(r.outcomes), states, r.bytes>>20)
			m.explicitDone(u, r.outcomes, states, bounds, opt)
			m.explicitRound = &unrolledRound{bounds: maps.Clone(bounds), u: u, ra: ra}
			if aside != nil {
				m.explicitRound.enc = aside.enc
			}
			return nil
		}
		next := maps.Clone(bounds)
		for _, id := range r.exceeded {
			b := max(bounds[id], 1)
			if b >= opt.MaxUnroll {
				return gaveUp("loop %s runs past bound %d", id, b)
			}
			next[id] = b + 1
		}
		raiseSiblings(u, bounds, next)
		raiseClassmates(u, sym, next)
		for _, k := range slices.Sorted(maps.Keys(next)) {
			if v := next[k]; bounds[k] != v {
				opt.progress("%s on serial: raising the bound of %s to %d", t.Name, k, v)
			}
		}
		bounds = next
	}
}

// raiseClassmates gives each loop instance of a thread of a class of
// interchangeable threads the largest bound of its counterparts in the
// class: the executions run under the symmetry constraint show a loop
// exceeded in one thread of a class only, where it is exceeded in each.
func raiseClassmates(u *unroll.Result, sym *symmetry.Group, next unroll.Bounds) {
	if sym == nil {
		return
	}
	for _, class := range sym.Classes {
		for _, th := range class {
			own := fmt.Sprintf("t%d.", th)
			for _, id := range slices.Sorted(maps.Keys(next)) {
				if !strings.HasPrefix(id, own) {
					continue
				}
				for _, other := range class {
					sib := fmt.Sprintf("t%d.", other) + strings.TrimPrefix(id, own)
					if l, known := u.Loop(sib); known && !l.Spin {
						next[sib] = max(next[sib], next[id])
					}
				}
			}
		}
	}
}

// explicitDone completes m with the observation set of u that
// explicitRounds found.
func (m *serialMining) explicitDone(u *unroll.Result, outs []lsl.Outcome, states int, bounds unroll.Bounds, opt *PipelineOptions) {
	res := m.res
	set := &ObservationSet{Outcomes: outs, Blocks: lsl.AllocIdentities(u.Test), keys: map[string]bool{}}
	for _, o := range outs {
		set.keys[o.Key()] = true
	}
	res.Verdict, res.Spec = Pass, set
	res.fill(u, nil)
	res.Stats.ExplicitStates = states
	res.Stats.SpecSize = set.Len()
	m.bounds = bounds
	if opt.Cache != nil {
		storeSpec(opt, m.cached, res.Test, set, m.bounds, time.Since(m.start))
	}
	res.Stats.MiningTime = time.Since(m.start)
	res.Stats.Total = res.Stats.MiningTime
}

// asideAnalysis is a range analysis made on a goroutine of its own.
type asideAnalysis struct {
	done chan struct{} // closed once ra or err is set
	ra   *rangeanalysis.Result
	err  error
	enc  *speculation // made next, if speculate was given
}

// speculation is an encoding made on a goroutine of its own. The phases
// it tells (its Progress) are kept until it is taken, and then told as
// the taker's own: a timeout while the taker waits names the phase the
// encoding is in, as when the taker encodes.
type speculation struct {
	done   chan struct{} // closed once enc or err is set
	enc    *encode.Encoding
	err    error
	cancel context.CancelFunc

	mu   sync.Mutex
	told []string                         // before it was taken
	tell func(format string, args ...any) // the taker's, once taken
}

// progress is the encoding's Progress.
func (s *speculation) progress(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tell != nil {
		s.tell(format, args...)
		return
	}
	s.told = append(s.told, fmt.Sprintf(format, args...))
}

// take tells the phases told so far, and later ones as they come, to
// tell (nil: none), and returns the encoding once made.
func (s *speculation) take(ctx context.Context, tell func(format string, args ...any)) (*encode.Encoding, error) {
	s.mu.Lock()
	if tell != nil {
		for _, m := range s.told {
			tell("%s", m)
		}
		s.tell = tell
	}
	s.mu.Unlock()
	select {
	case <-s.done:
		return s.enc, s.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// analyseAside starts the range analysis of t beside the caller; failed
// is called if it fails. Then, if speculate is not nil, the same
// goroutine encodes t with it (the second core is idle until the run
// ends): the caller cancels that if the run raises a bound.
func analyseAside(ctx context.Context, t *lsl.Test, failed func(), speculate speculateFunc) *asideAnalysis {
	a := &asideAnalysis{done: make(chan struct{})}
	var sctx context.Context
	if speculate != nil {
		a.enc = &speculation{done: make(chan struct{})}
		sctx, a.enc.cancel = context.WithCancel(ctx)
	}
	go func() {
		if a.ra, a.err = rangeanalysis.Analyze(ctx, t); a.err != nil {
			failed()
		}
		close(a.done)
		if s := a.enc; s != nil {
			if s.err = a.err; s.err == nil {
				s.enc, s.err = speculate(sctx, t, a.ra, s.progress)
			}
			close(s.done)
		}
	}()
	return a
}
