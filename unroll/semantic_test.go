package unroll

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/tests"
)

// The semantic test: random sequential programs with loops, breaks,
// returns and calls are run directly (by a reference evaluator written
// here from the semantics, which also names loop instances and counts
// their iterations) and after unrolling (by the lsl interpreter). For every
// sequence of nondeterministic choices both must observe the same, end
// with the same memory and stop the same way; and the unrolled code must
// reach BoundExceeded for instance X exactly when the original first
// starts an iteration of X beyond X's bound. The reference evaluator is
// itself checked against the lsl interpreter on the original program.
//
// Programs with reduced spin loops run fewer choices after reduction, so
// for them the sets of outcomes over all choice sequences are compared.

// ---- generator ----

type gen struct {
	r       *rand.Rand
	line    int
	helpers []string // procedures the current one may call
	counter int      // for fresh register names
	spin    bool     // generate spin-loop shapes
}

type genLabel struct {
	name string
	loop bool
}

type genCtx struct {
	labels []genLabel // enclosing blocks, innermost last
	pool   []lsl.Reg  // registers for data
	depth  int
}

func (g *gen) pos() lsl.Pos {
	g.line++
	return lsl.Pos{File: "gen.lsl", Line: g.line, Col: 1}
}

func (g *gen) chance(n int) bool { return g.r.IntN(n) == 0 }

func (g *gen) fresh(prefix string) lsl.Reg {
	g.counter++
	return lsl.Reg(prefix + strconv.Itoa(g.counter))
}

func (g *gen) pick(rs []lsl.Reg) lsl.Reg { return rs[g.r.IntN(len(rs))] }

var ptrRegs = []lsl.Reg{"px", "py", "pz"}

func genProgram(seed uint64, spin bool) *lsl.Program {
	g := &gen{r: rand.New(rand.NewPCG(seed, 0xc0ffee)), spin: spin}
	prog := &lsl.Program{Globals: []*lsl.Global{
		{Pos: g.pos(), Name: "x", Base: 1, Init: []lsl.InitVal{{Val: lsl.Int(1)}}},
		{Pos: g.pos(), Name: "y", Base: 2},
		{Pos: g.pos(), Name: "z", Base: 3},
	}}
	names := []string{"h0", "h1", "h2"}
	for i := len(names) - 1; i >= 0; i-- {
		g.helpers = names[i+1:]
		prog.Procs = append(prog.Procs, g.proc(names[i], g.r.IntN(3), !g.chance(3)))
	}
	g.helpers = names
	prog.Procs = append(prog.Procs, g.proc("op0", 0, false), g.proc("op1", 0, false))
	return prog
}

func (g *gen) proc(name string, params int, result bool) *lsl.Proc {
	p := &lsl.Proc{Pos: g.pos(), Name: name}
	pool := []lsl.Reg{"r0", "r1", "r2"}
	for _, a := range []lsl.Reg{"a", "b"}[:params] {
		p.Params = append(p.Params, a)
		pool = append(pool, a)
	}
	if result {
		p.Results = []lsl.Reg{"res"}
		pool = append(pool, "res")
	}
	var body []lsl.Stmt
	for i, base := range []int64{1, 2, 3} {
		body = append(body, &lsl.Const{Pos: g.pos(), Dst: ptrRegs[i], Val: lsl.Ptr(base)})
	}
	body = append(body, &lsl.Const{Pos: g.pos(), Dst: "one", Val: lsl.Int(1)})
	for _, r := range pool[:3] {
		// Some registers stay unassigned: reading them is undefined.
		if !g.chance(6) {
			body = append(body, &lsl.Const{Pos: g.pos(), Dst: r, Val: lsl.Int(int64(g.r.IntN(3)))})
		}
	}
	ctx := genCtx{labels: []genLabel{{name: "ret"}}, pool: pool}
	main := g.stmts(ctx, 1+g.r.IntN(5))
	if result && g.chance(2) {
		// A result assigned on some paths only: a call that does not
		// assign it gives undefined, whatever an earlier call gave.
		main = append(main, &lsl.Block{Pos: g.pos(), Label: "R", Body: []lsl.Stmt{
			&lsl.Break{Pos: g.pos(), Cond: g.pick(pool), Label: "R"},
			&lsl.Load{Pos: g.pos(), Dst: "res", Addr: g.pick(ptrRegs)},
		}})
	}
	p.Body = append(body, &lsl.Block{Pos: g.pos(), Label: "ret", Body: main})
	return p
}

func (g *gen) stmts(ctx genCtx, n int) []lsl.Stmt {
	var out []lsl.Stmt
	for range n {
		out = append(out, g.stmt(ctx)...)
	}
	return out
}

// label picks a label from choices that no enclosing block has, so that
// siblings share labels (the "$n" of loop IDs) but nested blocks do not.
func (g *gen) label(ctx genCtx, choices ...string) string {
	for {
		l := choices[g.r.IntN(len(choices))]
		taken := false
		for _, e := range ctx.labels {
			taken = taken || e.name == l
		}
		if !taken {
			return l
		}
		choices = append(choices, l+"x")
	}
}

