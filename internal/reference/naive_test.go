package reference

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"checkfence/internal/testgen"
	"checkfence/lsl"
)

// A second, naive implementation of the same semantics, to check the
// search of Outcomes: it interprets the statement tree directly, guesses
// every load value from the register's value set, enumerates every total
// order of the accesses that respects the required program-order pairs,
// and checks the remaining axioms on each complete order, as SEMANTICS.md
// states them. It is exponential and only runs on tiny tests.

type nEvent struct {
	fence bool
	kind  lsl.FenceKind
	store bool
	addr  lsl.Value
	val   lsl.Value
	atom  *lsl.Atomic // outermost enclosing atomic block
	inv   int
}

type nTrace struct {
	regs   map[lsl.Reg]lsl.Value
	events []nEvent
	obs    [][]lsl.ObsItem
	freed  map[int64]bool
	fault  lsl.Fault
	// derailed: the thread faulted (not by a double free); its later
	// assumes and loop bounds no longer remove the execution
	derailed bool
}

func (tr nTrace) clone() nTrace {
	c := tr
	c.regs = maps.Clone(tr.regs)
	c.events = slices.Clone(tr.events)
	c.obs = make([][]lsl.ObsItem, len(tr.obs))
	for i, o := range tr.obs {
		c.obs[i] = slices.Clone(o)
	}
	c.freed = maps.Clone(tr.freed)
	return c
}

func (tr *nTrace) setFault(f lsl.Fault) {
	if tr.fault == lsl.NoFault {
		tr.fault = f
	}
	if f != lsl.FaultDoubleFree {
		tr.derailed = true
	}
}

type naive struct {
	t      *testing.T
	model  model
	mem    *memory
	rs     *ranges
	allocs map[*lsl.Alloc]int64
}

// result is a trace after some statements: brk is the label of a break
// being taken, "" after normal completion.
type result struct {
	tr  nTrace
	brk string
}

func (n *naive) assign(tr *nTrace, th int, r lsl.Reg, v lsl.Value) bool {
	if _, ok := n.rs.regs[th][r][v]; !ok {
		return false
	}
	tr.regs[r] = v
	return true
}

func (n *naive) exec(body []lsl.Stmt, tr nTrace, th, inv int, atom *lsl.Atomic) []result {
	cur := []result{{tr: tr}}
	for _, s := range body {
		var next []result
		for _, r := range cur {
			if r.brk != "" {
				next = append(next, r)
				continue
			}
			next = append(next, n.stmt(s, r.tr.clone(), th, inv, atom)...)
		}
		cur = next
	}
	return cur
}

