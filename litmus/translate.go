package litmus

import (
	"sort"
	"strconv"

	"checkfence/lsl"
)

// Test translates f into an LSL test in straight-line form.
//
// Every location is a scalar global, with base addresses 1, 2, … in the
// sorted order of location names so that the result is deterministic, and
// the initial value f gives it (0 otherwise). Thread Pi is thread i of the
// test, with one invocation "Pi" whose body
//   - sets every register the thread mentions to its initial value (0 by
//     default, as in herd);
//   - runs the instructions: a store is a Const of the location's address
//     into a temporary register and a Store through it (a store of a
//     constant also puts the constant in a temporary first), a load a
//     Load into the herd register, MFENCE a full fence, SFENCE a
//     store-store and LFENCE a load-load fence, and XCHG [x],R the atomic
//     block { t = load x; store x, R; R = mov t };
//   - observes, as outputs named after them, the registers of the thread
//     the condition reads, in sorted order.
//
// Test.Final lists the locations the condition reads, sorted by name.
// Temporary registers have lower-case names (addrK, immK, oldK for the
// K-th instruction); herd registers are upper case, so they never collide.
// Test fails only on a File that Parse would not produce.
func (f *File) Test() (*lsl.Test, error) {
	if err := validate(f); err != nil {
		return nil, err
	}
	locs, locPos := f.locations()
	base := make(map[string]int64, len(locs))
	initVal := map[string]InitEntry{}
	for _, e := range f.Init {
		if e.Thread < 0 {
			initVal[e.Name] = e
		}
	}
	t := &lsl.Test{Name: f.Name}
	for i, name := range locs {
		base[name] = int64(i + 1)
		g := &lsl.Global{Pos: locPos[name], Name: name, Base: int64(i + 1)}
		if e, ok := initVal[name]; ok {
			g.Init = []lsl.InitVal{{Val: lsl.Int(e.Val)}}
		}
		t.Globals = append(t.Globals, g)
	}
	for i, th := range f.Threads {
		inv := &lsl.Invocation{Pos: th.Pos, Op: "P" + strconv.Itoa(i)}
		inv.Body = append(f.registerInits(i), instrs(th, base)...)
		inv.Body = append(inv.Body, f.observations(i)...)
		t.Threads = append(t.Threads, []*lsl.Invocation{inv})
	}
	var final []string
	seen := map[string]bool{}
	walkCond(f.Cond.Prop, func(c Cond) {
		if l, ok := c.(*LocEq); ok && !seen[l.Loc] {
			seen[l.Loc] = true
			final = append(final, l.Loc)
		}
	})
	sort.Strings(final)
	for _, name := range final {
		t.Final = append(t.Final, lsl.FinalLoc{Name: name, Addr: lsl.Ptr(base[name])})
	}
	return t, nil
}

// Locations returns the names of the memory locations f mentions, in its
// initial state, its instructions or its condition, sorted.
func (f *File) Locations() []string {
	locs, _ := f.locations()
	return locs
}

// locations returns the sorted location names and, for each, the place
// of its first mention in the file.
func (f *File) locations() ([]string, map[string]lsl.Pos) {
	first := map[string]lsl.Pos{}
	note := func(name string, pos lsl.Pos) {
		if p, ok := first[name]; !ok || before(pos, p) {
			first[name] = pos
		}
	}
	for _, e := range f.Init {
		if e.Thread < 0 {
			note(e.Name, e.Pos)
		}
	}
	for _, th := range f.Threads {
		for _, in := range th.Instrs {
			if hasLoc(in.Kind) {
				note(in.Loc, in.Pos)
			}
		}
	}
	walkCond(f.Cond.Prop, func(c Cond) {
		if l, ok := c.(*LocEq); ok {
			note(l.Loc, l.Pos)
		}
	})
	names := make([]string, 0, len(first))
	for name := range first {
		names = append(names, name)
	}
	sort.Strings(names)
	return names, first
}