func (g *gen) inner(ctx genCtx, l genLabel) genCtx {
	c := ctx
	c.labels = append(ctx.labels[:len(ctx.labels):len(ctx.labels)], l)
	c.depth++
	return c
}

func (g *gen) stmt(ctx genCtx) []lsl.Stmt {
	r := func() lsl.Reg { return g.pick(ctx.pool) }
	nest := ctx.depth < 3
	switch k := g.r.IntN(25); {
	case k < 2:
		return []lsl.Stmt{&lsl.Const{Pos: g.pos(), Dst: r(), Val: lsl.Int(int64(g.r.IntN(4)))}}
	case k < 5:
		ops := []lsl.OpCode{lsl.OpAdd, lsl.OpSub, lsl.OpEq, lsl.OpLt, lsl.OpLNot}
		op := ops[g.r.IntN(len(ops))]
		s := &lsl.Prim{Pos: g.pos(), Dst: r(), Op: op, Args: []lsl.Reg{r(), r()}}
		if op.Typed() {
			s.Type = lsl.I32
		}
		s.Args = s.Args[:op.Arity()]
		return []lsl.Stmt{s}
	case k < 7:
		return []lsl.Stmt{&lsl.Load{Pos: g.pos(), Dst: r(), Addr: g.pick(ptrRegs)}}
	case k < 9:
		return []lsl.Stmt{&lsl.Store{Pos: g.pos(), Addr: g.pick(ptrRegs), Src: r()}}
	case k < 10:
		return []lsl.Stmt{&lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: "o", Val: r()}}
	case k < 11:
		return []lsl.Stmt{&lsl.Choose{Pos: g.pos(), Dst: r(), Lo: 0, Hi: 1}}
	case k < 12:
		l := ctx.labels[g.r.IntN(len(ctx.labels))]
		return []lsl.Stmt{&lsl.Break{Pos: g.pos(), Cond: r(), Label: l.name}}
	case k < 13:
		var loops []genLabel
		for _, l := range ctx.labels {
			if l.loop {
				loops = append(loops, l)
			}
		}
		if len(loops) == 0 {
			return nil
		}
		l := loops[g.r.IntN(len(loops))]
		return []lsl.Stmt{&lsl.Continue{Pos: g.pos(), Cond: r(), Label: l.name}}
	case k < 15:
		if len(g.helpers) == 0 {
			return nil
		}
		// fixCalls makes r0 the first result, if the callee has one.
		return []lsl.Stmt{g.call(), &lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: "r0", Val: "r0"}}
	case k < 16:
		if g.chance(2) {
			return []lsl.Stmt{&lsl.Assume{Pos: g.pos(), Cond: r()}}
		}
		return []lsl.Stmt{&lsl.Assert{Pos: g.pos(), Cond: r()}}
	case k < 17 && nest:
		l := g.label(ctx, "B", "C")
		b := &lsl.Block{Pos: g.pos(), Label: l}
		b.Body = append([]lsl.Stmt{&lsl.Break{Pos: g.pos(), Cond: r(), Label: l}},
			g.stmts(g.inner(ctx, genLabel{name: l}), 1+g.r.IntN(3))...)
		return []lsl.Stmt{b}
	case k < 20 && nest:
		return g.counterLoop(ctx)
	case k < 22 && nest:
		return g.chooseLoop(ctx)
	case k < 24 && nest:
		return g.testLoop(ctx)
	case nest && g.spin:
		return g.spinLoop(ctx)
	}
	return []lsl.Stmt{&lsl.Fence{Pos: g.pos(), Kind: lsl.Full}}
}

func (g *gen) call() lsl.Stmt {
	// The procedures are made callee first, so the signature is known.
	name := g.helpers[g.r.IntN(len(g.helpers))]
	return &lsl.Call{Pos: g.pos(), Proc: name}
}

// counterLoop: for (i = 0; i < n; ) { i++; body }, with n a constant or
// loaded; the increment comes first so that a continue cannot skip it.
func (g *gen) counterLoop(ctx genCtx) []lsl.Stmt {
	i, n, t := g.fresh("i"), g.fresh("n"), g.fresh("t")
	l := g.label(ctx, "L", "M")
	var out []lsl.Stmt
	out = append(out, &lsl.Const{Pos: g.pos(), Dst: i, Val: lsl.Int(0)})
	if g.chance(3) {
		out = append(out, &lsl.Load{Pos: g.pos(), Dst: n, Addr: g.pick(ptrRegs)})
	} else {
		out = append(out, &lsl.Const{Pos: g.pos(), Dst: n, Val: lsl.Int(int64(g.r.IntN(4)))})
	}
	b := &lsl.Block{Pos: g.pos(), Label: l}
	b.Body = []lsl.Stmt{
		&lsl.Prim{Pos: g.pos(), Dst: t, Op: lsl.OpGe, Type: lsl.I32, Args: []lsl.Reg{i, n}},
		&lsl.Break{Pos: g.pos(), Cond: t, Label: l},
		&lsl.Prim{Pos: g.pos(), Dst: i, Op: lsl.OpAdd, Type: lsl.I32, Args: []lsl.Reg{i, "one"}},
	}
	b.Body = append(b.Body, g.stmts(g.inner(ctx, genLabel{name: l, loop: true}), 1+g.r.IntN(3))...)
	b.Body = append(b.Body, &lsl.Continue{Pos: g.pos(), Label: l})
	return append(out, b)
}

