package rangeanalysis

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"checkfence/lsl"
)

// InitThread is the thread index of the init phase.
const InitThread = -1

// MaxSetSize bounds every value set; larger sets make the analysis fail
// with an *lsl.LimitError (the encoding would be too large to be useful
// anyway; the test is inconclusive, not invalid). The bound is
// checked as each set grows, so the analysis stops at the statement that
// crosses it, not after a pass has built sets many times larger.
const MaxSetSize = 1 << 12

// RegKey names a register of a thread.
type RegKey struct {
	Thread int // InitThread or 0..n-1
	Reg    lsl.Reg
}

// Result is the outcome of the analysis.
type Result struct {
	test      *lsl.Test
	regs      map[RegKey]valueSet
	locs      map[lsl.Value]valueSet
	allocBase map[*lsl.Alloc]int64
	globals   map[int64]*lsl.Global
	allocs    map[int64]*lsl.Alloc
	// freedBy holds, per allocated base, the kinds of the frees that may
	// free the block (a bit per lsl.FreeKind).
	freedBy map[int64]uint8
	// unsafeFrees holds, per C free (lsl.FreeUnsafe) of the test, the
	// bases of the blocks it may free (CrossLayoutReuse).
	unsafeFrees map[*lsl.Free]map[int64]bool
	unbounded   int
	// regSets and locSets are the sets of the registers and locations
	// during the fixpoint, with the logs of their changes; regs and locs
	// are made from them once it is reached.
	regSets map[RegKey]*loggedSet
	locSets map[lsl.Value]*loggedSet
	// evaluateAll turns the skipping off (tests compare both ways).
	evaluateAll bool
	// ctx stops the fixpoint (nil once it is reached); work counts the
	// steps since ctx was last asked, and ctxErr is its error once
	// cancelled.
	ctx    context.Context
	work   int
	ctxErr error
}

// checkEvery is the number of steps (statements, combinations of
// operands, values copied) between two looks at the context: one
// statement of a large test can take seconds, and a cancelled analysis
// must stop within a fraction of one.
const checkEvery = 1 << 12

// stopped counts n steps and reports whether the analysis was cancelled,
// looking at the context every checkEvery steps.
func (r *Result) stopped(n int) bool {
	if r.ctxErr != nil {
		return true
	}
	if r.work += n; r.work < checkEvery {
		return false
	}
	r.work = 0
	r.ctxErr = r.ctx.Err()
	return r.ctxErr != nil
}

// unchanged reports whether f was evaluated with the input versions sig
// already; if not, it records sig and returns the versions of the last
// evaluation (nil if none, or if every statement is evaluated fully).
func (r *Result) unchanged(f *flatStmt, sig []int) (bool, []int) {
	last := f.seen
	if last != nil && slices.Equal(last, sig) && !r.evaluateAll {
		return true, nil
	}
	f.seen = append(make([]int, 0, len(sig)), sig...)
	if r.evaluateAll {
		last = nil
	}
	return false, last
}

// sets returns the sets of registers regs of thread th, looked up once
// for f.
func (r *Result) sets(f *flatStmt, th int, regs ...lsl.Reg) []*loggedSet {
	if f.regs == nil {
		f.regs = make([]*loggedSet, len(regs))
		for i, x := range regs {
			f.regs[i] = r.reg(RegKey{th, x})
		}
	}
	return f.regs
}

// valueSet maps each value to the smallest number of unbounded operations
// it was derived through.
type valueSet map[lsl.Value]int

// Analyze runs the analysis on t. It stops with ctx's error when ctx is
// cancelled.
func Analyze(ctx context.Context, t *lsl.Test) (*Result, error) { return analyze(ctx, t, false) }

