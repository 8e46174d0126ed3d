// Package testgen generates small random tests in straight-line form
// (lsl.Test) for cross-checking the SAT encoder against the brute-force
// reference.
//
// In: a random source and Options. Out: an *lsl.Test that lsl.ValidateTest
// accepts, with 2–4 threads of 1–2 invocations over a few scalar globals,
// in half the tests a struct s of two fields, and one global p holding a
// pointer to one of those locations, so that some accesses go through a
// loaded pointer. Fields of s are addressed by pointer arithmetic (offset
// of the struct's address, or padd from the first field to the second).
// Tests mix constant and register stores, loads, fences of every kind,
// atomic blocks (CAS-like and plain, some plain ones nofence), guarded
// accesses, arithmetic (add, sub) and comparisons (eq, ne and the typed
// lt, le, gt, ge), assumptions, assertions and choices; every loaded
// register is observed. The same seed gives the same test.
//
// # Loops
//
// About half the tests hold a loop (an eighth two, in different threads),
// in the form package unroll gives a loop unrolled to bound k (1 to 3): a
// block L holding the blocks L#1 … L#k, one copy of the body each, then a
// bound_exceeded, which the executions that would run a (k+1)-th
// iteration reach, and which removes them from the outcomes. An iteration
// leaves the loop by "break L if exit" and goes on by falling, or by
// "break L#i" (a continue), into the next copy; or, as unroll writes a
// conditional continue, goes on by "break L#i if again" and otherwise
// leaves by "break L". The copies share registers and positions, as
// unrolled code does, so registers are reassigned. The shapes:
//   - spin: wait until a location changes from its initial value, or
//     holds a given value (a flag);
//   - retry: an increment or decrement by one by compare-and-swap,
//     retried until the CAS succeeds, either re-reading the location or,
//     as C's compare_exchange does, taking the value the failed CAS saw;
//   - count: a counter register stepped up to (or down from) a bound that
//     is usually loaded, with one access per iteration;
//   - walk: a pointer stepped (padd) over the fields of s until it finds
//     a non-zero one; its index (psub) is observed.
//
// Each loop works on a location (the flag, the CAS target, the bound, a
// field of s, or what a count to a constant accesses) that the other
// threads' accesses favour and into which another thread surely stores a
// value other than its initial one. As the exit depends on what the loop
// loads there (but for counts to a constant), how many iterations an
// execution runs, and whether it exceeds the bound, depends on the
// interleaving and the memory model. Loop accesses
// count against Options.MaxAccesses in their unrolled form (k copies),
// whose default is larger for a test with a loop.
package testgen

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"checkfence/lsl"
)

// Options shape the generated tests. Zero fields take their defaults.
type Options struct {
	// Threads is the number of threads; 0 picks 2 to 4 at random.
	Threads int
	// MaxAccesses bounds the loads and stores of the whole test, init
	// included, counting each unrolled copy of a loop body (default 8,
	// or MaxLoopAccesses for a test with a loop). Every thread gets at
	// least one.
	MaxAccesses int
	// MaxInvocations bounds the invocations per thread (default 2).
	MaxInvocations int
	// Reuse makes memory management frequent: threads allocate and
	// publish blocks, free them with each of the three kinds of free,
	// allocate again (which may hand a freed block out again), compare
	// the new block with one read before, and access blocks through
	// pointers read before they were freed (SEMANTICS.md, "Allocation and
	// freeing").
	Reuse bool
	// Fences puts a fence between two constructs of an invocation
	// twice as often as not, instead of once in three: enough for
	// accesses between fences ordering them (the encoder's fence points).
	Fences bool
	// Choices makes nondeterministic choices frequent: a thread chooses
	// a value in one construct of three, and often assumes something of
	// it and stores it, so that executions branch inside an invocation,
	// some branches are removed, and the others write memory.
	Choices bool
	// BlockFences makes atomic blocks frequent (a construct in three) and
	// puts a fence of a random kind in most of them, at a random place
	// among their accesses: it orders the accesses on its two sides
	// (SEMANTICS.md, "Fences"), not the whole block.
	BlockFences bool
}

// MaxLoopAccesses is the default of Options.MaxAccesses for tests with
// a loop: more than for the others, as most executions of a loop run
// fewer copies of its body than the code holds, and the copies cost
// little to the reference.
const MaxLoopAccesses = 10

// File is the file name of the positions of generated statements.
const File = "gen"

