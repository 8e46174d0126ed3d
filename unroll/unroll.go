package unroll

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"checkfence/lsl"
	"checkfence/tests"
)

// Bounds maps a loop instance's ID to the number of iterations to unroll
// it to. Instances not in the map get the default bound.
type Bounds map[string]int

// Options controls Unroll.
type Options struct {
	Bounds Bounds
	// DefaultBound is the bound of instances not in Bounds; 0 means 1, the
	// paper's first round of lazy unrolling.
	DefaultBound int
	// NoSpinReduction unrolls spin loops like any other loop.
	NoSpinReduction bool
	// NoExitTest leaves out the exit test after a loop's last iteration
	// (exitTest): a while loop of n iterations then needs bound n+1. For
	// tests of the unroller only.
	NoExitTest bool
	// NoStutterReduction keeps the executions in which an iteration
	// that changes nothing is followed by another.
	NoStutterReduction bool
	// MaxStmts bounds the size of the unrolled code, which grows with the
	// product of nested bounds; 0 means DefaultMaxStmts.
	MaxStmts int
	// Context, if set, stops the unrolling when it ends (its error is
	// returned): a deep nest of calls or loops takes seconds to expand.
	Context context.Context
}

// DefaultMaxStmts is the size limit when Options.MaxStmts is 0.
const DefaultMaxStmts = 1 << 21

// ctxCheckEvery is how many statements go between two looks at
// Options.Context.
const ctxCheckEvery = 1024

// maxDepth bounds the nesting of blocks and calls being expanded, so that a
// hostile program cannot exhaust the stack.
const maxDepth = 2000

// Result is the unrolled test and what was done to get it.
type Result struct {
	Test *lsl.Test
	// Loops lists the loop instances met, in program order (an enclosing
	// loop before the instances inside it).
	Loops []Loop
	Stats Stats
}

// Loop is one loop instance.
type Loop struct {
	ID  string
	Pos lsl.Pos // of the loop's block
	// Thread names the thread the instance runs in ("t0"; "init" for
	// the initialisation). Site is its ID without the thread and
	// operation instance ("e/enqueue/while1@q.c:61:5"): the instances of
	// one thread with one site are the same loop, reached the same way,
	// in different invocations.
	Thread, Site string
	Bound        int  // the iterations unrolled (1 for a spin loop)
	Spin         bool // reduced to its last iteration; has no BoundExceeded
	// Stutter: an iteration that changes nothing is not followed by
	// another (see the package documentation). Watched lists the
	// registers of the loop's procedure that an iteration must leave as
	// it found them to change nothing: with Assigns (a loop that is not a
	// retry loop), it must assign none of them; otherwise each must end
	// with the value it had at the iteration's start.
	Stutter bool
	Watched []lsl.Reg
	Assigns bool
}

// Stats measures the unrolled code as the paper's Fig. 10 does.
type Stats struct {
	// Instrs counts every statement except labelled and atomic blocks
	// (whose contents are counted instead) and BoundExceeded markers.
	Instrs int
	Loads  int
	Stores int
}

// Loop returns the instance called id.
func (r *Result) Loop(id string) (Loop, bool) {
	for _, l := range r.Loops {
		if l.ID == id {
			return l, true
		}
	}
	return Loop{}, false
}

// Unroll inlines and unrolls the operations of t, with the loop bounds
// given (1 for instances not in bounds). Errors are *lsl.Error with the
// position of the offending call, operation or statement.
func Unroll(prog *lsl.Program, t *tests.Test, bounds Bounds) (*Result, error) {
	return UnrollWith(prog, t, Options{Bounds: bounds})
}

