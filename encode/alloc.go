package encode

import (
	"maps"
	"slices"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// Allocation and freeing (SEMANTICS.md, "Allocation and freeing").
//
// Every Alloc statement owns a block (lsl.AllocBases). A block that some
// reusable free (lsl.FreeUnsafe, lsl.FreeStable) may free is *reused*
// (rangeanalysis.Result.Reused): an allocation of the same size and
// layout may hand it out again instead of its own block, and the range
// analysis puts its base in the allocation's value set. For reused blocks,
// and for blocks never reused that frees of two threads may free
// (Encoding.sharedFrees: which of the two is a double free depends on the
// memory order), the allocator is modelled by events of the memory order:
//
//   - an allocation that may take another statement's block (its result
//     is then not its own base: a reuse), and
//   - a free that may free such a block (freeEvents).
//
// A fresh allocation needs no event: it changes no block's state, and it
// could always be placed first in the memory order (it only has to
// precede the accesses after it). The events are ordered by:
//
//   - two events of one thread on the same block: program order (they
//     update the allocator's state of that block);
//   - an access before a free in program order precedes it; an access
//     after a reuse follows it (allocators synchronise internally);
//   - under sc and serial, program order with every access and event (the
//     events join the thread's program-order chain); under serial an
//     event belongs to its operation's order node, in an atomic block to
//     the block's node, in init to the init node.
//
// Fences order accesses only, not events.
//
// The state of block b before an event or access X is the post-state of
// the memory-order-greatest event on b before X, "live" if there is none;
// after a reuse of b it is live, after a free of kind k freed(k). This is
// the value axiom again, over the events on b: a literal Prev(e', X) says
// that e' is that greatest event (e' on b, X on b, e' <M X, and no event
// on b between them); an X on b has exactly one Prev or none. Then:
//
//   - a reuse of b requires a Prev that is a reusable free (this only
//     restricts the allocation's choice; it is no fault);
//   - a free of b whose Prev is a free is a double free;
//   - an access to b whose Prev is a FreeUnsafe free is a use after free.
//
// Given that X is on b, its Prev is determined by the memory order (two
// candidates would have to lie between each other), so these fault
// literals hold exactly in the executions that fault, and an error
// execution is not counted with its observations as well. A use after
// free derails the thread, as its own faults do (thread.go,
// mayUseAfterFree): a loop iteration that the stutter reduction would drop
// keeps its fault. So does a double free (doubleFreeLit), here or of the
// other blocks (encodeFrees), whose rule "two executed frees, the second
// the later in program order" is the same as this one when no
// allocation can take the block in between and one thread frees it.
//
// Cost: a test that frees nothing, or whose frees are all lsl.FreeRetire
// and of blocks no two threads may free, has no event and the encoding
// it had before.

// AllocMutation names a rule of this file that Options.BreakAlloc breaks.
type AllocMutation uint8

const (
	AllocExact AllocMutation = iota // no rule broken
	// AllocReuseAnyFree: an allocation may take a block whose free
	// comes later in memory order.
	AllocReuseAnyFree
	// AllocNeverReuse: every allocation takes its own block.
	AllocNeverReuse
	// AllocNoUseAfterFree: an access to a freed block is no error.
	AllocNoUseAfterFree
	// AllocUnordered: accesses are not ordered before a free or after
	// a reuse.
	AllocUnordered
	// AllocUseAfterFreeStays: a use after free does not derail its
	// thread, whose later assumes and bounds still remove the execution.
	AllocUseAfterFreeStays
	// AllocDoubleFreeStays: a double free does not derail its thread.
	AllocDoubleFreeStays
)

// AllocEvent is an allocator event: an allocation that may hand out a
// freed block, or a free of a block that may be handed out again.
type AllocEvent struct {
	ID     int
	Thread int
	Inv    int
	Before int // number of the thread's accesses before it
	Free   bool
	Kind   lsl.FreeKind // of a free
	Exec   Lit
	// Block is the allocation's result or the freed address.
	Block *Dom
	// Own is an allocation's own block, which it takes fresh.
	Own   int64
	Group int
	Stmt  lsl.Stmt
	node  *orderNode
}

// addEvent records the allocator event of statement s (an Alloc, or a
// Free when free).
func (te *threadEnc) addEvent(s lsl.Stmt, free bool, g Lit, block *Dom) {
	if g == te.e.c.F() {
		return
	}
	ev := &AllocEvent{
		ID: len(te.e.Events), Thread: te.thread, Inv: te.inv, Before: te.nAcc, Free: free,
		Exec: g, Block: block, Group: te.group, Stmt: s,
	}
	switch s := s.(type) {
	case *lsl.Alloc:
		ev.Own = te.e.Range.AllocBase(s)
	case *lsl.Free:
		ev.Kind = s.Kind
	}
	te.e.Events = append(te.e.Events, ev)
}

// freeEvents reports whether the frees of block b are events: b may be
// reused, or frees of two threads may free it (Encoding.sharedFrees).
func (e *Encoding) freeEvents(b int64) bool {
	return e.Range.Reused(b) || e.sharedFrees[b]
}

// eventBlocks returns the blocks ev may concern whose frees are events.
func (e *Encoding) eventBlocks(ev *AllocEvent) []int64 {
	var out []int64
	for _, v := range ev.Block.Vals {
		switch {
		case !ev.Free && v.IsPtr() && v.Base() != ev.Own:
			out = append(out, v.Base())
		case ev.Free && e.Range.BlockStart(v) && e.freeEvents(v.Base()):
			out = append(out, v.Base())
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// on returns the literal "ev happens on block b".
func (e *Encoding) on(ev *AllocEvent, b int64) Lit {
	var ls []Lit
	for i, v := range ev.Block.Vals {
		if v.IsPtr() && v.Base() == b && (ev.Free && e.Range.BlockStart(v) || !ev.Free && b != ev.Own) {
			ls = append(ls, ev.Block.Lits[i])
		}
	}
	return e.c.and(ev.Exec, e.c.or(ls...))
}

// ReusesLit returns the literal "allocation ev takes a block other than its own".
func (e *Encoding) ReusesLit(ev *AllocEvent) Lit {
	return e.c.and(ev.Exec, e.is(ev.Block, lsl.Ptr(ev.Own)).Not())
}

// orderItem is an access or an event placed in the memory order: its node
// and, for two items of one node, their program order (pos, then seq).
type orderItem struct {
	node     *orderNode
	pos, seq int
}

func accessItem(a *Access) orderItem { return orderItem{node: a.node, pos: 2*a.PoIndex + 1} }

func eventItem(ev *AllocEvent) orderItem {
	return orderItem{node: ev.node, pos: 2 * ev.Before, seq: ev.ID}
}

// precedes returns the literal "x <M y" (their nodes share an edge or are
// one node).
func (e *Encoding) precedes(x, y orderItem) Lit {
	if x.node == y.node {
		return e.bool(x.pos < y.pos || x.pos == y.pos && x.seq < y.seq)
	}
	return e.before(x.node, y.node)
}

// allocEncoding holds what the allocator's constraints need between
// building the order graph and encoding the state.
type allocEncoding struct {
	byBlock map[int64][]*AllocEvent
	// uaf: per block that FreeUnsafe may free, the accesses that may
	// touch it
	uaf     map[int64][]*Access
	clauses []fenceClause
}

// keepsAll reports whether the model keeps every program-order pair (sc,
// serial): the events then join program order.
func keepsAll(m *memmodel.Model) bool {
	for _, x := range []bool{false, true} {
		for _, y := range []bool{false, true} {
			if m.KeepPair(x, y) != memmodel.Always {
				return false
			}
		}
	}
	return true
}

// placeEvents gives each event its order node. The nodes passed are the
// order nodes made so far: the init node, the atomic blocks',
// and under serial the operations' (by thread and invocation).
// newNode makes a node in the thread's program-order chain, looseNode
// one outside it.
func (e *Encoding) placeEvents(initNode **orderNode, groupNode map[int]*orderNode, invNode map[[2]int]*orderNode,
	newNode, looseNode func(th int) *orderNode) {
	model := e.Model
	all := keepsAll(model)
	for _, ev := range e.Events {
		var n *orderNode
		switch {
		case ev.Thread == rangeanalysis.InitThread:
			if *initNode == nil {
				*initNode = newNode(ev.Thread)
			}
			n = *initNode
		case model.SerialOps:
			k := [2]int{ev.Thread, ev.Inv}
			if n = invNode[k]; n == nil {
				n = newNode(ev.Thread)
				invNode[k] = n
			}
		case ev.Group != 0:
			if n = groupNode[ev.Group]; n == nil {
				n = newNode(ev.Thread)
				groupNode[ev.Group] = n
			}
		case all:
			n = newNode(ev.Thread)
		default:
			n = looseNode(ev.Thread)
		}
		if len(n.members) == 0 && len(n.events) == 0 {
			n.first = ev.Before
		}
		n.events = append(n.events, ev)
		ev.node = n
	}
}

// orderEvents returns the order edges and constraints of the events (see
// the top of this file), once placeEvents has given them their nodes.
func (e *Encoding) orderEvents() *allocEncoding {
	ae := &allocEncoding{byBlock: map[int64][]*AllocEvent{}, uaf: map[int64][]*Access{}}
	if len(e.Events) == 0 {
		return ae
	}
	all := keepsAll(e.Model)
	for _, ev := range e.Events {
		for _, b := range e.eventBlocks(ev) {
			ae.byBlock[b] = append(ae.byBlock[b], ev)
		}
	}
	m := e.mem
	// events on one block: ordered pairs
	for _, b := range slices.Sorted(maps.Keys(ae.byBlock)) {
		evs := ae.byBlock[b]
		for i, x := range evs {
			for _, y := range evs[i+1:] {
				if x.node == y.node {
					continue
				}
				m.addEdge(x.node.id, y.node.id)
				if x.Thread == y.Thread && x.Thread != rangeanalysis.InitThread {
					ae.clauses = append(ae.clauses, fenceClause{x.node, y.node, []Lit{e.on(x, b), e.on(y, b)}})
				}
			}
		}
	}
	// accesses before a free, after a reuse
	if !all && e.opt.BreakAlloc != AllocUnordered {
		for _, ev := range e.Events {
			if ev.Thread == rangeanalysis.InitThread {
				continue
			}
			for _, a := range e.Accesses {
				if a.Thread != ev.Thread || a.node == ev.node {
					continue
				}
				switch {
				case ev.Free && a.PoIndex < ev.Before:
					ae.clauses = append(ae.clauses, fenceClause{a.node, ev.node, []Lit{a.Exec, ev.Exec}})
				case !ev.Free && a.PoIndex >= ev.Before:
					ae.clauses = append(ae.clauses, fenceClause{ev.node, a.node, []Lit{e.ReusesLit(ev), a.Exec}})
				}
			}
		}
	}
	for _, fc := range ae.clauses {
		m.addEdge(fc.from.id, fc.to.id)
	}
	// accesses to blocks that may be freed by FreeUnsafe
	for _, a := range e.Accesses {
		seen := map[int64]bool{}
		for _, v := range a.Addr.Vals {
			if !v.IsPtr() || seen[v.Base()] || !e.Range.ValidAddress(v) || !e.Range.MayUseAfterFree(v.Base()) {
				continue
			}
			b := v.Base()
			seen[b] = true
			if len(ae.byBlock[b]) == 0 {
				continue
			}
			ae.uaf[b] = append(ae.uaf[b], a)
			for _, ev := range ae.byBlock[b] {
				m.addEdge(a.node.id, ev.node.id)
			}
		}
	}
	return ae
}

// encodeAllocState adds the constraints of placeEvents and the state
// rules: which block an allocation may take, double frees and uses after
// free (see the top of this file).
func (e *Encoding) encodeAllocState(ae *allocEncoding) {
	c := e.c
	faults := map[*Access][]Lit{} // use-after-free faults of each access
	for _, fc := range ae.clauses {
		c.add(append(negAll(fc.cond), e.before(fc.from, fc.to))...)
	}
	for _, b := range slices.Sorted(maps.Keys(ae.byBlock)) {
		evs := ae.byBlock[b]
		items := make([]orderItem, len(evs))
		ons := make([]Lit, len(evs))
		for i, ev := range evs {
			items[i], ons[i] = eventItem(ev), e.on(ev, b)
		}
		for i, ev := range evs {
			prev := e.prevEvents(items, ons, i, items[i], ons[i])
			if ev.Free {
				var freed []Lit
				for j, p := range prev {
					if evs[j].Free {
						freed = append(freed, p)
					}
				}
				if l := c.and(ons[i], c.or(freed...)); l != c.F() {
					e.Errors = append(e.Errors, &ErrorPoint{Lit: l, Fault: lsl.FaultDoubleFree, Thread: ev.Thread, Stmt: ev.Stmt, After: ev.Before, event: ev.ID + 1})
				}
				continue
			}
			cl := []Lit{ons[i].Not()}
			for j, p := range prev {
				if evs[j].Free && evs[j].Kind.Reusable() {
					if e.opt.BreakAlloc == AllocReuseAnyFree {
						p = ons[j]
					}
					cl = append(cl, p)
				}
			}
			if e.opt.BreakAlloc == AllocNeverReuse {
				cl = cl[:1]
			}
			c.add(cl...)
		}
		if e.opt.BreakAlloc == AllocNoUseAfterFree {
			continue
		}
		for _, a := range ae.uaf[b] {
			var at []Lit
			for k, v := range a.Addr.Vals {
				if v.IsPtr() && v.Base() == b {
					at = append(at, a.Addr.Lits[k])
				}
			}
			on := c.and(a.Exec, c.or(at...))
			prev := e.prevEvents(items, ons, -1, accessItem(a), on)
			var unsafe []Lit
			for j, p := range prev {
				if evs[j].Free && evs[j].Kind == lsl.FreeUnsafe {
					unsafe = append(unsafe, p)
				}
			}
			if l := c.and(on, c.or(unsafe...)); l != c.F() {
				e.Errors = append(e.Errors, &ErrorPoint{Lit: l, Fault: lsl.FaultUseAfterFree, Thread: a.Thread, Stmt: a.Stmt, After: a.PoIndex + 1, access: a.PoIndex + 1})
				faults[a] = append(faults[a], l)
			}
		}
	}
	// the derailing literals (thread.go, mayUseAfterFree): exactly the
	// use-after-free faults of their accesses
	for _, th := range slices.Sorted(maps.Keys(e.useAfterFree)) {
		for _, u := range e.useAfterFree[th] {
			f := c.or(faults[u.access]...)
			if e.opt.BreakAlloc == AllocUseAfterFreeStays {
				f = c.F()
			}
			c.add(u.lit.Not(), f)
			c.add(u.lit, f.Not())
		}
	}
	// and those of frees (thread.go, doubleFreeLit): exactly their
	// double-free faults, of encodeFrees and of the events above
	double := map[int][]Lit{} // by index in e.frees
	for _, p := range e.Errors {
		if p.free > 0 {
			double[p.free-1] = append(double[p.free-1], p.Lit)
		}
	}
	byEvent := map[int]int{} // free's event -> index in e.frees
	for j, f := range e.frees {
		if f.event > 0 {
			byEvent[f.event] = j
		}
	}
	for _, p := range e.Errors {
		if j, ok := byEvent[p.event]; ok && p.event > 0 && p.Fault == lsl.FaultDoubleFree {
			double[j] = append(double[j], p.Lit)
		}
	}
	for j, fp := range e.frees {
		if fp.derail == 0 {
			continue
		}
		f := c.or(double[j]...)
		if e.opt.BreakAlloc == AllocDoubleFreeStays {
			f = c.F()
		}
		c.add(fp.derail.Not(), f)
		c.add(fp.derail, f.Not())
	}
}

// prevEvents returns, for each event j on the block (items, ons), the
// literal "event j is the memory-order-greatest event on the block before
// x" (false for j == self), given that x is on the block (onX).
func (e *Encoding) prevEvents(items []orderItem, ons []Lit, self int, x orderItem, onX Lit) []Lit {
	c := e.c
	prev := make([]Lit, len(items))
	some := []Lit{onX.Not()}
	for j, y := range items {
		if j == self || c.and(ons[j], onX) == c.F() {
			prev[j] = c.F()
			continue
		}
		p := c.newVar()
		prev[j] = p
		some = append(some, p)
		c.implies(p, ons[j])
		c.implies(p, onX)
		c.implies(p, e.precedes(y, x))
		for k, z := range items {
			if k == j || k == self {
				continue
			}
			c.add(p.Not(), ons[k].Not(), e.precedes(y, z).Not(), e.precedes(z, x).Not())
		}
	}
	// none before x
	none := c.newVar()
	some = append(some, none)
	for j, y := range items {
		if j != self {
			c.add(none.Not(), ons[j].Not(), e.precedes(y, x).Not())
		}
	}
	c.add(some...)
	return prev
}
