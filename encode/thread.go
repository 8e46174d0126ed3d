package encode

import (
	"checkfence/lsl"
	"checkfence/rangeanalysis"
	"maps"
	"slices"
)

// The thread-local formulae Δ_k (paper Section 3.2.1): each thread is
// executed symbolically. A state is a path literal (the guard) and the
// current domain variable of every register; a labelled block merges the
// states that leave it, so registers assigned on several paths get a new
// variable equal to the incoming one of the path taken.

type state struct {
	guard Lit
	regs  []*Dom // by the thread's register numbers (regFile); nil: not assigned
	// derailedOnly: the path is taken only by a derailed thread (it
	// passed an assume that always fails); an exceed point there counts
	// no bound (see the BoundExceeded case).
	derailedOnly bool
}

func (s state) clone() state {
	return state{guard: s.guard, regs: slices.Clone(s.regs), derailedOnly: s.derailedOnly}
}

// regFile numbers the registers a thread assigns, in name order, so that
// a state's registers are a slice: a break copies it and a merge compares
// it slot by slot, in name order as it must (maps of names cost a tenth
// of an encoding, in hashing and in sorting the names at every merge).
type regFile struct {
	slot map[lsl.Reg]int
}

// newRegFile numbers the registers assigned in invs.
func newRegFile(invs []*lsl.Invocation) *regFile {
	seen := map[lsl.Reg]bool{}
	for _, inv := range invs {
		lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
			for _, r := range lsl.Defs(s) {
				seen[r] = true
			}
			return true
		})
	}
	f := &regFile{slot: make(map[lsl.Reg]int, len(seen))}
	for i, r := range slices.Sorted(maps.Keys(seen)) {
		f.slot[r] = i
	}
	return f
}

// number returns r's number; a register Defs did not name (none should)
// is numbered after the others.
func (f *regFile) number(r lsl.Reg) int {
	i, ok := f.slot[r]
	if !ok {
		i = len(f.slot)
		f.slot[r] = i
	}
	return i
}

type threadEnc struct {
	e       *Encoding
	thread  int
	regs    *regFile
	inv     int
	group   int // current atomic block, 0 outside
	st      state
	targets []*breakTarget
	nAcc    int
	// derailed holds once the thread has faulted or run past a loop
	// bound: what it does afterwards is not what the program does (it
	// stopped, or runs another iteration), so its later assumes must
	// not remove the execution, which is an error or exceeding one
	// already. Uses after free and double frees, found with the memory
	// order, derail through literals defined then (mayUseAfterFree,
	// doubleFreeLit).
	derailed Lit
	pending  []Lit // guards that derail, not yet in derailed (see derail)
	// pendingFrees: indices in Encoding.frees of the frees that may be
	// double frees, not yet in derailed
	pendingFrees []int
}

// derail returns a literal that holds once the thread has derailed. It is
// made only when an assume needs it: a formula with no assume stays as it
// was (unused definitions change the solver's path, and on msn Tpc5 that
// alone doubled the time).
func (te *threadEnc) derail() Lit {
	if len(te.pending) > 0 || len(te.pendingFrees) > 0 {
		ls := append([]Lit{te.derailed}, te.pending...)
		for _, j := range te.pendingFrees {
			ls = append(ls, te.e.doubleFreeLit(j))
		}
		te.derailed = te.e.c.or(ls...)
		te.pending, te.pendingFrees = te.pending[:0], te.pendingFrees[:0]
	}
	return te.derailed
}

type breakTarget struct {
	label  string
	states []state
}

type obsPoint struct {
	thread, inv int
	kind        lsl.ObsKind
	name        string
	guard       Lit
	val         *Dom
	stmt        *lsl.Observe
}

func (e *Encoding) encodeThreads() error {
	e.findSharedFrees()
	groups := 0
	run := func(th int, invs []*lsl.Invocation) error {
		regs := newRegFile(invs)
		te := &threadEnc{e: e, thread: th, regs: regs, st: state{guard: e.c.T, regs: make([]*Dom, len(regs.slot))}, derailed: e.c.F()}
		for i, inv := range invs {
			te.inv = i
			if err := te.body(inv.Body, &groups); err != nil {
				return err
			}
		}
		return nil
	}
	if err := run(rangeanalysis.InitThread, e.Test.Init); err != nil {
		return err
	}
	for th, invs := range e.Test.Threads {
		if err := run(th, invs); err != nil {
			return err
		}
	}
	e.encodeFrees()
	return nil
}