// UnrollWith is Unroll with options.
func UnrollWith(prog *lsl.Program, t *tests.Test, opts Options) (*Result, error) {
	if prog == nil {
		return nil, lsl.Errorf(lsl.Pos{}, "nil program")
	}
	if t == nil {
		return nil, lsl.Errorf(lsl.Pos{}, "nil test")
	}
	if opts.DefaultBound == 0 {
		opts.DefaultBound = 1
	}
	if opts.DefaultBound < 1 {
		return nil, lsl.Errorf(t.Pos, "default loop bound %d is less than 1", opts.DefaultBound)
	}
	if opts.MaxStmts <= 0 {
		opts.MaxStmts = DefaultMaxStmts
	}
	u := &unroller{
		opts:  opts,
		procs: map[string]*lsl.Proc{},
		infos: map[*lsl.Proc]*procInfo{},
		pure:  map[*lsl.Proc]purity{},
		ids:   newNamer(),
		res:   &Result{},

		auxStmts:  map[lsl.Stmt]bool{},
		storeBack: map[*lsl.Store]lsl.Reg{},
	}
	for _, p := range prog.Procs {
		if p == nil {
			return nil, lsl.Errorf(lsl.Pos{}, "nil procedure")
		}
		if _, dup := u.procs[p.Name]; dup {
			return nil, lsl.Errorf(p.Pos, "duplicate procedure %s", p.Name)
		}
		u.procs[p.Name] = p
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Free); ok && f.Kind == lsl.FreeUnsafe {
				u.unsafeFrees = true
			}
			return true
		})
	}
	test := &lsl.Test{Name: t.Name}
	copies := threadLocalCopies(prog.Globals, len(t.Threads))
	for _, g := range prog.Globals {
		if g.ThreadLocal {
			c := *g
			c.ThreadLocal = false // init's copy
			g = &c
		}
		test.Globals = append(test.Globals, g)
	}
	for _, cs := range copies {
		test.Globals = append(test.Globals, cs.globals...)
	}
	var err error
	if test.Init, err = u.thread("init", 0, t.Init); err != nil {
		return nil, err
	}
	for i, th := range t.Threads {
		u.threadLocal = copies[i].bases
		invs, err := u.thread("t"+strconv.Itoa(i), i, th)
		if err != nil {
			return nil, err
		}
		test.Threads = append(test.Threads, invs)
	}
	// The front end's mistakes that inlining passes through unchanged (an
	// invalid operation, a register never assigned) are caught here, so
	// the encoder only ever sees valid tests.
	if err := lsl.ValidateTest(test); err != nil {
		return nil, err
	}
	u.res.Test = test
	u.res.Stats = measure(test, u.auxStmts)
	return u.res, nil
}

// threadCopies are the copies of the thread-local globals one thread
// gets, and the map from each original base to its copy's.
type threadCopies struct {
	globals []*lsl.Global
	bases   map[int64]int64
}

// threadLocalCopies gives each of n threads a copy of every thread-local
// global, at bases above all of the program's (a copy's name is the
// global's with the thread: count.t1). Init keeps the program's global.
// The copies start from the global's initial values, as each thread's
// object does in C; an address taken in a thread is that thread's copy's,
// which other threads may then use, as in C.
func threadLocalCopies(globals []*lsl.Global, n int) []threadCopies {
	next := int64(1)
	for _, g := range globals {
		next = max(next, g.Base+1)
	}
	out := make([]threadCopies, n)
	for i := range out {
		out[i].bases = map[int64]int64{}
		for _, g := range globals {
			if !g.ThreadLocal {
				continue
			}
			c := *g
			c.ThreadLocal = false
			c.Name = g.Name + ".t" + strconv.Itoa(i)
			c.Base = next
			next++
			out[i].globals = append(out[i].globals, &c)
			out[i].bases[g.Base] = c.Base
		}
	}
	return out
}

func measure(t *lsl.Test, aux map[lsl.Stmt]bool) Stats {
	var st Stats
	count := func(invs []*lsl.Invocation) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if aux[s] {
					return false
				}
				switch s.(type) {
				case *lsl.Block, *lsl.Atomic, *lsl.BoundExceeded:
					return true
				case *lsl.Load:
					st.Loads++
				case *lsl.Store:
					st.Stores++
				}
				st.Instrs++
				return true
			})
		}
	}
	count(t.Init)
	for _, th := range t.Threads {
		count(th)
	}
	return st
}

type purity uint8

const (
	purityUnknown purity = iota
	purityPending        // being computed: a recursive call, never pure
	purityPure
	purityImpure
)

type unroller struct {
	opts Options
	// unsafeFrees: the program has a free after which an access to the
	// block is an error (lsl.FreeUnsafe); spin loops are then not
	// reduced (isSpin).
	unsafeFrees bool
	procs       map[string]*lsl.Proc
	infos       map[*lsl.Proc]*procInfo
	pure        map[*lsl.Proc]purity
	ids         *namer
	res         *Result
	nstmts      int
	steps       int // statements expanded, for the looks at the context
	// auxStmts holds the statements the reductions add, which Stats
	// does not count.
	auxStmts map[lsl.Stmt]bool
	// storeBack maps the stores of atomic blocks that may store back
	// what their block read to the loaded register (storeBacks).
	storeBack map[*lsl.Store]lsl.Reg

	// Per thread.
	threadIndex int
	// threadLocal maps the base of each thread-local global to the base
	// of this thread's copy (nil for init, which has the program's).
	threadLocal map[int64]int64
	regs        *namer

	// Per invocation.
	labels *namer
	calls  []*lsl.Proc // the procedures being inlined, outermost first
	depth  int
	// inlined: lsl.Invocation.Inlined of the invocation.
	inlined map[lsl.Stmt][]lsl.CallSite
}