func analyze(ctx context.Context, t *lsl.Test, evaluateAll bool) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r := &Result{
		ctx:         ctx,
		evaluateAll: evaluateAll,
		test:        t,
		regs:        map[RegKey]valueSet{},
		locs:        map[lsl.Value]valueSet{},
		allocBase:   lsl.AllocBases(t),
		globals:     map[int64]*lsl.Global{},
		allocs:      map[int64]*lsl.Alloc{},
		freedBy:     map[int64]uint8{},
		unsafeFrees: map[*lsl.Free]map[int64]bool{},
		regSets:     map[RegKey]*loggedSet{},
		locSets:     map[lsl.Value]*loggedSet{},
	}
	for _, g := range t.Globals {
		r.globals[g.Base] = g
	}
	for a, b := range r.allocBase {
		r.allocs[b] = a
	}
	threads := r.threadInvocations()
	flat := map[int][]flatStmt{}
	renamed := map[int]*renamer{}
	for th, invs := range threads {
		var body []lsl.Stmt
		rn := newRenamer()
		for _, inv := range invs {
			body = append(body, inv.Body...)
			rn.inv = inv
			rn.reachable = true // a new invocation is reached
			rn.body(inv.Body)
		}
		r.unbounded += countUnbounded(body)
		flat[th], renamed[th] = rn.out, rn
		r.reg(RegKey{th, undefVersion}).add(lsl.Undefined, 0)
	}
	for _, f := range t.Final {
		if r.ValidAddress(f.Addr) {
			r.loc(f.Addr)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, th := range slices.Sorted(maps.Keys(threads)) {
			c, err := r.pass(th, flat[th])
			if err != nil {
				return nil, err
			}
			changed = changed || c
		}
	}
	r.ctx = nil
	// A register's set is the union of its versions' (ssa.go).
	regs := map[RegKey]valueSet{}
	for th, rn := range renamed {
		for reg, vs := range rn.versions {
			u := r.set(regs, RegKey{th, reg})
			for _, v := range vs {
				if rn.phis[v] && !rn.used[v] {
					continue
				}
				for x, d := range r.reg(RegKey{th, v}).vals {
					u.add(x, d)
				}
			}
		}
		for reg := range rn.readUndef {
			r.set(regs, RegKey{th, reg}).add(lsl.Undefined, 0)
		}
	}
	r.regs, r.regSets = regs, nil
	for a, s := range r.locSets {
		r.locs[a] = s.vals
	}
	r.locSets = nil
	return r, nil
}

// threadInvocations returns the invocations of each thread (the init
// phase under InitThread).
func (r *Result) threadInvocations() map[int][]*lsl.Invocation {
	m := map[int][]*lsl.Invocation{}
	if len(r.test.Init) > 0 {
		m[InitThread] = r.test.Init
	}
	for i, th := range r.test.Threads {
		m[i] = th
	}
	return m
}

// loggedSet is the set of a register or a location during the fixpoint,
// with the log of its changes: a statement evaluated again then takes
// only the values that are new, or have a lower depth, since its last
// evaluation (forCombos, loads, stores), as the others gave what they
// can give then.
type loggedSet struct {
	vals valueSet
	log  []lsl.Value // each value added, or whose depth was lowered, in order
}

// add adds v with depth d; it reports whether the set changed.
func (s *loggedSet) add(v lsl.Value, d int) bool {
	if !s.vals.add(v, d) {
		return false
	}
	s.log = append(s.log, v)
	return true
}

// reg returns the set of register k during the fixpoint.
func (r *Result) reg(k RegKey) *loggedSet {
	s := r.regSets[k]
	if s == nil {
		s = &loggedSet{vals: valueSet{}}
		r.regSets[k] = s
	}
	return s
}

func (r *Result) set(m map[RegKey]valueSet, k RegKey) valueSet {
	s := m[k]
	if s == nil {
		s = valueSet{}
		m[k] = s
	}
	return s
}

// loc returns the set of location addr during the fixpoint, created with
// its initial value.
func (r *Result) loc(addr lsl.Value) *loggedSet {
	s := r.locSets[addr]
	if s == nil {
		s = &loggedSet{vals: valueSet{}}
		s.add(r.InitialValue(addr), 0)
		r.locSets[addr] = s
	}
	return s
}

// add adds v with depth d; it reports whether the set changed.
func (s valueSet) add(v lsl.Value, d int) bool {
	if old, ok := s[v]; ok && old <= d {
		return false
	}
	s[v] = d
	return true
}