// freePoint is a free statement: its path literal and address.
type freePoint struct {
	guard  Lit
	addr   *Dom
	thread int
	stmt   lsl.Stmt
	before int // number of the thread's accesses before it
	event  int // 1 + the ID of its AllocEvent, 0 if none
	// derail: the free is a double free (doubleFreeLit), 0 until asked
	derail Lit
}

// findSharedFrees fills Encoding.sharedFrees: the blocks never reused
// that frees of two threads other than init may free (init's come first).
func (e *Encoding) findSharedFrees() {
	by := map[int64]int{} // block -> a thread freeing it
	for th, invs := range e.Test.Threads {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				f, ok := s.(*lsl.Free)
				if !ok {
					return true
				}
				for _, v := range e.Range.Reg(th, f.Addr) {
					if !e.Range.BlockStart(v) || e.Range.Reused(v.Base()) {
						continue
					}
					if t, ok := by[v.Base()]; !ok {
						by[v.Base()] = th
					} else if t != th {
						if e.sharedFrees == nil {
							e.sharedFrees = map[int64]bool{}
						}
						e.sharedFrees[v.Base()] = true
					}
				}
				return true
			})
		}
	}
}

// doubleFreeLit returns the literal of free j (in Encoding.frees) that
// derails its thread: it holds iff the free is a double free, as found by
// encodeFrees or, with the memory order, by encodeAllocState, which
// defines it.
func (e *Encoding) doubleFreeLit(j int) Lit {
	if e.frees[j].derail == 0 {
		e.frees[j].derail = e.c.newVar()
	}
	return e.frees[j].derail
}

// encodeFrees makes freeing a block twice a fault (SEMANTICS.md) for the
// blocks whose frees are no events (alloc.go): never handed out again,
// and freed by one thread, or by init and one thread. Two executed frees
// of such a block need no memory order to be wrong, and the second is the
// later in program order (init's come first).
func (e *Encoding) encodeFrees() {
	c := e.c
	for j, fj := range e.frees {
		var twice []Lit
		for _, fi := range e.frees[:j] {
			var same []Lit
			for x, a := range fi.addr.Vals {
				// the other blocks' double frees depend on the memory
				// order (alloc.go)
				if !e.Range.BlockStart(a) || e.freeEvents(a.Base()) {
					continue
				}
				for y, b := range fj.addr.Vals {
					if e.Range.BlockStart(b) && b.Base() == a.Base() {
						same = append(same, c.and(fi.addr.Lits[x], fj.addr.Lits[y]))
					}
				}
			}
			if len(same) > 0 {
				twice = append(twice, c.and(fi.guard, c.or(same...)))
			}
		}
		if len(twice) > 0 {
			if l := c.and(fj.guard, c.or(twice...)); l != c.F() {
				e.Errors = append(e.Errors, &ErrorPoint{Lit: l, Fault: lsl.FaultDoubleFree, Thread: fj.thread, Stmt: fj.stmt, After: fj.before, free: j + 1})
			}
		}
	}
}

func (te *threadEnc) reg(r lsl.Reg) *Dom {
	if i, ok := te.regs.slot[r]; ok && i < len(te.st.regs) && te.st.regs[i] != nil {
		return te.st.regs[i]
	}
	return te.e.constDom(lsl.Undefined)
}

// setReg assigns d to r in the current state.
func (te *threadEnc) setReg(r lsl.Reg, d *Dom) {
	i := te.regs.number(r)
	if i >= len(te.st.regs) {
		regs := make([]*Dom, i+1)
		copy(regs, te.st.regs)
		te.st.regs = regs
	}
	te.st.regs[i] = d
}

func (te *threadEnc) fault(guard Lit, f lsl.Fault, s lsl.Stmt) {
	if guard == te.e.c.F() {
		return
	}
	te.e.Errors = append(te.e.Errors, &ErrorPoint{Lit: guard, Fault: f, Thread: te.thread, Stmt: s, After: te.nAcc})
	te.pending = append(te.pending, guard)
}