// scope is the context of the code being expanded: which inlined
// instance, which iterations, which blocks enclose it.
type scope struct {
	info *procInfo
	// inst identifies the inlined instance, for register names: the
	// invocation and the quoted segments of the calls (quoted strings
	// delimit themselves, so no two call paths share an inst).
	inst      string
	regPrefix string // "e0.f": register names of the instance
	lblPrefix string // "e0.outer#2.f": label names here
	idPath    string // "t0.e0/op/outer#2/f": loop IDs here
	thread    string // "t0"
	opPrefix  string // "t0.e0/": what idPath starts with
	jumps     []*jump
	// effects holds the registers that record, for each enclosing
	// loop iteration under the stutter reduction, that it has changed
	// something: each store, alloc, free and observation sets them.
	effects []lsl.Reg
	// assigns holds the enclosing loops under the stutter reduction
	// whose iterations change something by assigning a watched register.
	assigns []assignWatch
	// sites are the calls inlined here, outermost first.
	sites []lsl.CallSite
}

// assignWatch is a loop whose iteration changes something when it
// assigns one of regs (source registers of the inlined instance inst),
// recorded in effect.
type assignWatch struct {
	inst   string
	regs   map[lsl.Reg]bool
	effect lsl.Reg
}

// jump says what a break or continue of a source label becomes.
type jump struct {
	label string // the source label
	brk   string // the emitted block a break leaves
	// For a loop: the emitted block a continue leaves (the current
	// iteration), or for a spin loop the register that holds "the
	// continue is not taken".
	cont string
	spin bool
	stop lsl.Reg
	// For a loop under the stutter reduction: the register that holds
	// "this iteration has changed something", and the registers to
	// compare with their copies from the iteration's start (watched[i]
	// with saved[i]).
	effect         lsl.Reg
	watched, saved []lsl.Reg
}

func (sc *scope) with(j *jump, lblPrefix, idPath string) *scope {
	c := *sc
	c.jumps = append(sc.jumps[:len(sc.jumps):len(sc.jumps)], j)
	c.lblPrefix, c.idPath = lblPrefix, idPath
	return &c
}

func (sc *scope) find(label string) *jump {
	for i := len(sc.jumps) - 1; i >= 0; i-- {
		if sc.jumps[i].label == label {
			return sc.jumps[i]
		}
	}
	return nil
}

func (u *unroller) info(p *lsl.Proc) *procInfo {
	if info, ok := u.infos[p]; ok {
		return info
	}
	info := newProcInfo(p)
	u.infos[p] = info
	return info
}

// isPure reports whether procedure p, with all it calls, has no side
// effect, assertion or loop.
func (u *unroller) isPure(p *lsl.Proc) bool {
	switch u.pure[p] {
	case purityPure:
		return true
	case purityImpure, purityPending:
		return false
	}
	u.pure[p] = purityPending
	ok := pureBody(p.Body, u.pureCall)
	if ok {
		u.pure[p] = purityPure
	} else {
		u.pure[p] = purityImpure
	}
	return ok
}

func (u *unroller) pureCall(c *lsl.Call) bool {
	p := u.procs[c.Proc]
	return p != nil && u.isPure(p)
}

// stutterAnyLoop applies the stutter reduction without comparing the
// registers an iteration leaves to the next: a wrong reduction, for the
// tests to show they catch it.
var stutterAnyLoop = false

// assignsUnrecorded applies the stutter reduction to loops whose
// iterations change something by assigning a watched register, without
// recording those assignments: a wrong reduction, for the tests to show
// they catch it.
var assignsUnrecorded = false

// storeBackAnyValue counts every store of a read-modify-write as storing
// back what it read, whatever it stores: a wrong reduction, for the tests
// to show they catch it.
var storeBackAnyValue = false

// stutter reports whether loop b is under the stutter reduction, which
// registers it watches, and whether an assignment of one is a change
// (stutterWatched).
func (u *unroller) stutter(info *procInfo, b *lsl.Block) (bool, []lsl.Reg, bool) {
	if u.opts.NoStutterReduction {
		return false, nil, false
	}
	if stutterAnyLoop {
		return true, nil, false
	}
	s, ok := info.stutter[b]
	if !ok {
		s, info.watched[b], info.assigns[b] = stutterWatched(info, b)
		info.stutter[b] = s
	}
	return s, info.watched[b], info.assigns[b]
}

func (u *unroller) isSpin(info *procInfo, b *lsl.Block) bool {
	// A spinning iteration may read a block freed meanwhile: a use after
	// free, which keeping only the last iteration would lose. With such
	// frees the loop is unrolled, and its iterations that change nothing
	// fall to the stutter reduction, which keeps a faulting one.
	if u.opts.NoSpinReduction || u.unsafeFrees {
		return false
	}
	s, ok := info.spin[b]
	if !ok {
		s = spinLoop(info.proc, b, u.pureCall)
		info.spin[b] = s
	}
	return s
}

