package rangeanalysis

import (
	"maps"
	"slices"
	"strconv"

	"checkfence/lsl"
)

// The fixpoint runs on each thread's code in SSA form: every assignment
// defines a version of its register of its own, and where paths with
// different versions meet (the end of a block that breaks leave), a new
// version receives each of them (a phi, written as movs into it). A
// flow-insensitive analysis of that code is as precise as a
// flow-sensitive one of the original: r = 0; r += 1; r += 10 gives r the
// values 0, 1 and 11, not every sum that += could make of them. A
// register's set (Result.Reg) is the union of the sets of its versions
// that a statement assigns or reads (a phi no statement reads adds
// nothing), with undefined if a read may find it unassigned: every value
// an execution can compute for the register, and no more than the memory
// sets let it compute, as the straight-line test has no back edges.

// flatStmt is one statement of the renamed code: a copy of a statement
// with versions for registers, or a phi's mov (orig nil).
type flatStmt struct {
	s    lsl.Stmt
	orig lsl.Stmt
	inv  *lsl.Invocation
}

// undefVersion is the version a register has before any assignment: it
// holds undefined only.
const undefVersion lsl.Reg = "\x00undefined"

// renamer puts a thread's invocations into SSA form.
type renamer struct {
	cur    map[lsl.Reg]lsl.Reg // register -> its current version; nil: unreachable
	n      map[lsl.Reg]int
	breaks map[string][]map[lsl.Reg]lsl.Reg
	inv    *lsl.Invocation
	out    []flatStmt
	// versions lists each register's versions; readUndef holds the
	// registers that may be read before any assignment. phis are the
	// versions made at joins, used those read.
	versions   map[lsl.Reg][]lsl.Reg
	readUndef  map[lsl.Reg]bool
	phis, used map[lsl.Reg]bool
}

func newRenamer() *renamer {
	return &renamer{
		cur: map[lsl.Reg]lsl.Reg{}, n: map[lsl.Reg]int{}, breaks: map[string][]map[lsl.Reg]lsl.Reg{},
		versions: map[lsl.Reg][]lsl.Reg{}, readUndef: map[lsl.Reg]bool{},
		phis: map[lsl.Reg]bool{}, used: map[lsl.Reg]bool{},
	}
}

// use returns the version of r that a statement reads.
func (rn *renamer) use(r lsl.Reg) lsl.Reg {
	if r == "" {
		return ""
	}
	if v, ok := rn.cur[r]; ok {
		rn.used[v] = true
		return v
	}
	rn.readUndef[r] = true
	return undefVersion
}

// def returns a fresh version of r, now current.
func (rn *renamer) def(r lsl.Reg) lsl.Reg {
	rn.n[r]++
	v := r + "\x00" + lsl.Reg(strconv.Itoa(rn.n[r]))
	rn.versions[r] = append(rn.versions[r], v)
	rn.cur[r] = v
	return v
}

func (rn *renamer) emit(s, orig lsl.Stmt) {
	rn.out = append(rn.out, flatStmt{s: s, orig: orig, inv: rn.inv})
}

// body renames a body's statements in order.
func (rn *renamer) body(stmts []lsl.Stmt) {
	for _, s := range stmts {
		if rn.cur == nil {
			return // unreachable: after an unconditional break
		}
		rn.stmt(s)
	}
}

func (rn *renamer) stmt(s lsl.Stmt) {
	switch s := s.(type) {
	case *lsl.Const:
		c := *s
		c.Dst = rn.def(s.Dst)
		rn.emit(&c, s)
	case *lsl.Prim:
		c := *s
		c.Args = make([]lsl.Reg, len(s.Args))
		for i, a := range s.Args {
			c.Args[i] = rn.use(a)
		}
		c.Dst = rn.def(s.Dst)
		rn.emit(&c, s)
	case *lsl.Load:
		c := *s
		c.Addr = rn.use(s.Addr)
		c.Dst = rn.def(s.Dst)
		rn.emit(&c, s)
	case *lsl.Store:
		c := *s
		c.Addr, c.Src = rn.use(s.Addr), rn.use(s.Src)
		rn.emit(&c, s)
	case *lsl.Choose:
		c := *s
		c.Dst = rn.def(s.Dst)
		rn.emit(&c, s)
	case *lsl.Alloc:
		c := *s
		c.Dst = rn.def(s.Dst)
		rn.emit(&c, s)
	case *lsl.Free:
		c := *s
		c.Addr = rn.use(s.Addr)
		rn.emit(&c, s)
	case *lsl.Break:
		rn.use(s.Cond)
		rn.breaks[s.Label] = append(rn.breaks[s.Label], clone(rn.cur))
		if s.Cond == "" {
			rn.cur = nil
		}
	case *lsl.Atomic:
		rn.body(s.Body)
	case *lsl.Block:
		saved := rn.breaks[s.Label]
		rn.breaks[s.Label] = nil
		rn.body(s.Body)
		outs := rn.breaks[s.Label]
		rn.breaks[s.Label] = saved
		if rn.cur != nil {
			outs = append(outs, rn.cur)
		}
		rn.join(s, outs)
	case *lsl.Call, *lsl.Continue, *lsl.ThreadID:
		rn.emit(s, s) // the analysis refuses it
	default:
		// assumptions, assertions, observations: they assign nothing,
		// but what they read counts (used versions, undefined reads)
		for _, r := range lsl.Uses(s) {
			rn.use(r)
		}
	}
}

// clone copies a version map: a break keeps the map it saw.
func clone(m map[lsl.Reg]lsl.Reg) map[lsl.Reg]lsl.Reg {
	if m == nil {
		return nil
	}
	c := make(map[lsl.Reg]lsl.Reg, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// join makes the version map after block b from those of the paths that
// leave it: a register with one version on every path keeps it; one with
// several gets a phi version that each of them flows into.
func (rn *renamer) join(b *lsl.Block, outs []map[lsl.Reg]lsl.Reg) {
	if len(outs) == 0 {
		rn.cur = nil
		return
	}
	regs := map[lsl.Reg]bool{}
	for _, o := range outs {
		for r := range o {
			regs[r] = true
		}
	}
	cur := map[lsl.Reg]lsl.Reg{}
	rn.cur = cur // def sets the phi versions in it
	for _, r := range slices.Sorted(maps.Keys(regs)) {
		var in []lsl.Reg
		for _, o := range outs {
			v, ok := o[r]
			if !ok {
				v = undefVersion
			}
			if !slices.Contains(in, v) {
				in = append(in, v)
			}
		}
		if len(in) == 1 {
			cur[r] = in[0]
			continue
		}
		p := rn.def(r)
		rn.phis[p] = true
		for _, v := range in {
			rn.used[v] = true
			rn.emit(&lsl.Prim{Pos: b.Pos, Dst: p, Op: lsl.OpMov, Args: []lsl.Reg{v}}, nil)
		}
	}
}
