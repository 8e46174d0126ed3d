package symmetry

import (
	"fmt"
	"slices"
	"strings"

	"checkfence/lsl"
	"checkfence/rangeanalysis"
)

// MaxOrder bounds the number of elements of a group: mining adds each
// outcome's images under all of them. A class too large for it is cut
// short (its last threads are left out), which only gives up reduction.
const MaxOrder = 720

// Group is the group of permutations of the interchangeable threads of a
// test (see the package documentation).
type Group struct {
	// Classes lists the classes of interchangeable threads (indices
	// into Test.Threads), each in increasing order, with at least two
	// members; no thread is in two classes.
	Classes [][]int

	code  []threadCode
	elems []perm // every element but the identity
}

// threadCode is one thread's code as the comparison sees it.
type threadCode struct {
	stmts  []lsl.Stmt       // in program order (lsl.Walk)
	starts []int            // where each invocation's statements start in stmts
	ops    []string         // each invocation's operation
	index  map[lsl.Stmt]int // position in stmts; made for the threads of a class
	bases  []int64          // of its allocations, in program order
	text   string           // what two interchangeable threads share; see Find
	ok     bool             // may be interchangeable at all
}

// perm is one element of the group: a permutation of the threads and the
// renaming of their blocks that goes with it.
type perm struct {
	thread []int // thread[i] is where thread i's behaviour goes
	base   map[int64]int64
}

// Possible reports whether Find may find interchangeable threads in t,
// whatever its range analysis: false when a precondition of Find fails or
// no two threads have the same shape (operations and number of
// statements), which interchangeable threads have. The mining under
// serial, which needs the analysis only for Find, then runs without it.
func Possible(t *lsl.Test) bool {
	if len(t.Final) > 0 || len(t.Threads) < 2 || freesForReuse(t) {
		return false
	}
	shapes := map[string]bool{}
	for _, invs := range t.Threads {
		c := readThread(invs, nil)
		if !c.ok {
			continue
		}
		if shapes[c.shape()] {
			return true
		}
		shapes[c.shape()] = true
	}
	return false
}

// Find returns the group of the interchangeable threads of t, whose range
// analysis is ra; nil if no two threads are interchangeable.
func Find(t *lsl.Test, ra *rangeanalysis.Result) *Group {
	if len(t.Final) > 0 || len(t.Threads) < 2 || freesForReuse(t) {
		return nil
	}
	g := &Group{code: make([]threadCode, len(t.Threads))}
	owner := map[int64]bool{} // bases of the threads' blocks
	shapes := map[string]int{}
	for i, invs := range t.Threads {
		g.code[i] = readThread(invs, ra)
		for _, b := range g.code[i].bases {
			owner[b] = true
		}
		shapes[g.code[i].shape()]++
	}
	if namesBlock(t, owner) {
		return nil
	}
	// The text is rendered only for the threads whose shape (operations
	// and number of statements) another thread shares: it holds both, so
	// no other can have equal text (rendering every statement was a
	// tenth of a check's encoding when no thread had a counterpart).
	for i := range g.code {
		if c := &g.code[i]; c.ok && shapes[c.shape()] > 1 {
			c.render(i)
		}
	}
	byText := map[string][]int{}
	var texts []string
	for i, c := range g.code {
		if !c.ok || c.text == "" {
			continue
		}
		if _, ok := byText[c.text]; !ok {
			texts = append(texts, c.text)
		}
		byText[c.text] = append(byText[c.text], i)
	}
	for _, text := range texts {
		members := byText[text]
		if len(members) < 2 {
			continue
		}
		// each member must be interchangeable with the first
		class := []int{members[0]}
		for _, j := range members[1:] {
			if g.rangesSymmetric(t, ra, members[0], j) {
				class = append(class, j)
			}
		}
		if len(class) >= 2 {
			g.Classes = append(g.Classes, class)
		}
	}
	g.trim()
	if len(g.Classes) == 0 {
		return nil
	}
	for _, cl := range g.Classes {
		for _, i := range cl {
			c := &g.code[i]
			c.index = make(map[lsl.Stmt]int, len(c.stmts))
			for k, s := range c.stmts {
				c.index[s] = k
			}
		}
	}
	g.elements(len(t.Threads))
	return g
}

// freesForReuse reports whether a free of t may hand its block out again.
func freesForReuse(t *lsl.Test) bool {
	return anyStmt(t, func(s lsl.Stmt) bool {
		f, ok := s.(*lsl.Free)
		return ok && f.Kind.Reusable()
	})
}

