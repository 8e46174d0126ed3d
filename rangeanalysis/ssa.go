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
	// The fixpoint's state of the statement: the sets of its registers
	// (looked up once), the versions of its inputs when last evaluated
	// (Result.unchanged), and for a load the length of the log of each
	// location it may read when it last read it (-1: no valid address).
	regs []*loggedSet
	seen []int
	read map[lsl.Value]int
}

// undefVersion is the version a register has before any assignment: it
// holds undefined only.
const undefVersion lsl.Reg = "\x00u"

// renamer puts a thread's invocations into SSA form. It keeps one map of
// current versions; each open block remembers, for every register
// redefined since it was entered, the version it had then (saved), so
// that a break needs only those registers and a join looks only at them.
type renamer struct {
	cur       map[lsl.Reg]lsl.Reg // register -> its current version
	reachable bool                // false after an unconditional break
	next      int                 // versions made
	open      []*openBlock        // innermost last
	inv       *lsl.Invocation
	out       []flatStmt
	// versions lists each register's versions; readUndef holds the
	// registers that may be read before any assignment. phis are the
	// versions made at joins, used those read.
	versions   map[lsl.Reg][]lsl.Reg
	readUndef  map[lsl.Reg]bool
	phis, used map[lsl.Reg]bool
}

// openBlock is a block being renamed.
type openBlock struct {
	label string
	// saved: the version each register redefined inside had at entry
	// (absent: it had none)
	saved map[lsl.Reg]version
	// breaks: at each break leaving the block, the versions of the
	// registers saved by then
	breaks []map[lsl.Reg]version
}

// version is a register's version on a path, or none.
type version struct {
	v  lsl.Reg
	ok bool
}

func newRenamer() *renamer {
	return &renamer{
		cur: map[lsl.Reg]lsl.Reg{}, reachable: true,
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

// set makes v the current version of r (deleting it if !v.ok), saving
// the version r had for each open block that has not saved it yet.
func (rn *renamer) set(r lsl.Reg, v version) {
	old, had := rn.cur[r]
	for i := len(rn.open) - 1; i >= 0; i-- {
		b := rn.open[i]
		if _, ok := b.saved[r]; ok {
			break // the enclosing blocks saved it too
		}
		b.saved[r] = version{old, had}
	}
	if v.ok {
		rn.cur[r] = v.v
	} else {
		delete(rn.cur, r)
	}
}

// def returns a fresh version of r, now current.
func (rn *renamer) def(r lsl.Reg) lsl.Reg {
	// short names: the fixpoint hashes them often
	rn.next++
	v := lsl.Reg("\x00" + strconv.Itoa(rn.next))
	rn.versions[r] = append(rn.versions[r], v)
	rn.set(r, version{v, true})
	return v
}

func (rn *renamer) emit(s, orig lsl.Stmt) {
	rn.out = append(rn.out, flatStmt{s: s, orig: orig, inv: rn.inv})
}

// body renames a body's statements in order.
func (rn *renamer) body(stmts []lsl.Stmt) {
	for _, s := range stmts {
		if !rn.reachable {
			return // after an unconditional break
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
		for i := len(rn.open) - 1; i >= 0; i-- {
			if b := rn.open[i]; b.label == s.Label {
				snap := make(map[lsl.Reg]version, len(b.saved))
				for r := range b.saved {
					v, ok := rn.cur[r]
					snap[r] = version{v, ok}
				}
				b.breaks = append(b.breaks, snap)
				break
			}
		}
		if s.Cond == "" {
			rn.reachable = false
		}
	case *lsl.Atomic:
		rn.body(s.Body)
	case *lsl.Block:
		b := &openBlock{label: s.Label, saved: map[lsl.Reg]version{}}
		rn.open = append(rn.open, b)
		rn.body(s.Body)
		rn.open = rn.open[:len(rn.open)-1]
		rn.join(s, b)
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

// join sets the versions after block b, from those of the paths that
// leave it (its breaks, and falling off its end if reachable). Only the
// registers redefined inside can differ: one with the same version on
// every path keeps it; one with several gets a phi version that each of
// them flows into.
func (rn *renamer) join(s *lsl.Block, b *openBlock) {
	fall := rn.reachable
	if !fall && len(b.breaks) == 0 {
		return // nothing leaves it: what follows is unreachable
	}
	rn.reachable = true
	for _, r := range slices.Sorted(maps.Keys(b.saved)) {
		entry := b.saved[r]
		var in []version
		add := func(v version) {
			if !slices.Contains(in, v) {
				in = append(in, v)
			}
		}
		for _, snap := range b.breaks {
			if v, ok := snap[r]; ok {
				add(v)
			} else {
				add(entry) // redefined only after this break
			}
		}
		if fall {
			v, ok := rn.cur[r]
			add(version{v, ok})
		}
		if len(in) == 1 {
			rn.set(r, in[0])
			continue
		}
		p := rn.def(r)
		rn.phis[p] = true
		for _, v := range in {
			src := v.v
			if !v.ok {
				src = undefVersion
			}
			rn.used[src] = true
			rn.emit(&lsl.Prim{Pos: s.Pos, Dst: p, Op: lsl.OpMov, Args: []lsl.Reg{src}}, nil)
		}
	}
}
