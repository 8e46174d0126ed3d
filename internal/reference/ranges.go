package reference

import (
	"fmt"

	"checkfence/lsl"
)

// maxSetSize bounds every value set; a test whose sets grow beyond it is
// refused rather than enumerated slowly.
const maxSetSize = 256

// valueSet maps each value to the least number of unbounded operations it
// passed through on its way (its tag, paper Section 3.4).
type valueSet map[lsl.Value]int

// ranges holds the flow-insensitive value sets of the paper's range
// analysis: one per register of each thread and one per memory location.
// A value outside them can only come from a circular dependency (out of
// thin air), so executions carrying one are excluded.
type ranges struct {
	regs []map[lsl.Reg]valueSet // per thread, init thread first
	locs map[lsl.Value]valueSet
	// reusable holds the blocks a free of a reusable kind may free: an
	// allocation of the same size and words (lsl.MayReuse) may take them
	reusable map[int64]bool
	bound    int // values with a larger tag are discarded
	changed  bool
	err      error
}

// unbounded reports whether op can produce values outside a finite set
// fixed by its operands' sets when applied repeatedly (arithmetic and
// pointer offsets). Comparisons yield 0 or 1; moves and conversions only
// copy or truncate.
func unbounded(op lsl.OpCode) bool {
	switch op {
	case lsl.OpMov, lsl.OpConv, lsl.OpLNot, lsl.OpEq, lsl.OpNe,
		lsl.OpLt, lsl.OpLe, lsl.OpGt, lsl.OpGe, lsl.OpSame:
		return false
	}
	return true
}

// analyze computes the value sets of all threads' code to a fixpoint.
//
// Sources of values: constants, choices, allocations (their own block, and
// the blocks of the same size and words (lsl.MayReuse) that a free or lsl_free may
// return) and the initial values of targeted locations. Undefined enters as the content of a register read
// where it may not have been assigned yet, as the result of a primitive on
// operands that fault, as the result of a load through an invalid address,
// and as the initial content of an allocated block; it then propagates like
// any value. To guarantee termination each value carries the number of
// unbounded operations it went through; as every statement runs at most
// once in a straight-line execution, a non-circular value passes through at
// most as many as the test contains, and values with more are dropped.
func analyze(threads []*threadCode, m *memory) (*ranges, error) {
	r := &ranges{locs: map[lsl.Value]valueSet{}, reusable: map[int64]bool{}}
	for _, tc := range threads {
		for _, in := range tc.code {
			if p, ok := in.s.(*lsl.Prim); ok && unbounded(p.Op) {
				r.bound++
			}
		}
	}
	for t, tc := range threads {
		r.regs = append(r.regs, map[lsl.Reg]valueSet{})
		for _, reg := range maybeUnassigned(tc) {
			r.add(r.reg(t, reg), lsl.Undefined, 0)
		}
	}
	for r.changed = true; r.changed && r.err == nil; {
		r.changed = false
		for t, tc := range threads {
			for _, in := range tc.code {
				r.step(t, in, m)
			}
		}
	}
	return r, r.err
}

func (r *ranges) reg(t int, reg lsl.Reg) valueSet {
	s := r.regs[t][reg]
	if s == nil {
		s = valueSet{}
		r.regs[t][reg] = s
	}
	return s
}

// loc returns the set of location p, which contains p's initial value as
// soon as some access can target p.
func (r *ranges) loc(p lsl.Value, m *memory) valueSet {
	s := r.locs[p]
	if s == nil {
		s = valueSet{}
		r.locs[p] = s
		r.add(s, m.initial(p), 0)
	}
	return s
}

func (r *ranges) add(s valueSet, v lsl.Value, tag int) {
	if tag > r.bound {
		return
	}
	if old, ok := s[v]; ok && old <= tag {
		return
	}
	s[v] = tag
	r.changed = true
	if len(s) > maxSetSize && r.err == nil {
		r.err = fmt.Errorf("value set grows beyond %d values", maxSetSize)
	}
}

