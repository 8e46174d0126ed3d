package encode

import (
	"context"
	"math"
	"math/rand"
	"slices"
	"testing"
)

// isChordal checks chordality independently of the elimination code: a
// graph is chordal iff maximum cardinality search yields a perfect
// elimination ordering (Tarjan and Yannakakis).
func isChordal(n int, adj []map[int]bool) bool {
	weight := make([]int, n)
	numbered := make([]bool, n)
	order := make([]int, 0, n) // visit order; its reverse is a PEO
	for len(order) < n {
		best := -1
		for v := 0; v < n; v++ {
			if !numbered[v] && (best < 0 || weight[v] > weight[best]) {
				best = v
			}
		}
		numbered[best] = true
		order = append(order, best)
		for u := range adj[best] {
			if !numbered[u] {
				weight[u]++
			}
		}
	}
	pos := make([]int, n)
	for i, v := range order {
		pos[v] = i
	}
	// For each v, its earlier-visited neighbours must form a clique.
	for _, v := range order {
		var earlier []int
		for u := range adj[v] {
			if pos[u] < pos[v] {
				earlier = append(earlier, u)
			}
		}
		// it suffices that the latest of them is adjacent to the others
		if len(earlier) == 0 {
			continue
		}
		last := earlier[0]
		for _, u := range earlier {
			if pos[u] > pos[last] {
				last = u
			}
		}
		for _, u := range earlier {
			if u != last && !adj[last][u] {
				return false
			}
		}
	}
	return true
}

func TestChordalCompletion(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for iter := 0; iter < 300; iter++ {
		n := 2 + r.Intn(25)
		m := &memEncoding{}
		for i := 0; i < n; i++ {
			m.nodes = append(m.nodes, &orderNode{id: i})
			m.graph.addNode()
		}
		p := r.Float64()
		orig := map[[2]int]bool{}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if r.Float64() < p*0.5 {
					m.addEdge(i, j)
					orig[[2]int{i, j}] = true
				}
			}
		}
		// a node left out (init), on half of the graphs
		outside := -1
		if iter%2 == 1 {
			outside = r.Intn(n)
		}
		// the budget's simulation of the elimination counts the same
		simTris, simFill, _ := m.countTriangles(outside, math.MaxInt64)
		edges0 := m.edges
		tris, _ := m.chordalTriangles(outside, nil)
		if int64(len(tris)) != simTris || m.edges-edges0 != simFill {
			t.Fatalf("graph %d: countTriangles says %d triangles, %d fill edges; the elimination made %d, %d",
				iter, simTris, simFill, len(tris), m.edges-edges0)
		}
		for e := range orig {
			if !m.graph.has(e[0], e[1]) || !m.graph.has(e[1], e[0]) {
				t.Fatalf("edge %v lost", e)
			}
		}
		// the graph without the node left out is chordal
		rest := make([]map[int]bool, n)
		for v := range n {
			rest[v] = map[int]bool{}
			if m.graph.deg[v] != len(m.graph.neighbours(v, nil)) {
				t.Fatalf("graph %d: node %d has degree %d and %d neighbours", iter, v, m.graph.deg[v], len(m.graph.neighbours(v, nil)))
			}
			for _, u := range m.graph.neighbours(v, nil) {
				if !m.graph.has(u, v) {
					t.Fatalf("graph %d: edge %d-%d in one direction only", iter, v, u)
				}
				if u != outside && v != outside {
					rest[v][u] = true
				}
			}
		}
		if !isChordal(n, rest) {
			t.Fatalf("graph %d (n=%d) is not chordal after completion", iter, n)
		}
		// every triangle of the completed graph is listed exactly once
		listed := map[[3]int]int{}
		for _, tr := range tris {
			a, b, c := sort3(tr)
			listed[[3]int{a, b, c}]++
		}
		count := 0
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				for c := b + 1; c < n; c++ {
					if rest[a][b] && rest[b][c] && rest[a][c] {
						count++
						if listed[[3]int{a, b, c}] != 1 {
							t.Fatalf("triangle %d %d %d listed %d times", a, b, c, listed[[3]int{a, b, c}])
						}
					}
				}
			}
		}
		if count != len(tris) {
			t.Fatalf("%d triangles listed, graph has %d", len(tris), count)
		}
	}
}

