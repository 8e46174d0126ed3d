// Package testgen generates small random straight-line tests (lsl.Test) for
// cross-checking the SAT encoder against the brute-force reference.
//
// In: a random source and Options. Out: an *lsl.Test that lsl.ValidateTest
// accepts, with 2–4 threads of 1–2 invocations over a few scalar globals
// and one global holding a pointer to another, so that some accesses go
// through a loaded pointer. Tests mix constant and register stores, loads,
// fences of every kind, atomic blocks (CAS-like and plain), guarded
// accesses, comparisons, assumptions, assertions and choices; every loaded
// register is observed. The same seed gives the same test.
package testgen

import (
	"fmt"
	"math/rand/v2"

	"checkfence/lsl"
)

// Options shape the generated tests. Zero fields take their defaults.
type Options struct {
	// Threads is the number of threads; 0 picks 2 to 4 at random.
	Threads int
	// MaxAccesses bounds the loads and stores of the whole test, init
	// included (default 8). Every thread gets at least one.
	MaxAccesses int
	// MaxInvocations bounds the invocations per thread (default 2).
	MaxInvocations int
}

// File is the file name of the positions of generated statements.
const File = "gen"

// Generate returns a random test drawn from r.
func Generate(r *rand.Rand, opt Options) *lsl.Test {
	if opt.Threads <= 0 {
		opt.Threads = 2 + r.IntN(3)
	}
	if opt.MaxAccesses <= 0 {
		opt.MaxAccesses = 8
	}
	opt.MaxAccesses = max(opt.MaxAccesses, opt.Threads)
	if opt.MaxInvocations <= 0 {
		opt.MaxInvocations = 2
	}
	g := &gen{r: r}
	t := &lsl.Test{Name: "gen"}

	// Two or three scalars, some initially non-zero, then the pointer
	// global p, initially pointing to one of them.
	for i, name := range []string{"x", "y", "z"}[:2+r.IntN(2)] {
		gl := &lsl.Global{Pos: g.pos(), Name: name, Base: int64(i + 1)}
		if g.chance(3) {
			gl.Init = []lsl.InitVal{{Val: lsl.Int(int64(1 + r.IntN(3)))}}
		}
		g.scalars = append(g.scalars, gl)
	}
	g.ptr = &lsl.Global{Pos: g.pos(), Name: "p", Base: int64(len(g.scalars) + 1),
		Init: []lsl.InitVal{{Val: lsl.Ptr(g.pick().Base)}}}
	t.Globals = append(append(t.Globals, g.scalars...), g.ptr)
	for _, gl := range t.Globals {
		t.Final = append(t.Final, lsl.FinalLoc{Name: gl.Name, Addr: lsl.Ptr(gl.Base)})
	}

	budget := opt.MaxAccesses
	// Occasionally an init invocation sets one scalar.
	if budget > opt.Threads && g.chance(4) {
		tg := &threadGen{g: g}
		init := &lsl.Invocation{Pos: g.pos(), Op: "init"}
		tg.emit(tg.storeConst(tg.addr(g.pick())))
		// Sometimes a fence or a CAS too: the init phase is contracted to
		// one order node, and these must not break that.
		if budget > opt.Threads+1 && g.chance(2) {
			tg.emit(&lsl.Fence{Pos: g.pos(), Kind: fenceKinds[g.r.IntN(len(fenceKinds))]})
			if budget > opt.Threads+2 && g.chance(2) {
				tg.cas()
				budget -= 2
			} else {
				tg.emit(tg.storeConst(tg.addr(g.pick())))
				budget--
			}
		}
		init.Body = tg.body
		t.Init = []*lsl.Invocation{init}
		budget--
	}

	// Split the budget: one access per thread, the rest at random.
	shares := make([]int, opt.Threads)
	for i := range shares {
		shares[i] = 1
	}
	for extra := r.IntN(budget - opt.Threads + 1); extra > 0; extra-- {
		shares[r.IntN(opt.Threads)]++
	}
	for i := range opt.Threads {
		tg := &threadGen{g: g}
		n := 1 + r.IntN(opt.MaxInvocations)
		n = min(n, shares[i])
		invShares := make([]int, n)
		for k := range invShares {
			invShares[k] = 1
		}
		for extra := shares[i] - n; extra > 0; extra-- {
			invShares[r.IntN(n)]++
		}
		var invs []*lsl.Invocation
		for k, b := range invShares {
			invs = append(invs, tg.invocation(fmt.Sprintf("op%d", k), b))
		}
		t.Threads = append(t.Threads, invs)
	}
	return t
}