// thread expands the operation calls of one thread (or of init).
func (u *unroller) thread(name string, index int, ops []tests.OpCall) ([]*lsl.Invocation, error) {
	u.threadIndex = index
	u.regs = newNamer()
	var invs []*lsl.Invocation
	for k, oc := range ops {
		p := u.procs[oc.Name]
		if p == nil {
			return nil, lsl.Errorf(oc.Pos, "unknown operation %s", oc.Name)
		}
		if len(p.Params) > 0 {
			return nil, lsl.Errorf(oc.Pos, "operation %s: %d parameters, want 0", oc.Name, len(p.Params))
		}
		u.labels = newNamer()
		u.inlined = nil
		u.calls = []*lsl.Proc{p}
		u.depth = 0
		e := "e" + strconv.Itoa(k)
		op := name + "." + e + "/"
		sc := &scope{info: u.info(p), inst: e, regPrefix: e, lblPrefix: e, idPath: op + p.Name, thread: name, opPrefix: op}
		body := u.resets(sc, p, sc.info.readResets)
		rest, err := u.body(p.Body, sc)
		if err != nil {
			return nil, err
		}
		invs = append(invs, &lsl.Invocation{Pos: oc.Pos, Op: oc.Name, Body: append(body, rest...), Inlined: u.inlined})
	}
	return invs, nil
}

// reg renames register r of the instance sc.
func (u *unroller) reg(sc *scope, r lsl.Reg) lsl.Reg {
	if r == "" {
		return "" // no register: an unconditional jump, a label observation
	}
	type regKey struct {
		inst string
		reg  lsl.Reg
	}
	return lsl.Reg(u.regs.name(regKey{sc.inst, r}, sc.regPrefix+"."+string(r)))
}

func (u *unroller) regList(sc *scope, rs []lsl.Reg) []lsl.Reg {
	if rs == nil {
		return nil
	}
	out := make([]lsl.Reg, len(rs))
	for i, r := range rs {
		out[i] = u.reg(sc, r)
	}
	return out
}

// resets sets the registers rs of a fresh frame to undefined.
func (u *unroller) resets(sc *scope, p *lsl.Proc, rs []lsl.Reg) []lsl.Stmt {
	var out []lsl.Stmt
	for _, r := range rs {
		out = append(out, &lsl.Const{Pos: p.Pos, Dst: u.reg(sc, r), Val: lsl.Undefined})
	}
	u.nstmts += len(out)
	return out
}

func (u *unroller) body(stmts []lsl.Stmt, sc *scope) ([]lsl.Stmt, error) {
	u.depth++
	defer func() { u.depth-- }()
	var out []lsl.Stmt
	for _, s := range stmts {
		if isNil(s) {
			return nil, lsl.Errorf(sc.info.proc.Pos, "%s: nil statement", sc.info.proc.Name)
		}
		if u.depth > maxDepth {
			return nil, lsl.Errorf(s.Position(), "blocks and calls nested deeper than %d", maxDepth)
		}
		if u.nstmts > u.opts.MaxStmts {
			return nil, lsl.Errorf(s.Position(), "unrolled code exceeds %d statements", u.opts.MaxStmts)
		}
		if u.steps++; u.steps%ctxCheckEvery == 0 && u.opts.Context != nil {
			if err := u.opts.Context.Err(); err != nil {
				return nil, err
			}
		}
		ss, err := u.stmt(s, sc)
		if err != nil {
			return nil, err
		}
		out = append(out, ss...)
	}
	return out, nil
}