// Generate returns a random test drawn from r.
func Generate(r *rand.Rand, opt Options) *lsl.Test {
	// About half the tests get a loop, some two, each in a thread of its
	// own.
	nloops := 0
	switch r.IntN(8) {
	case 0, 1, 2:
		nloops = 1
	case 3:
		nloops = 2
	}
	if opt.Threads <= 0 {
		opt.Threads = 2 + r.IntN(3)
	}
	nloops = min(nloops, opt.Threads)
	if opt.MaxAccesses <= 0 {
		opt.MaxAccesses = 8
		if opt.Reuse {
			opt.MaxAccesses = 10
		}
		if nloops > 0 {
			opt.MaxAccesses = MaxLoopAccesses
		}
	}
	opt.MaxAccesses = max(opt.MaxAccesses, opt.Threads)
	if opt.MaxInvocations <= 0 {
		opt.MaxInvocations = 2
	}
	g := &gen{r: r, reuse: opt.Reuse, fences: opt.Fences, choices: opt.Choices, blockFences: opt.BlockFences}
	t := &lsl.Test{Name: "gen"}

	// Two or three scalars, some initially non-zero; in half the tests a
	// struct s of two fields; then the pointer global p, initially
	// pointing to one of those locations.
	for i, name := range []string{"x", "y", "z"}[:2+r.IntN(2)] {
		gl := &lsl.Global{Pos: g.pos(), Name: name, Base: int64(i + 1)}
		if g.chance(3) {
			gl.Init = []lsl.InitVal{{Val: lsl.Int(int64(1 + r.IntN(3)))}}
		}
		g.scalars = append(g.scalars, gl)
	}
	t.Globals = append(t.Globals, g.scalars...)
	if g.chance(2) {
		g.rec = &lsl.Global{Pos: g.pos(), Name: "s", Base: int64(len(t.Globals) + 1),
			Shape: &lsl.Shape{Fields: []lsl.Field{{Name: "a"}, {Name: "b"}}}}
		for f := range recFields {
			if g.chance(3) {
				g.rec.Init = append(g.rec.Init, lsl.InitVal{Offsets: []int64{int64(f)}, Val: lsl.Int(int64(1 + r.IntN(3)))})
			}
		}
		t.Globals = append(t.Globals, g.rec)
	}
	// Each loop tests a location of its own, which the other accesses
	// favour, and into which another thread surely stores a value other
	// than its initial one: the loop's signal. So how many iterations
	// an execution runs depends on when it sees that store.
	loopThreads := r.Perm(opt.Threads)[:nloops]
	hot := map[int]target{}
	signals := map[int][]target{} // by the thread that stores them
	for _, i := range loopThreads {
		if opt.Threads < 2 {
			break // no other thread to send a signal
		}
		l := g.pick()
		var vals []int64
		for v := int64(1); v <= 3; v++ {
			if lsl.Int(v) != l.initial() {
				vals = append(vals, v)
			}
		}
		hot[i] = target{l, lsl.Int(vals[r.IntN(len(vals))])}
		j := (i + 1 + r.IntN(opt.Threads-1)) % opt.Threads
		signals[j] = append(signals[j], hot[i])
	}
	for _, i := range loopThreads {
		g.hot = append(g.hot, hot[i].loc)
	}
	g.ptr = &lsl.Global{Pos: g.pos(), Name: "p", Base: int64(len(t.Globals) + 1),
		Init: []lsl.InitVal{{Val: g.pick().addr()}}}
	t.Globals = append(t.Globals, g.ptr)
	for _, gl := range t.Globals {
		if gl == g.rec {
			for f, fld := range gl.Shape.Fields {
				t.Final = append(t.Final, lsl.FinalLoc{Name: gl.Name + "." + fld.Name, Addr: lsl.Ptr(gl.Base, int64(f))})
			}
			continue
		}
		t.Final = append(t.Final, lsl.FinalLoc{Name: gl.Name, Addr: lsl.Ptr(gl.Base)})
	}

	budget := opt.MaxAccesses
	// Occasionally an init invocation sets one location.
	if budget > opt.Threads && g.chance(4) {
		tg := &threadGen{g: g, thread: "init"}
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

	// With Reuse, init mostly publishes an allocated block in p, for the
	// threads to free, reuse and access.
	if g.reuse && budget > opt.Threads {
		tg := &threadGen{g: g, thread: "init"}
		b := tg.fresh("b")
		tg.emit(&lsl.Alloc{Pos: g.pos(), Dst: b, Size: 8},
			&lsl.Store{Pos: g.pos(), Addr: tg.addr(loc{g.ptr, -1}), Src: b})
		if len(t.Init) == 0 {
			t.Init = []*lsl.Invocation{{Pos: g.pos(), Op: "init"}}
		}
		t.Init[0].Body = append(t.Init[0].Body, tg.body...)
		budget--
	}

	// Split the budget: one access per thread, the rest at random. A
	// thread that gets a loop first gets up to 6 more accesses, all for
	// the loop, so that it can be unrolled more than once.
	shares := make([]int, opt.Threads) // accesses of each thread
	loops := make([]int, opt.Threads)  // of which for its loop, if any
	for i := range shares {
		shares[i] = 1
	}
	spare := budget - opt.Threads
	for _, i := range loopThreads {
		extra := min(spare, 1+r.IntN(6))
		spare -= extra
		shares[i] += extra
		loops[i] = shares[i]
	}
	for extra := r.IntN(spare + 1); extra > 0; extra-- {
		shares[r.IntN(opt.Threads)]++
	}
	for i := range opt.Threads {
		tg := &threadGen{g: g, thread: fmt.Sprintf("t%d", i), hot: hot[i]}
		// Every invocation gets one access; a loop takes the place of
		// its invocation's first.
		rest := shares[i] - loops[i]
		n := 1 + r.IntN(opt.MaxInvocations)
		n = min(n, rest+min(loops[i], 1))
		invShares := make([]int, n)
		loopInv := -1
		if loops[i] > 0 {
			loopInv = r.IntN(n)
		}
		for k := range invShares {
			if k != loopInv {
				invShares[k] = 1
				rest--
			}
		}
		for ; rest > 0; rest-- {
			invShares[r.IntN(n)]++
		}
		// The signals go where there is room for them.
		sigs := make([][]target, n)
		for _, sig := range signals[i] {
			var room []int
			for k, b := range invShares {
				if b > len(sigs[k]) {
					room = append(room, k)
				}
			}
			if len(room) > 0 {
				k := room[r.IntN(len(room))]
				sigs[k] = append(sigs[k], sig)
			}
		}
		var invs []*lsl.Invocation
		for k, b := range invShares {
			lb := 0
			if k == loopInv {
				lb = loops[i]
			}
			invs = append(invs, tg.invocation(k, b, lb, sigs[k]))
		}
		t.Threads = append(t.Threads, invs)
	}
	return t
}

// recFields is the number of fields of the struct s.
const recFields = 2

type gen struct {
	r       *rand.Rand
	reuse   bool
	choices bool
	fences  bool
	// blockFences: Options.BlockFences
	blockFences bool
	line        int
	scalars     []*lsl.Global
	rec         *lsl.Global // the struct s, or nil
	ptr         *lsl.Global
	hot         []loc // the locations loops test
}

// pos numbers statements in creation order, so that traces can point at
// them in the printed test.
func (g *gen) pos() lsl.Pos {
	g.line++
	return lsl.Pos{File: File, Line: g.line}
}

func (g *gen) chance(n int) bool { return g.r.IntN(n) == 0 }

// loc is a location holding an integer: a scalar global, or a field of s.
type loc struct {
	g     *lsl.Global
	field int // -1 for a scalar
}

// target is the location a loop tests, with its signal: a value other
// than the initial one, which another thread stores there.
type target struct {
	loc
	signal lsl.Value
}

// initial returns the initial value of l.
func (l loc) initial() lsl.Value {
	for _, iv := range l.g.Init {
		if l.field < 0 && len(iv.Offsets) == 0 || len(iv.Offsets) == 1 && iv.Offsets[0] == int64(l.field) {
			return iv.Val
		}
	}
	return lsl.Int(0)
}

func (l loc) addr() lsl.Value {
	if l.field < 0 {
		return lsl.Ptr(l.g.Base)
	}
	return lsl.Ptr(l.g.Base, int64(l.field))
}

// pick returns a random location: half the time one a loop tests, if
// any; else a field of s a third of the time when s exists, or a scalar.
func (g *gen) pick() loc {
	if len(g.hot) > 0 && g.chance(2) {
		return g.hot[g.r.IntN(len(g.hot))]
	}
	if g.rec != nil && g.chance(3) {
		return loc{g.rec, g.r.IntN(recFields)}
	}
	return loc{g.scalars[g.r.IntN(len(g.scalars))], -1}
}

// threadGen generates the code of one thread. Registers get fresh names,
// so that outside loops registers and SSA values coincide; the copies of
// a loop body share theirs, as unrolled code does.
type threadGen struct {
	g      *gen
	thread string // "init", "t0", …: for loop instance names
	hot    target // what the thread's loop tests
	inv    int
	op     string
	nreg   int
	nlabel int
	ints   []lsl.Reg // registers surely holding an integer
	ptrs   []lsl.Reg // registers surely holding a pointer to a location
	maybe  []lsl.Reg // registers assigned on one path only
	body   []lsl.Stmt
	loaded []lsl.Reg // to observe at the end of the invocation
}

func (tg *threadGen) fresh(prefix string) lsl.Reg {
	tg.nreg++
	return lsl.Reg(fmt.Sprintf("%s%d", prefix, tg.nreg))
}

func (tg *threadGen) emit(s ...lsl.Stmt) { tg.body = append(tg.body, s...) }

// collect returns what f emits instead of emitting it.
func (tg *threadGen) collect(f func()) []lsl.Stmt {
	saved := tg.body
	tg.body = nil
	f()
	out := tg.body
	tg.body = saved
	return out
}

// constant emits r = v and returns r.
func (tg *threadGen) constant(v lsl.Value) lsl.Reg {
	r := tg.fresh("k")
	tg.emit(&lsl.Const{Pos: tg.g.pos(), Dst: r, Val: v})
	return r
}

// addr emits the computation of l's address and returns its register: a
// constant for a scalar; for a field of s, the address of s with the
// field's offset appended or, for the second field, sometimes the first
// field's address plus one (pointer arithmetic, as C compiles &s->b and
// &s->a + 1).
func (tg *threadGen) addr(l loc) lsl.Reg {
	if l.field < 0 {
		return tg.constant(l.addr())
	}
	base := tg.constant(lsl.Ptr(l.g.Base))
	if l.field > 0 && tg.g.chance(3) {
		first := tg.prim(lsl.OpOffset, base, tg.constant(lsl.Int(0)))
		return tg.prim(lsl.OpPAdd, first, tg.constant(lsl.Int(int64(l.field))))
	}
	return tg.prim(lsl.OpOffset, base, tg.constant(lsl.Int(int64(l.field))))
}

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
	return tg.loadInto(r, a), r
}