func (r *Result) pass(th int, code []flatStmt) (bool, error) {
	changed := false
	sigBuf := make([]int, 0, 8) // the inputs' versions, copied when they changed
	var err error
	var inv *lsl.Invocation
	var orig lsl.Stmt // the statement of the program s renames (nil: a phi)
	// full checks the register a statement assigns: past MaxSetSize the
	// analysis stops there, naming the statement.
	full := func(s lsl.Stmt, dst *loggedSet) bool {
		if len(dst.vals) > MaxSetSize && err == nil {
			err = r.setTooLarge(th, inv, s, orig, "")
		}
		return err != nil
	}
	visit := func(f *flatStmt) bool {
		if err != nil {
			return false
		}
		if r.stopped(1) {
			err = r.ctxErr
			return false
		}
		switch s := f.s.(type) {
		case *lsl.Const:
			dst := r.sets(f, th, s.Dst)[0]
			if dst.add(s.Val, 0) {
				changed = true
				full(s, dst)
			}
		case *lsl.Prim:
			if f.regs == nil {
				r.sets(f, th, append([]lsl.Reg{s.Dst}, s.Args...)...)
			}
			dst, args := f.regs[0], f.regs[1:]
			// The operands are unchanged since the last pass: so is the result.
			sig := sigBuf[:0]
			for _, a := range args {
				sig = append(sig, len(a.log))
			}
			same, last := r.unchanged(f, sig)
			if same {
				return true
			}
			if (s.Op == lsl.OpEq || s.Op == lsl.OpNe || s.Op == lsl.OpSame) && len(s.Args) == 2 {
				changed = compare(s.Op, args[0].vals, args[1].vals, dst) || changed
				return true
			}
			bump := 0
			if isUnbounded(s.Op) {
				bump = 1
			}
			// The product of the operand sets can be far larger than any
			// set (a sum of sums): stop as soon as the result is too large.
			// Most combinations give a result given just before (a
			// comparison has two): known holds recent ones, each in dst
			// at most at its depth, which saves looking them up there.
			var known [4]valueDepth
			nk := 0
			add := func(v lsl.Value, d int) {
				for _, k := range known[:min(nk, len(known))] {
					if k.v == v && k.d <= d {
						return
					}
				}
				changed = dst.add(v, d) || changed
				known[nk%len(known)] = valueDepth{v, d}
				nk++
			}
			forCombos(args, last, func(vals []lsl.Value, depth int) bool {
				v, fault := lsl.Eval(s.Op, s.Type, vals...)
				if fault != lsl.NoFault {
					add(lsl.Undefined, 0)
				} else if d := depth + bump; d <= r.unbounded {
					add(v, d)
				}
				return len(dst.vals) <= MaxSetSize && !r.stopped(1)
			})
			if r.ctxErr != nil {
				err = r.ctxErr
				return false
			}
			full(s, dst)
		case *lsl.Load:
			regs := r.sets(f, th, s.Dst, s.Addr)
			dst, addr := regs[0], regs[1]
			sig := append(sigBuf[:0], len(addr.log), 0)
			for p := range addr.vals {
				if l := r.locSets[p]; l != nil {
					sig[1] += len(l.log)
				}
			}
			if same, _ := r.unchanged(f, sig); same {
				return true
			}
			// from each location, what it logged since the last read
			read := f.read
			if read == nil || r.evaluateAll {
				read = map[lsl.Value]int{}
				f.read = read
			}
			for p := range addr.vals {
				from, ok := read[p]
				switch {
				case ok && from < 0:
					continue // undefined, given already
				case !ok && !r.ValidAddress(p):
					changed = dst.add(lsl.Undefined, 0) || changed
					read[p] = -1
					continue
				}
				l := r.loc(p)
				for _, v := range l.log[from:] {
					changed = dst.add(v, l.vals[v]) || changed
				}
				read[p] = len(l.log)
				if full(s, dst) {
					return false
				}
				if r.stopped(len(l.log) - from) {
					err = r.ctxErr
					return false
				}
			}
			full(s, dst)
		case *lsl.Store:
			regs := r.sets(f, th, s.Src, s.Addr)
			src, addr := regs[0], regs[1]
			same, last := r.unchanged(f, append(sigBuf[:0], len(src.log), len(addr.log)))
			if same {
				return true
			}
			// Since the last evaluation, an address stored to then gets
			// the values src has logged since, a new one all of them.
			fromSrc := 0
			var newAddr map[lsl.Value]bool // nil: every address is new
			if last != nil {
				fromSrc = last[0]
				newAddr = map[lsl.Value]bool{}
				for _, p := range addr.log[last[1]:] {
					newAddr[p] = true
				}
			}
			store := func(p lsl.Value) bool {
				if !r.ValidAddress(p) {
					return true
				}
				l := r.loc(p)
				n, work := len(l.log), 0
				if newAddr == nil || newAddr[p] {
					for v, d := range src.vals {
						l.add(v, d)
					}
					work = len(src.vals)
				} else {
					for _, v := range src.log[fromSrc:] {
						l.add(v, src.vals[v])
					}
					work = len(src.log) - fromSrc
				}
				changed = changed || len(l.log) != n
				if len(l.vals) > MaxSetSize {
					err = r.setTooLarge(th, inv, s, orig, r.locName(p))
					return false
				}
				if r.stopped(work) {
					err = r.ctxErr
					return false
				}
				return true
			}
			if newAddr != nil && fromSrc == len(src.log) {
				// only the new addresses get anything
				for p := range newAddr {
					if !store(p) {
						return false
					}
				}
				return true
			}
			for p := range addr.vals {
				if !store(p) {
					return false
				}
			}
		case *lsl.Choose:
			if s.Hi < s.Lo {
				err = lsl.Errorf(s.Pos, "choose %d %d: empty range", s.Lo, s.Hi)
				return false
			}
			if s.Span() >= MaxSetSize {
				err = lsl.Limitf(s.Pos, "test %s: choose %d %d: range too large to analyse, more than the %d values the range analysis tracks; reduce the range",
					r.test.Name, s.Lo, s.Hi, MaxSetSize)
				return false
			}
			dst := r.sets(f, th, s.Dst)[0]
			s.Each(func(v int64) {
				if dst.add(lsl.Int(v), 0) {
					changed = true
				}
			})
			full(s, dst)
		case *lsl.Alloc:
			// its own block, or one a reusable free may have returned
			dst := r.sets(f, th, s.Dst)[0]
			for _, b := range r.Blocks(orig.(*lsl.Alloc)) {
				if dst.add(lsl.Ptr(b), 0) {
					changed = true
					full(s, dst)
				}
			}
		case *lsl.Free:
			for p := range r.sets(f, th, s.Addr)[0].vals {
				if r.BlockStart(p) && r.freedBy[p.Base()]&(1<<s.Kind) == 0 {
					r.freedBy[p.Base()] |= 1 << s.Kind
					changed = true
				}
				if r.BlockStart(p) && s.Kind == lsl.FreeUnsafe {
					f := orig.(*lsl.Free)
					if r.unsafeFrees[f] == nil {
						r.unsafeFrees[f] = map[int64]bool{}
					}
					r.unsafeFrees[f][p.Base()] = true
				}
			}
		case *lsl.Call, *lsl.Continue, *lsl.ThreadID:
			err = lsl.Errorf(s.Position(), "%s: not allowed in a straight-line test", lsl.FormatStmt(s))
			return false
		}
		return true
	}
	for i := range code {
		inv, orig = code[i].inv, code[i].orig
		if !visit(&code[i]) {
			break
		}
	}
	return changed, err
}