// testLoop: while (effect, ..., i < n) { i++; body }, whose test the
// front end marks (lsl.Break.LoopTest): it starts with a store, a call, a
// choice or an observation, and what follows may do anything but continue
// the loop (leave it, leave or continue enclosing blocks, fault, assume).
func (g *gen) testLoop(ctx genCtx) []lsl.Stmt {
	i, n, t := g.fresh("i"), g.fresh("n"), g.fresh("t")
	l := g.label(ctx, "L", "M")
	out := []lsl.Stmt{
		&lsl.Const{Pos: g.pos(), Dst: i, Val: lsl.Int(0)},
		&lsl.Const{Pos: g.pos(), Dst: n, Val: lsl.Int(int64(g.r.IntN(4)))},
	}
	var test []lsl.Stmt
	switch g.r.IntN(4) {
	case 0:
		test = append(test, &lsl.Store{Pos: g.pos(), Addr: g.pick(ptrRegs), Src: g.pick(ctx.pool)})
	case 1:
		if len(g.helpers) > 0 {
			test = append(test, g.call())
		}
	case 2:
		test = append(test, &lsl.Choose{Pos: g.pos(), Dst: g.pick(ctx.pool), Lo: 0, Hi: 1})
	default:
		test = append(test, &lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: "t", Val: g.pick(ctx.pool)})
	}
	// The test is inside the loop's block but no part of its iterations:
	// it may break l, not continue it.
	test = append(test, g.stmts(g.inner(ctx, genLabel{name: l}), g.r.IntN(3))...)
	b := &lsl.Block{Pos: g.pos(), Label: l}
	b.Body = append(test,
		&lsl.Prim{Pos: g.pos(), Dst: t, Op: lsl.OpGe, Type: lsl.I32, Args: []lsl.Reg{i, n}},
		&lsl.Break{Pos: g.pos(), Cond: t, Label: l, LoopTest: true},
		&lsl.Prim{Pos: g.pos(), Dst: i, Op: lsl.OpAdd, Type: lsl.I32, Args: []lsl.Reg{i, "one"}},
	)
	b.Body = append(b.Body, g.stmts(g.inner(ctx, genLabel{name: l, loop: true}), 1+g.r.IntN(3))...)
	b.Body = append(b.Body, &lsl.Continue{Pos: g.pos(), Label: l})
	return append(out, b)
}

// chooseLoop: do { body } while (choose 0 1), left by falling off its end.
func (g *gen) chooseLoop(ctx genCtx) []lsl.Stmt {
	c := g.fresh("c")
	l := g.label(ctx, "L", "M")
	b := &lsl.Block{Pos: g.pos(), Label: l}
	b.Body = g.stmts(g.inner(ctx, genLabel{name: l, loop: true}), 1+g.r.IntN(3))
	b.Body = append(b.Body,
		&lsl.Choose{Pos: g.pos(), Dst: c, Lo: 0, Hi: 1},
		&lsl.Continue{Pos: g.pos(), Cond: c, Label: l})
	return []lsl.Stmt{b}
}

