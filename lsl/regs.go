package lsl

// Uses returns the registers s reads, not counting nested bodies of blocks
// and atomic blocks. An absent register (an unconditional break's
// condition, a label observation's value) is not a use.
func Uses(s Stmt) []Reg {
	var rs []Reg
	switch s := s.(type) {
	case *Prim:
		rs = s.Args
	case *Load:
		rs = []Reg{s.Addr}
	case *Store:
		rs = []Reg{s.Addr, s.Src}
	case *Call:
		rs = s.Args
	case *Break:
		rs = []Reg{s.Cond}
	case *Continue:
		rs = []Reg{s.Cond}
	case *Assert:
		rs = []Reg{s.Cond}
	case *Assume:
		rs = []Reg{s.Cond}
	case *Observe:
		rs = []Reg{s.Val}
	case *Free:
		rs = []Reg{s.Addr}
	}
	out := rs[:0:0]
	for _, r := range rs {
		if r != "" {
			out = append(out, r)
		}
	}
	return out
}

// Defs returns the registers s assigns, not counting nested bodies.
func Defs(s Stmt) []Reg {
	switch s := s.(type) {
	case *Const:
		return []Reg{s.Dst}
	case *Prim:
		return []Reg{s.Dst}
	case *Load:
		return []Reg{s.Dst}
	case *Alloc:
		return []Reg{s.Dst}
	case *Choose:
		return []Reg{s.Dst}
	case *ThreadID:
		return []Reg{s.Dst}
	case *Call:
		return s.Results
	}
	return nil
}