func (r *ranges) step(t int, in instr, m *memory) {
	switch s := in.s.(type) {
	case *lsl.Const:
		r.add(r.reg(t, s.Dst), s.Val, 0)
	case *lsl.Choose:
		vs, err := chooseValues(s)
		if err != nil {
			if r.err == nil {
				r.err = err
			}
			return
		}
		for _, v := range vs {
			r.add(r.reg(t, s.Dst), v, 0)
		}
	case *lsl.Alloc:
		r.add(r.reg(t, s.Dst), lsl.Ptr(in.base), 0)
		for b := range r.reusable {
			if lsl.MayReuse(m.stmts[b], s) {
				r.add(r.reg(t, s.Dst), lsl.Ptr(b), 0)
			}
		}
	case *lsl.Free:
		for p := range r.reg(t, s.Addr) {
			if s.Kind.Reusable() && m.blockStart(p) && !r.reusable[p.Base()] {
				r.reusable[p.Base()] = true
				r.changed = true
			}
		}
	case *lsl.Prim:
		extra := 0
		if unbounded(s.Op) {
			extra = 1
		}
		dst := r.reg(t, s.Dst)
		args := make([]lsl.Value, len(s.Args))
		var each func(i, tag int)
		each = func(i, tag int) {
			if i == len(s.Args) {
				v, f := lsl.Eval(s.Op, s.Type, args...)
				if f != lsl.NoFault {
					v = lsl.Undefined
				}
				r.add(dst, v, tag+extra)
				return
			}
			for v, tv := range r.reg(t, s.Args[i]) {
				args[i] = v
				each(i+1, max(tag, tv))
			}
		}
		each(0, 0)
	case *lsl.Load:
		dst := r.reg(t, s.Dst)
		for p := range r.reg(t, s.Addr) {
			if !m.valid(p) {
				r.add(dst, lsl.Undefined, 0)
				continue
			}
			for v, tv := range r.loc(p, m) {
				r.add(dst, v, tv)
			}
		}
	case *lsl.Store:
		for p := range r.reg(t, s.Addr) {
			if !m.valid(p) {
				continue
			}
			loc := r.loc(p, m)
			for v, tv := range r.reg(t, s.Src) {
				r.add(loc, v, tv)
			}
		}
	}
}

// has reports whether register reg of thread t may hold v.
func (r *ranges) has(t int, reg lsl.Reg, v lsl.Value) bool {
	_, ok := r.regs[t][reg][v]
	return ok
}

// maybeUnassigned returns the registers that some statement of tc may read
// before any assignment to them (a definite-assignment analysis over the
// forward-only control flow of the flattened code).
func maybeUnassigned(tc *threadCode) []lsl.Reg {
	n := len(tc.code)
	// in[i] is the set of registers assigned on every path reaching i;
	// nil means no path reaches i yet.
	in := make([]map[lsl.Reg]bool, n+1)
	in[0] = map[lsl.Reg]bool{}
	merge := func(i int, out map[lsl.Reg]bool) {
		if i > n {
			return
		}
		if in[i] == nil {
			in[i] = copyRegs(out)
			return
		}
		for reg := range in[i] {
			if !out[reg] {
				delete(in[i], reg)
			}
		}
	}
	seen := map[lsl.Reg]bool{}
	var result []lsl.Reg
	for i, ins := range tc.code {
		if in[i] == nil {
			continue // unreachable
		}
		for _, reg := range reads(ins.s) {
			if !in[i][reg] && !seen[reg] {
				seen[reg] = true
				result = append(result, reg)
			}
		}
		out := copyRegs(in[i])
		if d, ok := writes(ins.s); ok {
			out[d] = true
		}
		if b, ok := ins.s.(*lsl.Break); ok {
			merge(ins.target, out)
			if b.Cond == "" {
				continue // no fall-through
			}
		}
		merge(i+1, out)
	}
	return result
}

func copyRegs(m map[lsl.Reg]bool) map[lsl.Reg]bool {
	c := make(map[lsl.Reg]bool, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// reads returns the registers statement s reads.
func reads(s lsl.Stmt) []lsl.Reg {
	var rs []lsl.Reg
	switch s := s.(type) {
	case *lsl.Prim:
		rs = s.Args
	case *lsl.Load:
		rs = []lsl.Reg{s.Addr}
	case *lsl.Store:
		rs = []lsl.Reg{s.Addr, s.Src}
	case *lsl.Break:
		rs = []lsl.Reg{s.Cond}
	case *lsl.Assert:
		rs = []lsl.Reg{s.Cond}
	case *lsl.Assume:
		rs = []lsl.Reg{s.Cond}
	case *lsl.Observe:
		if s.Kind != lsl.ObsLabel {
			rs = []lsl.Reg{s.Val}
		}
	case *lsl.Free:
		rs = []lsl.Reg{s.Addr}
	}
	var out []lsl.Reg
	for _, r := range rs {
		if r != "" {
			out = append(out, r)
		}
	}
	return out
}

// writes returns the register statement s assigns, if any.
func writes(s lsl.Stmt) (lsl.Reg, bool) {
	switch s := s.(type) {
	case *lsl.Const:
		return s.Dst, true
	case *lsl.Prim:
		return s.Dst, true
	case *lsl.Load:
		return s.Dst, true
	case *lsl.Choose:
		return s.Dst, true
	case *lsl.Alloc:
		return s.Dst, true
	}
	return "", false
}

// chooseValues lists the values a Choose may pick.
func chooseValues(s *lsl.Choose) ([]lsl.Value, error) {
	if s.Hi < s.Lo {
		return nil, nil
	}
	if uint64(s.Hi)-uint64(s.Lo) >= maxSetSize {
		return nil, lsl.Errorf(s.Pos, "choose range [%d, %d] too large", s.Lo, s.Hi)
	}
	var vs []lsl.Value
	for v := s.Lo; ; v++ {
		vs = append(vs, lsl.Int(v))
		if v == s.Hi {
			return vs, nil
		}
	}
}