func sort3(t [3]int) (int, int, int) {
	a, b, c := t[0], t[1], t[2]
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

// TestGates checks the folded gates against their truth tables by solving.
func TestGates(t *testing.T) {
	c := newCNF(newSolver(SolverGini))
	x, y := c.newVar(), c.newVar()
	cases := []struct {
		name string
		lit  Lit
		f    func(a, b bool) bool
	}{
		{"and", c.and(x, y), func(a, b bool) bool { return a && b }},
		{"or", c.or(x, y), func(a, b bool) bool { return a || b }},
		{"andN", c.andN(x, c.T, y), func(a, b bool) bool { return a && b }},
		{"and-false", c.and(x, c.F()), func(a, b bool) bool { return false }},
		{"or-true", c.or(y, c.T), func(a, b bool) bool { return true }},
		{"and-self", c.and(x, x), func(a, b bool) bool { return a }},
		{"and-contra", c.and(x, x.Not()), func(a, b bool) bool { return false }},
	}
	for _, tc := range cases {
		for _, a := range []bool{false, true} {
			for _, b := range []bool{false, true} {
				la, lb := x, y
				if !a {
					la = x.Not()
				}
				if !b {
					lb = y.Not()
				}
				want := tc.f(a, b)
				gl := tc.lit
				if !want {
					gl = gl.Not()
				}
				if c.g.solve(context.Background(), []Lit{la, lb, gl}) != 1 {
					t.Errorf("%s(%v,%v) cannot be %v", tc.name, a, b, want)
				}
				if c.g.solve(context.Background(), []Lit{la, lb, gl.Not()}) != -1 {
					t.Errorf("%s(%v,%v) can be %v", tc.name, a, b, !want)
				}
			}
		}
	}
}

// TestAtMostOne checks both encodings of at-most-one by counting models.
func TestAtMostOne(t *testing.T) {
	for _, n := range []int{1, 2, 5, 6, 9} {
		c := newCNF(newSolver(SolverGini))
		lits := make([]Lit, n)
		for i := range lits {
			lits[i] = c.newVar()
		}
		c.atMostOne(lits)
		for mask := 0; mask < 1<<n; mask++ {
			var as []Lit
			ones := 0
			for i, l := range lits {
				if mask&(1<<i) != 0 {
					as = append(as, l)
					ones++
				} else {
					as = append(as, l.Not())
				}
			}
			sat := c.g.solve(context.Background(), as) == 1
			if sat != (ones <= 1) {
				t.Fatalf("n=%d mask=%b: sat=%v", n, mask, sat)
			}
		}
	}
}

// dimacsEncoding returns an encoding of the clauses, in DIMACS numbering
// after the constant true (variable 1), over vars variables, and the
// literal of each DIMACS number.
func dimacsEncoding(vars int, clauses [][]int) (*Encoding, func(ns []int) []Lit) {
	e := &Encoding{c: newCNF(newSolver(SolverGini))}
	v := make([]Lit, vars+1)
	for i := 2; i < len(v); i++ {
		v[i] = e.c.newVar()
	}
	lits := func(ns []int) []Lit {
		var ls []Lit
		for _, n := range ns {
			if n < 0 {
				ls = append(ls, v[-n].Not())
			} else {
				ls = append(ls, v[n])
			}
		}
		return ls
	}
	for _, cl := range clauses {
		e.c.add(lits(cl)...)
	}
	return e, lits
}

// Once a solve proves the clauses unsatisfiable without assumptions, every
// later solve must say so. gini v1.0.4, asked again under other
// assumptions, answers "sat" with a model violating a clause (and exits
// through log.Fatal): these clauses are the smallest such case found (a
// use after free test whose threads all need the one freed block).
func TestUnsatWithoutAssumptionsStays(t *testing.T) {
	// 7 → ¬6 → 8 → ¬3 → 2; 16 → ¬15 → 17 → ¬12 → 11; 2 → 27 → 20 → ¬31,
	// yet 11 → 31.
	e, lits := dimacsEncoding(56, [][]int{{2, 3}, {-6, -7}, {-8, -3}, {8, 6}, {7}, {11, 12}, {-15, -16}, {-17, -12},
		{17, 15}, {16}, {-27, -11, 20}, {-2, 27}, {-31, -2, -20}, {-11, 31}})
	for i, as := range [][]int{{42}, {-42, 50}, {-42, -50, 56, 55}, {}} {
		if r := e.Solve(context.Background(), lits(as)...); r != -1 {
			t.Fatalf("solve %d under %v: %d, want -1", i, as, r)
		}
		if w := e.Why(); len(w) != 0 {
			t.Errorf("solve %d: Why = %v, want none (unsatisfiable without assumptions)", i, w)
		}
	}
}

// When gini blames an unsatisfiable answer on assumptions although the
// clauses alone are unsatisfiable, gini v1.0.4's next solve learns from a
// conflict at level 0 and answers "sat" with a model violating a clause
// (and exits through log.Fatal). These clauses are the smallest such case
// found (a test in which no execution completes); the third question must
// be answered "none", like the first two.
func TestUnsatBlamedOnAnAssumption(t *testing.T) {
	e, lits := dimacsEncoding(53, [][]int{{10, 5, -9}, {11, 5, 9}, {-12, -13}, {-11, 13}, {-14, 11}, {-14, 12},
		{15, -11, -13}, {-16, 11}, {-16, -13}, {-17, -15}, {-21, -10}, {-21, 17}, {-33, -5}, {-33, 21},
		{48, 14, 16}, {33, -48}})
	for i, as := range [][]int{{14}, {-14, 16}, {-14, -16, 53, 49}, {}} {
		ls := lits(as)
		if r := e.Solve(context.Background(), ls...); r != -1 {
			t.Fatalf("solve %d under %v: %d, want -1", i, as, r)
		}
		for _, w := range e.Why() {
			if !slices.Contains(ls, w) {
				t.Errorf("solve %d: Why names %v, not an assumption", i, w)
			}
		}
	}
}

// TestOrderGraphLiterals checks the literal table on both sides of
// denseNodes: the triangular table below, the map beyond.
func TestOrderGraphLiterals(t *testing.T) {
	var g orderGraph
	pairs := [][2]int{{0, 1}, {3, 7}, {0, 1023}, {1022, 1023}, {5, 1024}, {1023, 1024}, {0, 3000}, {2999, 3000}}
	for k, p := range pairs {
		if _, ok := g.lit(p[0], p[1]); ok {
			t.Fatalf("pair %v has a literal before one was set", p)
		}
		g.setLit(p[0], p[1], Lit(10+2*k))
	}
	for k, p := range pairs {
		if l, ok := g.lit(p[0], p[1]); !ok || l != Lit(10+2*k) {
			t.Errorf("pair %v: literal %v, %v; want %v", p, l, ok, Lit(10+2*k))
		}
	}
	for _, p := range [][2]int{{1, 2}, {0, 1022}, {6, 1024}, {1, 3000}} {
		if l, ok := g.lit(p[0], p[1]); ok {
			t.Errorf("pair %v: literal %v, never set", p, l)
		}
	}
}