// before orders positions in the file; the table lists threads side by
// side, so thread order is not file order.
func before(a, b lsl.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

func hasLoc(k InstrKind) bool {
	return k == StoreImm || k == StoreReg || k == Load || k == Xchg
}

// Registers returns the names of the registers thread i mentions, in its
// initial state, its instructions or the condition, sorted.
func (f *File) Registers(i int) []string {
	set := map[string]bool{}
	for _, e := range f.Init {
		if e.Thread == i {
			set[e.Name] = true
		}
	}
	if i >= 0 && i < len(f.Threads) {
		for _, in := range f.Threads[i].Instrs {
			switch in.Kind {
			case StoreReg, Load, MovImm, Xchg:
				set[in.Reg] = true
			case MovReg:
				set[in.Reg] = true
				set[in.Src] = true
			}
		}
	}
	for _, r := range f.condRegs(i) {
		set[r] = true
	}
	regs := make([]string, 0, len(set))
	for r := range set {
		regs = append(regs, r)
	}
	sort.Strings(regs)
	return regs
}

// condRegs returns the sorted registers of thread i the condition reads.
func (f *File) condRegs(i int) []string {
	set := map[string]bool{}
	walkCond(f.Cond.Prop, func(c Cond) {
		if r, ok := c.(*RegEq); ok && r.Thread == i {
			set[r.Reg] = true
		}
	})
	regs := make([]string, 0, len(set))
	for r := range set {
		regs = append(regs, r)
	}
	sort.Strings(regs)
	return regs
}

// registerInits sets every register of thread i to its initial value, at
// the place the initial state gives it, or else at the thread's header.
func (f *File) registerInits(i int) []lsl.Stmt {
	init := map[string]InitEntry{}
	for _, e := range f.Init {
		if e.Thread == i {
			init[e.Name] = e
		}
	}
	var body []lsl.Stmt
	for _, r := range f.Registers(i) {
		pos, val := f.Threads[i].Pos, int64(0)
		if e, ok := init[r]; ok {
			pos, val = e.Pos, e.Val
		}
		body = append(body, &lsl.Const{Pos: pos, Dst: lsl.Reg(r), Val: lsl.Int(val)})
	}
	return body
}

// instrs translates the instructions of a thread.
func instrs(th *Thread, base map[string]int64) []lsl.Stmt {
	var body []lsl.Stmt
	for k, in := range th.Instrs {
		n := strconv.Itoa(k + 1)
		addr, imm, old := lsl.Reg("addr"+n), lsl.Reg("imm"+n), lsl.Reg("old"+n)
		reg, pos := lsl.Reg(in.Reg), in.Pos
		setAddr := &lsl.Const{Pos: pos, Dst: addr, Val: lsl.Ptr(base[in.Loc])}
		switch in.Kind {
		case StoreImm:
			body = append(body, setAddr,
				&lsl.Const{Pos: pos, Dst: imm, Val: lsl.Int(in.Imm)},
				&lsl.Store{Pos: pos, Addr: addr, Src: imm})
		case StoreReg:
			body = append(body, setAddr, &lsl.Store{Pos: pos, Addr: addr, Src: reg})
		case Load:
			body = append(body, setAddr, &lsl.Load{Pos: pos, Dst: reg, Addr: addr})
		case MovImm:
			body = append(body, &lsl.Const{Pos: pos, Dst: reg, Val: lsl.Int(in.Imm)})
		case MovReg:
			body = append(body, &lsl.Prim{Pos: pos, Dst: reg, Op: lsl.OpMov, Args: []lsl.Reg{lsl.Reg(in.Src)}})
		case Xchg:
			body = append(body, setAddr, &lsl.Atomic{Pos: pos, Body: []lsl.Stmt{
				&lsl.Load{Pos: pos, Dst: old, Addr: addr},
				&lsl.Store{Pos: pos, Addr: addr, Src: reg},
				&lsl.Prim{Pos: pos, Dst: reg, Op: lsl.OpMov, Args: []lsl.Reg{old}},
			}})
		case MFence:
			body = append(body, &lsl.Fence{Pos: pos, Kind: lsl.Full})
		case SFence:
			body = append(body, &lsl.Fence{Pos: pos, Kind: lsl.StoreStore})
		case LFence:
			body = append(body, &lsl.Fence{Pos: pos, Kind: lsl.LoadLoad})
		}
	}
	return body
}

// observations records the registers of thread i the condition reads, at
// their first mention in the condition.
func (f *File) observations(i int) []lsl.Stmt {
	first := map[string]lsl.Pos{}
	walkCond(f.Cond.Prop, func(c Cond) {
		if r, ok := c.(*RegEq); ok && r.Thread == i {
			if p, ok := first[r.Reg]; !ok || before(r.Pos, p) {
				first[r.Reg] = r.Pos
			}
		}
	})
	var body []lsl.Stmt
	for _, r := range f.condRegs(i) {
		body = append(body, &lsl.Observe{Pos: first[r], Kind: lsl.ObsOutput, Name: r, Val: lsl.Reg(r)})
	}
	return body
}

// validate checks what Parse guarantees, for Files built by hand: known
// instruction kinds, identifiers as names, upper-case registers (so that
// they cannot collide with the lower-case temporaries), threads that
// exist, a complete condition.
func validate(f *File) *lsl.Error {
	if f == nil {
		return lsl.Errorf(lsl.Pos{}, "no litmus file")
	}
	if err := check(f); err != nil {
		return err
	}
	for _, e := range f.Init {
		if err := checkName(e.Pos, e.Name, e.Thread >= 0); err != nil {
			return err
		}
	}
	for i, th := range f.Threads {
		if th == nil {
			return lsl.Errorf(f.Pos, "thread %d is missing", i)
		}
		for _, in := range th.Instrs {
			if in.Kind > LFence {
				return lsl.Errorf(in.Pos, "unknown instruction kind %d", in.Kind)
			}
			if hasLoc(in.Kind) {
				if err := checkName(in.Pos, in.Loc, false); err != nil {
					return err
				}
			}
			switch in.Kind {
			case StoreReg, Load, MovImm, Xchg, MovReg:
				if err := checkName(in.Pos, in.Reg, true); err != nil {
					return err
				}
			}
			if in.Kind == MovReg {
				if err := checkName(in.Pos, in.Src, true); err != nil {
					return err
				}
			}
		}
	}
	if f.Cond.Prop == nil {
		return lsl.Errorf(f.Cond.Pos, "the condition has no proposition")
	}
	var err *lsl.Error
	walkCond(f.Cond.Prop, func(c Cond) {
		if err != nil {
			return
		}
		switch c := c.(type) {
		case *RegEq:
			if c.Thread < 0 {
				err = lsl.Errorf(c.Pos, "thread %d does not exist", c.Thread)
			} else {
				err = checkName(c.Pos, c.Reg, true)
			}
		case *LocEq:
			err = checkName(c.Pos, c.Loc, false)
		case *And:
			if isNil(c.L) || isNil(c.R) {
				err = lsl.Errorf(f.Cond.Pos, "incomplete proposition")
			}
		case *Or:
			if isNil(c.L) || isNil(c.R) {
				err = lsl.Errorf(f.Cond.Pos, "incomplete proposition")
			}
		case *Not:
			if isNil(c.X) {
				err = lsl.Errorf(f.Cond.Pos, "incomplete proposition")
			}
		}
	})
	return err
}

// checkName checks that name is an identifier, upper case for registers.
func checkName(pos lsl.Pos, name string, reg bool) *lsl.Error {
	what := "location"
	if reg {
		what = "register"
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(isLetter(c) || i > 0 && isDigit(c)) || reg && c >= 'a' && c <= 'z' {
			return lsl.Errorf(pos, "invalid %s name %q", what, name)
		}
	}
	if name == "" {
		return lsl.Errorf(pos, "empty %s name", what)
	}
	return nil
}
