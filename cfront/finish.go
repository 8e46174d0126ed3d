package cfront

import (
	"strconv"

	"checkfence/lsl"
)

// finish tidies a translated procedure: temporaries that only carry a
// value to the next statement are folded away (see fold); registers read
// but never assigned
// (a local used before any assignment, the result of a function that
// falls off its end) are set to undefined at the start, which is what C's
// indeterminate values mean in LSL; and temporaries are renumbered t1, t2,
// … in order of appearance.
func (fn *funcTr) finish() {
	p := fn.proc
	fn.fold()
	assigned := map[lsl.Reg]bool{}
	for _, r := range p.Params {
		assigned[r] = true
	}
	var unassigned []lsl.Reg
	seen := map[lsl.Reg]bool{}
	lsl.Walk(p.Body, func(s lsl.Stmt) bool {
		for _, r := range lsl.Defs(s) {
			assigned[r] = true
		}
		return true
	})
	lsl.Walk(p.Body, func(s lsl.Stmt) bool {
		for _, r := range lsl.Uses(s) {
			if r != "" && !assigned[r] && !seen[r] {
				seen[r] = true
				unassigned = append(unassigned, r)
			}
		}
		return true
	})
	for _, r := range p.Results {
		if !assigned[r] && !seen[r] {
			unassigned = append(unassigned, r)
		}
	}
	if len(unassigned) > 0 {
		pre := make([]lsl.Stmt, 0, len(unassigned)+len(p.Body))
		for _, r := range unassigned {
			pre = append(pre, &lsl.Const{Pos: p.Pos, Dst: r, Val: lsl.Undefined})
		}
		p.Body = append(pre, p.Body...)
	}

	// Renumber the temporaries.
	names := map[lsl.Reg]lsl.Reg{}
	n := 0
	rename := func(r *lsl.Reg) {
		if !fn.temps[*r] {
			return
		}
		if m, ok := names[*r]; ok {
			*r = m
			return
		}
		for {
			n++
			m := lsl.Reg("t" + strconv.Itoa(n))
			if fn.temps[m] || !fn.taken[string(m)] && !fn.reserved[string(m)] {
				names[*r] = m
				*r = m
				return
			}
		}
	}
	lsl.Walk(p.Body, func(s lsl.Stmt) bool {
		for _, r := range regRefs(s) {
			rename(r)
		}
		return true
	})
}

// regRefs returns pointers to every register a statement names, reads
// first.
func regRefs(s lsl.Stmt) []*lsl.Reg {
	var rs []*lsl.Reg
	switch s := s.(type) {
	case *lsl.Const:
		rs = append(rs, &s.Dst)
	case *lsl.Prim:
		for i := range s.Args {
			rs = append(rs, &s.Args[i])
		}
		rs = append(rs, &s.Dst)
	case *lsl.Load:
		rs = append(rs, &s.Addr, &s.Dst)
	case *lsl.Store:
		rs = append(rs, &s.Addr, &s.Src)
	case *lsl.Call:
		for i := range s.Args {
			rs = append(rs, &s.Args[i])
		}
		for i := range s.Results {
			rs = append(rs, &s.Results[i])
		}
	case *lsl.Break:
		rs = append(rs, &s.Cond)
	case *lsl.Continue:
		rs = append(rs, &s.Cond)
	case *lsl.Assert:
		rs = append(rs, &s.Cond)
	case *lsl.Assume:
		rs = append(rs, &s.Cond)
	case *lsl.Observe:
		rs = append(rs, &s.Val)
	case *lsl.Alloc:
		rs = append(rs, &s.Dst)
	case *lsl.Free:
		rs = append(rs, &s.Addr)
	case *lsl.Choose:
		rs = append(rs, &s.Dst)
	case *lsl.ThreadID:
		rs = append(rs, &s.Dst)
	}
	return rs
}

// fold removes the temporaries that only carry a value into the next
// statement, a mov or a conversion:
//
//	t1 = add x, y; x = mov t1   becomes  x = add x, y
//	t1 = 5; t2 = conv.u8 t1     becomes  t2 = 5
//
// It applies only to a temporary defined once and read once, by the very
// next statement of the same list, so the program's meaning is unchanged.
func (fn *funcTr) fold() {
	reads := map[lsl.Reg]int{}
	writes := map[lsl.Reg]int{}
	lsl.Walk(fn.proc.Body, func(s lsl.Stmt) bool {
		for _, r := range lsl.Uses(s) {
			reads[r]++
		}
		for _, r := range lsl.Defs(s) {
			writes[r]++
		}
		return true
	})
	single := func(r lsl.Reg) bool { return fn.temps[r] && reads[r] == 1 && writes[r] == 1 }
	var list func(body []lsl.Stmt) []lsl.Stmt
	list = func(body []lsl.Stmt) []lsl.Stmt {
		out := body[:0]
		for _, s := range body {
			switch s := s.(type) {
			case *lsl.Block:
				s.Body = list(s.Body)
			case *lsl.Atomic:
				s.Body = list(s.Body)
			}
			if len(out) > 0 {
				prev := out[len(out)-1]
				if x, ok := s.(*lsl.Prim); ok && len(x.Args) == 1 && single(x.Args[0]) {
					switch x.Op {
					case lsl.OpMov:
						if d := defReg(prev); d != nil && *d == x.Args[0] {
							*d = x.Dst
							continue
						}
					case lsl.OpConv:
						if c, ok := prev.(*lsl.Const); ok && c.Dst == x.Args[0] && c.Val.IsInt() {
							c.Val = lsl.Int(x.Type.Wrap(c.Val.IntVal()))
							c.Dst = x.Dst
							continue
						}
					}
				}
			}
			out = append(out, s)
		}
		return out
	}
	fn.proc.Body = list(fn.proc.Body)
}