// namesBlock reports whether a constant or an initial value of t is an
// address in one of the blocks of owner.
func namesBlock(t *lsl.Test, owner map[int64]bool) bool {
	for _, gl := range t.Globals {
		for _, iv := range gl.Init {
			if iv.Val.IsPtr() && owner[iv.Val.Base()] {
				return true
			}
		}
	}
	return anyStmt(t, func(s lsl.Stmt) bool {
		c, ok := s.(*lsl.Const)
		return ok && c.Val.IsPtr() && owner[c.Val.Base()]
	})
}

// anyStmt reports whether some statement of t, init included, satisfies f.
func anyStmt(t *lsl.Test, f func(lsl.Stmt) bool) bool {
	found := false
	for _, invs := range append([][]*lsl.Invocation{t.Init}, t.Threads...) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				found = found || f(s)
				return !found
			})
		}
	}
	return found
}

// readThread lists a thread's statements (invs: its invocations); the
// bases of its allocations only with an analysis.
func readThread(invs []*lsl.Invocation, ra *rangeanalysis.Result) threadCode {
	c := threadCode{ok: true}
	for _, inv := range invs {
		c.starts = append(c.starts, len(c.stmts))
		c.ops = append(c.ops, inv.Op)
		lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
			c.stmts = append(c.stmts, s)
			switch s := s.(type) {
			case *lsl.ThreadID:
				c.ok = false
			case *lsl.Alloc:
				if ra != nil {
					c.bases = append(c.bases, ra.AllocBase(s))
				}
			}
			return true
		})
	}
	return c
}

// shape is what a thread with equal text must have too: its operations
// and its number of statements.
func (c *threadCode) shape() string {
	return fmt.Sprint(c.ops, len(c.stmts))
}

// render sets the text of thread th's code: what must be equal in an
// interchangeable thread.
func (c *threadCode) render(th int) {
	var b strings.Builder
	prefix := fmt.Sprintf("t%d.", th)
	inv := 0
	for k, s := range c.stmts {
		for inv < len(c.starts) && c.starts[inv] == k {
			fmt.Fprintf(&b, "invocation %s\n", c.ops[inv])
			inv++
		}
		text := lsl.FormatStmt(s)
		if s, ok := s.(*lsl.BoundExceeded); ok {
			// the loop instance's name starts with its thread
			text = "bound_exceeded " + strings.TrimPrefix(s.Loop, prefix)
		}
		fmt.Fprintf(&b, "%s %s\n", s.Position(), text)
	}
	for ; inv < len(c.starts); inv++ {
		fmt.Fprintf(&b, "invocation %s\n", c.ops[inv]) // invocations without statements
	}
	c.text = b.String()
}

// rangesSymmetric reports whether exchanging threads i and j (of equal
// code) maps the range analysis to itself.
func (g *Group) rangesSymmetric(t *lsl.Test, ra *rangeanalysis.Result, i, j int) bool {
	ren := map[int64]int64{}
	for k, b := range g.code[i].bases {
		ren[b] = g.code[j].bases[k]
		ren[g.code[j].bases[k]] = b
	}
	sameSet := func(a, b []lsl.Value) bool {
		if len(a) != len(b) {
			return false
		}
		img := make(map[lsl.Value]bool, len(a))
		for _, v := range a {
			img[rename(v, ren)] = true
		}
		for _, v := range b {
			if !img[v] {
				return false
			}
		}
		return true
	}
	seen := map[lsl.Reg]bool{}
	for _, s := range g.code[i].stmts {
		for _, r := range append(lsl.Uses(s), lsl.Defs(s)...) {
			if seen[r] {
				continue
			}
			seen[r] = true
			if !sameSet(ra.Reg(i, r), ra.Reg(j, r)) {
				return false
			}
		}
	}
	for _, a := range ra.Locations() {
		if !sameSet(ra.Loc(a), ra.Loc(rename(a, ren))) || ra.ValidAddress(a) != ra.ValidAddress(rename(a, ren)) {
			return false
		}
	}
	return true
}

// rename maps a pointer into a renamed block to the same place in its
// image; other values stay.
func rename(v lsl.Value, ren map[int64]int64) lsl.Value {
	if !v.IsPtr() && !v.IsTagged() {
		return v
	}
	b, ok := ren[v.Untagged().Base()]
	if !ok {
		return v
	}
	return lsl.Ptr(b, v.Offsets()...).WithTag(v.Tag()) // a marked pointer keeps its mark
}