func (tg *threadGen) loadInto(r, a lsl.Reg) lsl.Stmt {
	return &lsl.Load{Pos: tg.g.pos(), Dst: r, Addr: a}
}

// prim emits a fresh r = op args (typed i32 if op is) and returns r.
func (tg *threadGen) prim(op lsl.OpCode, args ...lsl.Reg) lsl.Reg {
	r := tg.fresh("t")
	tg.primInto(r, op, args...)
	return r
}

// primInto emits dst = op args, dst possibly assigned before.
func (tg *threadGen) primInto(dst lsl.Reg, op lsl.OpCode, args ...lsl.Reg) {
	p := &lsl.Prim{Pos: tg.g.pos(), Dst: dst, Op: op, Args: args}
	if op.Typed() {
		p.Type = lsl.I32
	}
	tg.emit(p)
}

func (tg *threadGen) label() string {
	tg.nlabel++
	return fmt.Sprintf("L%d", tg.nlabel)
}

func (tg *threadGen) anyInt() lsl.Reg { return tg.ints[tg.g.r.IntN(len(tg.ints))] }

// comparisons are the operations compare draws from; the typed ones
// compare as i32. same (the unroller's bookkeeping) is among them so that
// the differential tests cover its encoding.
var comparisons = []lsl.OpCode{lsl.OpEq, lsl.OpNe, lsl.OpEq, lsl.OpNe, lsl.OpLt, lsl.OpLe, lsl.OpGt, lsl.OpGe, lsl.OpSame}

