package lsl

import (
	"math"
	"math/rand/v2"
	"slices"
)

// randGen makes random programs and tests for the round-trip tests and the
// fuzz corpus. Its output is in the form Parse produces (nil for empty lists and
// scalar shapes without a size, &Shape{} for scalar array elements), so that a parsed copy
// can be compared with reflect.DeepEqual.
//
// A valid generator makes programs that Validate accepts; an invalid one
// also makes anything the text format can still express (wrong arities,
// bad types, unknown labels and procedures, empty names), which exercises
// the printer and parser on what a faulty front end could produce.
type randGen struct {
	r        *rand.Rand
	valid    bool
	straight bool   // generating a Test body: no call, continue or threadid
	file     string // the file most positions name
	sigs     []genSig
}

type genSig struct {
	name            string
	params, results int
}

func newRandGen(seed uint64, valid bool) *randGen {
	g := &randGen{r: rand.New(rand.NewPCG(seed, 0x5eed)), valid: valid}
	g.file = g.pick("", "queue.c", "dir/a b.c", "q\"uote.c")
	return g
}

// genNames mixes plain identifiers, keywords of the text format (legal as
// registers and labels) and names that must be quoted.
var genNames = []string{
	"r1", "r2", "r3", "a", "b", "tmp", "x.y", "n#2", "v$1", "_", "node",
	"store", "load", "if", "noreuse", "word", "undefined", "break", "continue",
	"atomic", "value", "fence", "free", "observe", "op", "global", "proc", "mov",
	"a b", "1x", "é", "\xff", "\"q\"", "tab\there", "back`tick", "-1", "a:b", "x@y",
}

func (g *randGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }
func (g *randGen) chance(n int) bool        { return g.r.IntN(n) == 0 }

// name returns a random name; empty names only from an invalid generator.
func (g *randGen) name() string {
	if !g.valid && g.chance(30) {
		return ""
	}
	return genNames[g.r.IntN(len(genNames))]
}

func (g *randGen) reg() Reg { return Reg(g.name()) }

func (g *randGen) regs(n int) []Reg {
	var rs []Reg
	for range n {
		rs = append(rs, g.reg())
	}
	return rs
}