// spinLoop makes loops that wait on a choice, some meeting the spin
// criterion and some not. Choosing 0 leaves each of them, so that runs
// whose choices are cut short (all 0 from then on) end.
func (g *gen) spinLoop(ctx genCtx) []lsl.Stmt {
	c, d := g.fresh("c"), g.fresh("d")
	v := g.pick(ctx.pool)
	l := g.label(ctx, "S", "W")
	p := g.pos
	var body []lsl.Stmt
	switch g.r.IntN(5) {
	case 0: // while (choose) ;
		body = []lsl.Stmt{
			&lsl.Choose{Pos: p(), Dst: c, Lo: 0, Hi: 1},
			&lsl.Continue{Pos: p(), Cond: c, Label: l},
		}
	case 1: // v = *p; leave unless chosen; else spin
		body = []lsl.Stmt{
			&lsl.Load{Pos: p(), Dst: v, Addr: g.pick(ptrRegs)},
			&lsl.Choose{Pos: p(), Dst: c, Lo: 0, Hi: 1},
			&lsl.Prim{Pos: p(), Dst: d, Op: lsl.OpLNot, Args: []lsl.Reg{c}},
			&lsl.Break{Pos: p(), Cond: d, Label: l},
			&lsl.Continue{Pos: p(), Label: l},
		}
	case 2: // a value computed from a load and a choice decides
		body = []lsl.Stmt{
			&lsl.Load{Pos: p(), Dst: d, Addr: g.pick(ptrRegs)},
			&lsl.Choose{Pos: p(), Dst: c, Lo: 0, Hi: 1},
			&lsl.Prim{Pos: p(), Dst: v, Op: lsl.OpAdd, Type: lsl.I32, Args: []lsl.Reg{d, c}},
			&lsl.Prim{Pos: p(), Dst: c, Op: lsl.OpEq, Args: []lsl.Reg{v, d}},
			&lsl.Break{Pos: p(), Cond: c, Label: l},
			&lsl.Continue{Pos: p(), Label: l},
		}
	case 3: // not a spin loop: v counts the iterations
		body = []lsl.Stmt{
			&lsl.Choose{Pos: p(), Dst: c, Lo: 0, Hi: 1},
			&lsl.Prim{Pos: p(), Dst: v, Op: lsl.OpAdd, Type: lsl.I32, Args: []lsl.Reg{v, c}},
			&lsl.Continue{Pos: p(), Cond: c, Label: l},
		}
	default: // v is assigned only by iterations that go on
		body = []lsl.Stmt{
			&lsl.Choose{Pos: p(), Dst: c, Lo: 0, Hi: 1},
			&lsl.Prim{Pos: p(), Dst: d, Op: lsl.OpLNot, Args: []lsl.Reg{c}},
			&lsl.Break{Pos: p(), Cond: d, Label: l},
			&lsl.Load{Pos: p(), Dst: v, Addr: g.pick(ptrRegs)},
			&lsl.Continue{Pos: p(), Label: l},
		}
	}
	out := []lsl.Stmt{&lsl.Block{Pos: g.pos(), Label: l, Body: body}}
	if g.chance(2) {
		// What the loop leaves in v shows.
		out = append(out, &lsl.Observe{Pos: g.pos(), Kind: lsl.ObsOutput, Name: "v", Val: v})
	}
	return out
}

// fixCalls gives every call the arity of its callee, with registers from
// the caller's pool (done after generation, when all signatures exist).
func fixCalls(prog *lsl.Program, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 7))
	pool := []lsl.Reg{"r0", "r1", "r2"}
	for _, p := range prog.Procs {
		walkStmts(p.Body, func(s lsl.Stmt) bool {
			if c, ok := s.(*lsl.Call); ok {
				callee := prog.Proc(c.Proc)
				c.Args, c.Results = nil, nil
				for range callee.Params {
					c.Args = append(c.Args, pool[r.IntN(len(pool))])
				}
				for i := range callee.Results {
					if i == 0 {
						c.Results = append(c.Results, "r0")
					} else {
						c.Results = append(c.Results, pool[r.IntN(len(pool))])
					}
				}
			}
			return true
		})
	}
}

// ---- reference evaluator ----

// refStop ends a reference run.
type refStop struct{ msg string }

func (e *refStop) Error() string { return e.msg }

type refSig struct {
	label string
	cont  bool
}

type refRun struct {
	prog   *lsl.Program
	segs   map[lsl.Stmt]string
	loops  map[*lsl.Block]bool
	loop   func(id string) refLoop
	choose func(lo, hi int64) int64
	mem    map[lsl.Value]lsl.Value
	obs    []lsl.ObsItem
	steps  int
	tid    int64
	// effects counts the stores and observations so far: an iteration
	// that adds none changed nothing (the stutter reduction).
	effects   int
	stuttered bool // the run was removed so
	// watches holds the iterations under way of loops whose iteration
	// changes something by assigning a watched register of its frame.
	watches []refWatch
	// leftInTest: a loop left in the exit test after its last iteration;
	// leftInMarked: one whose test is marked (lsl.Break.LoopTest)
	leftInTest, leftInMarked bool
}

// refWatch counts the assignments of regs in the frame fr.
type refWatch struct {
	fr   map[lsl.Reg]lsl.Value
	regs map[lsl.Reg]bool
	n    int
}

// refLoop is what the reference is told of a loop instance.
type refLoop struct {
	bound   int
	spin    bool // reduced to its last iteration
	stutter bool // an iteration that changes nothing is not followed by another
	// watched: the registers an iteration that changes nothing leaves
	// as it found them; with assigns, assigns none of
	watched []lsl.Reg
	assigns bool
}

// refSegments names calls and loops as the package documentation says:
// the callee or label, with "$n" for the n-th of the same name in a body.
func refSegments(prog *lsl.Program) (map[lsl.Stmt]string, map[*lsl.Block]bool) {
	segs := map[lsl.Stmt]string{}
	loops := map[*lsl.Block]bool{}
	for _, p := range prog.Procs {
		seen := map[string]int{}
		name := func(kind, n string) string {
			seen[kind+n]++
			if k := seen[kind+n]; k > 1 {
				return n + "$" + strconv.Itoa(k)
			}
			return n
		}
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			switch s := s.(type) {
			case *lsl.Call:
				segs[s] = name("call ", s.Proc)
			case *lsl.Block:
				isLoop := false
				lsl.Walk(s.Body, func(t lsl.Stmt) bool {
					if c, ok := t.(*lsl.Continue); ok && c.Label == s.Label {
						isLoop = true
					}
					return true
				})
				if isLoop {
					loops[s] = true
					segs[s] = name("loop ", s.Label)
				}
			}
			return true
		})
	}
	return segs, loops
}