// compare emits c = op r, k for an integer register r, a constant k and
// a comparison op.
func (tg *threadGen) compare() lsl.Reg {
	op := comparisons[tg.g.r.IntN(len(comparisons))]
	r := tg.anyInt()
	return tg.prim(op, r, tg.smallInt())
}

var fenceKinds = []lsl.FenceKind{lsl.LoadLoad, lsl.LoadStore, lsl.StoreLoad, lsl.StoreStore, lsl.Full}

func (tg *threadGen) fence() lsl.Stmt {
	return &lsl.Fence{Pos: tg.g.pos(), Kind: fenceKinds[tg.g.r.IntN(len(fenceKinds))]}
}

// invocation generates invocation k of the thread with exactly budget
// accesses, of which one store of each of signals, besides a loop of at
// most loopBudget accesses (none if 0).
func (tg *threadGen) invocation(k, budget, loopBudget int, signals []target) *lsl.Invocation {
	g := tg.g
	tg.body, tg.loaded = nil, nil
	tg.inv, tg.op = k, fmt.Sprintf("op%d", k)
	inv := &lsl.Invocation{Pos: g.pos(), Op: tg.op}
	for first := true; budget > 0 || loopBudget > 0; first = false {
		if !first && g.chance(3) != g.fences {
			tg.emit(tg.fence())
		}
		if loopBudget > 0 && (budget == 0 || g.chance(2)) {
			tg.loop(loopBudget)
			loopBudget = 0
			continue
		}
		if len(signals) > 0 && (budget == len(signals) || g.chance(2)) {
			a := tg.addr(signals[0].loc)
			v := tg.constant(signals[0].signal)
			tg.emit(&lsl.Store{Pos: g.pos(), Addr: a, Src: v})
			signals = signals[1:]
			budget--
			continue
		}
		budget -= tg.construct(budget - len(signals))
	}
	if g.chance(6) {
		tg.emit(&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsLabel, Name: "end " + tg.op})
	}
	for _, r := range tg.loaded {
		tg.emit(&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: string(r), Val: r})
	}
	inv.Body = tg.body
	return inv
}

// choice chooses a value, observes it, and then maybe assumes a
// comparison of it with a constant and stores it (Options.Choices).
func (tg *threadGen) choice(budget int) int {
	g := tg.g
	v := tg.fresh("v")
	tg.emit(&lsl.Choose{Pos: g.pos(), Dst: v, Lo: 0, Hi: int64(1 + g.r.IntN(2))},
		&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsInput, Name: string(v), Val: v})
	tg.ints = append(tg.ints, v)
	if g.chance(2) {
		op := comparisons[g.r.IntN(len(comparisons))]
		tg.emit(&lsl.Assume{Pos: g.pos(), Cond: tg.prim(op, v, tg.smallInt())})
	}
	switch {
	case budget >= 1 && g.chance(2):
		tg.emit(&lsl.Store{Pos: g.pos(), Addr: tg.addr(g.pick()), Src: v})
		return 1
	case budget >= 1:
		// a store only some of the choices make
		lbl := tg.label()
		c := tg.prim(lsl.OpEq, v, tg.smallInt())
		tg.emit(&lsl.Block{Pos: g.pos(), Label: lbl, Body: []lsl.Stmt{
			&lsl.Break{Pos: g.pos(), Label: lbl, Cond: c},
			&lsl.Store{Pos: g.pos(), Addr: tg.addr(g.pick()), Src: tg.smallInt()},
		}})
		return 1
	}
	return 0
}

