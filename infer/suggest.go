package infer

import (
	"context"
	"fmt"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

// Suggestion is an optimal placement for one failing test, with the
// fences of it that one failing execution needs (the trace's
// suggestions, check --infer).
type Suggestion struct {
	// Inference is the inference over the test alone.
	Inference *Result
	// Check is the test checked on the slotted program with no candidate
	// placed (the first check of the inference): Needed refers to its
	// counterexample.
	Check *mining.TestResult
	// Placed are the placement's fences as the counterexample meets
	// them, in source order; empty unless Inference found a placement
	// and Check failed.
	Placed []Placed
}

// Placed is a fence of a placement and where one execution reaches its
// slot.
type Placed struct {
	Added
	// Needed: the execution reorders a pair across the fence, so that
	// the fence forbids it. Every sufficient placement forbids every
	// failing execution, so at least one fence of it is needed.
	Needed  bool
	reached []reachedAt
}

// reachedAt is one execution of a slot: by thread, before the access of
// program index before.
type reachedAt struct{ thread, before int }

// Restores reports whether the fence, where the execution reaches it,
// lies between first and second (first earlier in program order) and
// orders their types: with it, they cannot be reordered.
func (p Placed) Restores(first, second *encode.Access) bool {
	if !p.Kind.Orders(first.Store, second.Store) {
		return false
	}
	for _, r := range p.reached {
		if r.thread == first.Thread && first.PoIndex < r.before && r.before <= second.PoIndex {
			return true
		}
	}
	return false
}

// Suggest infers an optimal placement for test t on m (as Infer does for
// one test) and says which of its fences the counterexample of t without
// the placement needs. When t passes, Suggestion.Check says so and
// nothing is inferred.
func Suggest(ctx context.Context, slotted, spec *lsl.Program, t *tests.Test, m *memmodel.Model, opt mining.PipelineOptions) (*Suggestion, error) {
	kinds := CandidateKinds(m)
	prog := expand(slotted, kinds)
	if opt.Cache == nil {
		opt.Cache = mining.NewMemoryCache()
	}
	return suggest(ctx, m, candidates(slotted, kinds), newTestCheck(prog, spec, t, m, opt), opt.Progress)
}

// suggest is Suggest on one test's check.
func suggest(ctx context.Context, m *memmodel.Model, cands []Candidate, tc testCheck, progress func(string, ...any)) (*Suggestion, error) {
	s := &Suggestion{}
	r, err := tc.check(ctx, fencesOn(nil, nil))
	if err != nil {
		return nil, err
	}
	s.Check = r
	if r.Verdict != mining.Fail {
		return s, nil
	}
	first := true
	s.Inference, err = solve(ctx, m, cands, nil, []testCheck{{tc.name, func(ctx context.Context, on func(*lsl.Fence) bool) (*mining.TestResult, error) {
		if first {
			// solve's first check has no candidate placed: r
			first = false
			return r, nil
		}
		return tc.check(ctx, on)
	}, tc.failsOnSC}}, progress)
	if err != nil {
		return nil, err
	}
	if s.Inference.Verdict != Found {
		return s, nil
	}
	x := r.Counterexample
	index := candidateIndex(cands)
	hits := map[int]bool{}
	for _, i := range contradicted(x, index).hits {
		hits[i] = true
	}
	needed := 0
	for _, a := range s.Inference.Added {
		i := index[slotKind{a.Slot, a.Kind}]
		p := Placed{Added: a, Needed: hits[i]}
		for _, f := range x.Reached {
			if fs, ok := f.Stmt.(*lsl.Fence); ok && !f.Implicit && fs.Slot == a.Slot && fs.Kind == a.Kind {
				p.reached = append(p.reached, reachedAt{f.Thread, f.Before})
			}
		}
		if p.Needed {
			needed++
		}
		s.Placed = append(s.Placed, p)
	}
	if needed == 0 {
		// the placement passes the test, yet this failing execution
		// breaks none of its fences: the inference or the check is wrong
		return nil, fmt.Errorf("infer: %s on %s: the placement found forbids no reordering of the counterexample: %w", tc.name, m.Name, mining.ErrInternal)
	}
	return s, nil
}

// candidateIndex maps each candidate's slot and kind to its index.
func candidateIndex(cands []Candidate) map[slotKind]int {
	index := make(map[slotKind]int, len(cands))
	for i, c := range cands {
		index[slotKind{c.Slot, c.Kind}] = i
	}
	return index
}