func (*refRun) fault(pos lsl.Pos, f lsl.Fault) error {
	return &refStop{fmt.Sprintf("fault %s at %s", f, pos)}
}

func (rr *refRun) truth(v lsl.Value, pos lsl.Pos) (bool, error) {
	if v.IsUndef() {
		return false, rr.fault(pos, lsl.FaultUndefined)
	}
	return v.IsPtr() || v.IntVal() != 0, nil
}

func (rr *refRun) addr(v lsl.Value, pos lsl.Pos) error {
	if v.IsUndef() {
		return rr.fault(pos, lsl.FaultUndefined)
	}
	if !v.IsPtr() || v.Depth() != 0 || v.Base() < 1 || v.Base() > 3 {
		return rr.fault(pos, lsl.FaultAddress)
	}
	return nil
}

func (rr *refRun) call(name string, args []lsl.Value, path string) ([]lsl.Value, error) {
	p := rr.prog.Proc(name)
	fr := map[lsl.Reg]lsl.Value{}
	for i, r := range p.Params {
		fr[r] = args[i]
	}
	if _, err := rr.exec(p.Body, fr, path); err != nil {
		return nil, err
	}
	var res []lsl.Value
	for _, r := range p.Results {
		res = append(res, fr[r])
	}
	return res, nil
}

func (rr *refRun) exec(body []lsl.Stmt, fr map[lsl.Reg]lsl.Value, path string) (*refSig, error) {
	for _, s := range body {
		rr.steps++
		if rr.steps > stepLimit {
			return nil, &refStop{"diverges"}
		}
		pos := s.Position()
		for i := range rr.watches {
			w := &rr.watches[i]
			for _, r := range lsl.Defs(s) {
				if w.regs[r] && reflect.ValueOf(w.fr).UnsafePointer() == reflect.ValueOf(fr).UnsafePointer() {
					w.n++
				}
			}
		}
		switch s := s.(type) {
		case *lsl.Const:
			fr[s.Dst] = s.Val
		case *lsl.Prim:
			var args []lsl.Value
			for _, a := range s.Args {
				args = append(args, fr[a])
			}
			v, f := lsl.Eval(s.Op, s.Type, args...)
			if f != lsl.NoFault {
				return nil, rr.fault(pos, f)
			}
			fr[s.Dst] = v
		case *lsl.Load:
			if err := rr.addr(fr[s.Addr], pos); err != nil {
				return nil, err
			}
			v, ok := rr.mem[fr[s.Addr]]
			if !ok {
				v = lsl.Int(0)
			}
			fr[s.Dst] = v
		case *lsl.Store:
			if err := rr.addr(fr[s.Addr], pos); err != nil {
				return nil, err
			}
			rr.mem[fr[s.Addr]] = fr[s.Src]
			rr.effects++
		case *lsl.Fence:
		case *lsl.Choose:
			fr[s.Dst] = lsl.Int(rr.choose(s.Lo, s.Hi))
		case *lsl.ThreadID:
			fr[s.Dst] = lsl.Int(rr.tid)
		case *lsl.Observe:
			it := lsl.ObsItem{Kind: s.Kind, Name: s.Name}
			if s.Kind != lsl.ObsLabel {
				it.Val = fr[s.Val]
			}
			rr.obs = append(rr.obs, it)
			rr.effects++
		case *lsl.Assert, *lsl.Assume:
			var c lsl.Reg
			assert := false
			if a, ok := s.(*lsl.Assert); ok {
				c, assert = a.Cond, true
			} else {
				c = s.(*lsl.Assume).Cond
			}
			t, err := rr.truth(fr[c], pos)
			if err != nil {
				return nil, err
			}
			if !t && assert {
				return nil, rr.fault(pos, lsl.FaultAssert)
			}
			if !t {
				return nil, &refStop{"infeasible"}
			}
		case *lsl.Break, *lsl.Continue:
			sig := &refSig{}
			var c lsl.Reg
			if b, ok := s.(*lsl.Break); ok {
				sig.label, c = b.Label, b.Cond
			} else {
				k := s.(*lsl.Continue)
				sig.label, c, sig.cont = k.Label, k.Cond, true
			}
			if c != "" {
				t, err := rr.truth(fr[c], pos)
				if err != nil {
					return nil, err
				}
				if !t {
					continue
				}
			}
			return sig, nil
		case *lsl.Call:
			var args []lsl.Value
			for _, a := range s.Args {
				args = append(args, fr[a])
			}
			res, err := rr.call(s.Proc, args, path+"/"+rr.segs[s])
			if err != nil {
				return nil, err
			}
			for i, r := range s.Results {
				fr[r] = res[i]
			}
		case *lsl.Block:
			sig, err := rr.block(s, fr, path)
			if err != nil || sig != nil {
				return sig, err
			}
		default:
			return nil, fmt.Errorf("reference: cannot run %T", s)
		}
	}
	return nil, nil
}

