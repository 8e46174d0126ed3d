package mining

import (
	"context"
	"errors"
	"sort"
	"time"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/questions"
	"checkfence/rangeanalysis"
)

// Options control mining and checking.
type Options struct {
	Encode encode.Options
	// MaxOutcomes stops an enumeration that finds more outcomes (0: no limit).
	MaxOutcomes int
	// noOrbits enumerates under the symmetry constraint without adding
	// each outcome's orbit: the mutant that shows the differential test
	// catches an incomplete enumeration.
	noOrbits bool
}

// Stats describe one encoding and the solver calls made on it.
type Stats struct {
	encode.Stats
	SolveTime time.Duration
	SatCalls  int
	Total     time.Duration
}

// ErrInternal marks an error that is a bug in checkfence, not a fault of
// the input: the command line reports it as an internal error.
var ErrInternal = errors.New("internal error")

// ErrTooManyOutcomes is returned when Options.MaxOutcomes is exceeded.
var ErrTooManyOutcomes = errors.New("too many distinct outcomes")

// ObservationSet is the set of outcomes of a test's executions.
type ObservationSet struct {
	// Outcomes are the correct (error-free) outcomes, sorted by key.
	Outcomes []lsl.Outcome
	// Error is an error execution, if the enumeration met one.
	Error *encode.Execution
	// Blocks name the allocated blocks of the unrolling the outcomes
	// come from (lsl.AllocIdentities): outcomes that observe pointers
	// into them are compared with another unrolling's through it (In).
	Blocks map[int64]string
	keys   map[string]bool
}

// For returns the set as an unrolling t of the same test observes it (In),
// with t's blocks; s itself if t numbers the blocks as s does.
func (s *ObservationSet) For(t *lsl.Test) *ObservationSet {
	outs, renumbered := s.in(t)
	if !renumbered {
		return s
	}
	set := &ObservationSet{Error: s.Error, Blocks: lsl.AllocIdentities(t), keys: map[string]bool{}}
	for _, o := range outs {
		if !set.keys[o.Key()] {
			set.keys[o.Key()] = true
			set.Outcomes = append(set.Outcomes, o)
		}
	}
	return set
}

// In returns the outcomes as an unrolling t of the same test observes
// them: pointers into allocated blocks renumbered by the blocks'
// identities (another unrolling numbers its blocks otherwise). An outcome
// with a block t lacks cannot be observed in t and is left out.
func (s *ObservationSet) In(t *lsl.Test) []lsl.Outcome {
	outs, _ := s.in(t)
	return outs
}

// in is In, and whether t numbers the blocks otherwise.
func (s *ObservationSet) in(t *lsl.Test) ([]lsl.Outcome, bool) {
	if len(s.Blocks) == 0 {
		return s.Outcomes, false
	}
	base := map[string]int64{}
	for b, id := range lsl.AllocIdentities(t) {
		base[id] = b
	}
	same, related := true, false
	for b, id := range s.Blocks {
		nb, ok := base[id]
		same = same && ok && nb == b
		related = related || ok
	}
	if same || !related {
		// the same numbering, or allocations of another program
		// altogether (a reference implementation), compared by number
		return s.Outcomes, false
	}
	var out []lsl.Outcome
	for _, o := range s.Outcomes {
		img, ok := o.MapBlocks(func(b int64) (int64, bool) {
			id, allocated := s.Blocks[b]
			if !allocated {
				return b, true // a global
			}
			nb, ok := base[id]
			return nb, ok
		})
		if ok {
			out = append(out, img)
		}
	}
	return out, true
}

// Contains reports whether o is one of the set's correct outcomes.
func (s *ObservationSet) Contains(o lsl.Outcome) bool { return s.keys[o.Key()] }

// Len returns the number of correct outcomes.
func (s *ObservationSet) Len() int { return len(s.Outcomes) }

// Keys returns the sorted keys of the correct outcomes.
func (s *ObservationSet) Keys() []string { return lsl.OutcomeKeys(s.Outcomes) }

// Prepare runs the range analysis and encodes t on m.
func Prepare(ctx context.Context, t *lsl.Test, m *memmodel.Model, opt Options) (*encode.Encoding, error) {
	ra, err := rangeanalysis.Analyze(ctx, t)
	if err != nil {
		return nil, err
	}
	return encode.Encode(ctx, t, ra, m, opt.Encode)
}