func (te *threadEnc) body(stmts []lsl.Stmt, groups *int) error {
	e := te.e
	c := e.c
	for _, s := range stmts {
		g := te.st.guard
		if g == c.F() {
			return nil // the rest of the block is unreachable
		}
		switch s := s.(type) {
		case *lsl.Const:
			te.setReg(s.Dst, e.constDom(s.Val))
		case *lsl.Prim:
			d, err := te.prim(s, g)
			if err != nil {
				return err
			}
			te.setReg(s.Dst, d)
		case *lsl.Choose:
			var vals []lsl.Value
			s.Each(func(v int64) { vals = append(vals, lsl.Int(v)) })
			te.setReg(s.Dst, e.newDom(vals))
		case *lsl.Alloc:
			e.allocExec = append(e.allocExec, allocExec{s, g})
			blocks := e.Range.Blocks(s)
			if len(blocks) == 1 {
				te.setReg(s.Dst, e.constDom(lsl.Ptr(blocks[0])))
				break
			}
			// a fresh block, or one a reusable free returned (alloc.go)
			var vals []lsl.Value
			for _, b := range blocks {
				vals = append(vals, lsl.Ptr(b))
			}
			d := e.newDom(vals)
			te.setReg(s.Dst, d)
			te.addEvent(s, false, g, d)
		case *lsl.Load:
			addr := te.reg(s.Addr)
			exec := te.access(s, addr, g)
			// Only what the analysis allows: without it (NoRangeAnalysis)
			// addr also ranges over values its unit clauses exclude, and
			// their locations' values, or undefined from an invalid one,
			// would otherwise become readable out of thin air.
			allowed := map[lsl.Value]bool{}
			for _, v := range e.Range.Reg(te.thread, s.Dst) {
				allowed[v] = true
			}
			var vals []lsl.Value
			invalid := false
			for _, a := range addr.Vals {
				if e.Range.ValidAddress(a) {
					for _, v := range e.Range.Loc(a) {
						if allowed[v] {
							vals = append(vals, v)
						}
					}
				} else if allowed[lsl.Undefined] {
					invalid = true
				}
			}
			if invalid {
				vals = append(vals, lsl.Undefined)
			}
			val := e.analysedDom(vals)
			te.addAccess(s, false, exec, addr, val)
			if invalid {
				// a load that does not happen yields undefined
				c.add(g.Not(), exec, e.is(val, lsl.Undefined))
			}
			te.setReg(s.Dst, val)
		case *lsl.Store:
			addr := te.reg(s.Addr)
			exec := te.access(s, addr, g)
			te.addAccess(s, true, exec, addr, te.reg(s.Src))
		case *lsl.Fence:
			if s.On(e.Model.Name) {
				te.addFence(s, s.Kind, g, false)
			}
		case *lsl.Atomic:
			if te.group != 0 {
				// a nested block is part of the outer one (lsl.Atomic):
				// one order node, and no fence of its own
				if err := te.body(s.Body, groups); err != nil {
					return err
				}
				continue
			}
			outer := te.group
			*groups++
			te.group = *groups
			if e.Model.AtomicFence && !s.NoFence {
				// The fence belongs to the block, so it orders everything
				// before the block before it, and the block before
				// everything after it.
				te.addFence(s, lsl.Full, g, true)
			}
			if err := te.body(s.Body, groups); err != nil {
				return err
			}
			te.group = outer
		case *lsl.Block:
			t := &breakTarget{label: s.Label}
			te.targets = append(te.targets, t)
			if err := te.body(s.Body, groups); err != nil {
				return err
			}
			te.targets = te.targets[:len(te.targets)-1]
			te.st = te.merge(append(t.states, te.st))
		case *lsl.Break:
			t := te.target(s.Label)
			if t == nil {
				return lsl.Errorf(s.Pos, "break %s: no enclosing block with that label", s.Label)
			}
			taken := g
			if s.Cond != "" {
				cond := te.reg(s.Cond)
				te.fault(c.and(g, e.is(cond, lsl.Undefined)), lsl.FaultUndefined, s)
				taken = c.and(g, e.truthy(cond))
			}
			if taken != c.F() {
				st := te.st.clone()
				st.guard = taken
				t.states = append(t.states, st)
			}
			if s.Cond == "" {
				te.st.guard = c.F()
			} else {
				te.st.guard = c.and(g, e.truthy(te.reg(s.Cond)).Not())
			}
		case *lsl.Assert:
			cond := te.reg(s.Cond)
			te.fault(c.and(g, e.truthy(cond).Not()), lsl.FaultAssert, s)
		case *lsl.Assume:
			// An undefined condition is a use of undefined (SEMANTICS.md,
			// Values; lsl.Interp), which derails the thread: the assume
			// cannot remove the execution then.
			te.fault(c.and(g, e.is(te.reg(s.Cond), lsl.Undefined)), lsl.FaultUndefined, s)
			// A failing assume removes the execution, except that the
			// bound question (e.partial) lets the thread stop here:
			// its later code does not run (doc.go, "Partial executions").
			// An assume that always fails is passed only by a
			// derailed thread.
			te.st.derailedOnly = te.st.derailedOnly || e.truthy(te.reg(s.Cond)) == c.F()
			if e.opt.CompleteOnly {
				c.add(g.Not(), te.derail(), e.truthy(te.reg(s.Cond)))
				break
			}
			fail := c.andN(g, te.derail().Not(), e.truthy(te.reg(s.Cond)).Not())
			if fail != c.F() {
				c.add(fail.Not(), e.partialLit())
				te.st.guard = c.and(g, fail.Not())
			}
		case *lsl.Observe:
			p := &obsPoint{thread: te.thread, inv: te.inv, kind: s.Kind, name: s.Name, guard: g, stmt: s}
			if s.Kind == lsl.ObsLabel {
				p.val = e.constDom(lsl.Undefined)
			} else {
				p.val = te.reg(s.Val)
			}
			e.obs = append(e.obs, p)
		case *lsl.Free:
			// as lsl.Interp: only the start of an allocated block; a
			// block freed twice (by any threads) is checked once all
			// threads are encoded (encodeFrees, alloc.go), and a double
			// free derails the thread from the free on, as its other
			// faults do (doubleFreeLit)
			addr := te.reg(s.Addr)
			var undef, bad []Lit
			for i, a := range addr.Vals {
				switch {
				case a.IsUndef():
					undef = append(undef, addr.Lits[i])
				case !e.Range.BlockStart(a):
					bad = append(bad, addr.Lits[i])
				}
			}
			te.fault(c.and(g, c.or(undef...)), lsl.FaultUndefined, s)
			te.fault(c.and(g, c.or(bad...)), lsl.FaultAddress, s)
			fp := freePoint{guard: g, addr: addr, thread: te.thread, stmt: s, before: te.nAcc}
			mayFree := false
			for _, a := range addr.Vals {
				mayFree = mayFree || e.Range.BlockStart(a)
			}
			for _, a := range addr.Vals {
				if e.Range.BlockStart(a) && e.freeEvents(a.Base()) {
					n := len(e.Events)
					te.addEvent(s, true, g, addr)
					if len(e.Events) > n {
						fp.event = n + 1
					}
					break
				}
			}
			e.frees = append(e.frees, fp)
			if mayFree && g != c.F() {
				te.pendingFrees = append(te.pendingFrees, len(e.frees)-1)
			}
		case *lsl.BoundExceeded:
			// A point only a derailed thread reaches counts no bound
			// (faults.go).
			lit := g
			if te.st.derailedOnly {
				lit = c.F()
			}
			e.Exceeds = append(e.Exceeds, &ExceedPoint{Lit: lit, Thread: te.thread, Stmt: s, Accesses: te.nAcc, reached: g, faultsBefore: len(e.Errors), uafBefore: len(e.useAfterFree[te.thread]),
				freesBefore: len(e.frees), eventsBefore: len(e.Events)})
			te.pending = append(te.pending, g)
		case *lsl.Call, *lsl.Continue, *lsl.ThreadID:
			return lsl.Errorf(s.Position(), "%s: not allowed in a straight-line test", lsl.FormatStmt(s))
		default:
			return lsl.Errorf(s.Position(), "unknown statement %T", s)
		}
	}
	return nil
}