// construct emits one random construct using at most budget accesses and
// returns how many it used.
func (tg *threadGen) construct(budget int) int {
	g := tg.g
	if g.reuse && budget >= 2 && !g.chance(3) {
		return tg.reuseStep(budget)
	}
	if g.choices && g.chance(3) {
		return tg.choice(budget)
	}
	if g.blockFences && g.chance(3) {
		return tg.atomic(budget)
	}
	for {
		switch k := g.r.IntN(21); {
		case k < 3: // store a constant
			tg.emit(tg.storeConst(tg.addr(g.pick())))
			return 1
		case k < 5 && len(tg.ints) > 0: // store a register
			a := tg.addr(g.pick())
			tg.emit(&lsl.Store{Pos: g.pos(), Addr: a, Src: tg.anyInt()})
			return 1
		case k < 8: // load a location
			ld, r := tg.load(tg.addr(g.pick()))
			tg.emit(ld)
			tg.ints = append(tg.ints, r)
			return 1
		case k < 9: // point p at a location
			a := tg.addr(loc{g.ptr, -1})
			v := tg.addr(g.pick())
			tg.emit(&lsl.Store{Pos: g.pos(), Addr: a, Src: v})
			return 1
		case k < 11 && budget >= 2: // load p, then access through it
			ld, q := tg.load(tg.addr(loc{g.ptr, -1}))
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
			// A constant operand: the analyses bound the values
			// arithmetic makes only by the number of operations, and
			// r - s with r and s stored and reloaded doubles the range
			// at each step, past what the encoder tabulates.
			switch op := []lsl.OpCode{lsl.OpAdd, lsl.OpSub, lsl.OpEq}[g.r.IntN(3)]; op {
			case lsl.OpEq:
				tg.ints = append(tg.ints, tg.compare())
			default:
				tg.ints = append(tg.ints, tg.prim(op, tg.anyInt(), tg.constant(lsl.Int(int64(1+g.r.IntN(2))))))
			}
		case k < 18 && len(tg.ints) > 0 && g.chance(2): // assume or assert
			c := tg.compare()
			switch g.r.IntN(3) {
			case 0:
				tg.emit(&lsl.Assume{Pos: g.pos(), Cond: c})
			case 1:
				tg.emit(&lsl.Assert{Pos: g.pos(), Cond: c})
			default:
				// the assume after a failed assertion must not
				// remove the error execution
				tg.emit(&lsl.Assert{Pos: g.pos(), Cond: c}, &lsl.Assume{Pos: g.pos(), Cond: c})
			}
		case k < 19: // a choice
			v := tg.fresh("v")
			tg.emit(&lsl.Choose{Pos: g.pos(), Dst: v, Lo: 0, Hi: 1},
				&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsInput, Name: string(v), Val: v})
			tg.ints = append(tg.ints, v)
		case k < 20 && len(tg.maybe) > 0:
			tg.useMaybe()
		case k < 21 && budget >= 2:
			tg.allocFree()
			return 2
		}
	}
}

// allocFree allocates a block and publishes it in p, or frees what p
// holds (a published block, which another thread may free too, or a
// global: an error either way), or both.
func (tg *threadGen) allocFree() {
	g := tg.g
	p := tg.addr(loc{g.ptr, -1})
	if g.chance(3) {
		ld, q := tg.load(p)
		tg.emit(ld, &lsl.Free{Pos: g.pos(), Addr: q})
		return
	}
	b := tg.fresh("b")
	tg.emit(&lsl.Alloc{Pos: g.pos(), Dst: b, Size: 8})
	tg.emit(&lsl.Store{Pos: g.pos(), Addr: p, Src: b})
	if g.chance(2) {
		tg.emit(&lsl.Free{Pos: g.pos(), Addr: b})
	}
}