// setTooLarge is the error for statement s of invocation inv whose result
// (or, for a store, location loc) may hold more than MaxSetSize values. It
// names the source construct and where the test runs it: the analysis
// works on unrolled, renamed registers that mean nothing to the user.
func (r *Result) setTooLarge(th int, inv *lsl.Invocation, s, orig lsl.Stmt, loc string) error {
	if orig != nil {
		s = orig // the program's registers, not their versions
	}
	where := "init"
	if th != InitThread {
		where = fmt.Sprintf("thread %d", th)
	}
	if inv != nil {
		where += " (" + inv.Op + ")"
	}
	var what string
	switch s := s.(type) {
	case *lsl.Prim:
		what = "the value of " + describeOp(s.Op)
	case *lsl.Load:
		what = "the value this load reads"
	case *lsl.Store:
		what = "location " + loc + ", after this store,"
	default:
		what = "the value of " + lsl.FormatStmt(s)
	}
	return lsl.Limitf(s.Position(), "test %s, %s: %s may take more than %d values, more than the range analysis tracks; reduce the values the test can produce (the ranges of lsl_choose, the number of operations)",
		r.test.Name, where, what, MaxSetSize)
}

// describeOp names op as C writes it.
func describeOp(op lsl.OpCode) string {
	c := map[lsl.OpCode]string{
		lsl.OpAdd: "this '+'", lsl.OpSub: "this '-'", lsl.OpMul: "this '*'", lsl.OpDiv: "this '/'",
		lsl.OpRem: "this '%'", lsl.OpShl: "this '<<'", lsl.OpShr: "this '>>'", lsl.OpAnd: "this '&'",
		lsl.OpOr: "this '|'", lsl.OpXor: "this '^'", lsl.OpNeg: "this unary '-'", lsl.OpBNot: "this '~'",
		lsl.OpLNot: "this '!'", lsl.OpLt: "this '<'", lsl.OpLe: "this '<='", lsl.OpGt: "this '>'",
		lsl.OpGe: "this '>='", lsl.OpConv: "this conversion", lsl.OpMov: "this expression",
		lsl.OpOffset: "this field or element address", lsl.OpPAdd: "this pointer '+'", lsl.OpPSub: "this pointer '-'",
	}
	if d, ok := c[op]; ok {
		return d
	}
	return "this " + op.String()
}

// locName names the location at addr as the program does (a global and
// its fields or elements, or a block by the place that allocates it).
func (r *Result) locName(addr lsl.Value) string {
	var b strings.Builder
	var shape *lsl.Shape
	if g, ok := r.globals[addr.Base()]; ok {
		b.WriteString(g.Name)
		shape = g.Shape
	} else if a, ok := r.allocs[addr.Base()]; ok {
		fmt.Fprintf(&b, "(block allocated at %s)", a.Pos)
		shape = a.Shape
	} else {
		return addr.String()
	}
	b.WriteString(shape.Path(addr.Offsets()))
	return b.String()
}

