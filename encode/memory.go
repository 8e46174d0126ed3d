package encode

import (
	"context"
	"maps"
	"math"
	"slices"
	"sort"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// orderNode is a point of the memory order: a single access, a block of
// accesses that are contiguous in memory order (an atomic block; under
// serial, a whole operation; the init phase), or a fence.
type orderNode struct {
	id      int
	thread  int
	members []*Access     // in program order; empty for a fence node
	events  []*AllocEvent // allocator events in the node (alloc.go)
	fence   *Fence
	first   int // program-order index of the first member, or the fence position
	types   [2]bool
	execT   [2]Lit // some load / store member executes (0 until computed)
}

func (n *orderNode) isFence() bool {
	return n.fence != nil && len(n.members) == 0 && len(n.events) == 0
}

type memEncoding struct {
	nodes []*orderNode
	graph orderGraph // the edges and their order literals
	edges int64      // pairs in graph
	// for decoding
	flows map[uint64]Lit // pairKey(store ID, load ID)
	inits map[int]Lit    // load ID
}

type fenceUse struct {
	f      *Fence
	node   *orderNode
	before [2]bool // access types ordered before the fence
	after  [2]bool
	eff    lsl.FenceKind // the orderings the model does not keep
}

// fenceClause says: all of cond → from <M to.
type fenceClause struct {
	from, to *orderNode
	cond     []Lit
}

func (e *Encoding) encodeMemory(ctx context.Context) error {
	m := &memEncoding{flows: map[uint64]Lit{}, inits: map[int]Lit{}}
	e.mem = m
	e.validAddresses()
	e.budget.phase = "memory order"
	if e.opt.Progress != nil {
		e.opt.Progress("%s on %s: encoding the memory order (%d accesses)", e.Test.Name, e.Model.Name, len(e.Accesses))
	}
	model := e.Model
	c := e.c

	// Order nodes.
	groupNode := map[int]*orderNode{}
	byThread := map[int][]*orderNode{}
	newNode := func(th int) *orderNode {
		n := &orderNode{id: len(m.nodes), thread: th}
		m.nodes = append(m.nodes, n)
		m.graph.addNode()
		byThread[th] = append(byThread[th], n)
		return n
	}
	looseNode := func(th int) *orderNode {
		n := &orderNode{id: len(m.nodes), thread: th}
		m.nodes = append(m.nodes, n)
		m.graph.addNode()
		return n
	}
	var initNode *orderNode
	invNode := map[[2]int]*orderNode{}
	lastInv := map[int]int{}
	for _, a := range e.Accesses {
		var n *orderNode
		switch {
		case a.Thread == rangeanalysis.InitThread:
			if initNode == nil {
				initNode = newNode(a.Thread)
			}
			n = initNode
		case model.SerialOps:
			nodes := byThread[a.Thread]
			if len(nodes) > 0 && lastInv[a.Thread] == a.Inv {
				n = nodes[len(nodes)-1]
			} else {
				n = newNode(a.Thread)
			}
			lastInv[a.Thread] = a.Inv
			invNode[[2]int{a.Thread, a.Inv}] = n
		case a.Group != 0:
			n = groupNode[a.Group]
			if n == nil {
				n = newNode(a.Thread)
				groupNode[a.Group] = n
			}
		default:
			n = newNode(a.Thread)
		}
		if len(n.members) == 0 {
			n.first = a.PoIndex
		}
		n.members = append(n.members, a)
		n.types[b2i(a.Store)] = true
		a.node = n
	}
	e.placeEvents(&initNode, groupNode, invNode, newNode, looseNode)
	e.stats.Accesses = len(e.Accesses)
	for _, a := range e.Accesses {
		if a.Store {
			e.stats.Stores++
		} else {
			e.stats.Loads++
		}
	}

	// Fences: only the orderings the model does not keep anyway matter.
	var fences []fenceUse         // fences in atomic blocks (blockFence)
	plain := map[int][]fenceUse{} // the others, by thread, in program order
	for _, f := range e.Fences {
		eff := lsl.FenceKind(0)
		for _, xs := range []bool{false, true} {
			for _, ys := range []bool{false, true} {
				if f.Kind.Orders(xs, ys) && model.KeepPair(xs, ys) != memmodel.Always {
					eff |= pairKind(xs, ys)
				}
			}
		}
		// The init phase (and, under serial, each operation) is one order
		// node: a fence inside it orders nothing, and a fence node between
		// its members would make a cycle, removing every execution.
		if eff == 0 || f.Thread == rangeanalysis.InitThread || model.SerialOps {
			continue
		}
		var u fenceUse
		u.f = f
		for _, xs := range []bool{false, true} {
			for _, ys := range []bool{false, true} {
				if eff.Orders(xs, ys) {
					u.before[b2i(xs)] = true
					u.after[b2i(ys)] = true
				}
			}
		}
		// Keep the product form X×Y exact; otherwise use the whole kind.
		for _, xs := range []bool{false, true} {
			for _, ys := range []bool{false, true} {
				if u.before[b2i(xs)] && u.after[b2i(ys)] && !eff.Orders(xs, ys) {
					u.before, u.after = [2]bool{f.Kind.Orders(false, false) || f.Kind.Orders(false, true), f.Kind.Orders(true, false) || f.Kind.Orders(true, true)},
						[2]bool{f.Kind.Orders(false, false) || f.Kind.Orders(true, false), f.Kind.Orders(false, true) || f.Kind.Orders(true, true)}
				}
			}
		}
		u.eff = eff
		if g := groupNode[f.Group]; f.Group != 0 && g != nil {
			u.node = g
			fences = append(fences, u)
		} else {
			plain[f.Thread] = append(plain[f.Thread], u)
		}
	}

	// Edges the constraints need.
	// The loops over access pairs below are quadratic: on a big test they
	// take seconds, so they look at the context once per access.
	na := int64(len(e.Accesses))
	var stopped error
	if err := e.checkPairs(na*(na-1)/2, func() int64 {
		// distinct node pairs (blocks have several accesses), on a bit
		// set of n² bits if that is small; else access pairs, which is
		// exact when the nodes are single accesses
		nn := len(m.nodes)
		var seen []uint64
		if int64(nn)*int64(nn)/8 <= (e.budget.max-e.usage())/4 {
			seen = make([]uint64, (nn*nn+63)/64)
		}
		n := int64(0)
		for i, a := range e.Accesses {
			if stopped = ctx.Err(); stopped != nil {
				return 0
			}
			for _, b := range e.Accesses[i+1:] {
				if a.node == b.node || !(a.Store || b.Store) || !e.mayAlias(a, b) {
					continue
				}
				if seen != nil {
					k := min(a.node.id, b.node.id)*nn + max(a.node.id, b.node.id)
					if seen[k/64]&(1<<(k%64)) != 0 {
						continue
					}
					seen[k/64] |= 1 << (k % 64)
				}
				n++
			}
		}
		return n
	}); err != nil {
		return err
	}
	if stopped != nil {
		return stopped
	}
	for i, a := range e.Accesses {
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, b := range e.Accesses[i+1:] {
			if a.node != b.node && (a.Store || b.Store) && e.mayAlias(a, b) {
				m.addEdge(a.node.id, b.node.id)
			}
		}
	}
	type ppoClause struct {
		u, v *orderNode
		cond []Lit // all true → u before v
	}
	var ppo []ppoClause
	var chains [][2]*orderNode
	threadChains := map[int][]*orderNode{} // each thread's nodes in program order
	totalChains := true                    // the model keeps every chain entirely
	for _, th := range slices.Sorted(maps.Keys(byThread)) {
		nodes := byThread[th]
		if th == rangeanalysis.InitThread {
			continue
		}
		var acc []*orderNode
		for _, n := range nodes {
			if !n.isFence() {
				acc = append(acc, n)
			}
		}
		// program order; an allocator event's node (alloc.go, first = the
		// accesses before it) before the access at that position
		sort.Slice(acc, func(i, j int) bool {
			a, b := acc[i], acc[j]
			if a.first != b.first {
				return a.first < b.first
			}
			if (len(a.members) == 0) != (len(b.members) == 0) {
				return len(a.members) == 0
			}
			return a.id < b.id
		})
		// Unguarded program-order edges: pairs every member combination of
		// which the model keeps. Such edges compose (memmodel tests that
		// the kept order is transitive), so a transitive reduction carries
		// the same constraints, even through accesses that do not execute.
		always := func(u, v *orderNode) bool {
			for _, tu := range []bool{false, true} {
				for _, tv := range []bool{false, true} {
					if u.types[b2i(tu)] && v.types[b2i(tv)] && model.KeepPair(tu, tv) != memmodel.Always {
						return false
					}
				}
			}
			return true
		}
		threadChains[th] = acc
		for i := 0; i+1 < len(acc); i++ {
			totalChains = totalChains && always(acc[i], acc[i+1])
		}
		reach := make([]map[int]bool, len(acc))
		for i := len(acc) - 1; i >= 0; i-- {
			reach[i] = map[int]bool{}
			for j := i + 1; j < len(acc); j++ {
				if reach[i][j] || !always(acc[i], acc[j]) {
					continue
				}
				chains = append(chains, [2]*orderNode{acc[i], acc[j]})
				reach[i][j] = true
				for k := range reach[j] {
					reach[i][k] = true
				}
			}
		}
		// Guarded program-order constraints for the remaining pairs.
		for i, u := range acc {
			for _, v := range acc[i+1:] {
				if always(u, v) {
					continue
				}
				single := len(u.members) == 1 && len(v.members) == 1
				for _, tu := range []bool{false, true} {
					for _, tv := range []bool{false, true} {
						if u.types[b2i(tu)] && v.types[b2i(tv)] && model.KeepPair(tu, tv) == memmodel.Always {
							ppo = append(ppo, ppoClause{u, v, []Lit{e.execType(u, tu), e.execType(v, tv)}})
						}
					}
				}
				for _, a := range u.members {
					for _, b := range v.members {
						if model.KeepPair(a.Store, b.Store) != memmodel.SameAddr || !e.mayAlias(a, b) {
							continue
						}
						cond := []Lit{e.eq(a.Addr, b.Addr)}
						if !single {
							// inside blocks, only executed members order the block
							cond = append(cond, a.Exec, b.Exec)
						}
						ppo = append(ppo, ppoClause{u, v, cond})
					}
				}
			}
		}
	}
	for _, p := range chains {
		m.addEdge(p[0].id, p[1].id)
	}
	for _, p := range ppo {
		m.addEdge(p.u.id, p.v.id)
	}
	var fcs []fenceClause
	for _, u := range fences {
		if !u.f.Implicit && !e.opt.WholeBlockFences {
			fcs = append(fcs, e.blockFence(u, newNode)...)
			continue
		}
		// The block's own fence (tso) orders the whole block, before
		// everything before it and after everything after it.
		f := u.f
		for _, a := range e.Accesses {
			if a.Thread != f.Thread || a.node == u.node {
				continue
			}
			if a.PoIndex < f.Before && u.before[b2i(a.Store)] {
				fcs = append(fcs, fenceClause{a.node, u.node, []Lit{f.Enable, f.Exec, a.Exec}})
			}
			if a.PoIndex >= f.Before && u.after[b2i(a.Store)] {
				fcs = append(fcs, fenceClause{u.node, a.node, []Lit{f.Enable, f.Exec, a.Exec}})
			}
		}
	}
	fcs = append(fcs, e.fencePoints(plain, newNode)...)
	for _, fc := range fcs {
		m.addEdge(fc.from.id, fc.to.id)
	}
	symPairs := e.symmetryPairs()
	for _, p := range symPairs {
		m.addEdge(p.u.id, p.v.id)
	}
	alloc := e.orderEvents()
	if err := ctx.Err(); err != nil {
		return err
	}

	// Two threads kept in program order: an interleaving (interleave.go).
	// Otherwise transitivity over a chordal completion of the edge graph.
	if iv := e.newInterleaving(threadChains, totalChains, initNode); iv != nil {
		if err := iv.encode(e, initNode); err != nil {
			return err
		}
	} else {
		m.fixInit(initNode, c)
		if err := e.encodeTransitivity(initNode); err != nil {
			return err
		}
	}
	e.stats.Nodes = len(m.nodes)
	e.stats.OrderEdges = int(m.edges)

	// The init phase precedes everything.
	if initNode != nil {
		for _, v := range m.graph.neighbours(initNode.id, nil) {
			c.add(e.before(initNode, m.nodes[v]))
		}
	}
	for _, p := range chains {
		c.add(e.before(p[0], p[1]))
	}
	for _, p := range ppo {
		c.add(append(negAll(p.cond), e.before(p.u, p.v))...)
	}
	for _, fc := range fcs {
		c.add(append(negAll(fc.cond), e.before(fc.from, fc.to))...)
	}
	e.encodeSymmetryBreak(symPairs)
	e.encodeAllocState(alloc)

	// Value axioms.
	e.budget.phase = "value axioms"
	var stores, loads []*Access
	for _, a := range e.Accesses {
		if a.Store {
			stores = append(stores, a)
		} else {
			loads = append(loads, a)
		}
	}
	if err := e.checkAxioms(loads, stores); err != nil {
		return err
	}
	for _, l := range e.Accesses {
		if l.Store {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		e.encodeLoad(l, stores)
	}
	e.encodeFinals(stores)
	return nil
}

// fixInit makes the order literals of the init node constants: the init
// phase precedes every node (doc.go, "The init phase").
func (m *memEncoding) fixInit(initNode *orderNode, c *cnf) {
	if initNode == nil {
		return
	}
	for _, v := range m.graph.neighbours(initNode.id, nil) {
		i, j, lowFirst := initNode.id, v, true
		if v < initNode.id {
			i, j, lowFirst = v, initNode.id, false
		}
		if l, made := m.graph.lit(i, j); made {
			// a constraint built earlier holds the variable: fix it
			if !lowFirst {
				l = l.Not()
			}
			c.add(l)
			continue
		}
		if lowFirst {
			m.graph.setLit(i, j, c.T)
		} else {
			m.graph.setLit(i, j, c.F())
		}
	}
}

// encodeTransitivity makes the memory order transitive over a chordal
// completion of the edge graph without the init node (see doc.go), or
// over every triple with Options.FullOrder.
func (e *Encoding) encodeTransitivity(initNode *orderNode) error {
	m, c := e.mem, e.c
	if e.opt.FullOrder {
		n := int64(len(m.nodes))
		if err := e.checkPairs(n*(n-1)/2, func() int64 { return n * (n - 1) / 2 }); err != nil {
			return err
		}
		for i := range m.nodes {
			for j := i + 1; j < len(m.nodes); j++ {
				m.addEdge(i, j)
			}
		}
	}
	outside := -1 // init: its literals are constants (fixInit)
	if initNode != nil {
		outside = initNode.id
	}
	if err := e.checkTriangles(outside); err != nil {
		return err
	}
	triangles, err := m.chordalTriangles(outside, e.triangleCheck)
	if err != nil {
		return err
	}
	for _, t := range triangles {
		xy, yz, xz := e.before(m.nodes[t[0]], m.nodes[t[1]]), e.before(m.nodes[t[1]], m.nodes[t[2]]), e.before(m.nodes[t[0]], m.nodes[t[2]])
		c.add(xy.Not(), yz.Not(), xz)
		c.add(xy, yz, xz.Not())
	}
	e.stats.Triangles = len(triangles)
	return nil
}

// encodeLoad encodes the value axioms for load l: it reads the initial
// value if no store is visible, else the memory-order-greatest visible store.
func (e *Encoding) encodeLoad(l *Access, stores []*Access) {
	c := e.c
	var cands []*Access
	for _, s := range stores {
		if e.mayAlias(s, l) {
			cands = append(cands, s)
		}
	}
	vis := make([]Lit, len(cands))
	same := make([]Lit, len(cands))
	for i, s := range cands {
		vis[i] = e.visible(s, l)
		same[i] = e.eq(s.Addr, l.Addr)
	}
	// seen[k]: store k executes, has l's address and is visible to it. One
	// direction suffices (seen[k] only ever appears negated in clauses), and
	// it turns the cubic "no visible store between" clauses into ternary ones.
	seen := make([]Lit, len(cands))
	for k, s := range cands {
		seen[k] = c.impliedBy(s.Exec, same[k], vis[k])
	}
	var choices []Lit
	for i, s := range cands {
		pre := []Lit{s.Exec, l.Exec, same[i], vis[i]}
		if c.someFalse(pre...) {
			continue
		}
		flow := c.newVar()
		e.mem.flows[pairKey(s.ID, l.ID)] = flow
		choices = append(choices, flow)
		for _, p := range pre {
			c.implies(flow, p)
		}
		for j, v := range s.Val.Vals {
			c.add(flow.Not(), s.Val.Lits[j].Not(), e.is(l.Val, v))
		}
		for k, s2 := range cands {
			if k == i || !e.mayAlias(s, s2) {
				continue
			}
			c.add(flow.Not(), seen[k].Not(), e.storeBefore(s2, s))
		}
	}
	init := c.newVar()
	e.mem.inits[l.ID] = init
	choices = append(choices, init)
	for k := range cands {
		c.add(init.Not(), seen[k].Not())
	}
	for i, a := range l.Addr.Vals {
		if e.Range.ValidAddress(a) {
			c.add(init.Not(), l.Addr.Lits[i].Not(), e.is(l.Val, e.Range.InitialValue(a)))
		}
	}
	c.add(append([]Lit{l.Exec.Not()}, choices...)...)
}

// encodeFinals defines the final value of every location of Test.Final.
func (e *Encoding) encodeFinals(stores []*Access) {
	c := e.c
	for _, f := range e.Test.Final {
		var writes []*Access
		var w []Lit
		for _, s := range stores {
			if l := e.is(s.Addr, f.Addr); l != c.F() {
				writes = append(writes, s)
				w = append(w, c.and(s.Exec, l))
			}
		}
		init := e.Range.InitialValue(f.Addr)
		vals := []lsl.Value{init}
		for _, s := range writes {
			vals = append(vals, s.Val.Vals...)
		}
		fin := e.newDom(vals)
		none := c.newVar()
		choices := []Lit{none}
		c.add(none.Not(), e.is(fin, init))
		for i, s := range writes {
			c.add(none.Not(), w[i].Not())
			last := c.newVar()
			choices = append(choices, last)
			c.implies(last, w[i])
			for j, v := range s.Val.Vals {
				c.add(last.Not(), s.Val.Lits[j].Not(), e.is(fin, v))
			}
			for k, s2 := range writes {
				if k != i {
					c.add(last.Not(), w[k].Not(), e.storeBefore(s2, s))
				}
			}
		}
		c.add(choices...)
		e.finals = append(e.finals, fin)
	}
}

// visible returns the literal "store s is visible to load l": s <M l, or,
// with store forwarding, s <p l.
func (e *Encoding) visible(s, l *Access) Lit {
	if s.node == l.node {
		return e.bool(s.PoIndex < l.PoIndex)
	}
	if e.Model.Forwarding && s.Thread == l.Thread && s.PoIndex < l.PoIndex {
		return e.c.T
	}
	return e.before(s.node, l.node)
}

// storeBefore returns the literal "a <M b" for two accesses.
func (e *Encoding) storeBefore(a, b *Access) Lit {
	if a.node == b.node {
		return e.bool(a.PoIndex < b.PoIndex)
	}
	return e.before(a.node, b.node)
}

// before returns the literal "u <M v" for two nodes joined by an edge.
func (e *Encoding) before(u, v *orderNode) Lit {
	i, j := u.id, v.id
	neg := false
	if i > j {
		i, j = j, i
		neg = true
	}
	l, ok := e.mem.graph.lit(i, j)
	if !ok {
		if !e.mem.graph.has(i, j) {
			panic("encode: order literal for a pair without an edge")
		}
		l = e.c.newVar()
		e.mem.graph.setLit(i, j, l)
	}
	if neg {
		return l.Not()
	}
	return l
}

// execType returns the literal "some member of n of the given type executes".
func (e *Encoding) execType(n *orderNode, store bool) Lit {
	t := b2i(store)
	if n.execT[t] == 0 {
		var ls []Lit
		for _, a := range n.members {
			if a.Store == store {
				ls = append(ls, a.Exec)
			}
		}
		n.execT[t] = e.c.or(ls...)
	}
	return n.execT[t]
}

func (e *Encoding) bool(b bool) Lit {
	if b {
		return e.c.T
	}
	return e.c.F()
}

func (m *memEncoding) addEdge(i, j int) {
	if i == j || m.graph.has(i, j) {
		return
	}
	m.edges++
	m.graph.set(i, j)
	m.graph.set(j, i)
}

// chordalTriangles makes the edge graph chordal by eliminating vertices in
// minimum-degree order (joining the remaining neighbours of each), and
// returns every triangle of the result. An orientation of a chordal graph
// is acyclic iff none of its triangles is a cycle, so transitivity on
// these triangles makes the memory order extend to a total order. check
// is called as the triangles and fill-in edges grow, and stops the
// elimination with its error.
func (m *memEncoding) chordalTriangles(outside int, check func(tris, fill int64) error) ([][3]int, error) {
	g := &m.graph
	n := len(m.nodes)
	removed := make([]bool, n)
	var tris [][3]int
	edges0 := m.edges
	steps := n
	if outside >= 0 {
		// left out of the graph: its edges are restored below
		removed[outside] = true
		for _, u := range g.neighbours(outside, nil) {
			g.unset(u, outside)
		}
		steps--
	}
	var nb []int
	for step := 0; step < steps; step++ {
		best, bestDeg := -1, 0
		for v := 0; v < n; v++ {
			if removed[v] {
				continue
			}
			if d := g.deg[v]; best < 0 || d < bestDeg {
				best, bestDeg = v, d
			}
		}
		v := best
		nb = g.neighbours(v, nb[:0])
		for i, a := range nb {
			for _, b := range nb[i+1:] {
				m.addEdge(a, b)
				tris = append(tris, [3]int{v, a, b})
				if len(tris)%growEvery == 0 && check != nil {
					if err := check(int64(len(tris)), m.edges-edges0); err != nil {
						return nil, err
					}
				}
			}
		}
		removed[v] = true
		for _, u := range nb {
			g.unset(u, v)
		}
	}
	// restore the symmetric adjacency (elimination deleted back edges)
	for v := 0; v < n; v++ {
		for _, u := range g.neighbours(v, nb[:0]) {
			g.set(u, v)
		}
	}
	return tris, nil
}

func pairKind(beforeStore, afterStore bool) lsl.FenceKind {
	switch {
	case !beforeStore && !afterStore:
		return lsl.LoadLoad
	case !beforeStore && afterStore:
		return lsl.LoadStore
	case beforeStore && !afterStore:
		return lsl.StoreLoad
	}
	return lsl.StoreStore
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fencePoints encodes the fences outside atomic blocks with two chains of
// points per thread and access type, so that a fence costs a constant
// number of order edges instead of one per access of its thread.
//
// For type t, the point P[t] of a fence lies after the t-accesses before
// it, and Q[t] before the t-accesses after it. Each chain is ordered in
// program order, so an access needs an edge only to the P of the first
// fence after it and from the Q of the last fence before it; the rest
// follows by transitivity. A fence ordering X before Y then says
// P[X] <M Q[Y], guarded by its Enable and Exec literals.
//
// Sound and complete: a memory order obeying the fences extends to the
// points by putting P[t] of a fence just after the last executed t-access
// before it and Q[t] just before the first after it (ties in program
// order); both chains are then monotone, and an enabled fence ordering X
// before Y has every X before every Y, so P[X] <M Q[Y]. Conversely the
// chains carry an X-access before the fence to P[X], and Q[Y] to a
// Y-access after it.
//
// Fences with no t-access between them share their t-points: the
// t-accesses before (after) both are the same, so the placement above puts
// both points at one position. A C11 acquire load followed by another puts
// no store between its fences, and their store points become one node.
// mergeFences merges runs of fences at one point of a thread (no access
// between them), always in force (Enable true: the fences of a C11
// operation's order) and executed together (one Exec literal) into one,
// ordering the union of their pairs: a load-load and a load-store fence
// after an acquire load share their points. fencePoints orders each pair
// of the union on its own, so the merge is exact.
func mergeFences(fs []fenceUse, always Lit) []fenceUse {
	var out []fenceUse
	for _, u := range fs {
		if n := len(out); n > 0 {
			prev := &out[n-1]
			if prev.f.Enable == always && u.f.Enable == always && prev.f.Before == u.f.Before && prev.f.Exec == u.f.Exec {
				prev.eff |= u.eff
				continue
			}
		}
		out = append(out, u)
	}
	return out
}

func (e *Encoding) fencePoints(plain map[int][]fenceUse, newNode func(th int) *orderNode) []fenceClause {
	var fcs []fenceClause
	for _, th := range slices.Sorted(maps.Keys(plain)) {
		fs := mergeFences(plain[th], e.c.T)
		var accs []*Access
		for _, a := range e.Accesses {
			if a.Thread == th {
				accs = append(accs, a)
			}
		}
		// between returns the accesses of type t in [lo, hi) of program order.
		between := func(t bool, lo, hi int) []*Access {
			var out []*Access
			for _, a := range accs {
				if a.Store == t && a.PoIndex >= lo && a.PoIndex < hi {
					out = append(out, a)
				}
			}
			return out
		}
		p := make([][2]*orderNode, len(fs))
		q := make([][2]*orderNode, len(fs))
		for _, t := range []bool{false, true} {
			ti := b2i(t)
			var prevP, prevQ *orderNode
			for j, u := range fs {
				var ordersBefore, ordersAfter bool
				for _, o := range []bool{false, true} {
					ordersBefore = ordersBefore || u.eff.Orders(t, o)
					ordersAfter = ordersAfter || u.eff.Orders(o, t)
				}
				if ordersBefore && prevP != nil && (len(between(t, prevP.first, u.f.Before)) == 0 || e.opt.BreakFencePoints) {
					p[j][ti] = prevP // no t-access between: the same point
				} else if ordersBefore {
					n := newNode(th)
					n.fence, n.first = u.f, u.f.Before
					p[j][ti] = n
					lo := 0
					if prevP != nil {
						fcs = append(fcs, fenceClause{prevP, n, nil})
						lo = prevP.first
					}
					for _, a := range between(t, lo, u.f.Before) {
						fcs = append(fcs, fenceClause{a.node, n, []Lit{a.Exec}})
					}
					prevP = n
				}
				if ordersAfter && prevQ != nil && (len(between(t, prevQ.first, u.f.Before)) == 0 || e.opt.BreakFencePoints) {
					q[j][ti] = prevQ // no t-access between: the same point
				} else if ordersAfter {
					n := newNode(th)
					n.fence, n.first = u.f, u.f.Before
					q[j][ti] = n
					if prevQ != nil {
						fcs = append(fcs, fenceClause{prevQ, n, nil})
						for _, a := range between(t, prevQ.first, u.f.Before) {
							fcs = append(fcs, fenceClause{prevQ, a.node, []Lit{a.Exec}})
						}
					}
					prevQ = n
				}
			}
			if prevQ != nil {
				for _, a := range between(t, prevQ.first, math.MaxInt) {
					fcs = append(fcs, fenceClause{prevQ, a.node, []Lit{a.Exec}})
				}
			}
		}
		for j, u := range fs {
			for _, x := range []bool{false, true} {
				for _, y := range []bool{false, true} {
					if u.eff.Orders(x, y) {
						fcs = append(fcs, fenceClause{p[j][b2i(x)], q[j][b2i(y)], []Lit{u.f.Enable, u.f.Exec}})
					}
				}
			}
		}
	}
	return fcs
}

// blockFence encodes a fence written inside an atomic block (not the
// block's own fence under tso, which orders the whole block). It orders
// the accesses on its two sides in program order, as any fence
// (SEMANTICS.md, "Fences"), and the block's accesses are one order node:
//   - an access before the block is ordered before the block if a member
//     of a type it orders the access against executes after the fence;
//   - the block before an access after it if a member of a type ordered
//     before the access executes before the fence;
//   - the accesses before the block before those after it through points
//     of the fence's own, P[X] after the X-accesses before the block and
//     Q[Y] before the Y-accesses after it, with P[X] <M Q[Y] (as
//     fencePoints, which would also tie the block's members to the
//     points on both sides: a cycle);
//   - the members on both sides are in program order already.
func (e *Encoding) blockFence(u fenceUse, newNode func(th int) *orderNode) []fenceClause {
	f, blk, c := u.f, u.node, e.c
	var pre, post [2][]Lit // members of each type executing before and after the fence
	for _, a := range blk.members {
		if a.PoIndex < f.Before {
			pre[b2i(a.Store)] = append(pre[b2i(a.Store)], a.Exec)
		} else {
			post[b2i(a.Store)] = append(post[b2i(a.Store)], a.Exec)
		}
	}
	// orderedAfter(x): some member after the fence of a type x is ordered
	// before executes; orderedBefore(y) likewise before the fence.
	orderedAfter := func(x bool) Lit {
		var ls []Lit
		for _, y := range []bool{false, true} {
			if u.eff.Orders(x, y) {
				ls = append(ls, post[b2i(y)]...)
			}
		}
		return c.or(ls...)
	}
	orderedBefore := func(y bool) Lit {
		var ls []Lit
		for _, x := range []bool{false, true} {
			if u.eff.Orders(x, y) {
				ls = append(ls, pre[b2i(x)]...)
			}
		}
		return c.or(ls...)
	}
	var fcs []fenceClause
	var outBefore, outAfter [2][]*Access
	for _, a := range e.Accesses {
		if a.Thread != f.Thread || a.node == blk {
			continue
		}
		t := b2i(a.Store)
		if a.PoIndex < f.Before {
			outBefore[t] = append(outBefore[t], a)
			if l := orderedAfter(a.Store); l != c.F() {
				fcs = append(fcs, fenceClause{a.node, blk, []Lit{f.Enable, f.Exec, a.Exec, l}})
			}
		} else {
			outAfter[t] = append(outAfter[t], a)
			if l := orderedBefore(a.Store); l != c.F() {
				fcs = append(fcs, fenceClause{blk, a.node, []Lit{f.Enable, f.Exec, a.Exec, l}})
			}
		}
	}
	var p, q [2]*orderNode
	for _, x := range []bool{false, true} {
		for _, y := range []bool{false, true} {
			if !u.eff.Orders(x, y) || len(outBefore[b2i(x)]) == 0 || len(outAfter[b2i(y)]) == 0 {
				continue
			}
			if p[b2i(x)] == nil {
				n := newNode(f.Thread)
				n.fence, n.first = f, f.Before
				p[b2i(x)] = n
				for _, a := range outBefore[b2i(x)] {
					fcs = append(fcs, fenceClause{a.node, n, []Lit{a.Exec}})
				}
			}
			if q[b2i(y)] == nil {
				n := newNode(f.Thread)
				n.fence, n.first = f, f.Before
				q[b2i(y)] = n
				for _, a := range outAfter[b2i(y)] {
					fcs = append(fcs, fenceClause{n, a.node, []Lit{a.Exec}})
				}
			}
			fcs = append(fcs, fenceClause{p[b2i(x)], q[b2i(y)], []Lit{f.Enable, f.Exec}})
		}
	}
	return fcs
}

// pairKey is the map key of an ordered pair of IDs: one word hashes
// faster than an array of two (the order literals are looked up for every
// constraint of the memory order).
func pairKey(i, j int) uint64 { return uint64(uint32(i))<<32 | uint64(uint32(j)) }