// stmt returns the expansion of s.
func (u *unroller) stmt(s lsl.Stmt, sc *scope) ([]lsl.Stmt, error) {
	r := func(x lsl.Reg) lsl.Reg { return u.reg(sc, x) }
	var out lsl.Stmt
	switch s := s.(type) {
	case *lsl.Const:
		v := s.Val
		if b, ok := u.threadLocal[v.Base()]; ok && v.IsPtr() {
			v = lsl.Ptr(b, v.Offsets()...) // this thread's copy
		}
		out = &lsl.Const{Pos: s.Pos, Dst: r(s.Dst), Val: v}
	case *lsl.Prim:
		out = &lsl.Prim{Pos: s.Pos, Dst: r(s.Dst), Op: s.Op, Type: s.Type, Args: u.regList(sc, s.Args)}
	case *lsl.Load:
		out = &lsl.Load{Pos: s.Pos, Dst: r(s.Dst), Addr: r(s.Addr), Unsigned: s.Unsigned}
	case *lsl.Store:
		out = &lsl.Store{Pos: s.Pos, Addr: r(s.Addr), Src: r(s.Src), Unsigned: s.Unsigned}
	case *lsl.Fence:
		c := *s
		out = &c
	case *lsl.Assert:
		out = &lsl.Assert{Pos: s.Pos, Cond: r(s.Cond)}
	case *lsl.Assume:
		out = &lsl.Assume{Pos: s.Pos, Cond: r(s.Cond)}
	case *lsl.Observe:
		out = &lsl.Observe{Pos: s.Pos, Kind: s.Kind, Name: s.Name, Val: r(s.Val), Unsigned: s.Unsigned}
	case *lsl.Alloc:
		out = &lsl.Alloc{Pos: s.Pos, Dst: r(s.Dst), Size: s.Size, Shape: s.Shape, NoReuse: s.NoReuse, Local: s.Local}
	case *lsl.Free:
		out = &lsl.Free{Pos: s.Pos, Addr: r(s.Addr), Kind: s.Kind}
	case *lsl.Choose:
		out = &lsl.Choose{Pos: s.Pos, Dst: r(s.Dst), Lo: s.Lo, Hi: s.Hi}
	case *lsl.ThreadID:
		out = &lsl.Const{Pos: s.Pos, Dst: r(s.Dst), Val: lsl.Int(int64(u.threadIndex))}
	case *lsl.BoundExceeded:
		out = &lsl.BoundExceeded{Pos: s.Pos, Loop: s.Loop}
	case *lsl.Atomic:
		if len(sc.effects) > 0 {
			for st, v := range storeBacks(s) {
				u.storeBack[st] = v
			}
		}
		body, err := u.body(s.Body, sc)
		if err != nil {
			return nil, err
		}
		out = &lsl.Atomic{Pos: s.Pos, Body: body, NoFence: s.NoFence}
	case *lsl.Block:
		if sc.info.loops[s] {
			return u.loop(s, sc)
		}
		lbl := u.labels.fresh(sc.lblPrefix + "." + s.Label)
		body, err := u.body(s.Body, sc.with(&jump{label: s.Label, brk: lbl}, sc.lblPrefix, sc.idPath))
		if err != nil {
			return nil, err
		}
		out = &lsl.Block{Pos: s.Pos, Label: lbl, Body: body}
	case *lsl.Break:
		j := sc.find(s.Label)
		if j == nil {
			return nil, lsl.Errorf(s.Pos, "break %s: %s does not label an enclosing block", s.Label, s.Label)
		}
		out = &lsl.Break{Pos: s.Pos, Cond: r(s.Cond), Label: j.brk}
	case *lsl.Continue:
		return u.cont(s, sc)
	case *lsl.Call:
		return u.call(s, sc)
	default:
		return nil, lsl.Errorf(s.Position(), "unknown statement %T", s)
	}
	u.nstmts++
	u.site(out, sc)
	stmts := []lsl.Stmt{out}
	switch out.(type) {
	case *lsl.Store:
		if v, ok := u.storeBack[s.(*lsl.Store)]; ok && !storeBackAnyValue {
			// Storing back the value read changes nothing.
			st := out.(*lsl.Store)
			stmts = append(stmts, u.changedUnless(sc, s.Position(), st.Src, u.reg(sc, v))...)
		} else if !ok {
			stmts = append(stmts, u.changed(sc, s.Position())...)
		}
	case *lsl.Alloc, *lsl.Free, *lsl.Observe:
		stmts = append(stmts, u.changed(sc, s.Position())...)
	}
	return append(stmts, u.assigned(sc, s.Position(), lsl.Defs(s))...), nil
}

// site records the calls inlined around a load or store out.
func (u *unroller) site(out lsl.Stmt, sc *scope) {
	switch out.(type) {
	case *lsl.Load, *lsl.Store:
		if len(sc.sites) > 0 {
			if u.inlined == nil {
				u.inlined = map[lsl.Stmt][]lsl.CallSite{}
			}
			u.inlined[out] = sc.sites
		}
	}
}

// changedUnless records that the enclosing loop iterations under the
// stutter reduction have changed something unless registers a and b hold
// the same value (lsl.OpSame, which never faults: either may be
// undefined).
func (u *unroller) changedUnless(sc *scope, pos lsl.Pos, a, b lsl.Reg) []lsl.Stmt {
	return u.changedUnlessIn(sc.effects, pos, a, b)
}

func (u *unroller) changedUnlessIn(effects []lsl.Reg, pos lsl.Pos, a, b lsl.Reg) []lsl.Stmt {
	if len(effects) == 0 {
		return nil
	}
	same := lsl.Reg(u.regs.fresh(string(effects[len(effects)-1]) + ".same"))
	lbl := u.labels.fresh(string(effects[len(effects)-1]) + ".same")
	body := []lsl.Stmt{u.aux(&lsl.Break{Pos: pos, Cond: same, Label: lbl})}
	for _, r := range effects {
		body = append(body, u.aux(&lsl.Const{Pos: pos, Dst: r, Val: lsl.Int(1)}))
	}
	blk := &lsl.Block{Pos: pos, Label: lbl, Body: body}
	u.auxStmts[blk] = true
	return []lsl.Stmt{u.aux(&lsl.Prim{Pos: pos, Dst: same, Op: lsl.OpSame, Args: []lsl.Reg{a, b}}), blk}
}