func (te *threadEnc) target(label string) *breakTarget {
	for i := len(te.targets) - 1; i >= 0; i-- {
		if te.targets[i].label == label {
			return te.targets[i]
		}
	}
	return nil
}

// merge joins the states reaching the end of a block.
func (te *threadEnc) merge(states []state) state {
	c := te.e.c
	var live []state
	for _, s := range states {
		if s.guard != c.F() {
			live = append(live, s)
		}
	}
	switch len(live) {
	case 0:
		return state{guard: c.F(), regs: states[len(states)-1].regs}
	case 1:
		return live[0]
	}
	guards := make([]Lit, len(live))
	derailedOnly := true
	for i, s := range live {
		guards[i] = s.guard
		derailedOnly = derailedOnly && s.derailedOnly
	}
	n := 0
	for _, s := range live {
		n = max(n, len(s.regs))
	}
	out := state{guard: c.or(guards...), regs: make([]*Dom, n), derailedOnly: derailedOnly}
	undef := te.e.constDom(lsl.Undefined)
	// in register number order, which is name order: the variables, and
	// so the solver's run, depend on the names only
	ins := make([]*Dom, len(live))
	for r := range n {
		assigned, same := false, true
		for i, s := range live {
			d := undef
			if r < len(s.regs) && s.regs[r] != nil {
				d, assigned = s.regs[r], true
			}
			ins[i] = d
			same = same && d == ins[0]
		}
		switch {
		case !assigned:
			continue
		case same:
			out.regs[r] = ins[0]
			continue
		}
		var vals []lsl.Value
		for _, d := range ins {
			vals = append(vals, d.Vals...)
		}
		m := te.e.newDom(vals)
		for i, d := range ins {
			for j, v := range d.Vals {
				c.add(live[i].guard.Not(), d.Lits[j].Not(), te.e.is(m, v))
			}
		}
		out.regs[r] = m
	}
	return out
}