// trim leaves out the last threads of the largest classes until the
// group has at most MaxOrder elements.
func (g *Group) trim() {
	for g.order() > MaxOrder {
		k := 0
		for i, c := range g.Classes {
			if len(c) > len(g.Classes[k]) {
				k = i
			}
		}
		g.Classes[k] = g.Classes[k][:len(g.Classes[k])-1]
		if len(g.Classes[k]) < 2 {
			g.Classes = slices.Delete(g.Classes, k, k+1)
		}
	}
}

// order is the number of elements of the group, or MaxOrder+1 if it has
// more (21! already overflows an int: trim would never stop).
func (g *Group) order() int {
	n := 1
	for _, c := range g.Classes {
		for k := 2; k <= len(c); k++ {
			n *= k
			if n > MaxOrder {
				return MaxOrder + 1
			}
		}
	}
	return n
}

// elements lists every element of the group but the identity: each
// combination of a permutation of each class.
func (g *Group) elements(nthreads int) {
	identity := make([]int, nthreads)
	for i := range identity {
		identity[i] = i
	}
	all := [][]int{identity}
	for _, c := range g.Classes {
		var next [][]int
		for _, p := range all {
			for _, q := range permutations(len(c)) {
				np := slices.Clone(p)
				for k, m := range c {
					np[m] = c[q[k]]
				}
				next = append(next, np)
			}
		}
		all = next
	}
	for _, p := range all {
		if slices.Equal(p, identity) {
			continue
		}
		e := perm{thread: p, base: map[int64]int64{}}
		for i, j := range p {
			if i == j {
				continue
			}
			for k, b := range g.code[i].bases {
				e.base[b] = g.code[j].bases[k]
			}
		}
		g.elems = append(g.elems, e)
	}
}

// permutations returns every permutation of 0..n-1, the identity first.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for pos := len(p); pos >= 0; pos-- {
			q := make([]int, 0, n)
			q = append(q, p[:pos]...)
			q = append(q, n-1)
			q = append(q, p[pos:]...)
			out = append(out, q)
		}
	}
	return out
}

// Order returns the number of elements of the group.
func (g *Group) Order() int { return len(g.elems) + 1 }

// Images returns the images of o under every element of the group other
// than the identity (some may equal o).
func (g *Group) Images(o lsl.Outcome) []lsl.Outcome {
	out := make([]lsl.Outcome, 0, len(g.elems))
	for _, e := range g.elems {
		out = append(out, e.apply(o))
	}
	return out
}

// apply returns the image of o: thread i's observations become thread
// thread[i]'s, with every value renamed.
func (e perm) apply(o lsl.Outcome) lsl.Outcome {
	items := func(its []lsl.ObsItem) []lsl.ObsItem {
		out := make([]lsl.ObsItem, len(its))
		for k, it := range its {
			it.Val = rename(it.Val, e.base)
			out[k] = it
		}
		return out
	}
	img := lsl.Outcome{Fault: o.Fault, Final: o.Final}
	for _, inv := range o.Init {
		img.Init = append(img.Init, items(inv))
	}
	img.Threads = make([][][]lsl.ObsItem, len(o.Threads))
	for i, invs := range o.Threads {
		j := i
		if i < len(e.thread) {
			j = e.thread[i]
		}
		img.Threads[j] = make([][]lsl.ObsItem, len(invs))
		for k, inv := range invs {
			img.Threads[j][k] = items(inv)
		}
	}
	return img
}

// Closed reports whether the outcomes outs are closed under the group:
// the image of each is among them.
func (g *Group) Closed(outs []lsl.Outcome) bool {
	keys := make(map[string]bool, len(outs))
	for _, o := range outs {
		keys[o.Key()] = true
	}
	for _, o := range outs {
		for _, img := range g.Images(o) {
			if !keys[img.Key()] {
				return false
			}
		}
	}
	return true
}

// Corresponding returns the statement of thread j that is in the place
// of statement s of thread i; i and j are in one class.
func (g *Group) Corresponding(i, j int, s lsl.Stmt) lsl.Stmt {
	k, ok := g.code[i].index[s]
	if !ok {
		return nil
	}
	return g.code[j].stmts[k]
}
