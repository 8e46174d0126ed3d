package reference

import (
	"fmt"
	"slices"

	"checkfence/lsl"
)

// simulate runs thread t of s (which it may modify: s.th[t] must be s's
// own, as clone(t) makes it) until the thread
// reaches a load through a valid address or its end. It returns the
// resulting states: several when a Choose branches, none when the
// execution cannot exist (a false assume, a bound exceeded, a value outside
// the range analysis' sets).
func (e *engine) simulate(s *state, t int) []*state {
	tc := e.threads[t]
	th := s.th[t]
	for th.pc < len(tc.code) {
		in := tc.code[th.pc]
		e.enterAtom(th, t, in.atom)
		switch st := in.s.(type) {
		case nil: // opens an atomic block
		case *lsl.Const:
			if !e.assign(s, t, st.Dst, st.Val) {
				return nil
			}
		case *lsl.Prim:
			args := make([]lsl.Value, len(st.Args))
			for i, r := range st.Args {
				args[i] = e.reg(s, t, r)
			}
			v, f := lsl.Eval(st.Op, st.Type, args...)
			if f != lsl.NoFault {
				th.derail(s, f)
				v = lsl.Undefined
			}
			if !e.assign(s, t, st.Dst, v) {
				return nil
			}
		case *lsl.Load:
			a := e.reg(s, t, st.Addr)
			if e.mem.valid(a) {
				return []*state{s} // wait until the load is placed or guessed
			}
			th.derail(s, addressFault(a))
			if !e.assign(s, t, st.Dst, lsl.Undefined) {
				return nil
			}
		case *lsl.Store:
			a := e.reg(s, t, st.Addr)
			if !e.mem.valid(a) {
				th.derail(s, addressFault(a))
				break
			}
			loc, ok := e.locIdx[a]
			if !ok {
				e.err = fmt.Errorf("internal error: store to %s, which has no value set", a)
				return nil
			}
			th.events = append(th.events, event{store: true, loc: loc, val: e.reg(s, t, st.Src), atom: in.atom, inv: in.inv})
		case *lsl.Fence:
			if st.On(e.modelName) {
				th.events = append(th.events, event{fence: true, kind: st.Kind})
			}
		case *lsl.Break:
			if st.Cond == "" {
				th.pc = in.target
				continue
			}
			c := e.reg(s, t, st.Cond)
			if c.IsUndef() {
				th.derail(s, lsl.FaultUndefined) // the break is not taken
				break
			}
			if c.Truthy() {
				th.pc = in.target
				continue
			}
		case *lsl.Assert:
			switch c := e.reg(s, t, st.Cond); {
			case c.IsUndef():
				th.derail(s, lsl.FaultUndefined)
			case !c.Truthy():
				th.derail(s, lsl.FaultAssert)
			}
		case *lsl.Assume:
			c := e.reg(s, t, st.Cond)
			if c.IsUndef() {
				th.derail(s, lsl.FaultUndefined) // a use of undefined
				break
			}
			if !c.Truthy() && !th.derailed && !e.prune(th) {
				return nil
			}
		case *lsl.Observe:
			var v lsl.Value
			if st.Kind != lsl.ObsLabel {
				v = e.reg(s, t, st.Val)
			}
			th.obs[in.inv] = append(th.obs[in.inv], st.Item(v))
		case *lsl.Choose:
			vs, err := chooseValues(st)
			if err != nil {
				e.err = err
				return nil
			}
			var out []*state
			for _, v := range vs {
				c := s.clone(t)
				if e.assign(c, t, st.Dst, v) {
					c.th[t].pc++
					out = append(out, e.simulate(c, t)...)
				}
			}
			return out
		case *lsl.Alloc:
			// a fresh block, or one a reusable free may have returned
			// (placed as an event: the block must be free then)
			var reuse []int64
			for v := range e.ranges.regs[t][st.Dst] {
				if b := v.Base(); v.IsPtr() && b != in.base && e.ranges.reusable[b] && lsl.MayReuse(e.mem.stmts[b], st) {
					reuse = append(reuse, b)
				}
			}
			if len(reuse) == 0 {
				if !e.assign(s, t, st.Dst, lsl.Ptr(in.base)) {
					return nil
				}
				break
			}
			slices.Sort(reuse)
			var out []*state
			for _, b := range append([]int64{in.base}, reuse...) {
				c := s.clone(t)
				if b != in.base {
					c.th[t].events = append(c.th[t].events, event{alloc: true, block: b, atom: in.atom, inv: in.inv})
				}
				if e.assign(c, t, st.Dst, lsl.Ptr(b)) {
					c.th[t].pc++
					out = append(out, e.simulate(c, t)...)
				}
			}
			return out
		case *lsl.Free:
			a := e.reg(s, t, st.Addr)
			if !e.mem.blockStart(a) {
				// only the start of an allocated block can be freed
				th.derail(s, addressFault(a))
				break
			}
			th.events = append(th.events, event{free: true, block: a.Base(), freeKind: st.Kind, atom: in.atom, inv: in.inv})
		case *lsl.BoundExceeded:
			if !th.derailed && !e.prune(th) {
				return nil
			}
		}
		th.pc++
	}
	e.enterAtom(th, t, 0)
	return []*state{s}
}

// enterAtom notes that thread t reached code of atomic block atom (0:
// none). Under a model whose atomic blocks act as full fences, entering
// and leaving a block not marked nofence executes one.
func (e *engine) enterAtom(th *threadState, t, atom int) {
	if atom == th.curAtom {
		return
	}
	fences := func(a int) bool { return a != 0 && !e.threads[t].noFence[a] }
	if e.model.atomicFence && t != 0 && (fences(th.curAtom) || fences(atom)) {
		th.events = append(th.events, event{fence: true, kind: lsl.Full})
	}
	th.curAtom = atom
}

// assign sets register r of thread t to v, unless v lies outside r's value
// set, in which case the execution does not exist (v could only come out
// of thin air).
func (e *engine) assign(s *state, t int, r lsl.Reg, v lsl.Value) bool {
	i, ok := e.regIdx[t][r]
	if !ok || !e.ranges.has(t, r, v) {
		return false
	}
	s.th[t].regs[i] = v
	return true
}

// derail records a fault of thread th in s: the execution is an error
// execution, and what the thread does afterwards is not the program's, so
// its assumes and loop bounds no longer remove the execution (as in the
// encoder). A use after free or a double free derails too, from the
// event on (place).
func (th *threadState) derail(s *state, f lsl.Fault) {
	s.setFault(f)
	th.derailed = true
}

func (s *state) setFault(f lsl.Fault) {
	if s.fault == lsl.NoFault {
		s.fault = f
	}
}

func addressFault(a lsl.Value) lsl.Fault {
	if a.IsUndef() {
		return lsl.FaultUndefined
	}
	return lsl.FaultAddress
}

// prune removes the execution at an assume or bound of thread th that did
// not derail before: now (false), or, with frees, at its end unless one of
// the thread's events before this point turns out to be a use after free
// or a double free (true: go on).
func (e *engine) prune(th *threadState) bool {
	if !e.deferPrune {
		return false
	}
	if th.pruneAt < 0 {
		th.pruneAt = len(th.events)
	}
	return true
}
