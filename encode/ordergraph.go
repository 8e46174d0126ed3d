package encode

import "math/bits"

// orderGraph holds the pairs of memory-order nodes the encoding relates
// (the edges: each pair gets an order literal, see doc.go) and each pair's
// literal "i <M j" once made. The encoding asks it of every triangle of
// the chordal completion and of every pair of a load's candidate stores,
// so both are arrays: a bit set per node and a triangular table of
// literals (hashing the pairs in maps was a tenth of an encoding's time).
// Pairs among nodes past denseNodes keep their literals in a map, so that
// the table stays small (2 MiB) whatever the test.
type orderGraph struct {
	rows [][]uint64 // rows[i]: the neighbours of i, grown as needed
	deg  []int      // set bits of rows[i]
	lits []Lit      // pair i < j < denseNodes at j*(j-1)/2 + i; 0: not made
	far  map[uint64]Lit
}

const denseNodes = 1024

// addNode adds a node without edges; nodes are numbered from 0.
func (g *orderGraph) addNode() {
	g.rows = append(g.rows, nil)
	g.deg = append(g.deg, 0)
}

func (g *orderGraph) nodes() int { return len(g.rows) }

// has reports whether i has j as a neighbour.
func (g *orderGraph) has(i, j int) bool {
	r := g.rows[i]
	return j/64 < len(r) && r[j/64]&(1<<(j%64)) != 0
}

// set makes j a neighbour of i (one direction), reporting whether it was not.
func (g *orderGraph) set(i, j int) bool {
	r := g.rows[i]
	if j/64 >= len(r) {
		r = append(r, make([]uint64, j/64+1-len(r))...)
		g.rows[i] = r
	}
	if r[j/64]&(1<<(j%64)) != 0 {
		return false
	}
	r[j/64] |= 1 << (j % 64)
	g.deg[i]++
	return true
}

// unset removes j from i's neighbours (one direction).
func (g *orderGraph) unset(i, j int) {
	if g.has(i, j) {
		g.rows[i][j/64] &^= 1 << (j % 64)
		g.deg[i]--
	}
}

// neighbours appends the neighbours of i to buf, in increasing order.
func (g *orderGraph) neighbours(i int, buf []int) []int {
	for k, x := range g.rows[i] {
		for x != 0 {
			buf = append(buf, k*64+bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return buf
}

// lit returns the literal of the pair i < j, if made.
func (g *orderGraph) lit(i, j int) (Lit, bool) {
	if j < denseNodes {
		k := j*(j-1)/2 + i
		if k < len(g.lits) && g.lits[k] != 0 {
			return g.lits[k], true
		}
		return 0, false
	}
	l, ok := g.far[pairKey(i, j)]
	return l, ok
}

// setLit records the literal of the pair i < j.
func (g *orderGraph) setLit(i, j int, l Lit) {
	if j < denseNodes {
		k := j*(j-1)/2 + i
		if k >= len(g.lits) {
			g.lits = append(g.lits, make([]Lit, k+1-len(g.lits))...)
		}
		g.lits[k] = l
		return
	}
	if g.far == nil {
		g.far = map[uint64]Lit{}
	}
	g.far[pairKey(i, j)] = l
}
