package lsl

// Fences returns the fence statements of p in procedure and program order.
func (p *Program) Fences() []*Fence {
	var out []*Fence
	for _, proc := range p.Procs {
		Walk(proc.Body, func(s Stmt) bool {
			if f, ok := s.(*Fence); ok {
				out = append(out, f)
			}
			return true
		})
	}
	return out
}

// WithoutFences returns a copy of p in which the fences for which drop
// returns true are removed; p itself is not changed. It answers "is this
// fence needed?" by checking the program without it.
func (p *Program) WithoutFences(drop func(*Fence) bool) *Program {
	q := &Program{Globals: p.Globals}
	for _, proc := range p.Procs {
		c := *proc
		c.Body = withoutFences(proc.Body, drop)
		q.Procs = append(q.Procs, &c)
	}
	return q
}

func withoutFences(body []Stmt, drop func(*Fence) bool) []Stmt {
	out := make([]Stmt, 0, len(body))
	for _, s := range body {
		switch s := s.(type) {
		case *Fence:
			if drop(s) {
				continue
			}
		case *Block:
			c := *s
			c.Body = withoutFences(s.Body, drop)
			out = append(out, &c)
			continue
		case *Atomic:
			c := *s
			c.Body = withoutFences(s.Body, drop)
			out = append(out, &c)
			continue
		}
		out = append(out, s)
	}
	return out
}