func (n *naive) stmt(s lsl.Stmt, tr nTrace, th, inv int, atom *lsl.Atomic) []result {
	one := func() []result { return []result{{tr: tr}} }
	switch s := s.(type) {
	case *lsl.Const:
		if !n.assign(&tr, th, s.Dst, s.Val) {
			return nil
		}
	case *lsl.Prim:
		var args []lsl.Value
		for _, a := range s.Args {
			args = append(args, tr.regs[a])
		}
		v, f := lsl.Eval(s.Op, s.Type, args...)
		if f != lsl.NoFault {
			tr.setFault(f)
			v = lsl.Undefined
		}
		if !n.assign(&tr, th, s.Dst, v) {
			return nil
		}
	case *lsl.Load:
		a := tr.regs[s.Addr]
		if !n.mem.valid(a) {
			tr.setFault(lsl.FaultAddress)
			if !n.assign(&tr, th, s.Dst, lsl.Undefined) {
				return nil
			}
			return one()
		}
		var out []result
		for v := range n.rs.regs[th][s.Dst] {
			c := tr.clone()
			c.regs[s.Dst] = v
			c.events = append(c.events, nEvent{addr: a, val: v, atom: atom, inv: inv})
			out = append(out, result{tr: c})
		}
		return out
	case *lsl.Store:
		a := tr.regs[s.Addr]
		if !n.mem.valid(a) {
			tr.setFault(lsl.FaultAddress)
			return one()
		}
		tr.events = append(tr.events, nEvent{store: true, addr: a, val: tr.regs[s.Src], atom: atom, inv: inv})
	case *lsl.Fence:
		tr.events = append(tr.events, nEvent{fence: true, kind: s.Kind})
	case *lsl.Atomic:
		if atom != nil { // nested: part of the outer block
			return n.exec(s.Body, tr, th, inv, atom)
		}
		fence := n.model.atomicFence && !s.NoFence
		if fence {
			tr.events = append(tr.events, nEvent{fence: true, kind: lsl.Full})
		}
		out := n.exec(s.Body, tr, th, inv, s)
		if fence {
			for i := range out {
				out[i].tr.events = append(out[i].tr.events, nEvent{fence: true, kind: lsl.Full})
			}
		}
		return out
	case *lsl.Block:
		out := n.exec(s.Body, tr, th, inv, atom)
		for i := range out {
			if out[i].brk == s.Label {
				out[i].brk = ""
			}
		}
		return out
	case *lsl.Break:
		if s.Cond == "" {
			return []result{{tr: tr, brk: s.Label}}
		}
		c := tr.regs[s.Cond]
		if c.IsUndef() {
			tr.setFault(lsl.FaultUndefined)
			return one()
		}
		if c.Truthy() {
			return []result{{tr: tr, brk: s.Label}}
		}
	case *lsl.Assert:
		if !tr.regs[s.Cond].Truthy() {
			tr.setFault(lsl.FaultAssert)
		}
	case *lsl.Assume:
		if tr.regs[s.Cond].IsUndef() {
			tr.setFault(lsl.FaultUndefined)
			break
		}
		if !tr.regs[s.Cond].Truthy() && !tr.derailed {
			return nil
		}
	case *lsl.Observe:
		it := lsl.ObsItem{Kind: s.Kind, Name: s.Name}
		if s.Kind != lsl.ObsLabel {
			it.Val = tr.regs[s.Val]
		}
		tr.obs[inv] = append(tr.obs[inv], it)
	case *lsl.Choose:
		var out []result
		for v := s.Lo; v <= s.Hi; v++ {
			c := tr.clone()
			if n.assign(&c, th, s.Dst, lsl.Int(v)) {
				out = append(out, result{tr: c})
			}
		}
		return out
	case *lsl.Alloc:
		if !n.assign(&tr, th, s.Dst, lsl.Ptr(n.allocs[s])) {
			return nil
		}
	case *lsl.Free:
		a := tr.regs[s.Addr]
		switch {
		case a.IsUndef():
			tr.setFault(lsl.FaultUndefined)
		case !a.IsPtr() || !n.mem.allocs[a.Base()] || slices.ContainsFunc(a.Offsets(), func(o int64) bool { return o != 0 }):
			tr.setFault(lsl.FaultAddress)
		case tr.freed[a.Base()]:
			tr.setFault(lsl.FaultDoubleFree)
		default:
			tr.freed[a.Base()] = true
		}
	case *lsl.BoundExceeded:
		if !tr.derailed {
			return nil
		}
	default:
		n.t.Fatalf("naive: unsupported %T", s)
	}
	return one()
}

// traces lists every run of one thread's invocations.
func (n *naive) traces(invs []*lsl.Invocation, th int) []nTrace {
	cur := []nTrace{{regs: map[lsl.Reg]lsl.Value{}, obs: make([][]lsl.ObsItem, len(invs)), freed: map[int64]bool{}}}
	for k, inv := range invs {
		var next []nTrace
		for _, tr := range cur {
			for _, r := range n.exec(inv.Body, tr, th, k, nil) {
				next = append(next, r.tr)
			}
		}
		cur = next
	}
	return cur
}

type nAccess struct {
	th, idx int // thread (0 = init) and index in its events
	ev      nEvent
}

// required reports whether the model, a fence, or an atomic block orders
// events[i] before events[j] (i < j) of one thread.
func (n *naive) required(th int, events []nEvent, i, j int) bool {
	x, y := events[i], events[j]
	if th == 0 || n.model.keeps(x.store, y.store, x.addr == y.addr) {
		return true
	}
	if x.atom != nil && x.atom == y.atom {
		return true
	}
	for k := i + 1; k < j; k++ {
		if events[k].fence && events[k].kind.Orders(x.store, y.store) {
			return true
		}
	}
	return false
}

// consistent checks the axioms that the enumeration of orders does not
// build in: contiguity of atomic blocks and (serial) of invocations, and
// the value axiom.
func (n *naive) consistent(order []nAccess) bool {
	contiguous := func(same func(a, b nAccess) bool) bool {
		for i := range order {
			for j := i + 1; j < len(order); j++ {
				if !same(order[i], order[j]) {
					continue
				}
				for k := i + 1; k < j; k++ {
					if !same(order[i], order[k]) {
						return false
					}
				}
			}
		}
		return true
	}
	if !contiguous(func(a, b nAccess) bool { return a.ev.atom != nil && a.th == b.th && a.ev.atom == b.ev.atom }) {
		return false
	}
	if n.model.serial && !contiguous(func(a, b nAccess) bool { return a.th == b.th && a.ev.inv == b.ev.inv }) {
		return false
	}
	for li, l := range order {
		if l.ev.store {
			continue
		}
		// S(l): stores to a(l) before l in <M, or (with forwarding)
		// before l in program order; the <M-greatest gives the value.
		want, found := lsl.Undefined, -1
		for si, s := range order {
			if !s.ev.store || s.ev.addr != l.ev.addr {
				continue
			}
			visible := si < li || n.model.forward && s.th == l.th && s.idx < l.idx
			if visible && si > found {
				want, found = s.ev.val, si
			}
		}
		if found < 0 {
			want = n.mem.initial(l.ev.addr)
		}
		if l.ev.val != want {
			return false
		}
	}
	return true
}

