package encode

import (
	"fmt"

	"checkfence/rangeanalysis"
)

// The memory order of two threads whose program order the model keeps
// entirely (sc, and serial, whose nodes are whole operations) is an
// interleaving of two chains. It is encoded as a grid instead of a
// chordal completion: for the nodes a_1 … a_n of one thread and b_1 … b_m
// of the other that some constraint orders against the other thread, a
// variable x[i][j] says a_i <M b_j, with the monotonicity of an
// interleaving as binary clauses,
//
//	x[i][j] → x[i][j+1]     (a_i before b_j, so before every later b)
//	x[i+1][j] → x[i][j]     (a_i is before a_{i+1})
//
// and program order within a thread, and the init phase before
// everything, as constants. Nothing else is needed: a cycle of the order
// must leave a chain and come back, so it holds a_i <M b_j, then b_l <M a_k
// with j ≤ l and k ≤ i (the chains run forward); the first clause family
// takes x[i][j] to x[i][l], the second x[i][l] to x[k][l], contradicting
// b_l <M a_k. So every assignment of the grid is the memory order of an
// interleaving (the nodes no constraint orders against the other thread
// fit in anywhere after their program-order predecessor), and every
// interleaving gives such an assignment: the constraints are exactly
// "some total memory order exists", as with the chordal completion.
// n·m variables and 2·n·m binary clauses replace the completion's
// triangles (msn's producer/consumer test with 8 values: 121,339 clauses
// instead of 465,504), and the solver propagates an order decision along
// a row or a column instead of through triangles.
//
// It applies when the test has two threads besides init, each thread's
// nodes form a chain the model keeps (no guarded program-order pair), and
// no node is outside the chains (fence points, allocator events placed
// apart). Options.NoInterleaving turns it off, to measure it.

// interleaving is the grid encoding of a two-thread memory order.
type interleaving struct {
	pos   map[int]int // node ID → position in its thread's chain
	chain [2][]*orderNode
}

// newInterleaving returns the grid encoding for the given chains (each
// thread's nodes in program order) if it applies (see above), else nil.
// total says whether each chain is kept entirely by the model.
func (e *Encoding) newInterleaving(chains map[int][]*orderNode, total bool, initNode *orderNode) *interleaving {
	if e.opt.FullOrder || e.opt.NoInterleaving || !total {
		return nil
	}
	var threads []int
	covered := 0
	for th, nodes := range chains {
		if th == rangeanalysis.InitThread {
			continue
		}
		threads = append(threads, th)
		covered += len(nodes)
	}
	if initNode != nil {
		covered++
	}
	if len(threads) != 2 || covered != len(e.mem.nodes) {
		return nil
	}
	if threads[0] > threads[1] {
		threads[0], threads[1] = threads[1], threads[0]
	}
	iv := &interleaving{pos: map[int]int{}}
	for k, th := range threads {
		iv.chain[k] = chains[th]
		for i, n := range chains[th] {
			if n.isFence() {
				return nil
			}
			iv.pos[n.id] = i
		}
	}
	return iv
}

// encode fixes every order literal the constraints can ask for (before
// reads them from the pair map): constants within a thread and against
// init, grid variables across the threads.
func (iv *interleaving) encode(e *Encoding, initNode *orderNode) error {
	m, c := e.mem, e.c
	set := func(u, v *orderNode, uFirst Lit) { // uFirst: u <M v
		if u.id < v.id {
			m.graph.setLit(u.id, v.id, uFirst)
		} else {
			m.graph.setLit(v.id, u.id, uFirst.Not())
		}
	}
	// the nodes ordered against the other thread
	var rel [2][]*orderNode
	for k := range iv.chain {
		other := iv.chain[1-k]
		for _, n := range iv.chain[k] {
			for _, o := range other {
				if m.graph.has(n.id, o.id) {
					rel[k] = append(rel[k], n)
					break
				}
			}
		}
	}
	a, b := rel[0], rel[1]
	if err := e.checkGrid(int64(len(a)), int64(len(b))); err != nil {
		return err
	}
	x := make([][]Lit, len(a))
	for i := range a {
		x[i] = make([]Lit, len(b))
		for j := range b {
			x[i][j] = c.newVar()
			set(a[i], b[j], x[i][j])
		}
	}
	for i := range a {
		for j := range b {
			if j+1 < len(b) && e.opt.BreakInterleaving != 1 {
				c.add(x[i][j].Not(), x[i][j+1])
			}
			if i+1 < len(a) && e.opt.BreakInterleaving != 2 {
				c.add(x[i+1][j].Not(), x[i][j])
			}
		}
	}
	// within a thread and against init: constants
	for k := range iv.chain {
		for _, u := range iv.chain[k] {
			for _, v := range m.graph.neighbours(u.id, nil) {
				w := m.nodes[v]
				switch {
				case initNode != nil && w == initNode:
					set(w, u, c.T)
				case w.thread == u.thread:
					set(u, w, iv.constBefore(u, w, c))
				}
			}
		}
	}
	e.stats.Interleaved, e.stats.OrderGrid = true, len(a)*len(b)
	return nil
}

// checkGrid checks the grid of n×m order variables and their 2·n·m binary
// clauses against the memory budget before they are made.
func (e *Encoding) checkGrid(n, m int64) error {
	if !e.estimating() {
		return nil
	}
	need := n * m * (memPerPair + 2*(memPerClause+2*memPerLit))
	if est := e.usage() + need; est > e.budget.max {
		be := e.budgetError("memory order", est, fmt.Sprintf("the memory order needs ~%d pairs (an interleaving of %d and %d nodes)", n*m, n, m))
		be.Pairs = n * m
		return be
	}
	return nil
}

func (iv *interleaving) constBefore(u, v *orderNode, c *cnf) Lit {
	if iv.pos[u.id] < iv.pos[v.id] {
		return c.T
	}
	return c.F()
}