// forCombos calls f for the combinations of values of the registers
// args, with the largest depth among them, until f returns false. last
// holds the lengths of the registers' logs when the operation was last
// evaluated: a combination of values that were all in their sets then,
// at the depths they have now, was evaluated then, and its result is in
// the operation's set already at that depth or a lower one (sets only
// grow, depths only shrink), so only the others are passed to f: those
// with a value logged since, split by the first such position i (values
// before i unchanged, at i logged since, after i any). With last nil,
// every combination is. Each combination is passed once, in no
// particular order: the result does not depend on it.
func forCombos(args []*loggedSet, last []int, f func([]lsl.Value, int) bool) {
	n := len(args)
	if n == 0 {
		if last == nil {
			f(nil, 0) // the one combination, evaluated before if last is set
		}
		return
	}
	for _, a := range args {
		if len(a.vals) == 0 {
			return
		}
	}
	// fresh[i]: the values logged since last (all of them if last is
	// nil); since[i] marks them, to tell the unchanged ones.
	fresh := make([][]valueDepth, n)
	since := make([]map[lsl.Value]bool, n)
	for i, a := range args {
		if last == nil || last[i] == 0 {
			continue // all values are fresh
		}
		m := map[lsl.Value]bool{}
		for _, v := range a.log[last[i]:] {
			if !m[v] {
				m[v] = true
				fresh[i] = append(fresh[i], valueDepth{v, a.vals[v]})
			}
		}
		since[i] = m
	}
	all := make([][]valueDepth, n)
	allOf := func(i int) []valueDepth {
		if all[i] == nil {
			for v, d := range args[i].vals {
				all[i] = append(all[i], valueDepth{v, d})
			}
		}
		return all[i]
	}
	// old[i]: the values logged before last, made when needed
	old := make([][]valueDepth, n)
	made := 0
	makeOld := func(i int) bool {
		for ; made < i; made++ {
			if since[made] == nil {
				return false // every value is fresh
			}
			for v, d := range args[made].vals {
				if !since[made][v] {
					old[made] = append(old[made], valueDepth{v, d})
				}
			}
			if len(old[made]) == 0 {
				return false
			}
		}
		return true
	}
	lists := make([][]valueDepth, n)
	vals := make([]lsl.Value, n)
	var rec func(i, d int) bool
	rec = func(i, d int) bool {
		if i == n {
			return f(vals, d)
		}
		for _, x := range lists[i] {
			vals[i] = x.v
			if !rec(i+1, max(d, x.d)) {
				return false
			}
		}
		return true
	}
	for i := range n {
		if since[i] == nil {
			fresh[i] = allOf(i)
		}
		if len(fresh[i]) == 0 {
			continue
		}
		if !makeOld(i) {
			return // no combination has its first fresh value at i or later
		}
		copy(lists, old[:i])
		lists[i] = fresh[i]
		for j := i + 1; j < n; j++ {
			lists[j] = allOf(j)
		}
		if !rec(0, 0) {
			return
		}
	}
}

// valueDepth is a value of a set and its depth.
type valueDepth struct {
	v lsl.Value
	d int
}

// minDefined returns the least depth of a defined value of s.
func minDefined(s valueSet) (int, bool) {
	best, ok := 0, false
	for v, d := range s {
		if v != lsl.Undefined && (!ok || d < best) {
			best, ok = d, true
		}
	}
	return best, ok
}

