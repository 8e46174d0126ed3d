package infer

import (
	"fmt"
	"maps"
	"slices"

	"checkfence/lsl"
	"checkfence/memmodel"
)

// Candidate is a fence that inference may place: a kind at a fence slot.
type Candidate struct {
	Slot int
	Kind lsl.FenceKind
	// Pos is where the fence goes in the source (cfront's FenceSlots).
	Pos lsl.Pos
	// Brace, for a slot of a loop body or an if's branch without
	// braces, is the body's other end: the patch adds the braces
	// (lsl.Fence.Brace).
	Brace lsl.Pos
}

func (c Candidate) String() string { return fmt.Sprintf("%s fence at %s", c.Kind, c.Pos) }

// Cost is the candidate's cost (SEMANTICS.md, "Fence placement"): a fence
// that drains the store buffer costs 3, the others 1.
func (c Candidate) Cost() int { return KindCost(c.Kind) }

// KindCost is the cost of one fence of kind k.
func KindCost(k lsl.FenceKind) int {
	if k&lsl.StoreLoad != 0 {
		return 3
	}
	return 1
}

// kindOrder lists the fence kinds, the narrow ones first.
var kindOrder = []lsl.FenceKind{lsl.LoadLoad, lsl.LoadStore, lsl.StoreStore, lsl.StoreLoad, lsl.Full}

// unkept returns the orderings of kind k that model m does not keep for
// every pair of addresses: what a fence of kind k adds on m.
func unkept(m *memmodel.Model, k lsl.FenceKind) lsl.FenceKind {
	var add lsl.FenceKind
	for _, bit := range []lsl.FenceKind{lsl.LoadLoad, lsl.LoadStore, lsl.StoreLoad, lsl.StoreStore} {
		before, after := bit == lsl.StoreLoad || bit == lsl.StoreStore, bit == lsl.LoadStore || bit == lsl.StoreStore
		if k&bit != 0 && m.KeepPair(before, after) != memmodel.Always {
			add |= bit
		}
	}
	return add
}

// CandidateKinds returns the kinds inference considers on m: those that
// order something the model does not keep, without two kinds that add
// the same orderings (the narrower one is kept: on tso a full fence adds
// only what a store-load fence adds). Serial and sc get none.
func CandidateKinds(m *memmodel.Model) []lsl.FenceKind {
	var kinds []lsl.FenceKind
	seen := map[lsl.FenceKind]bool{}
	for _, k := range kindOrder {
		add := unkept(m, k)
		if add == 0 || seen[add] {
			continue
		}
		seen[add] = true
		kinds = append(kinds, k)
	}
	return kinds
}

// slotMarkers returns the fence slots of a program compiled with
// cfront's FenceSlots, by number.
func slotMarkers(prog *lsl.Program) map[int]*lsl.Fence {
	slots := map[int]*lsl.Fence{}
	for _, f := range prog.Fences() {
		if f.Slot != 0 {
			slots[f.Slot] = f
		}
	}
	return slots
}

// candidates returns every candidate of prog's slots on the given kinds,
// by slot and kind.
func candidates(prog *lsl.Program, kinds []lsl.FenceKind) []Candidate {
	slots := slotMarkers(prog)
	var out []Candidate
	for _, s := range slices.Sorted(maps.Keys(slots)) {
		for _, k := range kinds {
			out = append(out, Candidate{Slot: s, Kind: k, Pos: slots[s].Pos, Brace: slots[s].Brace})
		}
	}
	return out
}

// expand returns prog with each slot marker replaced by one fence per
// kind, each carrying the slot's number; the other fences are kept.
func expand(prog *lsl.Program, kinds []lsl.FenceKind) *lsl.Program {
	return prog.MapFences(expandMarker(kinds))
}

// expandMarker is expand's replacement of one fence.
func expandMarker(kinds []lsl.FenceKind) func(*lsl.Fence) []lsl.Stmt {
	return func(f *lsl.Fence) []lsl.Stmt {
		if f.Slot == 0 {
			return []lsl.Stmt{f}
		}
		var out []lsl.Stmt
		for _, k := range kinds {
			out = append(out, &lsl.Fence{Pos: f.Pos, Kind: k, Slot: f.Slot})
		}
		return out
	}
}