// freshNames returns n distinct names.
func (g *randGen) freshNames(n int) []string {
	var out []string
	for len(out) < n {
		s := g.name()
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func (g *randGen) int() int64 {
	switch g.r.IntN(6) {
	case 0:
		return g.r.Int64()
	case 1:
		return -g.r.Int64N(1000)
	case 2:
		if g.chance(2) {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return g.r.Int64N(20)
}

func (g *randGen) pos() Pos {
	if g.chance(3) {
		return Pos{}
	}
	file := g.file
	if g.chance(4) {
		file = g.pick("", "other.h", "queue.c", "x\ny.c")
	}
	return Pos{File: file, Line: 1 + g.r.IntN(500), Col: g.r.IntN(80)}
}

func (g *randGen) value() Value {
	switch g.r.IntN(4) {
	case 0:
		return Undefined
	case 1:
		return Int(g.int())
	}
	offs := make([]int64, g.r.IntN(4))
	for i := range offs {
		offs[i] = g.int()
	}
	return Ptr(g.int(), offs...)
}

// shape returns a random shape; a scalar (nil, or sized) at the leaves.
// Half of the shapes have byte sizes and offsets, as the C front end
// gives them.
func (g *randGen) shape(depth int) *Shape {
	if depth > 2 {
		return g.scalar()
	}
	switch g.r.IntN(3) {
	case 0:
		return g.scalar()
	case 1:
		elem := g.shape(depth + 1)
		if elem == nil {
			elem = &Shape{}
		}
		return &Shape{Elem: elem, Len: g.r.Int64N(5), Size: g.size()}
	}
	fields := []Field{}
	for _, n := range g.freshNames(g.r.IntN(4)) {
		f := Field{Name: n, Shape: g.shape(depth + 1)}
		if g.chance(2) {
			f.Off, f.Size = g.r.Int64N(64), 1+g.r.Int64N(8)
		}
		fields = append(fields, f)
	}
	return &Shape{Fields: fields, Size: g.size()}
}

// scalar returns nil or a scalar shape with a size.
func (g *randGen) scalar() *Shape {
	if n := g.size(); n != 0 {
		return &Shape{Size: n}
	}
	return nil
}

// size returns 0 (unknown) or a byte size.
func (g *randGen) size() int64 {
	if g.chance(2) {
		return 0
	}
	return 1 + g.r.Int64N(64)
}

func (g *randGen) globals() []*Global {
	var gs []*Global
	for _, n := range g.freshNames(g.r.IntN(4)) {
		gl := &Global{Pos: g.pos(), Name: n, Shape: g.shape(0)}
		if g.valid {
			gl.Base = int64(len(gs)*3 + 1 + g.r.IntN(3))
		} else {
			gl.Base = g.int()
		}
		// Initial values are of words of the global: the text format
		// has no way to write others.
		for range g.r.IntN(3) {
			if offs, ok := g.word(gl.Shape); ok {
				gl.Init = append(gl.Init, InitVal{Offsets: offs, Val: g.value()})
			}
		}
		gs = append(gs, gl)
	}
	return gs
}

// word returns the offsets of a random word of a block of shape s, or
// false if s has none (an empty struct or array).
func (g *randGen) word(s *Shape) ([]int64, bool) {
	ws := s.words(nil, 0, 0, nil)
	if len(ws) == 0 {
		return nil, false
	}
	return ws[g.r.IntN(len(ws))].path, true
}

// program returns a random program.
func (g *randGen) program() *Program {
	p := &Program{Globals: g.globals()}
	for _, n := range g.freshNames(1 + g.r.IntN(3)) {
		g.sigs = append(g.sigs, genSig{n, g.r.IntN(3), g.r.IntN(3)})
	}
	for _, s := range g.sigs {
		proc := &Proc{Pos: g.pos(), Name: s.name}
		params := g.freshNames(s.params)
		for _, n := range params {
			proc.Params = append(proc.Params, Reg(n))
		}
		proc.Results = g.regs(s.results)
		proc.Body = g.body(0, nil)
		if g.valid {
			proc.Body = g.defineReads(proc.Body, proc.Params)
		}
		p.Procs = append(p.Procs, proc)
	}
	return p
}

// test returns a random test in straight-line form.
func (g *randGen) test() *Test {
	g.straight = true
	t := &Test{Name: g.name(), Globals: g.globals()}
	for _, n := range g.freshNames(g.r.IntN(3)) {
		loc := FinalLoc{Pos: g.pos(), Name: n, Addr: g.value()}
		if g.valid {
			if len(t.Globals) == 0 {
				break
			}
			gl := t.Globals[g.r.IntN(len(t.Globals))]
			offs, ok := g.word(gl.Shape)
			if !ok {
				continue
			}
			loc.Addr = Ptr(gl.Base, offs...)
		}
		t.Final = append(t.Final, loc)
	}
	t.Init = g.thread()
	for range g.r.IntN(4) {
		t.Threads = append(t.Threads, g.thread())
	}
	return t
}

func (g *randGen) thread() []*Invocation {
	var invs []*Invocation
	for range g.r.IntN(4) {
		invs = append(invs, &Invocation{Pos: g.pos(), Op: g.name(), Body: g.body(0, nil)})
	}
	if g.valid && len(invs) > 0 {
		// Registers are per thread: a read in one invocation may be
		// defined in another.
		var all []Stmt
		for _, inv := range invs {
			all = append(all, &Atomic{Body: inv.Body})
		}
		fixed := g.defineReads(all, nil)
		if defs := fixed[:len(fixed)-len(all)]; len(defs) > 0 {
			invs[0].Body = append(defs, invs[0].Body...)
		}
	}
	return invs
}

// defineReads prepends constants for the registers body reads but never
// assigns, so that Validate accepts it.
func (g *randGen) defineReads(body []Stmt, params []Reg) []Stmt {
	assigned := map[Reg]bool{}
	for _, r := range params {
		assigned[r] = true
	}
	var reads []Reg
	Walk(body, func(s Stmt) bool {
		switch s := s.(type) {
		case *Const:
			assigned[s.Dst] = true
		case *Prim:
			assigned[s.Dst] = true
			reads = append(reads, s.Args...)
		case *Load:
			assigned[s.Dst] = true
			reads = append(reads, s.Addr)
		case *Store:
			reads = append(reads, s.Addr, s.Src)
		case *Call:
			for _, r := range s.Results {
				assigned[r] = true
			}
			reads = append(reads, s.Args...)
		case *Break:
			reads = append(reads, s.Cond)
		case *Continue:
			reads = append(reads, s.Cond)
		case *Assert:
			reads = append(reads, s.Cond)
		case *Assume:
			reads = append(reads, s.Cond)
		case *Observe:
			reads = append(reads, s.Val)
		case *Alloc:
			assigned[s.Dst] = true
		case *Free:
			reads = append(reads, s.Addr)
		case *Choose:
			assigned[s.Dst] = true
		case *ThreadID:
			assigned[s.Dst] = true
		}
		return true
	})
	var defs []Stmt
	for _, r := range reads {
		if r != "" && !assigned[r] {
			assigned[r] = true
			defs = append(defs, &Const{Pos: g.pos(), Dst: r, Val: g.value()})
		}
	}
	return append(defs, body...)
}

// body returns up to 6 random statements; labels are the enclosing blocks'.
func (g *randGen) body(depth int, labels []string) []Stmt {
	var body []Stmt
	for range g.r.IntN(7) {
		body = append(body, g.stmt(depth, labels))
	}
	return body
}

// The statement kinds randGen makes, for choosing one and for checking
// that a corpus covers them all.
const (
	gsConst = iota
	gsPrim
	gsLoad
	gsStore
	gsFence
	gsAtomic
	gsCall
	gsBlock
	gsBreak
	gsContinue
	gsAssert
	gsAssume
	gsObserve
	gsAlloc
	gsFree
	gsChoose
	gsThreadID
	gsBoundExceeded
	gsNumKinds
)

var genFenceKinds = []FenceKind{LoadLoad, LoadStore, StoreLoad, StoreStore, Full}

var genIntTypes = []IntType{I8, U8, I16, U16, I32, U32, I64, U64}

func (g *randGen) stmt(depth int, labels []string) Stmt {
	for {
		k := g.r.IntN(gsNumKinds)
		if depth >= 3 && (k == gsAtomic || k == gsBlock) {
			continue
		}
		if g.valid && (k == gsBreak || k == gsContinue) && len(labels) == 0 {
			continue
		}
		if g.valid && g.straight && (k == gsCall || k == gsContinue || k == gsThreadID) {
			continue
		}
		return g.stmtOf(k, depth, labels)
	}
}

func (g *randGen) stmtOf(k, depth int, labels []string) Stmt {
	pos := g.pos()
	switch k {
	case gsConst:
		return &Const{Pos: pos, Dst: g.reg(), Val: g.value()}
	case gsPrim:
		op := OpCode(1 + g.r.IntN(int(numOps)-1))
		s := &Prim{Pos: pos, Dst: g.reg(), Op: op, Args: g.regs(op.Arity())}
		if op.Typed() {
			s.Type = genIntTypes[g.r.IntN(len(genIntTypes))]
		}
		if !g.valid && g.chance(4) {
			s.Args = g.regs(g.r.IntN(4))
			s.Type = IntType{Bits: uint8(g.r.IntN(256)), Signed: g.chance(2)}
		}
		return s
	case gsLoad:
		return &Load{Pos: pos, Dst: g.reg(), Addr: g.reg(), Unsigned: g.chance(4)}
	case gsStore:
		return &Store{Pos: pos, Addr: g.reg(), Src: g.reg(), Unsigned: g.chance(4)}
	case gsFence:
		f := &Fence{Pos: pos, Kind: genFenceKinds[g.r.IntN(len(genFenceKinds))]}
		if g.r.IntN(3) == 0 {
			// A fence of the C11 mapping: on some models only, maybe
			// part of an operation's order.
			f.Only = []string{"tso", "pso", "relaxed"}[:1+g.r.IntN(3)]
			f.Implied = g.r.IntN(2) == 0
		}
		return f
	case gsAtomic:
		a := &Atomic{Pos: pos, Body: g.body(depth+1, labels), NoFence: g.chance(3)}
		if g.valid {
			// a nested block has the outer's nofence
			Walk(a.Body, func(s Stmt) bool {
				if b, ok := s.(*Atomic); ok {
					b.NoFence = a.NoFence
				}
				return true
			})
		}
		return a
	case gsCall:
		if g.valid {
			s := g.sigs[g.r.IntN(len(g.sigs))]
			return &Call{Pos: pos, Proc: s.name, Args: g.regs(s.params), Results: g.regs(s.results)}
		}
		return &Call{Pos: pos, Proc: g.name(), Args: g.regs(g.r.IntN(3)), Results: g.regs(g.r.IntN(3))}
	case gsBlock:
		label := g.name()
		for g.valid && (label == "" || slices.Contains(labels, label)) {
			label = g.name()
		}
		inner := append(labels[:len(labels):len(labels)], label)
		return &Block{Pos: pos, Label: label, Body: g.body(depth+1, inner)}
	case gsBreak, gsContinue:
		label := g.name()
		if g.valid || g.chance(2) && len(labels) > 0 {
			label = labels[g.r.IntN(len(labels))]
		}
		var cond Reg
		if g.chance(2) {
			cond = g.reg()
		}
		if k == gsBreak {
			return &Break{Pos: pos, Cond: cond, Label: label, LoopTest: g.chance(4)}
		}
		return &Continue{Pos: pos, Cond: cond, Label: label}
	case gsAssert:
		return &Assert{Pos: pos, Cond: g.reg()}
	case gsAssume:
		return &Assume{Pos: pos, Cond: g.reg()}
	case gsObserve:
		s := &Observe{Pos: pos, Kind: ObsKind(g.r.IntN(3)), Name: g.name()}
		if s.Kind != ObsLabel || !g.valid && g.chance(3) {
			s.Val = g.reg()
		}
		return s
	case gsAlloc:
		s := &Alloc{Pos: pos, Dst: g.reg(), Size: g.r.Int64N(64), Shape: g.shape(0), NoReuse: g.chance(2)}
		if !g.valid && g.chance(3) {
			s.Size = g.int()
		}
		return s
	case gsFree:
		return &Free{Pos: pos, Addr: g.reg(), Kind: FreeKind(g.r.IntN(3))}
	case gsChoose:
		lo, hi := g.int(), g.int()
		if g.valid && lo > hi {
			lo, hi = hi, lo
		}
		return &Choose{Pos: pos, Dst: g.reg(), Lo: lo, Hi: hi}
	case gsThreadID:
		return &ThreadID{Pos: pos, Dst: g.reg()}
	}
	return &BoundExceeded{Pos: pos, Loop: g.name()}
}
