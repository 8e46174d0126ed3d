package lsl

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
