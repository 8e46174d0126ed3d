package trace

import (
	"fmt"
	"slices"
	"strings"

	"checkfence/lsl"
)

// namer writes addresses as the program names them: a global and its
// fields and elements (queue.tail, a[2].next), an allocated block as
// block#k (k counting allocations in the test).
type namer struct {
	globals map[int64]*lsl.Global
	allocs  map[int64]*lsl.Alloc
	index   map[int64]int
}

func newNamer(t *lsl.Test) *namer {
	n := &namer{globals: map[int64]*lsl.Global{}, allocs: map[int64]*lsl.Alloc{}, index: map[int64]int{}}
	for _, g := range t.Globals {
		n.globals[g.Base] = g
	}
	for a, b := range lsl.AllocBases(t) {
		n.allocs[b] = a
	}
	// number blocks in base order, so names are stable
	var bases []int64
	for b := range n.allocs {
		bases = append(bases, b)
	}
	sortInt64s(bases)
	for i, b := range bases {
		n.index[b] = i + 1
	}
	return n
}

func (n *namer) name(v lsl.Value) string {
	if !v.IsPtr() {
		return v.String()
	}
	var b strings.Builder
	var shape *lsl.Shape
	if g, ok := n.globals[v.Base()]; ok {
		b.WriteString(g.Name)
		shape = g.Shape
	} else if a, ok := n.allocs[v.Base()]; ok {
		fmt.Fprintf(&b, "block#%d", n.index[v.Base()])
		shape = a.Shape
	} else {
		return v.String()
	}
	b.WriteString(shape.Path(v.Offsets()))
	return b.String()
}

// value renders a value; pointers are named like addresses, as &name.
func (n *namer) value(v lsl.Value) string {
	if v.IsPtr() {
		return "&" + n.name(v)
	}
	return v.String()
}

func sortInt64s(s []int64) { slices.Sort(s) }