type gen struct {
	r       *rand.Rand
	line    int
	scalars []*lsl.Global
	ptr     *lsl.Global
}

// pos numbers statements in creation order, so that traces can point at
// them in the printed test.
func (g *gen) pos() lsl.Pos {
	g.line++
	return lsl.Pos{File: File, Line: g.line}
}

func (g *gen) chance(n int) bool { return g.r.IntN(n) == 0 }

func (g *gen) pick() *lsl.Global { return g.scalars[g.r.IntN(len(g.scalars))] }

// threadGen generates the code of one thread. All registers are assigned
// once (fresh names), so that registers and SSA values coincide.
type threadGen struct {
	g      *gen
	nreg   int
	nlabel int
	ints   []lsl.Reg // registers surely holding an integer
	ptrs   []lsl.Reg // registers surely holding a pointer to a scalar
	maybe  []lsl.Reg // registers assigned on one path only
	body   []lsl.Stmt
	loaded []lsl.Reg // to observe at the end of the invocation
}

func (tg *threadGen) fresh(prefix string) lsl.Reg {
	tg.nreg++
	return lsl.Reg(fmt.Sprintf("%s%d", prefix, tg.nreg))
}

func (tg *threadGen) emit(s ...lsl.Stmt) { tg.body = append(tg.body, s...) }

// constant emits r = v and returns r.
func (tg *threadGen) constant(v lsl.Value) lsl.Reg {
	r := tg.fresh("k")
	tg.emit(&lsl.Const{Pos: tg.g.pos(), Dst: r, Val: v})
	return r
}

func (tg *threadGen) addr(gl *lsl.Global) lsl.Reg { return tg.constant(lsl.Ptr(gl.Base)) }

func (tg *threadGen) smallInt() lsl.Reg { return tg.constant(lsl.Int(int64(tg.g.r.IntN(4)))) }

// storeConst returns a store of a constant 0..3 through address a; the
// constant's definition is emitted first.
func (tg *threadGen) storeConst(a lsl.Reg) lsl.Stmt {
	k := tg.smallInt()
	return &lsl.Store{Pos: tg.g.pos(), Addr: a, Src: k}
}

// load returns r = load a, recording r for observation.
func (tg *threadGen) load(a lsl.Reg) (lsl.Stmt, lsl.Reg) {
	r := tg.fresh("r")
	tg.loaded = append(tg.loaded, r)
	return &lsl.Load{Pos: tg.g.pos(), Dst: r, Addr: a}, r
}

func (tg *threadGen) prim(op lsl.OpCode, args ...lsl.Reg) lsl.Reg {
	r := tg.fresh("t")
	p := &lsl.Prim{Pos: tg.g.pos(), Dst: r, Op: op, Args: args}
	if op.Typed() {
		p.Type = lsl.I32
	}
	tg.emit(p)
	return r
}

func (tg *threadGen) label() string {
	tg.nlabel++
	return fmt.Sprintf("L%d", tg.nlabel)
}

func (tg *threadGen) anyInt() lsl.Reg { return tg.ints[tg.g.r.IntN(len(tg.ints))] }