// prim encodes Dst = Op(Args) as the table of its concrete results.
func (te *threadEnc) prim(s *lsl.Prim, g Lit) (*Dom, error) {
	e := te.e
	c := e.c
	args := make([]*Dom, len(s.Args))
	n := 1
	for i, a := range s.Args {
		args[i] = te.reg(a)
		n *= len(args[i].Vals)
	}
	if s.Op == lsl.OpMov && len(args) == 1 {
		return args[0], nil // a copy is the same variable
	}
	if (s.Op == lsl.OpEq || s.Op == lsl.OpNe || s.Op == lsl.OpSame) && len(args) == 2 {
		return te.primEq(s, args[0], args[1], g), nil
	}
	if n > e.opt.MaxCombinations {
		return nil, lsl.Limitf(s.Pos, "%s: operands have %d combinations of values, more than the %d the encoder tabulates; reduce the values the test can produce", lsl.FormatStmt(s), n, e.opt.MaxCombinations)
	}
	allowed := map[lsl.Value]bool{}
	for _, v := range e.Range.Reg(te.thread, s.Dst) {
		allowed[v] = true
	}
	type row struct {
		idx []int
		res lsl.Value
		bad lsl.Fault
	}
	var rows []row
	var vals []lsl.Value
	idx := make([]int, len(args))
	var rec func(i int)
	rec = func(i int) {
		if i == len(args) {
			in := make([]lsl.Value, len(args))
			for k, d := range args {
				in[k] = d.Vals[idx[k]]
			}
			res, f := lsl.Eval(s.Op, s.Type, in...)
			rows = append(rows, row{append([]int(nil), idx...), res, f})
			if allowed[res] {
				vals = append(vals, res)
			}
			return
		}
		for k := range args[i].Vals {
			idx[i] = k
			rec(i + 1)
		}
	}
	rec(0)
	dst := e.analysedDom(vals)
	faults := map[lsl.Fault][]Lit{} // each kind its own error point
	for _, r := range rows {
		cl := []Lit{g.Not()}
		for k, d := range args {
			cl = append(cl, d.Lits[r.idx[k]].Not())
		}
		if r.bad != lsl.NoFault {
			faults[r.bad] = append(faults[r.bad], c.andN(negAll(cl)...))
		}
		// An executed operation has its table result; a result outside the
		// value set of the analysis is out of thin air, so the execution
		// does not exist (e.is gives false then).
		c.add(append(cl, e.is(dst, r.res))...)
	}
	for _, f := range slices.Sorted(maps.Keys(faults)) {
		te.fault(c.or(faults[f]...), f, s)
	}
	return dst, nil
}