// compare adds to dst what eq, ne or same of a and b can give, as forCombos
// with lsl.Eval would, in time linear in the sets rather than their
// product (comparisons of large pointer sets are common): undefined on
// either side is a fault (undefined, depth 0); otherwise "equal" with the
// least depth of a shared value, "different" with the least depth of a
// pair of distinct values.
func compare(op lsl.OpCode, a, b valueSet, dst interface{ add(lsl.Value, int) bool }) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	changed := false
	_, ua := a[lsl.Undefined]
	_, ub := b[lsl.Undefined]
	switch {
	case op == lsl.OpSame:
		// undefined is a value like any other: the same as itself,
		// different from every defined value
		if ua && ub {
			changed = dst.add(lsl.Int(1), max(a[lsl.Undefined], b[lsl.Undefined])) || changed
		}
		if d, ok := minDefined(b); ua && ok {
			changed = dst.add(lsl.Int(0), max(a[lsl.Undefined], d)) || changed
		}
		if d, ok := minDefined(a); ub && ok {
			changed = dst.add(lsl.Int(0), max(b[lsl.Undefined], d)) || changed
		}
	case ua || ub:
		changed = dst.add(lsl.Undefined, 0) || changed
	}
	eqVal, neVal := lsl.Bool(op != lsl.OpNe), lsl.Bool(op == lsl.OpNe)
	if op != lsl.OpSame {
		// eq and ne compare pointers by address (lsl.Value.Address)
		a, b = addresses(a), addresses(b)
	}
	// the two defined values of b with the least depths
	var best [2]lsl.Value
	var bestD [2]int
	nb := 0
	for v, d := range b {
		if v == lsl.Undefined {
			continue
		}
		switch {
		case nb < 2:
			best[nb], bestD[nb] = v, d
			nb++
			if nb == 2 && bestD[1] < bestD[0] {
				best[0], best[1], bestD[0], bestD[1] = best[1], best[0], bestD[1], bestD[0]
			}
		case d < bestD[0]:
			best[1], bestD[1] = best[0], bestD[0]
			best[0], bestD[0] = v, d
		case d < bestD[1]:
			best[1], bestD[1] = v, d
		}
	}
	// the least depths of "equal" and "different", added once each
	eqD, neD := -1, -1
	for v, d := range a {
		if v == lsl.Undefined {
			continue
		}
		if db, ok := b[v]; ok && (eqD < 0 || max(d, db) < eqD) {
			eqD = max(d, db)
		}
		for i := 0; i < nb; i++ {
			if best[i] != v {
				if dd := max(d, bestD[i]); neD < 0 || dd < neD {
					neD = dd
				}
				break
			}
		}
	}
	if eqD >= 0 {
		changed = dst.add(eqVal, eqD) || changed
	}
	if neD >= 0 {
		changed = dst.add(neVal, neD) || changed
	}
	return changed
}

// addresses returns s with each pointer replaced by the address it
// denotes (lsl.Value.Address), at the least depth of the values denoting
// it; s itself if that changes nothing.
func addresses(s valueSet) valueSet {
	changed := false
	for v := range s {
		if v.Address() != v {
			changed = true
			break
		}
	}
	if !changed {
		return s
	}
	out := valueSet{}
	for v, d := range s {
		w := v.Address()
		if old, ok := out[w]; !ok || d < old {
			out[w] = d
		}
	}
	return out
}

// isUnbounded reports whether op can produce values outside any finite set
// closed under it (arithmetic); comparisons, moves and conversions cannot.
func isUnbounded(op lsl.OpCode) bool {
	switch op {
	case lsl.OpMov, lsl.OpConv, lsl.OpLNot, lsl.OpEq, lsl.OpNe, lsl.OpLt, lsl.OpLe, lsl.OpGt, lsl.OpGe, lsl.OpSame:
		return false
	}
	return true
}

func countUnbounded(body []lsl.Stmt) int {
	n := 0
	lsl.Walk(body, func(s lsl.Stmt) bool {
		if p, ok := s.(*lsl.Prim); ok && isUnbounded(p.Op) {
			n++
		}
		return true
	})
	return n
}

// Reg returns the values register reg of thread th may hold, sorted.
func (r *Result) Reg(th int, reg lsl.Reg) []lsl.Value {
	return sortedValues(r.regs[RegKey{th, reg}])
}

// RegSize returns the number of values register reg of thread th may
// hold (what Reg returns, without building it).
func (r *Result) RegSize(th int, reg lsl.Reg) int { return len(r.regs[RegKey{th, reg}]) }

// Loc returns the values location addr may hold (its initial value
// included), sorted; nil if no access can reach it.
func (r *Result) Loc(addr lsl.Value) []lsl.Value { return sortedValues(r.locs[addr]) }

// Values returns every value of every register and location, sorted: all
// the values the test can carry.
func (r *Result) Values() []lsl.Value {
	all := valueSet{}
	for _, s := range r.regs {
		for v := range s {
			all[v] = 0
		}
	}
	for _, s := range r.locs {
		for v := range s {
			all[v] = 0
		}
	}
	return sortedValues(all)
}

// Locations returns every location some access may reach, sorted.
func (r *Result) Locations() []lsl.Value {
	var out []lsl.Value
	for a := range r.locs {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return lsl.Compare(out[i], out[j]) < 0 })
	return out
}

// Blocks returns the blocks allocation a may return: its own first, then
// those of other allocations that a reusable free may have returned and
// that a may hand out again (lsl.MayReuse).
func (r *Result) Blocks(a *lsl.Alloc) []int64 {
	out := []int64{r.allocBase[a]}
	for _, b := range slices.Sorted(maps.Keys(r.freedBy)) {
		if r.Reused(b) && lsl.MayReuse(r.allocs[b], a) {
			out = append(out, b)
		}
	}
	return out
}