// Enumerate returns every distinct outcome of t on m. Error executions are
// reported once, as ObservationSet.Error.
func Enumerate(ctx context.Context, t *lsl.Test, m *memmodel.Model, opt Options) (*ObservationSet, *Stats, error) {
	start := time.Now()
	opt.Encode.FixedBounds = true // t's bounds are its own
	enc, err := Prepare(ctx, t, m, opt)
	if err != nil {
		return nil, nil, err
	}
	if opt.Encode.Progress != nil {
		opt.Encode.Progress("%s on %s: enumerating the outcomes", t.Name, m.Name)
	}
	set, st, err := enumerateEncoding(ctx, enc, enc.NewVar(), false, opt)
	if err != nil {
		return nil, nil, err
	}
	st.Total = time.Since(start)
	return set, st, nil
}

// Outcomes returns the keys-sorted outcomes of t on m, an error execution
// counting as the single outcome with a Fault (lsl.Outcome.Key "error").
func Outcomes(ctx context.Context, t *lsl.Test, m *memmodel.Model, opt Options) ([]lsl.Outcome, error) {
	set, _, err := Enumerate(ctx, t, m, opt)
	if err != nil {
		return nil, err
	}
	out := append([]lsl.Outcome(nil), set.Outcomes...)
	if set.Error != nil {
		out = append(out, set.Error.Outcome)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out, nil
}

// CheckResult is the verdict of an inclusion check.
type CheckResult struct {
	// Pass is true if every execution is correct and observes an outcome
	// of the specification.
	Pass bool
	// Counterexample is an execution that fails, when !Pass.
	Counterexample *encode.Execution
	Stats          *Stats
}

// Check decides whether every execution of t on m is error-free and has
// an outcome in spec (paper Section 3.2, inclusion check).
func Check(ctx context.Context, t *lsl.Test, m *memmodel.Model, spec *ObservationSet, opt Options) (*CheckResult, error) {
	start := time.Now()
	opt.Encode.FixedBounds = true // t's bounds are its own
	enc, err := Prepare(ctx, t, m, opt)
	if err != nil {
		return nil, err
	}
	res, err := CheckEncoding(ctx, enc, spec)
	if res != nil {
		res.Stats.Total = time.Since(start)
	}
	return res, err
}

// CheckEncoding is Check on an encoding made by Prepare. It adds the
// clauses excluding spec to enc.
func CheckEncoding(ctx context.Context, enc *encode.Encoding, spec *ObservationSet) (*CheckResult, error) {
	start := time.Now()
	st := &Stats{Stats: enc.Stats()}
	// Exclude every specified outcome: what remains is an error or an
	// outcome outside the specification.
	// under an activation literal: gini v1.0.4 can miss a level-0
	// conflict among clauses added before a solve (explain's repeated
	// questions tripped on it), and a caller may ask again
	act := ExcludeSpec(enc, spec)
	assume := append(enc.Assumptions(), act)
	if enc.Symmetry != nil && enc.Symmetry.Closed(spec.Outcomes) {
		// a failing execution has a whole orbit of failing ones
		assume = append(assume, enc.SymmetryAssumptions()...)
	}
	var meter questions.Meter
	r := meter.Solve(ctx, enc, false, assume...)
	st.SatCalls, st.SolveTime = meter.Totals()
	st.Vars, st.Clauses = enc.Size()
	st.Total = time.Since(start)
	switch {
	case r == 0:
		return nil, ctx.Err()
	case r < 0:
		return &CheckResult{Pass: true, Stats: st}, nil
	}
	return &CheckResult{Counterexample: enc.Decode(), Stats: st}, nil
}

// ExcludeSpec adds to enc the clauses of the inclusion check's question
// and returns their activation literal: assumed true, every solution is
// an error execution or observes an outcome outside spec. Explanations
// ask it under assumptions of their own.
func ExcludeSpec(enc *encode.Encoding, spec *ObservationSet) encode.Lit {
	act := enc.NewVar()
	excludeOutcomes(enc, act, spec.Outcomes)
	return act
}