// primEq encodes Dst = (A == B) or (A != B) through the linear equality
// of e.eq instead of the product table: comparing two pointers from large
// sets (a CAS on a list node) would otherwise tabulate every pair. The
// result follows lsl.Eval: undefined on either side is a fault (result
// undefined), anything else compares as values, pointers by the address
// they denote (lsl.Value.Address; same compares values).
func (te *threadEnc) primEq(s *lsl.Prim, a, b *Dom, g Lit) *Dom {
	e := te.e
	c := e.c
	var vals []lsl.Value
	for _, v := range e.Range.Reg(te.thread, s.Dst) {
		if v == lsl.Undefined || v == lsl.Int(0) || v == lsl.Int(1) {
			vals = append(vals, v)
		}
	}
	dst := e.analysedDom(vals)
	bad := c.or(e.is(a, lsl.Undefined), e.is(b, lsl.Undefined))
	if s.Op == lsl.OpSame {
		// undefined is a value like any other here
		bad = c.F()
	}
	if bad != c.F() {
		te.fault(c.and(g, bad), lsl.FaultUndefined, s)
	}
	var same Lit
	if s.Op == lsl.OpSame {
		same = e.eq(a, b)
	} else {
		same = e.eq(e.addresses(a), e.addresses(b)) // as lsl.Eval compares
	}
	yes, no := lsl.Bool(s.Op != lsl.OpNe), lsl.Bool(s.Op == lsl.OpNe)
	// An executed comparison has Eval's result; a result outside the value
	// set of the analysis is out of thin air (e.is gives false).
	c.add(g.Not(), bad.Not(), e.is(dst, lsl.Undefined))
	c.add(g.Not(), bad, same.Not(), e.is(dst, yes))
	c.add(g.Not(), bad, same, e.is(dst, no))
	return dst
}

func negAll(ls []Lit) []Lit {
	out := make([]Lit, len(ls))
	for i, l := range ls {
		out[i] = l.Not()
	}
	return out
}

// access returns the literal "the access happens": on the path and through
// a valid address; an invalid address on the path is a fault.
func (te *threadEnc) access(s lsl.Stmt, addr *Dom, g Lit) Lit {
	e := te.e
	var ok, bad []Lit
	for i, a := range addr.Vals {
		if e.Range.ValidAddress(a) {
			ok = append(ok, addr.Lits[i])
		} else {
			bad = append(bad, addr.Lits[i])
		}
	}
	te.fault(e.c.and(g, e.c.or(bad...)), lsl.FaultAddress, s)
	return e.c.and(g, e.c.or(ok...))
}

func (te *threadEnc) addAccess(s lsl.Stmt, store bool, exec Lit, addr, val *Dom) *Access {
	a := &Access{
		ID: len(te.e.Accesses), Thread: te.thread, Inv: te.inv, PoIndex: te.nAcc,
		Store: store, Exec: exec, Addr: addr, Val: val, Group: te.group, Stmt: s,
	}
	te.nAcc++
	te.e.Accesses = append(te.e.Accesses, a)
	te.mayUseAfterFree(a)
	return a
}

// mayUseAfterFree gives an access that may touch a block that a free may
// have freed (lsl.FreeUnsafe) its use-after-free literal, defined once the
// allocator's state is encoded (encodeAllocState). The literal derails
// the thread, as its own faults do: a retry iteration that faults only by
// a use after free and then changes nothing is kept by the stutter
// reduction's assume, not cut away with the error it holds.
func (te *threadEnc) mayUseAfterFree(a *Access) {
	e := te.e
	if a.Exec == e.c.F() {
		return
	}
	for _, v := range a.Addr.Vals {
		if v.IsPtr() && e.Range.ValidAddress(v) && e.Range.MayUseAfterFree(v.Base()) {
			u := e.c.newVar()
			if e.useAfterFree == nil {
				e.useAfterFree = map[int][]uafLit{}
			}
			e.useAfterFree[te.thread] = append(e.useAfterFree[te.thread], uafLit{a, u})
			te.pending = append(te.pending, u)
			return
		}
	}
}

func (te *threadEnc) addFence(s lsl.Stmt, kind lsl.FenceKind, g Lit, implicit bool) {
	if g == te.e.c.F() {
		return
	}
	f := &Fence{
		ID: len(te.e.Fences), Thread: te.thread, Inv: te.inv, Kind: kind, Exec: g,
		Before: te.nAcc, Group: te.group, Stmt: s, Implicit: implicit,
	}
	opt := &te.e.opt
	switched := opt.FenceOn != nil || opt.SwitchFences || opt.SwitchImplied
	if lf, ok := s.(*lsl.Fence); implicit || !switched || ok && lf.Implied && !opt.SwitchImplied {
		// nobody asks whether an atomic block's or an order's fence
		// is needed, nor, unless a question switches fences, any
		// other: always in force
		f.Enable = te.e.c.T
	} else {
		f.Enable = te.e.c.newVar()
	}
	te.e.Fences = append(te.e.Fences, f)
}
