package explain

import "checkfence/lsl"

// withFences returns a copy of the straight-line test with the fences
// inserted at every instance of their sites, and which candidate each
// inserted statement is. A site inside an atomic block puts its fence
// beside the block (an atomic block is one step of memory order).
func withFences(t *lsl.Test, fences []Fence) (*lsl.Test, map[*lsl.Fence]int) {
	inserted := map[*lsl.Fence]int{}
	fenceAt := func(s lsl.Stmt, after bool) []lsl.Stmt {
		var out []lsl.Stmt
		lsl.Walk([]lsl.Stmt{s}, func(x lsl.Stmt) bool {
			var site lsl.AccessSite
			switch x := x.(type) {
			case *lsl.Load:
				site = lsl.AccessSite{Pos: x.Pos}
			case *lsl.Store:
				site = lsl.AccessSite{Pos: x.Pos, Store: true}
			default:
				return true
			}
			for i, f := range fences {
				if f.At == site && f.After == after {
					lf := &lsl.Fence{Pos: site.Pos, Kind: f.Kind}
					inserted[lf] = i
					out = append(out, lf)
				}
			}
			return true
		})
		return out
	}
	var body func([]lsl.Stmt) []lsl.Stmt
	body = func(in []lsl.Stmt) []lsl.Stmt {
		var out []lsl.Stmt
		for _, s := range in {
			switch s := s.(type) {
			case *lsl.Block:
				c := *s
				c.Body = body(s.Body)
				out = append(out, &c)
			case *lsl.Atomic, *lsl.Load, *lsl.Store:
				out = append(out, fenceAt(s, false)...)
				out = append(out, s)
				out = append(out, fenceAt(s, true)...)
			default:
				out = append(out, s)
			}
		}
		return out
	}
	invs := func(in []*lsl.Invocation) []*lsl.Invocation {
		var out []*lsl.Invocation
		for _, inv := range in {
			c := *inv
			c.Body = body(inv.Body)
			out = append(out, &c)
		}
		return out
	}
	c := *t
	c.Threads = nil
	for _, th := range t.Threads {
		c.Threads = append(c.Threads, invs(th))
	}
	return &c, inserted
}
