package infer

import (
	"slices"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// minCostHittingSet returns a set of elements of least total cost that
// contains an element of every set, and that cost. Elements are indices
// into cost; every cost is at least 1. lower is a known lower bound of the
// answer's cost (the optimum of a subset of sets).
//
// It is solved exactly with the SAT solver: one variable per element that
// occurs in a set, a clause per set, and a totalizer (Bailleux and
// Boufkhad 2003) over the chosen elements, each counted cost times, whose
// output o[k] holds when the total cost is more than k. The first bound k
// = lower, lower+1, ... under which "no more than k" is satisfiable is the
// optimum; every smaller bound was refuted, so nothing cheaper exists.
// ok is false when some set is empty (nothing hits it).
//
// Among the sets of least cost it returns one with the fewest elements
// not marked in shared (nil: none marked): with the cost bounded by the
// optimum, a second totalizer over the unmarked elements is bounded the
// same way. The cost, and so the inference's optimality, is unchanged;
// only which of the cheapest sets is taken.
func minCostHittingSet(sets [][]int, cost []int, lower int, shared []bool) (chosen []int, total int, ok bool) {
	var elems []int
	for _, s := range sets {
		if len(s) == 0 {
			return nil, 0, false
		}
		elems = append(elems, s...)
	}
	slices.Sort(elems)
	elems = slices.Compact(elems)
	if len(elems) == 0 {
		return nil, 0, true
	}
	g := gini.New()
	lit := map[int]z.Lit{}
	for _, e := range elems {
		lit[e] = g.Lit()
	}
	for _, s := range sets {
		for _, e := range s {
			g.Add(lit[e])
		}
		g.Add(0)
	}
	var units []z.Lit
	maxCost := 0
	for _, e := range elems {
		for range cost[e] {
			units = append(units, lit[e])
		}
		maxCost += cost[e]
	}
	over := totalizer(g, units)
	atMost := func(k int) {
		if k < len(over) {
			g.Assume(over[k].Not())
		}
	}
	read := func() (chosen []int, unshared []z.Lit) {
		for _, e := range elems {
			if g.Value(lit[e]) {
				chosen = append(chosen, e)
				if shared != nil && !shared[e] {
					unshared = append(unshared, lit[e])
				}
			}
		}
		return chosen, unshared
	}
	for k := max(lower, 0); k <= maxCost; k++ {
		atMost(k)
		if g.Solve() != 1 {
			continue
		}
		chosen, unshared := read()
		if len(unshared) > 0 {
			var others []z.Lit
			for _, e := range elems {
				if !shared[e] {
					others = append(others, lit[e])
				}
			}
			fewer := totalizer(g, others)
			// at most j unshared elements, at cost k: the first j that
			// is satisfiable is the least (len(unshared) is)
			for j := range len(unshared) {
				atMost(k)
				g.Assume(fewer[j].Not())
				if g.Solve() == 1 {
					chosen, _ = read()
					break
				}
			}
		}
		for _, e := range chosen {
			total += cost[e]
		}
		return chosen, total, true
	}
	// unreachable: choosing every element costs maxCost
	return nil, 0, false
}

// totalizer returns o with o[k] true whenever more than k of ins are true
// (k = 0 … len(ins)-1): the unary count of ins, built as a balanced tree
// of sorted unary sums. Only that direction is encoded, which is all an
// upper bound needs.
func totalizer(g *gini.Gini, ins []z.Lit) []z.Lit {
	if len(ins) <= 1 {
		return ins
	}
	left := totalizer(g, ins[:len(ins)/2])
	right := totalizer(g, ins[len(ins)/2:])
	out := make([]z.Lit, len(left)+len(right))
	for i := range out {
		out[i] = g.Lit()
	}
	// left has more than i, right more than j: out has more than i+j+1;
	// either alone: more than i (or j).
	for i := -1; i < len(left); i++ {
		for j := -1; j < len(right); j++ {
			if i < 0 && j < 0 {
				continue
			}
			if i >= 0 {
				g.Add(left[i].Not())
			}
			if j >= 0 {
				g.Add(right[j].Not())
			}
			g.Add(out[i+j+1])
			g.Add(0)
		}
	}
	return out
}