// reuseStep emits one memory-management construct of Options.Reuse, of at
// most budget (at least 2) accesses, and returns the accesses it used: a
// block read from p is freed (with a random kind of free), then,
// sometimes, accessed through the stale pointer, and a new block is
// allocated and published in p; or a new block is allocated, compared
// with the block p held (equal when it was handed out again) and
// published in p.
func (tg *threadGen) reuseStep(budget int) int {
	g := tg.g
	p := tg.addr(loc{g.ptr, -1})
	ld, q := tg.load(p)
	tg.emit(ld)
	if g.chance(2) {
		// C's free half the time: uses after free need it
		kind := []lsl.FreeKind{lsl.FreeUnsafe, lsl.FreeUnsafe, lsl.FreeStable, lsl.FreeRetire}[g.r.IntN(4)]
		tg.emit(&lsl.Free{Pos: g.pos(), Addr: q, Kind: kind})
		used := 1
		if g.chance(2) {
			tg.through(q) // through a pointer to a freed block
			used++
		}
		if len(tg.ints) > 0 && g.chance(2) {
			// an assume after it: a use after free or a double free
			// (another thread may free q too) derails the thread, so
			// the assume no longer removes the execution
			tg.emit(&lsl.Assume{Pos: g.pos(), Cond: tg.prim(lsl.OpEq, tg.anyInt(), tg.smallInt())})
		}
		if used < budget {
			b := tg.fresh("b")
			tg.emit(&lsl.Alloc{Pos: g.pos(), Dst: b, Size: 8})
			tg.emit(&lsl.Store{Pos: g.pos(), Addr: p, Src: b})
			used++
		}
		return used
	}
	b := tg.fresh("b")
	tg.emit(&lsl.Alloc{Pos: g.pos(), Dst: b, Size: 8, NoReuse: g.chance(4)})
	c := tg.prim(lsl.OpEq, b, q)
	tg.emit(&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: string(c), Val: c},
		&lsl.Store{Pos: g.pos(), Addr: p, Src: b})
	return 2
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

// casBlock returns atomic { s = load a; c = ne s old; L: { break L if c;
// store a, nw } }, a compare-and-swap whose result shows in s, with s and
// c (non-zero if the CAS failed).
func (tg *threadGen) casBlock(a, old, nw lsl.Reg) (atom *lsl.Atomic, s, c lsl.Reg) {
	g := tg.g
	lbl := tg.label()
	atom = &lsl.Atomic{Pos: g.pos()}
	ld, s := tg.load(a)
	c = tg.fresh("t")
	cmp := &lsl.Prim{Pos: g.pos(), Dst: c, Op: lsl.OpNe, Args: []lsl.Reg{s, old}}
	blk := &lsl.Block{Pos: g.pos(), Label: lbl}
	blk.Body = []lsl.Stmt{
		&lsl.Break{Pos: g.pos(), Label: lbl, Cond: c},
		&lsl.Store{Pos: g.pos(), Addr: a, Src: nw},
	}
	atom.Body = []lsl.Stmt{ld, cmp, blk}
	return atom, s, c
}

// cas emits a compare-and-swap of constants on a random location.
func (tg *threadGen) cas() {
	a := tg.addr(tg.g.pick())
	old, nw := tg.smallInt(), tg.smallInt()
	atom, r, _ := tg.casBlock(a, old, nw)
	tg.emit(atom)
	tg.ints = append(tg.ints, r)
}

// atomic emits an atomic block of 1 to 3 loads and constant stores and
// returns its number of accesses. One in three is nofence, as the block
// of a multi-word load or store is.
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
	atom := &lsl.Atomic{Pos: g.pos(), NoFence: g.chance(3)}
	for i := range n {
		if vals[i] != "" {
			atom.Body = append(atom.Body, &lsl.Store{Pos: g.pos(), Addr: addrs[i], Src: vals[i]})
			continue
		}
		ld, r := tg.load(addrs[i])
		atom.Body = append(atom.Body, ld)
		tg.ints = append(tg.ints, r)
	}
	if g.blockFences && !g.chance(4) {
		k := g.r.IntN(len(atom.Body) + 1)
		f := &lsl.Fence{Pos: g.pos(), Kind: fenceKinds[g.r.IntN(len(fenceKinds))]}
		atom.Body = slices.Insert(atom.Body, k, lsl.Stmt(f))
	}
	tg.emit(atom)
	return n
}

// guarded emits c = cmp r, k; L: { break L if c; access }, so that the
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

// loopShape is one shape of loop: its accesses are fixed plus per for
// each unrolled copy of its body, at most maxK copies.
type loopShape struct {
	name       string
	fixed, per int
	maxK       int
	gen        func(tg *threadGen, l *loopBody)
}

// loopBody is one iteration of a loop, as a shape generates it: head runs
// first, then the loop is left if exit is non-zero, else tail runs and
// the next iteration begins.
type loopBody struct {
	head, tail []lsl.Stmt
	exit       lsl.Reg
	// after runs once after the loop, on the executions that leave it.
	after func()
}

var loopShapes = []loopShape{
	{name: "spin", per: 1, maxK: 3, gen: (*threadGen).spin},
	{name: "retry", fixed: 1, per: 2, maxK: 3, gen: (*threadGen).retry},
	{name: "retry", per: 3, maxK: 3, gen: (*threadGen).retryReload},
	{name: "count", fixed: 1, per: 1, maxK: 3, gen: func(tg *threadGen, l *loopBody) { tg.count(l, true) }},
	{name: "count", per: 1, maxK: 3, gen: func(tg *threadGen, l *loopBody) { tg.count(l, false) }},
	{name: "walk", per: 1, maxK: recFields, gen: (*threadGen).walk},
}