func (rr *refRun) block(b *lsl.Block, fr map[lsl.Reg]lsl.Value, path string) (*refSig, error) {
	if !rr.loops[b] {
		sig, err := rr.exec(b.Body, fr, path)
		if err != nil || sig == nil || sig.label == b.Label && !sig.cont {
			return nil, err
		}
		return sig, nil
	}
	id := path + "/" + rr.segs[b] + "@" + b.Pos.String()
	l := rr.loop(id)
	for iter := 1; ; iter++ {
		if !l.spin && iter > l.bound {
			// The loop runs past its bound unless the next iteration
			// leaves in its exit test, which C evaluates once more
			// (package doc, "Unrolling").
			if test, marked := refExitTest(b); test != nil {
				sig, err := rr.exec(test, fr, path+"/"+rr.segs[b]+"#"+strconv.Itoa(iter))
				if err != nil {
					return nil, err
				}
				if sig != nil && sig.label == b.Label && !sig.cont {
					rr.leftInTest = true
					rr.leftInMarked = rr.leftInMarked || marked
					return nil, nil
				}
				if sig != nil && sig.label != b.Label {
					return sig, nil // the test left an enclosing block
				}
			}
			return nil, &refStop{"exceeded " + id}
		}
		before := rr.effects
		at := map[lsl.Reg]lsl.Value{}
		for _, r := range l.watched {
			at[r] = fr[r]
		}
		watch := len(rr.watches)
		if l.assigns {
			w := refWatch{fr: fr, regs: map[lsl.Reg]bool{}}
			for _, r := range l.watched {
				w.regs[r] = true
			}
			rr.watches = append(rr.watches, w)
		}
		sig, err := rr.exec(b.Body, fr, path+"/"+rr.segs[b]+"#"+strconv.Itoa(iter))
		if err != nil {
			return nil, err
		}
		same := true
		if l.assigns {
			same = rr.watches[watch].n == 0
			rr.watches = rr.watches[:watch]
		} else {
			for _, r := range l.watched {
				same = same && fr[r] == at[r]
			}
		}
		if l.stutter && sig != nil && sig.label == b.Label && sig.cont && rr.effects == before && same {
			rr.stuttered = true
			return nil, &refStop{"infeasible"}
		}
		switch {
		case sig == nil, sig.label == b.Label && !sig.cont:
			return nil, nil
		case sig.label != b.Label:
			return sig, nil
		}
	}
}

// refExitTest returns the statements C evaluates once more after a loop's
// last iteration: the body up to the break marked as ending the loop's
// test (lsl.Break.LoopTest), whatever they do; for a loop without one
// (LSL written by hand), the statements before its first conditional
// break if they only compute (exitTest).
func refExitTest(b *lsl.Block) (test []lsl.Stmt, marked bool) {
	for i, s := range b.Body {
		if br, ok := s.(*lsl.Break); ok && br.Label == b.Label && br.LoopTest {
			return b.Body[:i+1], true
		}
	}
	return exitTest(b.Body, b.Label), false
}

func (rr *refRun) memString() string {
	var locs []lsl.Value
	for l := range rr.mem {
		locs = append(locs, l)
	}
	sort.Slice(locs, func(i, j int) bool { return lsl.Compare(locs[i], locs[j]) < 0 })
	var parts []string
	for _, l := range locs {
		parts = append(parts, l.String()+"="+rr.mem[l].String())
	}
	return strings.Join(parts, " ")
}

// runRef runs the harness on the original program.
func runRef(prog *lsl.Program, h *tests.Test, loop func(string) refLoop, choose func(lo, hi int64) int64) outcome {
	rr := &refRun{prog: prog, loop: loop, choose: choose, mem: map[lsl.Value]lsl.Value{}}
	rr.segs, rr.loops = refSegments(prog)
	for _, g := range prog.Globals {
		for _, iv := range g.Init {
			rr.mem[lsl.Ptr(g.Base, iv.Offsets...)] = iv.Val
		}
	}
	var o outcome
	phases := append([][]tests.OpCall{h.Init}, h.Threads...)
	for ph, ops := range phases {
		name, tid := "init", 0
		if ph > 0 {
			name, tid = "t"+strconv.Itoa(ph-1), ph-1
		}
		rr.tid = int64(tid)
		for k, oc := range ops {
			seen := len(rr.obs)
			if _, err := rr.call(oc.Name, nil, name+".e"+strconv.Itoa(k)+"/"+oc.Name); err != nil {
				o.stop, o.stutter, o.leftInTest, o.leftInMarked = err.Error(), rr.stuttered, rr.leftInTest, rr.leftInMarked
				o.mem = rr.memString()
				return o
			}
			o.obs = append(o.obs, obsString(rr.obs[seen:]))
		}
	}
	o.mem = rr.memString()
	o.leftInTest, o.leftInMarked = rr.leftInTest, rr.leftInMarked
	return o
}