// compare emits c = eq/ne r, k for an integer register r and a constant k.
func (tg *threadGen) compare() lsl.Reg {
	op := lsl.OpEq
	if tg.g.chance(2) {
		op = lsl.OpNe
	}
	r := tg.anyInt()
	return tg.prim(op, r, tg.smallInt())
}

var fenceKinds = []lsl.FenceKind{lsl.LoadLoad, lsl.LoadStore, lsl.StoreLoad, lsl.StoreStore, lsl.Full}

// invocation generates one invocation with exactly budget accesses.
func (tg *threadGen) invocation(op string, budget int) *lsl.Invocation {
	g := tg.g
	tg.body, tg.loaded = nil, nil
	inv := &lsl.Invocation{Pos: g.pos(), Op: op}
	for first := true; budget > 0; first = false {
		if !first && g.chance(3) {
			tg.emit(&lsl.Fence{Pos: g.pos(), Kind: fenceKinds[g.r.IntN(len(fenceKinds))]})
		}
		budget -= tg.construct(budget)
	}
	if g.chance(6) {
		tg.emit(&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsLabel, Name: "end " + op})
	}
	for _, r := range tg.loaded {
		tg.emit(&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: string(r), Val: r})
	}
	inv.Body = tg.body
	return inv
}

// construct emits one random construct using at most budget accesses and
// returns how many it used.
func (tg *threadGen) construct(budget int) int {
	g := tg.g
	for {
		switch k := g.r.IntN(20); {
		case k < 3: // store a constant
			gl := g.pick()
			tg.emit(tg.storeConst(tg.addr(gl)))
			return 1
		case k < 5 && len(tg.ints) > 0: // store a register
			a := tg.addr(g.pick())
			tg.emit(&lsl.Store{Pos: g.pos(), Addr: a, Src: tg.anyInt()})
			return 1
		case k < 8: // load a scalar
			ld, r := tg.load(tg.addr(g.pick()))
			tg.emit(ld)
			tg.ints = append(tg.ints, r)
			return 1
		case k < 9: // point p at a scalar
			a := tg.addr(g.ptr)
			v := tg.addr(g.pick())
			tg.emit(&lsl.Store{Pos: g.pos(), Addr: a, Src: v})
			return 1
		case k < 11 && budget >= 2: // load p, then access through it
			ld, q := tg.load(tg.addr(g.ptr))
			tg.emit(ld)
			tg.ptrs = append(tg.ptrs, q)
			tg.through(q)
			return 2
		case k < 12 && len(tg.ptrs) > 0: // reuse a loaded pointer
			tg.through(tg.ptrs[g.r.IntN(len(tg.ptrs))])
			return 1
		case k < 14 && budget >= 2: // compare-and-swap
			tg.cas()
			return 2
		case k < 15: // a plain atomic block
			return tg.atomic(budget)
		case k < 16 && len(tg.ints) > 0: // a guarded access
			tg.guarded()
			return 1
		case k < 17 && len(tg.ints) > 0: // arithmetic
			if g.chance(2) {
				tg.ints = append(tg.ints, tg.prim(lsl.OpAdd, tg.anyInt(), tg.constant(lsl.Int(int64(1+g.r.IntN(2))))))
			} else {
				tg.ints = append(tg.ints, tg.compare())
			}
		case k < 18 && len(tg.ints) > 0 && g.chance(2): // assume or assert
			c := tg.compare()
			if g.chance(2) {
				tg.emit(&lsl.Assume{Pos: g.pos(), Cond: c})
			} else {
				tg.emit(&lsl.Assert{Pos: g.pos(), Cond: c})
			}
		case k < 19: // a choice
			v := tg.fresh("v")
			tg.emit(&lsl.Choose{Pos: g.pos(), Dst: v, Lo: 0, Hi: 1},
				&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsInput, Name: string(v), Val: v})
			tg.ints = append(tg.ints, v)
		case k < 20 && len(tg.maybe) > 0:
			tg.useMaybe()
		}
	}
}

