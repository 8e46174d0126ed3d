package mining

import (
	"context"
	"fmt"
	"sort"
	"time"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
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
}

func (o *PipelineOptions) progress(format string, args ...any) {
	if o.Progress != nil {
		o.Progress(format, args...)
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
	Total                 time.Duration
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
	// SpecCached is set when Spec came from PipelineOptions.Cache.
	SpecCached bool
	// Counterexample and the Encoding it came from, when Verdict is Fail.
	Counterexample *encode.Execution
	Encoding       *encode.Encoding
	// Loop names the loop that exceeded MaxUnroll, when Inconclusive.
	Loop  *unroll.Loop
	Stats TestStats
}

// lazy unrolls prog for t with growing bounds (paper Section 3.3). For
// each unrolling it calls body, which answers with its own work done and
// the encoding on which to ask for executions exceeding the bounds (nil to
// stop). It returns the final unrolling, or the loop that could not be
// bounded.
func lazy(ctx context.Context, prog *lsl.Program, t *tests.Test, bounds unroll.Bounds, opt *PipelineOptions, model string,
	body func(u *unroll.Result) (*encode.Encoding, error)) (*unroll.Result, *unroll.Loop, error) {
	for {
		u, err := unroll.Unroll(prog, t, bounds)
		if err != nil {
			return nil, nil, err
		}
		enc, err := body(u)
		if err != nil || enc == nil {
			return u, nil, err
		}
		opt.progress("%s on %s: can an execution exceed the loop bounds?", t.Name, model)
		switch enc.Solve(ctx, append(enc.FenceAssumptions(), enc.Exceeded)...) {
		case 0:
			return nil, nil, ctx.Err()
		case -1:
			return u, nil, nil // the bounds suffice
		}
		raised := false
		for _, p := range enc.Exceeds {
			if !enc.Value(p.Lit) {
				continue
			}
			id := p.Stmt.Loop
			b := bounds[id]
			if b == 0 {
				b = 1
			}
			if b >= opt.MaxUnroll {
				l, _ := u.Loop(id)
				return u, &l, nil
			}
			bounds[id] = b + 1
			raised = true
			opt.progress("%s on %s: raising the bound of %s to %d", t.Name, model, id, b+1)
		}
		if !raised {
			return nil, nil, fmt.Errorf("%s: an execution exceeds a bound, but no loop says which (internal error)", t.Name)
		}
	}
}

// MineTest mines the observation set of test t of prog under serial,
// unrolling lazily until no serial execution exceeds the bounds.
func MineTest(ctx context.Context, prog *lsl.Program, t *tests.Test, opt PipelineOptions) (*TestResult, unroll.Bounds, error) {
	if opt.MaxUnroll == 0 {
		opt.MaxUnroll = 10
	}
	start := time.Now()
	serial := memmodel.MustByName("serial")
	res := &TestResult{Test: t, Model: serial}
	bounds := unroll.Bounds{}
	var key string
	if opt.Cache != nil {
		k, err := SpecKey(prog, t)
		if err != nil {
			return nil, nil, err
		}
		key = k
		if c, ok := opt.Cache.Load(key); ok {
			opt.progress("%s: observation set from the cache", t.Name)
			res.Verdict, res.Spec, res.SpecCached = Pass, specFromCache(c), true
			for k, v := range c.Bounds {
				bounds[k] = v
			}
			res.Stats.SpecSize = res.Spec.Len()
			res.Stats.Total = time.Since(start)
			return res, bounds, nil
		}
	}
	var set *ObservationSet
	var enc *encode.Encoding
	u, loop, err := lazy(ctx, prog, t, bounds, &opt, "serial", func(u *unroll.Result) (*encode.Encoding, error) {
		opt.progress("%s: mining the specification under serial (%d instructions)", t.Name, u.Stats.Instrs)
		e, err := Prepare(ctx, u.Test, serial, opt.Options)
		if err != nil {
			return nil, err
		}
		s, st, err := enumerateEncoding(ctx, e, e.NewVar(), true, opt.Options)
		if err != nil {
			return nil, err
		}
		res.Stats.SatCalls += st.SatCalls
		set, enc = s, e
		if s.Error != nil {
			return nil, nil // an error under serial: no need to go on
		}
		return e, nil
	})
	if err != nil {
		return nil, nil, err
	}
	res.Spec = set
	res.Stats.MiningTime = time.Since(start)
	res.fill(u, enc)
	switch {
	case loop != nil:
		res.Verdict, res.Loop = Inconclusive, loop
	case set.Error != nil:
		res.Verdict, res.SerialBug = Fail, true
		res.Counterexample, res.Encoding = set.Error, enc
	default:
		res.Verdict = Pass
		if opt.Cache != nil {
			if err := opt.Cache.Store(key, cachedSpec(t, set, bounds, time.Since(start))); err != nil {
				return nil, nil, fmt.Errorf("caching the observation set: %w", err)
			}
		}
	}
	res.Stats.SpecSize = set.Len()
	res.Stats.Total = time.Since(start)
	return res, bounds, nil
}

// CheckTest checks test t of prog on model m (paper Section 3.2): it mines
// the observation set under serial from spec (prog itself if nil), then
// looks for an execution on m that is an error or observes something
// outside it, unrolling lazily.
func CheckTest(ctx context.Context, prog, spec *lsl.Program, t *tests.Test, m *memmodel.Model, opt PipelineOptions) (*TestResult, error) {
	if opt.MaxUnroll == 0 {
		opt.MaxUnroll = 10
	}
	start := time.Now()
	if spec == nil {
		spec = prog
	}
	mined, specBounds, err := MineTest(ctx, spec, t, opt)
	if err != nil {
		return nil, err
	}
	if mined.Verdict != Pass || m.Name == "serial" {
		mined.Model = m
		mined.Stats.Total = time.Since(start)
		return mined, nil
	}
	res := &TestResult{Test: t, Model: m, Spec: mined.Spec, SpecCached: mined.SpecCached}
	res.Stats.MiningTime = mined.Stats.MiningTime
	res.Stats.SatCalls = mined.Stats.SatCalls
	bounds := unroll.Bounds{}
	if spec == prog {
		for k, v := range specBounds {
			bounds[k] = v
		}
	}
	var final *encode.Encoding
	u, loop, err := lazy(ctx, prog, t, bounds, &opt, m.Name, func(u *unroll.Result) (*encode.Encoding, error) {
		opt.progress("%s on %s: inclusion check (%d instructions, bounds %s)", t.Name, m.Name, u.Stats.Instrs, formatBounds(bounds))
		e, err := Prepare(ctx, u.Test, m, opt.Options)
		if err != nil {
			return nil, err
		}
		final = e
		// The specification's outcomes are excluded under an activation
		// literal, so that the bound query below can ignore them.
		act := e.NewVar()
		for _, o := range mined.Spec.Outcomes {
			lits, ok := e.OutcomeLits(o)
			if !ok {
				continue
			}
			cl := []encode.Lit{act.Not()}
			for _, l := range lits {
				cl = append(cl, l.Not())
			}
			e.AddClause(cl...)
		}
		t0 := time.Now()
		r := e.Solve(ctx, append(e.Assumptions(), act)...)
		res.Stats.SolveTime += time.Since(t0)
		res.Stats.SatCalls++
		switch r {
		case 0:
			return nil, ctx.Err()
		case 1:
			res.Verdict = Fail
			res.Counterexample, res.Encoding = e.Decode(), e
			return nil, nil
		}
		return e, nil
	})
	if err != nil {
		return nil, err
	}
	res.fill(u, final)
	switch {
	case res.Verdict == Fail:
	case loop != nil:
		res.Verdict, res.Loop = Inconclusive, loop
	default:
		res.Verdict = Pass
	}
	res.Stats.SpecSize = mined.Spec.Len()
	res.Stats.Total = time.Since(start)
	return res, nil
}

func (r *TestResult) fill(u *unroll.Result, e *encode.Encoding) {
	if u != nil {
		r.Stats.Instrs, r.Stats.Loads, r.Stats.Stores = u.Stats.Instrs, u.Stats.Loads, u.Stats.Stores
		r.Stats.Bounds = map[string]int{}
		for _, l := range u.Loops {
			if l.Bound > 1 {
				r.Stats.Bounds[l.ID] = l.Bound
			}
		}
	}
	if e != nil {
		st := e.Stats()
		r.Stats.Vars, r.Stats.Clauses = e.Size()
		r.Stats.EncodeTime = st.EncodeTime
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
	set := &ObservationSet{keys: map[string]bool{}}
	for {
		t0 := time.Now()
		r := enc.Solve(ctx, append(enc.Assumptions(), act)...)
		st.SolveTime += time.Since(t0)
		st.SatCalls++
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
		lits, ok := enc.OutcomeLits(o)
		if !ok || set.keys[o.Key()] {
			return nil, nil, fmt.Errorf("mining: outcome %s cannot be excluded (internal error)", o.Key())
		}
		set.keys[o.Key()] = true
		set.Outcomes = append(set.Outcomes, o)
		if opt.MaxOutcomes > 0 && len(set.Outcomes) > opt.MaxOutcomes {
			return nil, nil, ErrTooManyOutcomes
		}
		block := []encode.Lit{act.Not()}
		for _, l := range lits {
			block = append(block, l.Not())
		}
		enc.AddClause(block...)
	}
	sort.Slice(set.Outcomes, func(i, j int) bool { return set.Outcomes[i].Key() < set.Outcomes[j].Key() })
	st.Vars, st.Clauses = enc.Size()
	return set, st, nil
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
