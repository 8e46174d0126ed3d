package trace

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/rangeanalysis"
)

// namer writes addresses as the program names them: a global and its
// fields and elements (queue.tail, a[2].next); a local variable in memory
// by its C name and call ([v in d#1]); any other allocated block by the
// variable that received it and its call ([node from e#2]), or as
// block#k (k counting allocations in the test).
type namer struct {
	globals map[int64]*lsl.Global
	allocs  map[int64]*lsl.Alloc
	blocks  map[int64]string // base → name
	sites   map[int64]string // base → "allocated at …"
}

func newNamer(t *lsl.Test, calls *callNames) *namer {
	n := &namer{globals: map[int64]*lsl.Global{}, allocs: map[int64]*lsl.Alloc{}, blocks: map[int64]string{}, sites: map[int64]string{}}
	for _, g := range t.Globals {
		n.globals[g.Base] = g
	}
	bases := lsl.AllocBases(t)
	for a, b := range bases {
		n.allocs[b] = a
	}
	// where each allocation is: its thread and call
	type where struct{ thread, inv int }
	at := map[*lsl.Alloc]where{}
	visit := func(th int, invs []*lsl.Invocation) {
		for i, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if a, ok := s.(*lsl.Alloc); ok {
					at[a] = where{th, i}
				}
				return true
			})
		}
	}
	visit(rangeanalysis.InitThread, t.Init)
	for th, invs := range t.Threads {
		visit(th, invs)
	}
	var ordered []int64
	for b := range n.allocs {
		ordered = append(ordered, b)
	}
	slices.Sort(ordered)
	seen := map[string]int{}
	for i, b := range ordered {
		a := n.allocs[b]
		w, ok := at[a]
		name := fmt.Sprintf("block#%d", i+1)
		if ok {
			call := calls.name(w.thread, w.inv)
			if v, fn, local := localName(a.Dst); local {
				name = fmt.Sprintf("%s in %s", v, call)
				if fn != "" && !strings.HasPrefix(call, fn+"#") {
					name = fmt.Sprintf("%s in %s() of %s", v, fn, call)
				}
			} else if v != "" {
				name = fmt.Sprintf("%s from %s", v, call)
			}
			n.sites[b] = fmt.Sprintf("allocated by %s at %s", call, posString(a.Pos))
		}
		if seen[name]++; seen[name] > 1 {
			name = fmt.Sprintf("%s (%d)", name, seen[name]) // one site, several iterations
		}
		n.blocks[b] = name
	}
	return n
}

// temporary matches the compiler's temporaries (t12), which name nothing.
var temporary = regexp.MustCompile(`^t[0-9]+$`)

// localName reads a block's destination register: cfront puts a local
// whose address is taken in memory at "NAME.addr", and the unroller
// prefixes registers with the call's instance and the path of inlined
// callees ("e0.dequeue.v.addr": v of dequeue; "e0.v.addr": v of the
// operation itself). Otherwise the last component is the variable that received
// the block ("e0.enqueue.node"), unless it is a temporary.
func localName(dst lsl.Reg) (name, fn string, local bool) {
	parts := strings.Split(string(dst), ".")
	for i, p := range parts {
		parts[i] = strings.SplitN(p, "$", 2)[0] // the unroller's "$2" suffixes
	}
	if len(parts) >= 3 && parts[len(parts)-1] == "addr" {
		// parts[0] is the call's instance ("e0"); a callee's name
		// follows it
		if len(parts) >= 4 {
			fn = parts[len(parts)-3]
		}
		return parts[len(parts)-2], fn, true
	}
	last := parts[len(parts)-1]
	if temporary.MatchString(last) {
		return "", "", false
	}
	return last, "", false
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
		name := n.blocks[v.Base()]
		if strings.Contains(name, " ") {
			name = "[" + name + "]"
		}
		b.WriteString(name)
		shape = a.Shape
	} else {
		return v.String()
	}
	b.WriteString(shape.Path(v.Offsets()))
	return b.String()
}

// value renders a value; pointers are named like addresses, as &name,
// and a tagged pointer as its pointer with the bits it sets, &name|1.
func (n *namer) value(v lsl.Value) string {
	if v.IsPtr() {
		return "&" + n.name(v)
	}
	if v.IsTagged() {
		return "&" + n.name(v.Untagged()) + "|" + strconv.FormatInt(v.Tag(), 10)
	}
	return v.String()
}