// runOriginal runs the harness on the original program with the lsl
// interpreter (which knows nothing of bounds).
func runOriginal(prog *lsl.Program, h *tests.Test, choose func(lo, hi int64) int64) outcome {
	in := lsl.NewInterp(prog, lsl.InterpOptions{MaxSteps: stepLimit, Choose: func(s *lsl.Choose) int64 { return choose(s.Lo, s.Hi) }})
	var o outcome
	seen := 0
	for _, ops := range append([][]tests.OpCall{h.Init}, h.Threads...) {
		for _, oc := range ops {
			if _, err := in.Call(oc.Name); err != nil {
				o.stop = stopOf(err)
				o.mem = memString(in)
				return o
			}
			all := in.Observations()
			o.obs = append(o.obs, obsString(all[seen:]))
			seen = len(all)
		}
	}
	o.mem = memString(in)
	return o
}

// ---- enumeration of choices ----

// chooser replays a prefix of choices and then picks the lowest value,
// recording every choice made; more than maxChoices marks the run cut.
type chooser struct {
	prefix []int64
	made   [][3]int64 // value, lo, hi
	cut    bool
}

const maxChoices = 10

func (c *chooser) choose(lo, hi int64) int64 {
	v := lo
	if i := len(c.made); i < len(c.prefix) {
		v = c.prefix[i]
	}
	if len(c.made) >= maxChoices {
		c.cut = true
	}
	c.made = append(c.made, [3]int64{v, lo, hi})
	return v
}

// next returns the prefix of the next run in depth-first order, or false.
func (c *chooser) next() ([]int64, bool) {
	made := c.made
	if len(made) > maxChoices {
		made = made[:maxChoices]
	}
	for i := len(made) - 1; i >= 0; i-- {
		if made[i][0] < made[i][2] {
			p := make([]int64, i+1)
			for j := range i {
				p[j] = made[j][0]
			}
			p[i] = made[i][0] + 1
			return p, true
		}
	}
	return nil, false
}

// ---- the test ----

var semHarness = &tests.Test{
	Name:    "sem",
	Init:    []tests.OpCall{{Name: "op0"}},
	Threads: [][]tests.OpCall{{{Name: "op1"}, {Name: "op0"}}},
}

const (
	maxRuns   = 256
	stepLimit = 50000
	// maxStmts keeps programs whose unrolling is large (nested loops in
	// called procedures in loops) out of the test: a straight-line run
	// executes each statement once, so this also bounds the run time.
	maxStmts = 20000
)