// useMaybe deliberately uses, in a comparison, a register that one path
// leaves undefined: an error execution on that path.
func (tg *threadGen) useMaybe() {
	g := tg.g
	r := tg.maybe[g.r.IntN(len(tg.maybe))]
	c := tg.prim(lsl.OpEq, r, tg.smallInt())
	tg.emit(&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: string(c), Val: c})
}

// through emits a load or a store through pointer register q.
func (tg *threadGen) through(q lsl.Reg) {
	if tg.g.chance(2) {
		ld, r := tg.load(q)
		tg.emit(ld)
		tg.ints = append(tg.ints, r)
		return
	}
	tg.emit(tg.storeConst(q))
}

// cas emits atomic { r = load a; c = ne r, old; L: { break L if c; store
// a, new } }, a compare-and-swap whose result shows in r.
func (tg *threadGen) cas() {
	g := tg.g
	gl := g.pick()
	a := tg.addr(gl)
	old, nw := tg.smallInt(), tg.smallInt()
	lbl := tg.label()
	atom := &lsl.Atomic{Pos: g.pos()}
	ld, r := tg.load(a)
	c := tg.fresh("t")
	cmp := &lsl.Prim{Pos: g.pos(), Dst: c, Op: lsl.OpNe, Args: []lsl.Reg{r, old}}
	blk := &lsl.Block{Pos: g.pos(), Label: lbl}
	blk.Body = []lsl.Stmt{
		&lsl.Break{Pos: g.pos(), Label: lbl, Cond: c},
		&lsl.Store{Pos: g.pos(), Addr: a, Src: nw},
	}
	atom.Body = []lsl.Stmt{ld, cmp, blk}
	tg.emit(atom)
	tg.ints = append(tg.ints, r)
}

// atomic emits an atomic block of 1 to 3 loads and constant stores and
// returns its number of accesses.
func (tg *threadGen) atomic(budget int) int {
	g := tg.g
	n := 1 + g.r.IntN(min(budget, 3))
	// Address and value constants are defined before the block; only the
	// accesses go inside.
	addrs := make([]lsl.Reg, n)
	vals := make([]lsl.Reg, n) // "" for a load
	for i := range n {
		addrs[i] = tg.addr(g.pick())
		if g.chance(2) {
			vals[i] = tg.smallInt()
		}
	}
	atom := &lsl.Atomic{Pos: g.pos()}
	for i := range n {
		if vals[i] != "" {
			atom.Body = append(atom.Body, &lsl.Store{Pos: g.pos(), Addr: addrs[i], Src: vals[i]})
			continue
		}
		ld, r := tg.load(addrs[i])
		atom.Body = append(atom.Body, ld)
		tg.ints = append(tg.ints, r)
	}
	tg.emit(atom)
	return n
}

// guarded emits c = eq/ne r, k; L: { break L if c; access }, so that the
// access happens on one path only.
func (tg *threadGen) guarded() {
	g := tg.g
	c := tg.compare()
	lbl := tg.label()
	a := tg.addr(g.pick())
	var k lsl.Reg // the value of a store, "" for a load
	if g.chance(2) {
		k = tg.smallInt()
	}
	blk := &lsl.Block{Pos: g.pos(), Label: lbl}
	blk.Body = []lsl.Stmt{&lsl.Break{Pos: g.pos(), Label: lbl, Cond: c}}
	if g.chance(3) {
		blk.Body = append(blk.Body, &lsl.Observe{Pos: g.pos(), Kind: lsl.ObsLabel, Name: "in " + lbl})
	}
	if k != "" {
		blk.Body = append(blk.Body, &lsl.Store{Pos: g.pos(), Addr: a, Src: k})
	} else {
		ld, r := tg.load(a)
		blk.Body = append(blk.Body, ld)
		tg.maybe = append(tg.maybe, r) // undefined when the break is taken
	}
	tg.emit(blk)
	if k == "" && g.chance(3) {
		tg.useMaybe()
	}
}