// accessValue renders the value of the access s as the C type of its
// location reads it: a uint64_t's (lsl.Load.Unsigned) as its unsigned
// number, not as the int64 of the same bits.
func (n *namer) accessValue(v lsl.Value, s lsl.Stmt) string {
	unsigned := false
	switch x := s.(type) {
	case *lsl.Load:
		unsigned = x.Unsigned
	case *lsl.Store:
		unsigned = x.Unsigned
	}
	if unsigned && v.IsInt() {
		return strconv.FormatUint(uint64(v.IntVal()), 10)
	}
	return n.value(v)
}

// callNames numbers the calls of each operation across the test, in the
// order init, thread 0, thread 1, …: "e#1", "e#2", "d#1".
type callNames struct {
	names map[[2]int]string
}

func newCallNames(t *lsl.Test) *callNames {
	c := &callNames{names: map[[2]int]string{}}
	count := map[string]int{}
	add := func(th int, invs []*lsl.Invocation) {
		for i, inv := range invs {
			count[inv.Op]++
			c.names[[2]int{th, i}] = fmt.Sprintf("%s#%d", inv.Op, count[inv.Op])
		}
	}
	add(rangeanalysis.InitThread, t.Init)
	for th, invs := range t.Threads {
		add(th, invs)
	}
	return c
}

func (c *callNames) name(th, inv int) string {
	if s, ok := c.names[[2]int{th, inv}]; ok {
		return s
	}
	return "?"
}

// iterations maps each load and store of the test to its loop
// iterations, outermost first ("2", "1.3"), read off the labels the
// unroller gives the copies of a loop body ("e0.enqueue.while1#2").
func iterations(t *lsl.Test) map[lsl.Stmt]string {
	out := map[lsl.Stmt]string{}
	var walk func(body []lsl.Stmt, iters []string)
	walk = func(body []lsl.Stmt, iters []string) {
		for _, s := range body {
			switch s := s.(type) {
			case *lsl.Block:
				in := iters
				if m := iterationLabel.FindStringSubmatch(s.Label); m != nil {
					in = append(slices.Clip(iters), m[1])
				}
				walk(s.Body, in)
			case *lsl.Atomic:
				walk(s.Body, iters)
			case *lsl.Load, *lsl.Store:
				if len(iters) > 0 {
					out[s] = strings.Join(iters, ".")
				}
			}
		}
	}
	for _, inv := range t.Init {
		walk(inv.Body, nil)
	}
	for _, invs := range t.Threads {
		for _, inv := range invs {
			walk(inv.Body, nil)
		}
	}
	return out
}

// iterationLabel matches the label of one copy of a loop body: its last
// component is the loop's name, '#' and the iteration.
var iterationLabel = regexp.MustCompile(`(?:^|\.)[A-Za-z_][A-Za-z0-9_]*#([0-9]+)(?:\$[0-9]+)?$`)

// legend lists the blocks that exist in execution x with their
// allocation sites, in base order: those of the allocations that
// executed, but for an allocation that took a freed block (an alloc event
// of x, ev its rendering), which made none of its own; the block it took
// says where it was handed out again.
func (n *namer) legend(x *encode.Execution, ev []Event) []BlockName {
	made := map[*lsl.Alloc]bool{}
	for _, a := range x.Allocated {
		made[a] = true
	}
	gone := map[int64]bool{}
	again := map[int64][]string{}
	for j, xe := range x.Events {
		if xe.Free {
			continue
		}
		gone[xe.Own] = true
		at := ""
		if ev[j].Pos != "" {
			at = " at " + ev[j].Pos
		}
		again[xe.Block] = append(again[xe.Block], fmt.Sprintf("handed out again by %s%s (#%d)", ev[j].Call, at, ev[j].Order))
	}
	var bases []int64
	for b := range n.sites {
		if made[n.allocs[b]] && !gone[b] {
			bases = append(bases, b)
		}
	}
	slices.Sort(bases)
	var out []BlockName
	for _, b := range bases {
		out = append(out, BlockName{Name: n.blocks[b], Site: n.sites[b], Reused: again[b]})
	}
	return out
}