// loop emits a loop of at most budget accesses (at least 1) in the form
// unroll gives it (see the package comment) and returns its accesses.
func (tg *threadGen) loop(budget int) int {
	g := tg.g
	var fit []loopShape
	for _, sh := range loopShapes {
		if sh.name == "walk" && tg.hot.field < 0 || sh.fixed+sh.per > budget {
			continue
		}
		fit = append(fit, sh)
	}
	sh := fit[g.r.IntN(len(fit))]
	maxK := min(sh.maxK, (budget-sh.fixed)/sh.per)
	// Mostly as many copies as fit: the longer loops are the interesting
	// ones, the others come from small budgets anyway.
	k := maxK
	if g.chance(3) {
		k = 1 + g.r.IntN(maxK)
	}
	lbl := fmt.Sprintf("%s%d", sh.name, tg.nlabel+1)
	tg.nlabel++
	pos := g.pos()
	var body loopBody
	sh.gen(tg, &body)
	iter := lbl + "#" // the label of the current copy, renamed per copy

	// The copy's exit test: "break L if exit", or, as unroll writes a
	// conditional continue, "break L#i if again; break L".
	var test []lsl.Stmt
	switch {
	case len(body.tail) == 0 && g.chance(3):
		again := tg.fresh("t")
		test = []lsl.Stmt{
			&lsl.Prim{Pos: g.pos(), Dst: again, Op: lsl.OpLNot, Args: []lsl.Reg{body.exit}},
			&lsl.Break{Pos: g.pos(), Label: iter, Cond: again},
			&lsl.Break{Pos: pos, Label: lbl},
		}
	default:
		test = []lsl.Stmt{&lsl.Break{Pos: g.pos(), Label: lbl, Cond: body.exit}}
		// An explicit continue at the end becomes a break of the copy.
		if g.chance(2) {
			body.tail = append(body.tail, &lsl.Break{Pos: g.pos(), Label: iter})
		}
	}
	tmpl := slices.Concat(body.head, test, body.tail)
	outer := &lsl.Block{Pos: pos, Label: lbl}
	for i := 1; i <= k; i++ {
		name := fmt.Sprintf("%s#%d", lbl, i)
		rename := func(l string) string {
			switch l {
			case lbl:
				return l
			case iter:
				return name
			}
			return name + "." + l
		}
		outer.Body = append(outer.Body, &lsl.Block{Pos: pos, Label: name, Body: cloneBody(tmpl, rename)})
	}
	id := fmt.Sprintf("%s.e%d/%s/%s@%s:%d", tg.thread, tg.inv, tg.op, lbl, File, pos.Line)
	outer.Body = append(outer.Body, &lsl.BoundExceeded{Pos: pos, Loop: id})
	tg.emit(outer)
	if body.after != nil {
		body.after()
	}
	return sh.fixed + k*sh.per
}

// cloneBody copies body for one unrolled iteration, renaming the labels
// of its blocks and breaks by rename.
func cloneBody(body []lsl.Stmt, rename func(string) string) []lsl.Stmt {
	out := make([]lsl.Stmt, len(body))
	for i, s := range body {
		switch s := s.(type) {
		case *lsl.Block:
			c := *s
			c.Label = rename(s.Label)
			c.Body = cloneBody(s.Body, rename)
			out[i] = &c
		case *lsl.Atomic:
			c := *s
			c.Body = cloneBody(s.Body, rename)
			out[i] = &c
		case *lsl.Break:
			c := *s
			c.Label = rename(s.Label)
			out[i] = &c
		case *lsl.Prim:
			c := *s
			c.Args = slices.Clone(s.Args)
			out[i] = &c
		case *lsl.Const:
			c := *s
			out[i] = &c
		case *lsl.Load:
			c := *s
			out[i] = &c
		case *lsl.Store:
			c := *s
			out[i] = &c
		case *lsl.Fence:
			c := *s
			out[i] = &c
		case *lsl.Observe:
			c := *s
			out[i] = &c
		default:
			panic(fmt.Sprintf("testgen: cannot copy %T in a loop body", s))
		}
	}
	return out
}

// iterLabel sometimes observes a label on each iteration, so that the
// outcome tells how many iterations ran.
func (tg *threadGen) iterLabel(name string) {
	if tg.g.chance(3) {
		tg.emit(&lsl.Observe{Pos: tg.g.pos(), Kind: lsl.ObsLabel, Name: name})
	}
}

// spin: L: { r = load flag; exit = ne r v; break L if exit; continue L }
// with v the flag's initial value (wait until it changes), or exit = eq r
// v with v the signal, sometimes with a fence after the load.
func (tg *threadGen) spin(l *loopBody) {
	g := tg.g
	a := tg.addr(tg.hot.loc)
	op, k := lsl.OpNe, tg.constant(tg.hot.initial())
	if g.chance(3) {
		op, k = lsl.OpEq, tg.constant(tg.hot.signal)
	}
	r := tg.fresh("r")
	tg.loaded = append(tg.loaded, r)
	l.head = tg.collect(func() {
		tg.iterLabel("spin")
		tg.emit(tg.loadInto(r, a))
		if g.chance(3) {
			tg.emit(tg.fence())
		}
		l.exit = tg.prim(op, r, k)
	})
	l.after = func() {
		tg.ints = append(tg.ints, r)
	}
}

