package infer

import (
	"context"
	"errors"
	"math/bits"
	"slices"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

// Combine returns one placement for the models of rs (the inferences of
// the tests ts on each, on slotted and spec as Infer takes them): the
// union of their placements, which makes the tests pass on every model
// (fences only remove executions), less every fence that no model needs.
// A model's tests are those it decided: its placement is sufficient for
// them (Found, or Inconclusive with tests set aside).
//
// A fence goes, first, when another at its slot orders all it orders (on
// every model); then, when without it every model's tests still pass,
// which the tool's own check says. The fences are tried from the costliest
// (then the one that orders most, then in source order); for each, only
// the models whose sufficient placement so far has it are asked: for
// another, a placement it passes with is left. A model whose placement is
// optimal needs no check when the placement left costs it less than that
// (it cannot then be sufficient), which settles most: a model's own
// placement loses no fence. What is left is a sufficient placement in
// which every fence is needed by some model: removing fences only adds
// executions, so one that some model needed when tried it needs in the
// smaller placement too.
//
// A check that is inconclusive, or stopped by a value limit or the memory
// budget, keeps the fence. When ctx ends, the placement so far (sufficient
// still) is returned with ctx's error.
func Combine(ctx context.Context, slotted, spec *lsl.Program, ts []*tests.Test, rs []*Result, opt mining.PipelineOptions) ([]Candidate, error) {
	// the union
	var all []Candidate
	for _, r := range rs {
		for _, a := range r.Added {
			if !slices.ContainsFunc(all, func(c Candidate) bool { return c.Slot == a.Slot && c.Kind == a.Kind }) {
				all = append(all, a.Candidate)
			}
		}
	}
	// without the fences another at their slot covers; each model's
	// placement, with those it had replaced by one that covers them, is
	// still sufficient
	covers := func(g, f Candidate) bool { return g.Slot == f.Slot && g.Kind != f.Kind && g.Kind&f.Kind == f.Kind }
	var kept []Candidate
	for _, f := range all {
		if !slices.ContainsFunc(all, func(g Candidate) bool { return covers(g, f) }) {
			kept = append(kept, f)
		}
	}
	var kinds []lsl.FenceKind
	for _, k := range kindOrder {
		if slices.ContainsFunc(kept, func(c Candidate) bool { return c.Kind == k }) {
			kinds = append(kinds, k)
		}
	}
	prog := expand(slotted, kinds)
	cands := candidates(slotted, kinds)
	index := candidateIndex(cands)
	if opt.Cache == nil {
		opt.Cache = mining.NewMemoryCache()
	}
	of := func(c Candidate) int { return index[slotKind{c.Slot, c.Kind}] }
	var placement []int // sorted candidate indices
	for _, c := range kept {
		placement = append(placement, of(c))
	}
	slices.Sort(placement)

	type model struct {
		r       *Result
		checks  []testCheck
		witness []int // a placement it is sufficient with, within placement
	}
	var ms []*model
	for _, r := range rs {
		if len(r.Added) == 0 {
			continue // nothing to keep for it
		}
		md := &model{r: r}
		for _, a := range r.Added {
			i := slices.IndexFunc(kept, func(c Candidate) bool { return c.Slot == a.Slot && a.Kind&c.Kind == a.Kind })
			md.witness = append(md.witness, of(kept[i]))
		}
		slices.Sort(md.witness)
		md.witness = slices.Compact(md.witness)
		for _, t := range ts {
			if !slices.ContainsFunc(r.SetAside, func(s SetAside) bool { return s.Test == t.Name }) {
				md.checks = append(md.checks, newTestCheck(prog, spec, t, r.Model, opt))
			}
		}
		ms = append(ms, md)
	}

	order := slices.Clone(kept)
	slices.SortStableFunc(order, func(a, b Candidate) int {
		if a.Cost() != b.Cost() {
			return b.Cost() - a.Cost()
		}
		if n, o := bits.OnesCount8(uint8(a.Kind)), bits.OnesCount8(uint8(b.Kind)); n != o {
			return o - n
		}
		if c := comparePos(a.Pos, b.Pos); c != 0 {
			return c
		}
		if a.Slot != b.Slot {
			return a.Slot - b.Slot
		}
		return int(a.Kind) - int(b.Kind)
	})
	result := func() []Candidate {
		var out []Candidate
		for _, c := range kept {
			if _, ok := slices.BinarySearch(placement, of(c)); ok {
				out = append(out, c)
			}
		}
		slices.SortFunc(out, func(a, b Candidate) int {
			if c := comparePos(a.Pos, b.Pos); c != 0 {
				return c
			}
			if a.Slot != b.Slot {
				return a.Slot - b.Slot
			}
			return int(a.Kind) - int(b.Kind)
		})
		return out
	}
	for _, f := range order {
		i := of(f)
		without := slices.DeleteFunc(slices.Clone(placement), func(j int) bool { return j == i })
		var asked []*model
		needed := false
		for _, md := range ms {
			if _, ok := slices.BinarySearch(md.witness, i); !ok {
				continue
			}
			asked = append(asked, md)
			if costOn(md.r.Model, cands, without) < md.r.Cost {
				needed = true // cheaper than its optimum: not sufficient
				break
			}
			for _, tc := range md.checks {
				if opt.Progress != nil {
					opt.Progress("combining the placements: checking %s on %s without the %s", tc.name, md.r.Model.Name, f)
				}
				r, err := tc.check(ctx, fencesOn(without, index))
				if ctx.Err() != nil {
					return result(), context.Cause(ctx)
				}
				var le *lsl.LimitError
				var be *encode.BudgetError
				if err != nil && !errors.As(err, &le) && !errors.As(err, &be) {
					return nil, err
				}
				if err != nil || r.Verdict != mining.Pass {
					needed = true
					break
				}
			}
			if needed {
				break
			}
		}
		if needed {
			continue
		}
		placement = without
		for _, md := range asked {
			md.witness = without
		}
	}
	return result(), nil
}

// costOn is the cost on m of the placement p (candidate indices into
// cands): each fence counted as the candidate kind of m that adds what it
// adds on m (a kind m keeps costs nothing), once per slot and kind.
func costOn(m *memmodel.Model, cands []Candidate, p []int) int {
	kinds := CandidateKinds(m)
	seen := map[slotKind]bool{}
	total := 0
	for _, i := range p {
		add := unkept(m, cands[i].Kind)
		if add == 0 {
			continue
		}
		k := kinds[slices.IndexFunc(kinds, func(k lsl.FenceKind) bool { return unkept(m, k) == add })]
		if sk := (slotKind{cands[i].Slot, k}); !seen[sk] {
			seen[sk] = true
			total += KindCost(k)
		}
	}
	return total
}