// assigned records, after an assignment of the source registers defs in
// scope sc, that the iterations of the enclosing loops watching one of
// them have changed something.
func (u *unroller) assigned(sc *scope, pos lsl.Pos, defs []lsl.Reg) []lsl.Stmt {
	if assignsUnrecorded {
		return nil
	}
	var out []lsl.Stmt
	for _, w := range sc.assigns {
		if w.inst != sc.inst {
			continue
		}
		for _, r := range defs {
			if w.regs[r] {
				out = append(out, u.aux(&lsl.Const{Pos: pos, Dst: w.effect, Val: lsl.Int(1)}))
				break
			}
		}
	}
	return out
}

// changed records, after a statement with an effect, that the iterations
// of the enclosing loops under the stutter reduction have changed
// something.
func (u *unroller) changed(sc *scope, pos lsl.Pos) []lsl.Stmt {
	var out []lsl.Stmt
	for _, r := range sc.effects {
		out = append(out, u.aux(&lsl.Const{Pos: pos, Dst: r, Val: lsl.Int(1)}))
	}
	return out
}

// aux marks s as bookkeeping of a reduction, which Stats does not count.
func (u *unroller) aux(s lsl.Stmt) lsl.Stmt {
	u.nstmts++
	u.auxStmts[s] = true
	return s
}

// cont expands a continue: in an unrolled loop, a break of the current
// iteration's block; in a spin loop, the assumption that it is not taken.
func (u *unroller) cont(s *lsl.Continue, sc *scope) ([]lsl.Stmt, error) {
	j := sc.find(s.Label)
	if j == nil {
		return nil, lsl.Errorf(s.Pos, "continue %s: %s does not label an enclosing block", s.Label, s.Label)
	}
	if j.cont == "" && !j.spin {
		// continues() and find() agree on shadowing, so a block that is
		// continued is always expanded as a loop.
		return nil, lsl.Errorf(s.Pos, "continue %s: %s is not a loop", s.Label, s.Label)
	}
	if !j.spin {
		u.nstmts++
		next := &lsl.Break{Pos: s.Pos, Cond: u.reg(sc, s.Cond), Label: j.cont}
		if j.effect == "" {
			return []lsl.Stmt{next}, nil
		}
		// A register the next iteration or the code after the loop reads
		// that differs from its value at the iteration's start is a
		// change too.
		var pre []lsl.Stmt
		for i, w := range j.watched {
			pre = append(pre, u.changedUnlessIn([]lsl.Reg{j.effect}, s.Pos, w, j.saved[i])...)
		}
		// Under the stutter reduction the next iteration follows only
		// one that has changed something: "assume changed", or with a
		// condition c, "changed or not c".
		if s.Cond == "" {
			return append(pre, u.aux(&lsl.Assume{Pos: s.Pos, Cond: j.effect}), next), nil
		}
		lbl := u.labels.fresh(j.cont + ".stutter")
		not := lsl.Reg(u.regs.fresh(string(j.effect) + ".not"))
		guard := &lsl.Block{Pos: s.Pos, Label: lbl, Body: []lsl.Stmt{
			u.aux(&lsl.Break{Pos: s.Pos, Cond: j.effect, Label: lbl}),
			u.aux(&lsl.Prim{Pos: s.Pos, Dst: not, Op: lsl.OpLNot, Args: []lsl.Reg{next.Cond}}),
			u.aux(&lsl.Assume{Pos: s.Pos, Cond: not}),
		}}
		u.auxStmts[guard] = true
		return append(pre, guard, next), nil
	}
	var set lsl.Stmt
	if s.Cond == "" {
		set = &lsl.Const{Pos: s.Pos, Dst: j.stop, Val: lsl.Int(0)}
	} else {
		set = &lsl.Prim{Pos: s.Pos, Dst: j.stop, Op: lsl.OpLNot, Args: []lsl.Reg{u.reg(sc, s.Cond)}}
	}
	u.nstmts += 2
	return []lsl.Stmt{set, &lsl.Assume{Pos: s.Pos, Cond: j.stop}}, nil
}