// Reused reports whether the block of base b may be handed out again: a
// reusable free (lsl.FreeKind.Reusable) may free it. Only such blocks
// need the allocator's state in the encoding; for every other block, a
// double free is two executed frees of it, in any order.
func (r *Result) Reused(b int64) bool {
	return r.freedBy[b]&(1<<lsl.FreeUnsafe|1<<lsl.FreeStable) != 0
}

// MayUseAfterFree reports whether the block of base b may be freed by
// lsl.FreeUnsafe, after which an access to it is an error.
func (r *Result) MayUseAfterFree(b int64) bool { return r.freedBy[b]&(1<<lsl.FreeUnsafe) != 0 }

// Unmodelled is a reuse SEMANTICS.md allows and the model does not make
// (CrossLayoutReuse): Free, a C free, may free the block of Alloc, and
// Taker, an allocation of the same size and other words, may come after
// it.
type Unmodelled struct {
	Free  *lsl.Free
	Alloc *lsl.Alloc
	Taker *lsl.Alloc
}

func (u *Unmodelled) String() string {
	return fmt.Sprintf("the block allocated at %s and freed with free at %s may be handed out again to the allocation at %s, of the same size and another layout, which is not modelled",
		u.Alloc.Pos, u.Free.Pos, u.Taker.Pos)
}

// CrossLayoutReuse returns the first reuse (in the order of the test's
// statements) that SEMANTICS.md allows and the model does not make, nil
// if there is none: a block freed with C's free is handed out again only
// to an allocation of the same words (lsl.MayReuse), while SEMANTICS.md
// lets any allocation of the same size take it. Blocks freed with
// lsl_free are type-stable memory, reused by their own type only, so they
// are not asked about. An allocation that precedes the free in its
// thread's program order, or is in init while the free is not, cannot
// come after it in the memory order and is not counted; any other pair
// is, whether an execution can order them so or not. Nor is a block that
// nothing can use after it is freed (unusedAfterFree), taken by an
// allocation whose address nothing can see (addressSeen): that allocation
// could not tell it from a fresh one.
func (r *Result) CrossLayoutReuse() *Unmodelled {
	var stmts []placed
	threads := r.threadInvocations()
	for _, th := range slices.Sorted(maps.Keys(threads)) {
		i := 0
		for _, inv := range threads[th] {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				stmts = append(stmts, placed{s, th, i})
				i++
				return true
			})
		}
	}
	unused := map[int64]bool{} // unusedAfterFree, per block asked
	for _, f := range stmts {
		free, ok := f.s.(*lsl.Free)
		if !ok || r.unsafeFrees[free] == nil {
			continue
		}
		for _, b := range slices.Sorted(maps.Keys(r.unsafeFrees[free])) {
			a := r.allocs[b]
			for _, t := range stmts {
				ta, ok := t.s.(*lsl.Alloc)
				if !ok || ta == a || ta.NoReuse || ta.Size != a.Size || lsl.SameWords(a.Shape, ta.Shape) {
					continue
				}
				if t.thread == InitThread && f.thread != InitThread || t.thread == f.thread && t.index < f.index {
					continue
				}
				if _, ok := unused[b]; !ok {
					unused[b] = r.unusedAfterFree(b, stmts)
				}
				if unused[b] && !r.addressSeen(ta, stmts) {
					continue
				}
				return &Unmodelled{Free: free, Alloc: a, Taker: ta}
			}
		}
	}
	return nil
}

// placed is a statement of the test, its thread and its index in the
// thread's statements (in program order).
type placed struct {
	s             lsl.Stmt
	thread, index int
}

// unusedAfterFree reports whether nothing can use a pointer into block b
// after a free of it: no location may hold one, and every statement whose
// registers may hold one is in the thread of every free of b, not after
// any of them (a free of b uses it too, so there is one). Then whichever
// allocation takes b after a free, nothing else reaches it.
func (r *Result) unusedAfterFree(b int64, stmts []placed) bool {
	into := func(v lsl.Value) bool {
		if v.IsTagged() {
			v = v.Untagged()
		}
		return v.IsPtr() && v.Base() == b
	}
	for _, l := range r.locs {
		for v := range l {
			if into(v) {
				return false
			}
		}
	}
	var uses, frees []placed
	for _, p := range stmts {
	regs:
		for _, reg := range lsl.Uses(p.s) {
			for v := range r.regs[RegKey{p.thread, reg}] {
				if into(v) {
					uses = append(uses, p)
					if _, ok := p.s.(*lsl.Free); ok {
						frees = append(frees, p)
					}
					break regs
				}
			}
		}
	}
	for _, u := range uses {
		for _, f := range frees {
			if u.thread != f.thread || u.index > f.index {
				return false
			}
		}
	}
	return true
}