func naiveOutcomes(t *testing.T, test *lsl.Test, modelName string) []string {
	rs, err := analyzeTest(test)
	if err != nil {
		t.Fatal(err)
	}
	n := &naive{t: t, model: models[modelName], rs: rs, allocs: lsl.AllocBases(test)}
	n.mem = &memory{globals: map[int64]*lsl.Global{}, allocs: map[int64]bool{}}
	for _, g := range test.Globals {
		n.mem.globals[g.Base] = g
	}
	for _, b := range n.allocs {
		n.mem.allocs[b] = true
	}
	var perThread [][]nTrace
	for th, invs := range append([][]*lsl.Invocation{test.Init}, test.Threads...) {
		perThread = append(perThread, n.traces(invs, th))
	}
	keys := map[string]bool{}
	combo := make([]nTrace, len(perThread))
	var each func(th int)
	each = func(th int) {
		if th < len(perThread) {
			for _, tr := range perThread[th] {
				combo[th] = tr
				each(th + 1)
			}
			return
		}
		var accs []nAccess
		for th, tr := range combo {
			for i, ev := range tr.events {
				if !ev.fence {
					accs = append(accs, nAccess{th, i, ev})
				}
			}
		}
		placed := make([]bool, len(accs))
		var order []nAccess
		var perm func()
		perm = func() {
			if len(order) == len(accs) {
				if n.consistent(order) {
					keys[n.outcome(test, combo, order).Key()] = true
				}
				return
			}
			for i, y := range accs {
				if placed[i] {
					continue
				}
				ok := true
				for j, x := range accs {
					if placed[j] || j == i {
						continue
					}
					if x.th == 0 && y.th != 0 ||
						x.th == y.th && x.idx < y.idx && n.required(x.th, combo[x.th].events, x.idx, y.idx) {
						ok = false
					}
				}
				if !ok {
					continue
				}
				placed[i] = true
				order = append(order, y)
				perm()
				order = order[:len(order)-1]
				placed[i] = false
			}
		}
		perm()
	}
	each(0)
	return slices.Sorted(maps.Keys(keys))
}

func (n *naive) outcome(test *lsl.Test, combo []nTrace, order []nAccess) lsl.Outcome {
	var o lsl.Outcome
	freedBy := map[int64]int{}
	for th, tr := range combo {
		if tr.fault != lsl.NoFault {
			return lsl.Outcome{Fault: tr.fault}
		}
		for b := range tr.freed {
			if _, ok := freedBy[b]; ok {
				return lsl.Outcome{Fault: lsl.FaultDoubleFree} // by two threads
			}
			freedBy[b] = th
		}
		if th == 0 {
			o.Init = tr.obs
		} else {
			o.Threads = append(o.Threads, tr.obs)
		}
	}
	for _, f := range test.Final {
		v := n.mem.initial(f.Addr)
		for _, a := range order {
			if a.ev.store && a.ev.addr == f.Addr {
				v = a.ev.val
			}
		}
		o.Final = append(o.Final, v)
	}
	return o
}

// analyzeTest runs the range analysis on test, as Outcomes does.
func analyzeTest(test *lsl.Test) (*ranges, error) {
	mem, threads, _, err := flatten(test)
	if err != nil {
		return nil, err
	}
	return analyze(threads, mem)
}

func compareNaive(t *testing.T, name string, test *lsl.Test) {
	t.Helper()
	for _, m := range modelChain {
		want := naiveOutcomes(t, test, m)
		got := keys(t, test, m)
		if !slices.Equal(got, want) {
			t.Errorf("%s, %s:\n got %q\nwant %q\n%s", name, m, got, want, test)
		}
	}
}

// TestAgainstNaive compares Outcomes with the naive enumeration on the
// litmus shapes and on small random tests (-ref.naive.n of them).
func TestAgainstNaive(t *testing.T) {
	t.Run("litmus", func(t *testing.T) {
		t.Parallel()
		for _, sh := range litmusShapes {
			compareNaive(t, sh.name, buildShape(t, sh.name, sh.threads))
		}
	})
	n := sampleN(*naiveN, 100, 300, 1000)
	const chunks = 4
	for c := range uint64(chunks) {
		t.Run(fmt.Sprintf("random%d", c), func(t *testing.T) {
			t.Parallel()
			for seed := c; seed < n; seed += chunks {
				opt := testgen.Options{MaxAccesses: 5 + int(seed%2), Threads: 2 + int(seed%3)}
				test := testgen.Generate(rand.New(rand.NewPCG(seed, 7)), opt)
				compareNaive(t, fmt.Sprintf("seed %d", seed), test)
			}
		})
	}
}
