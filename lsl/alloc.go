package lsl

import (
	"fmt"
	"strconv"
)

// AllocBases numbers the Alloc statements of a straight-line test: each
// gets its own base address, above every global's, in the order init
// invocations, then threads, each in program order. Every stage that needs
// the address of an allocation (range analysis, encoder, traces) uses this
// numbering, so they agree.
func AllocBases(t *Test) map[*Alloc]int64 {
	next := int64(1)
	for _, g := range t.Globals {
		if g.Base >= next {
			next = g.Base + 1
		}
	}
	bases := map[*Alloc]int64{}
	visit := func(invs []*Invocation) {
		for _, inv := range invs {
			Walk(inv.Body, func(s Stmt) bool {
				if a, ok := s.(*Alloc); ok {
					bases[a] = next
					next++
				}
				return true
			})
		}
	}
	visit(t.Init)
	for _, th := range t.Threads {
		visit(th)
	}
	return bases
}

// AllocIdentities names the block of each Alloc of a straight-line test
// (by its AllocBases base) by what the allocation is in the program: its
// thread and invocation, the labelled blocks around it (the unroller's
// iteration and call blocks), its destination and its position. Two
// unrollings of one test with different loop bounds number their blocks
// differently, as an iteration more allocates before a later call does,
// but give an allocation that both have the same identity: outcomes that
// observe pointers are compared through it (Outcome.MapBlocks).
func AllocIdentities(t *Test) map[int64]string {
	bases := AllocBases(t)
	ids := map[int64]string{}
	seen := map[string]int{}
	var walk func(prefix string, body []Stmt)
	walk = func(prefix string, body []Stmt) {
		for _, s := range body {
			switch s := s.(type) {
			case *Block:
				walk(prefix+"/"+s.Label, s.Body)
			case *Atomic:
				walk(prefix, s.Body)
			case *Alloc:
				// the position without its file: a copy of the code
				// in another file (a reference implementation) is the
				// same allocation
				id := fmt.Sprintf("%s/%s@%d:%d", prefix, s.Dst, s.Pos.Line, s.Pos.Col)
				seen[id]++
				if n := seen[id]; n > 1 {
					id += "#" + strconv.Itoa(n) // the same place twice in one block
				}
				ids[bases[s]] = id
			}
		}
	}
	for i, inv := range t.Init {
		walk(fmt.Sprintf("init.%d", i), inv.Body)
	}
	for th, invs := range t.Threads {
		for i, inv := range invs {
			walk(fmt.Sprintf("t%d.%d", th, i), inv.Body)
		}
	}
	return ids
}
