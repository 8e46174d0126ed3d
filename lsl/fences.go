package lsl

import "slices"

// On reports whether the fence exists on the memory model called model
// (see Only).
func (f *Fence) On(model string) bool {
	return f.Only == nil || slices.Contains(f.Only, model)
}

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
	return p.MapFences(func(f *Fence) []Stmt {
		if drop(f) {
			return nil
		}
		return []Stmt{f}
	})
}

// MapFences returns a copy of p in which each fence f is replaced by the
// statements repl(f); p itself is not changed.
func (p *Program) MapFences(repl func(*Fence) []Stmt) *Program {
	q := &Program{Globals: p.Globals}
	for _, proc := range p.Procs {
		c := *proc
		c.Body = mapFences(proc.Body, repl)
		q.Procs = append(q.Procs, &c)
	}
	return q
}

func mapFences(body []Stmt, repl func(*Fence) []Stmt) []Stmt {
	out := make([]Stmt, 0, len(body))
	for _, s := range body {
		switch s := s.(type) {
		case *Fence:
			out = append(out, repl(s)...)
			continue
		case *Block:
			c := *s
			c.Body = mapFences(s.Body, repl)
			out = append(out, &c)
			continue
		case *Atomic:
			c := *s
			c.Body = mapFences(s.Body, repl)
			out = append(out, &c)
			continue
		}
		out = append(out, s)
	}
	return out
}