// addressSeen reports whether the address of a block of allocation ta may
// be seen, not only used to reach its words: a pointer into it may be kept
// in memory, or a register that may hold one is used other than as the
// address of a load, store or free or to derive another such pointer
// (observed, compared, stored as a value). A pointer seen tells whether
// the block is one freed before.
func (r *Result) addressSeen(ta *lsl.Alloc, stmts []placed) bool {
	tb, ok := r.allocBase[ta]
	if !ok {
		return true
	}
	into := func(v lsl.Value) bool {
		if v.IsTagged() {
			v = v.Untagged()
		}
		return v.IsPtr() && v.Base() == tb
	}
	for _, l := range r.locs {
		for v := range l {
			if into(v) {
				return true
			}
		}
	}
	for _, p := range stmts {
		for _, reg := range lsl.Uses(p.s) {
			if !slices.ContainsFunc(slices.Collect(maps.Keys(r.regs[RegKey{p.thread, reg}])), into) {
				continue
			}
			switch s := p.s.(type) {
			case *lsl.Load:
				continue
			case *lsl.Free:
				continue
			case *lsl.Store:
				if reg == s.Addr && reg != s.Src {
					continue
				}
			case *lsl.Prim:
				if (s.Op == lsl.OpMov || s.Op == lsl.OpConv || s.Op == lsl.OpOffset || s.Op == lsl.OpPAdd) && reg == s.Args[0] && !slices.Contains(s.Args[1:], reg) {
					continue
				}
			}
			return true
		}
	}
	return false
}

// AllocBase returns the base address of an Alloc statement of the test.
func (r *Result) AllocBase(a *lsl.Alloc) int64 { return r.allocBase[a] }

// ValidAddress reports whether v addresses a word of a global or of an
// allocated block (lsl.Shape.Locate: within C's bounds; in a block of
// unknown layout, lsl.LocateUnknown).
func (r *Result) ValidAddress(v lsl.Value) bool {
	if !v.IsPtr() {
		return false
	}
	if g, ok := r.globals[v.Base()]; ok {
		return g.Shape.Locate(v.Offsets()) == ""
	}
	a, ok := r.allocs[v.Base()]
	if ok && a.Shape == nil {
		return lsl.LocateUnknown(v.Offsets()) == ""
	}
	return ok && a.Shape.Locate(v.Offsets()) == ""
}

// BlockStart reports whether v points to the start of an allocated block
// (the base of an Alloc statement that is no C local, every offset zero):
// the only addresses free accepts.
func (r *Result) BlockStart(v lsl.Value) bool {
	if !v.IsPtr() {
		return false
	}
	if a, ok := r.allocs[v.Base()]; !ok || a.Local {
		return false // a global or a local's storage is no allocated block
	}
	for _, o := range v.Offsets() {
		if o != 0 {
			return false
		}
	}
	return true
}

// InitialValue returns the value location addr holds before any store:
// a global's initialiser or 0, undefined for allocated blocks.
func (r *Result) InitialValue(addr lsl.Value) lsl.Value {
	g, ok := r.globals[addr.Base()]
	if !ok || !addr.IsPtr() {
		return lsl.Undefined
	}
	offs := addr.Offsets()
	for _, iv := range g.Init {
		if equalInts(iv.Offsets, offs) {
			return iv.Val
		}
	}
	return lsl.Int(0)
}

// String prints every non-empty set, for debugging.
func (r *Result) String() string {
	var b strings.Builder
	var keys []RegKey
	for k := range r.regs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].Thread != keys[j].Thread {
			return keys[i].Thread < keys[j].Thread
		}
		return keys[i].Reg < keys[j].Reg
	})
	for _, k := range keys {
		name := fmt.Sprintf("t%d", k.Thread)
		if k.Thread == InitThread {
			name = "init"
		}
		fmt.Fprintf(&b, "%s.%s = %s\n", name, k.Reg, formatSet(r.regs[k]))
	}
	for _, a := range r.Locations() {
		fmt.Fprintf(&b, "mem%s = %s\n", a, formatSet(r.locs[a]))
	}
	return b.String()
}

func formatSet(s valueSet) string {
	vs := sortedValues(s)
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func sortedValues(s valueSet) []lsl.Value {
	out := make([]lsl.Value, 0, len(s))
	for v := range s {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return lsl.Compare(out[i], out[j]) < 0 })
	return out
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