// loop expands loop b: unrolled to its bound, or reduced if a spin loop.
func (u *unroller) loop(b *lsl.Block, sc *scope) ([]lsl.Stmt, error) {
	seg := sc.info.segs[b]
	id := sc.idPath + "/" + seg
	if p := posString(b.Pos); p != "" {
		id += "@" + p
	}
	id = u.ids.fresh(id)
	outer := u.labels.fresh(sc.lblPrefix + "." + seg)
	if u.isSpin(sc.info, b) {
		u.res.Loops = append(u.res.Loops, Loop{ID: id, Pos: b.Pos, Thread: sc.thread, Site: strings.TrimPrefix(id, sc.opPrefix), Bound: 1, Spin: true})
		stop := lsl.Reg(u.regs.fresh(outer + ".stop"))
		j := &jump{label: b.Label, brk: outer, spin: true, stop: stop}
		body, err := u.body(b.Body, sc.with(j, outer, sc.idPath+"/"+seg))
		if err != nil {
			return nil, err
		}
		u.nstmts++
		return []lsl.Stmt{&lsl.Block{Pos: b.Pos, Label: outer, Body: body}}, nil
	}
	k := u.opts.DefaultBound
	if n, ok := u.opts.Bounds[id]; ok {
		k = n
	}
	if k < 1 {
		return nil, lsl.Errorf(b.Pos, "loop %s: bound %d is less than 1", id, k)
	}
	stutter, source, assigns := u.stutter(sc.info, b)
	if !stutter {
		source, assigns = nil, false
	}
	var effect lsl.Reg
	var watched, saved []lsl.Reg
	var watch *assignWatch
	if stutter {
		effect = lsl.Reg(u.regs.fresh(outer + ".changed"))
		if assigns {
			watch = &assignWatch{inst: sc.inst, regs: map[lsl.Reg]bool{}, effect: effect}
			for _, w := range source {
				watch.regs[w] = true
			}
		} else {
			for _, w := range source {
				watched = append(watched, u.reg(sc, w))
				saved = append(saved, lsl.Reg(u.regs.fresh(string(u.reg(sc, w))+".at.head")))
			}
		}
	}
	u.res.Loops = append(u.res.Loops, Loop{ID: id, Pos: b.Pos, Thread: sc.thread, Site: strings.TrimPrefix(id, sc.opPrefix), Bound: k, Stutter: stutter, Watched: source, Assigns: assigns})
	var iters []lsl.Stmt
	for i := 1; i <= k; i++ {
		iter := seg + "#" + strconv.Itoa(i)
		lbl := u.labels.fresh(sc.lblPrefix + "." + iter)
		j := &jump{label: b.Label, brk: outer, cont: lbl, effect: effect, watched: watched, saved: saved}
		isc := sc.with(j, sc.lblPrefix+"."+iter, sc.idPath+"/"+iter)
		var body []lsl.Stmt
		if stutter {
			isc.effects = append(sc.effects[:len(sc.effects):len(sc.effects)], effect)
			if watch != nil {
				isc.assigns = append(slices.Clip(sc.assigns), *watch)
			}
			body = append(body, u.aux(&lsl.Const{Pos: b.Pos, Dst: effect, Val: lsl.Int(0)}))
			for i, w := range watched {
				body = append(body, u.aux(&lsl.Prim{Pos: b.Pos, Dst: saved[i], Op: lsl.OpMov, Args: []lsl.Reg{w}}))
			}
		}
		rest, err := u.body(b.Body, isc)
		if err != nil {
			return nil, err
		}
		body = append(body, rest...)
		if !endsInJump(body) {
			// Falling off the end of the body leaves the loop.
			body = append(body, &lsl.Break{Pos: b.Pos, Label: outer})
			u.nstmts++
		}
		iters = append(iters, &lsl.Block{Pos: b.Pos, Label: lbl, Body: body})
		u.nstmts++
		if u.nstmts > u.opts.MaxStmts {
			return nil, lsl.Errorf(b.Pos, "unrolled code exceeds %d statements", u.opts.MaxStmts)
		}
	}
	if test := exitTest(b.Body, b.Label); test != nil && !u.opts.NoExitTest {
		// The next iteration's exit test: a loop that leaves there has
		// not run past its bound (while (k < n) runs n iterations and
		// evaluates its test n+1 times).
		iter := seg + "#" + strconv.Itoa(k+1)
		j := &jump{label: b.Label, brk: outer}
		stmts, err := u.body(test, sc.with(j, sc.lblPrefix+"."+iter, sc.idPath+"/"+iter))
		if err != nil {
			return nil, err
		}
		iters = append(iters, stmts...)
	}
	iters = append(iters, &lsl.BoundExceeded{Pos: b.Pos, Loop: id})
	u.nstmts += 2
	return []lsl.Stmt{&lsl.Block{Pos: b.Pos, Label: outer, Body: iters}}, nil
}