func TestSemantics(t *testing.T) {
	var stats struct {
		programs, runs, exceeded, setMode, spinLoops, stutterLoops, assignLoops, stuttered, incomplete, tooLarge int
		leftInTest, leftInMarked, withoutTestCaught                                                              int
	}
	for seed := uint64(1); seed <= 400; seed++ {
		spin := seed%3 == 0
		prog := genProgram(seed, spin)
		fixCalls(prog, seed)
		// The programs may read registers they never assign (which
		// lsl.Validate rejects and the C front end never produces):
		// inlining must still give a valid test, reading undefined.
		opts, ok := boundsFor(t, prog, seed)
		if !ok {
			stats.tooLarge++
			continue
		}
		r, err := UnrollWith(prog, semHarness, opts)
		if errors.As(err, new(*lsl.Error)) && strings.Contains(err.Error(), "unrolled code exceeds") {
			stats.tooLarge++
			continue
		}
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, prog)
		}
		if err := lsl.ValidateTest(r.Test); err != nil {
			t.Fatalf("seed %d: ValidateTest: %v", seed, err)
		}
		spinIDs, stutterIDs := map[string]bool{}, map[string]bool{}
		watched := map[string][]lsl.Reg{}
		assigns := map[string]bool{}
		for _, l := range r.Loops {
			watched[l.ID], assigns[l.ID] = l.Watched, l.Assigns
			if l.Spin {
				spinIDs[l.ID] = true
				stats.spinLoops++
			}
			if l.Stutter {
				stutterIDs[l.ID] = true
				stats.stutterLoops++
				if l.Assigns {
					stats.assignLoops++
				}
			}
		}
		bound := func(id string) refLoop {
			if spinIDs[id] {
				return refLoop{spin: true}
			}
			b, ok := opts.Bounds[id]
			if !ok {
				b = opts.DefaultBound
			}
			return refLoop{bound: b, stutter: stutterIDs[id], watched: watched[id], assigns: assigns[id]}
		}
		stats.programs++
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("seed %d: %s\nprogram:\n%s\nbounds %v default %d\nunrolled:\n%s", seed, fmt.Sprintf(format, args...), prog, opts.Bounds, opts.DefaultBound, r.Test)
		}
		if len(spinIDs) == 0 {
			// Runs align choice for choice.
			prefix, more := []int64(nil), true
			for n := 0; more && n < maxRuns; n++ {
				cr := &chooser{prefix: prefix}
				ref := runRef(prog, semHarness, bound, cr.choose)
				cu := &chooser{prefix: prefix}
				got := runTest(r.Test, lsl.InterpOptions{MaxSteps: stepLimit, Choose: func(s *lsl.Choose) int64 { return cu.choose(s.Lo, s.Hi) }})
				if ref.String() != got.String() {
					fail("choices %v:\noriginal %s\nunrolled %s", cr.made, ref, got)
				}
				if fmt.Sprint(cr.made) != fmt.Sprint(cu.made) {
					fail("choices differ: original %v, unrolled %v", cr.made, cu.made)
				}
				if ref.leftInTest {
					// without the exit test the run exceeds a bound
					stats.leftInTest++
					if ref.leftInMarked {
						stats.leftInMarked++
					}
					nt := opts
					nt.NoExitTest = true
					if rn, err := UnrollWith(prog, semHarness, nt); err == nil {
						cn := &chooser{prefix: prefix}
						if o := runTest(rn.Test, lsl.InterpOptions{MaxSteps: stepLimit, Choose: func(s *lsl.Choose) int64 { return cn.choose(s.Lo, s.Hi) }}); o.String() != ref.String() {
							stats.withoutTestCaught++
						}
					}
				}
				switch {
				case ref.stutter:
					stats.stuttered++
				case !strings.HasPrefix(ref.stop, "exceeded "):
					co := &chooser{prefix: prefix}
					if orig := runOriginal(prog, semHarness, co.choose); orig.String() != ref.String() {
						fail("reference evaluator disagrees with the lsl interpreter:\nreference %s\ninterp    %s", ref, orig)
					}
				default:
					stats.exceeded++
				}
				stats.runs++
				prefix, more = cr.next()
			}
			continue
		}
		// Outcome sets over all choice sequences.
		stats.setMode++
		refSet, ok1 := outcomeSet(func(c *chooser) outcome { return runRef(prog, semHarness, bound, c.choose) })
		gotSet, ok2 := outcomeSet(func(c *chooser) outcome {
			return runTest(r.Test, lsl.InterpOptions{MaxSteps: stepLimit, Choose: func(s *lsl.Choose) int64 { return c.choose(s.Lo, s.Hi) }})
		})
		if !ok1 || !ok2 {
			stats.incomplete++
			continue
		}
		if strings.Join(refSet, "\n") != strings.Join(gotSet, "\n") {
			fail("outcome sets differ:\noriginal:\n%s\nunrolled:\n%s", strings.Join(refSet, "\n"), strings.Join(gotSet, "\n"))
		}
	}
	t.Logf("%d programs, %d aligned runs (%d exceeding a bound), %d compared as outcome sets (%d spin loop instances), %d too many runs to enumerate, %d too large to unroll; %d loop instances under the stutter reduction (%d counting assignments), %d aligned runs removed by it; %d runs leaving a loop in its exit test after the last iteration (%d in a marked test), %d of which exceed a bound without that test",
		stats.programs, stats.runs, stats.exceeded, stats.setMode, stats.spinLoops, stats.incomplete, stats.tooLarge, stats.stutterLoops, stats.assignLoops, stats.stuttered, stats.leftInTest, stats.leftInMarked, stats.withoutTestCaught)
	if stats.exceeded == 0 || stats.runs-stats.exceeded == 0 || stats.setMode-stats.incomplete < 20 || stats.stutterLoops < 50 || stats.assignLoops < 10 || stats.stuttered == 0 || stats.withoutTestCaught == 0 || stats.leftInMarked == 0 {
		t.Errorf("the random programs do not exercise enough")
	}
}

// outcomeSet runs all choice sequences and returns the sorted outcomes of
// the runs that finish (not cut, not infeasible, not diverging); false if
// there are too many runs.
func outcomeSet(run func(*chooser) outcome) ([]string, bool) {
	set := map[string]bool{}
	prefix, more := []int64(nil), true
	for n := 0; more; n++ {
		if n == maxRuns {
			return nil, false
		}
		c := &chooser{prefix: prefix}
		o := run(c)
		if !c.cut && o.stop != "infeasible" && o.stop != "diverges" {
			set[o.String()] = true
		}
		prefix, more = c.next()
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out, true
}

// boundsFor picks a default bound and bounds for some instances, from the
// IDs a first unrolling reports.
func boundsFor(t *testing.T, prog *lsl.Program, seed uint64) (Options, bool) {
	r := rand.New(rand.NewPCG(seed, 99))
	opts := Options{DefaultBound: 1 + r.IntN(2), Bounds: Bounds{}, MaxStmts: maxStmts}
	first, err := UnrollWith(prog, semHarness, opts)
	if err != nil && strings.Contains(err.Error(), "unrolled code exceeds") {
		return opts, false
	}
	if err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, err, prog)
	}
	for _, l := range first.Loops {
		if r.IntN(2) == 0 {
			opts.Bounds[l.ID] = 1 + r.IntN(4)
		}
	}
	return opts, true
}