// retry: r = load a; L: { n = r ± 1; CAS(a, r, n) into s; ok = eq s r;
// r = s; break L if ok }, the compare_exchange idiom: the failed CAS
// gives the next expected value. The step is 1 so that the values the
// increments can make overlap: the reference guesses loaded values on
// relaxed from the value sets, whose size the step would multiply.
func (tg *threadGen) retry(l *loopBody) {
	g := tg.g
	a := tg.addr(tg.hot.loc)
	ld, old := tg.load(a)
	tg.emit(ld)
	d := tg.constant(lsl.Int(1))
	op := lsl.OpAdd
	if g.chance(3) {
		op = lsl.OpSub
	}
	nw := tg.fresh("t")
	l.head = tg.collect(func() {
		tg.iterLabel("retry")
		tg.primInto(nw, op, old, d)
		atom, s, _ := tg.casBlock(a, old, nw)
		tg.emit(atom)
		l.exit = tg.prim(lsl.OpEq, s, old)
		tg.primInto(old, lsl.OpMov, s)
		if g.chance(4) {
			tg.emit(tg.fence())
		}
	})
	l.after = func() {
		tg.ints = append(tg.ints, old)
	}
}

// retryReload: L: { r = load a; n = r ± 1; CAS(a, r, n) into s; ok =
// lnot (ne s r); break L if ok }, the retry loop that re-reads.
func (tg *threadGen) retryReload(l *loopBody) {
	g := tg.g
	a := tg.addr(tg.hot.loc)
	d := tg.constant(lsl.Int(1))
	op := lsl.OpAdd
	if g.chance(3) {
		op = lsl.OpSub
	}
	var old lsl.Reg
	l.head = tg.collect(func() {
		tg.iterLabel("retry")
		var ld lsl.Stmt
		ld, old = tg.load(a)
		tg.emit(ld)
		nw := tg.prim(op, old, d)
		atom, _, failed := tg.casBlock(a, old, nw)
		tg.emit(atom)
		l.exit = tg.prim(lsl.OpLNot, failed)
	})
	l.after = func() {
		tg.ints = append(tg.ints, old)
	}
}

// count: i = 0; L: { access; i = i + 1; exit = ge i n; break L if exit }
// with a bound n that is loaded if loadBound (an access more) or a
// constant, or counting down from n to 0. The access stores i or loads a
// location: the loop's location if the bound is a constant.
func (tg *threadGen) count(l *loopBody, loadBound bool) {
	g := tg.g
	var n lsl.Reg
	at := tg.hot.loc
	if !loadBound {
		n = tg.constant(lsl.Int(int64(1 + g.r.IntN(3))))
	} else {
		ld, r := tg.load(tg.addr(tg.hot.loc))
		tg.emit(ld)
		n = r
		at = g.pick()
	}
	one := tg.constant(lsl.Int(1))
	i := tg.fresh("i")
	down := g.chance(3)
	var zero lsl.Reg
	if down {
		tg.primInto(i, lsl.OpMov, n)
		zero = tg.constant(lsl.Int(0))
	} else {
		tg.emit(&lsl.Const{Pos: g.pos(), Dst: i, Val: lsl.Int(0)})
	}
	a := tg.addr(at)
	var v lsl.Reg // the loaded register, if the access is a load
	l.head = tg.collect(func() {
		tg.iterLabel("count")
		if g.chance(2) {
			tg.emit(&lsl.Store{Pos: g.pos(), Addr: a, Src: i})
		} else {
			var ld lsl.Stmt
			ld, v = tg.load(a)
			tg.emit(ld)
		}
		if down {
			tg.primInto(i, lsl.OpSub, i, one)
			l.exit = tg.prim(lsl.OpLe, i, zero)
		} else {
			tg.primInto(i, lsl.OpAdd, i, one)
			l.exit = tg.prim(lsl.OpGe, i, n)
		}
	})
	l.after = func() {
		tg.ints = append(tg.ints, i, n)
		if v != "" {
			tg.ints = append(tg.ints, v)
		}
	}
}

// walk: q = &s.a; L: { v = load q; exit = ne v 0; break L if exit; q =
// padd q 1 }, then i = psub q &s.a is observed: the index of the first
// non-zero field.
func (tg *threadGen) walk(l *loopBody) {
	g := tg.g
	first := tg.addr(loc{g.rec, 0})
	q := tg.fresh("q")
	tg.primInto(q, lsl.OpMov, first)
	zero, one := tg.constant(lsl.Int(0)), tg.constant(lsl.Int(1))
	var v lsl.Reg
	l.head = tg.collect(func() {
		tg.iterLabel("walk")
		var ld lsl.Stmt
		ld, v = tg.load(q)
		tg.emit(ld)
		l.exit = tg.prim(lsl.OpNe, v, zero)
	})
	l.tail = tg.collect(func() {
		tg.primInto(q, lsl.OpPAdd, q, one)
	})
	l.after = func() {
		i := tg.prim(lsl.OpPSub, q, first)
		tg.emit(&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: string(i), Val: i})
		tg.ints = append(tg.ints, i, v)
		tg.ptrs = append(tg.ptrs, q)
	}
}