// exitTest returns the statements of a loop body that compute its exit
// test, which C evaluates once more after the last iteration of a while or
// for loop, ending in the conditional break that leaves when the test is
// false; nil if the body does not start with one. The C front end marks
// that break (lsl.Break.LoopTest): the statements before it are the test,
// whatever they do. Without a mark (LSL written by hand) the body starts
// with its test if all statements before its first conditional break of
// the loop only compute (constants, operations, loads, and blocks of those
// whose breaks stay inside them): a prefix that stores may be the body of
// a do-while or of "while (1) { ...; if (c) break; }", and copying it
// would add an iteration.
func exitTest(body []lsl.Stmt, loop string) []lsl.Stmt {
	for i, s := range body {
		if br, ok := s.(*lsl.Break); ok && br.Label == loop && br.LoopTest {
			if continues(body[:i], loop) {
				return nil // a continue of the loop in its own test
			}
			return body[:i+1]
		}
	}
	for i, s := range body {
		if br, ok := s.(*lsl.Break); ok && br.Label == loop && br.Cond != "" {
			return body[:i+1]
		}
		if !computes(s, nil) {
			return nil
		}
	}
	return nil
}

// computes reports whether s only computes: a constant, an operation, a
// load, or a block of those whose breaks leave only blocks among inner
// (its own label and those of the blocks around it within the test).
func computes(s lsl.Stmt, inner []string) bool {
	switch s := s.(type) {
	case *lsl.Const, *lsl.Prim, *lsl.Load:
		return true
	case *lsl.Break:
		return slices.Contains(inner, s.Label)
	case *lsl.Block:
		in := append(inner[:len(inner):len(inner)], s.Label)
		for _, t := range s.Body {
			if !computes(t, in) {
				return false
			}
		}
		return true
	}
	return false
}

// endsInJump reports whether body ends in an unconditional break, after
// which nothing falls through.
func endsInJump(body []lsl.Stmt) bool {
	if len(body) == 0 {
		return false
	}
	br, ok := body[len(body)-1].(*lsl.Break)
	return ok && br.Cond == ""
}

// call inlines a call: parameters are bound by movs, the callee's body is
// expanded in a scope of its own, and the results are copied back.
func (u *unroller) call(c *lsl.Call, sc *scope) ([]lsl.Stmt, error) {
	p := u.procs[c.Proc]
	if p == nil {
		return nil, lsl.Errorf(c.Pos, "call of unknown procedure %s", c.Proc)
	}
	if len(c.Args) != len(p.Params) {
		return nil, lsl.Errorf(c.Pos, "call %s: %d arguments, want %d", c.Proc, len(c.Args), len(p.Params))
	}
	if len(c.Results) != len(p.Results) {
		return nil, lsl.Errorf(c.Pos, "call %s: %d results, want %d", c.Proc, len(c.Results), len(p.Results))
	}
	for _, q := range u.calls {
		if q == p {
			return nil, lsl.Errorf(c.Pos, "recursive call of %s", c.Proc)
		}
	}
	u.calls = append(u.calls, p)
	defer func() { u.calls = u.calls[:len(u.calls)-1] }()

	seg := sc.info.segs[c]
	callee := &scope{
		info:      u.info(p),
		inst:      sc.inst + strconv.Quote(seg),
		regPrefix: sc.regPrefix + "." + seg,
		lblPrefix: sc.lblPrefix + "." + seg,
		idPath:    sc.idPath + "/" + seg,
		thread:    sc.thread,
		opPrefix:  sc.opPrefix,
		sites:     append(slices.Clip(sc.sites), lsl.CallSite{Proc: p.Name, Pos: c.Pos}),
		effects:   sc.effects,
	}
	var out []lsl.Stmt
	for i, a := range c.Args {
		out = append(out, &lsl.Prim{Pos: c.Pos, Dst: u.reg(callee, p.Params[i]), Op: lsl.OpMov, Args: []lsl.Reg{u.reg(sc, a)}})
	}
	u.nstmts += len(out)
	out = append(out, u.resets(callee, p, callee.info.readResets)...)
	out = append(out, u.resets(callee, p, callee.info.resultResets)...)
	body, err := u.body(p.Body, callee)
	if err != nil {
		return nil, err
	}
	out = append(out, body...)
	for i, res := range p.Results {
		dst := u.reg(sc, c.Results[i])
		if callee.info.undefResults[res] {
			// C: using the value of a function that returns none is
			// undefined, and so is the register here.
			out = append(out, &lsl.Const{Pos: c.Pos, Dst: dst, Val: lsl.Undefined})
		} else {
			out = append(out, &lsl.Prim{Pos: c.Pos, Dst: dst, Op: lsl.OpMov, Args: []lsl.Reg{u.reg(callee, res)}})
		}
	}
	u.nstmts += len(p.Results)
	return append(out, u.assigned(sc, c.Pos, c.Results)...), nil
}
