package encode

import (
	"slices"
	"sort"

	"checkfence/lsl"
)

// Dom is a variable ranging over a finite set of LSL values, one-hot
// encoded: Lits[i] is true iff the variable equals Vals[i], and exactly
// one is true. The sets come from the range analysis, so they are small;
// the encoding makes every primitive operation a table of its concrete
// results (computed by lsl.Eval, the same function the interpreter uses)
// and every equality a handful of clauses.
type Dom struct {
	Vals []lsl.Value // sorted by lsl.Compare, without duplicates
	Lits []Lit

	truthy Lit // cached, 0 until computed
}

// newDom returns a fresh variable over vals (sorted, deduplicated here).
func (e *Encoding) newDom(vals []lsl.Value) *Dom {
	vals = uniqueSorted(vals)
	if len(vals) == 0 {
		vals = []lsl.Value{lsl.Undefined}
	}
	d := &Dom{Vals: vals, Lits: make([]Lit, len(vals))}
	if len(vals) == 1 {
		d.Lits[0] = e.c.T
		return d
	}
	for i := range vals {
		d.Lits[i] = e.c.newVar()
	}
	e.c.add(d.Lits...)
	e.c.atMostOne(d.Lits)
	return d
}

// analysedDom returns a fresh variable for a loaded or computed value that
// the range analysis says is one of vals. With Options.NoRangeAnalysis the
// variable ranges over every value of the test instead, and vals only
// restricts it by unit clauses (see Options).
func (e *Encoding) analysedDom(vals []lsl.Value) *Dom {
	if !e.opt.NoRangeAnalysis {
		return e.newDom(vals)
	}
	if e.universe == nil {
		e.universe = append(e.Range.Values(), lsl.Undefined)
	}
	d := e.newDom(append(append([]lsl.Value(nil), e.universe...), vals...))
	in := map[lsl.Value]bool{}
	for _, v := range vals {
		in[v] = true
	}
	for i, v := range d.Vals {
		if !in[v] {
			e.c.add(d.Lits[i].Not())
		}
	}
	return d
}

// constDom returns the constant v.
func (e *Encoding) constDom(v lsl.Value) *Dom {
	if d, ok := e.consts[v]; ok {
		return d
	}
	d := e.newDom([]lsl.Value{v})
	e.consts[v] = d
	return d
}

// index returns the position of v in d.Vals. Domains are small (a
// handful of values), so a scan beats hashing a Value; a large one is
// searched by halving, in the order newDom sorted it.
func (d *Dom) index(v lsl.Value) (int, bool) {
	if len(d.Vals) <= 16 {
		for i, w := range d.Vals {
			if w == v {
				return i, true
			}
		}
		return -1, false
	}
	i, _ := slices.BinarySearchFunc(d.Vals, v, lsl.Compare)
	for ; i < len(d.Vals) && lsl.Compare(d.Vals[i], v) == 0; i++ {
		if d.Vals[i] == v {
			return i, true
		}
	}
	return -1, false
}

// is returns the literal "d = v" (false if v is not in d's set).
func (e *Encoding) is(d *Dom, v lsl.Value) Lit {
	if i, ok := d.index(v); ok {
		return d.Lits[i]
	}
	return e.c.F()
}

// value returns the value of d in the solver's model.
func (e *Encoding) value(d *Dom) lsl.Value {
	for i, l := range d.Lits {
		if e.c.g.value(l) {
			return d.Vals[i]
		}
	}
	return lsl.Undefined
}

// truthy returns the literal "d holds as a condition": a non-zero integer
// or a pointer, marked or not (lsl.Value.Truthy).
func (e *Encoding) truthy(d *Dom) Lit {
	if d.truthy == 0 {
		var ls []Lit
		for i, v := range d.Vals {
			if v.Truthy() {
				ls = append(ls, d.Lits[i])
			}
		}
		d.truthy = e.c.or(ls...)
	}
	return d.truthy
}

// eq returns a literal equivalent to a = b, cached per pair.
func (e *Encoding) eq(a, b *Dom) Lit {
	if a == b {
		return e.c.T
	}
	key := [2]*Dom{a, b}
	if len(a.Vals) > len(b.Vals) || (len(a.Vals) == len(b.Vals) && a.Vals[0] != b.Vals[0] && lsl.Compare(a.Vals[0], b.Vals[0]) > 0) {
		key = [2]*Dom{b, a}
	}
	if l, ok := e.eqs[key]; ok {
		return l
	}
	l := e.eqUncached(a, b)
	e.eqs[key] = l
	return l
}

func (e *Encoding) eqUncached(a, b *Dom) Lit {
	if len(a.Vals) == 1 {
		return e.is(b, a.Vals[0]) // a is a constant
	}
	if len(b.Vals) == 1 {
		return e.is(a, b.Vals[0])
	}
	common := 0
	for _, v := range a.Vals {
		if _, ok := b.index(v); ok {
			common++
		}
	}
	if common == 0 {
		return e.c.F()
	}
	x := e.c.newVar()
	for i, v := range a.Vals {
		e.c.add(x.Not(), a.Lits[i].Not(), e.is(b, v))
		if j, ok := b.index(v); ok {
			e.c.add(x, a.Lits[i].Not(), b.Lits[j].Not())
		}
	}
	return x
}

// addresses returns d itself if no value of d is a pointer with trailing
// zero offsets, else a variable over the addresses its values denote
// (lsl.Value.Address), each true when one of its values is: what
// comparisons of pointers compare.
func (e *Encoding) addresses(d *Dom) *Dom {
	if a, ok := e.addrDoms[d]; ok {
		return a
	}
	a := d
	if slices.ContainsFunc(d.Vals, func(v lsl.Value) bool { return v.Address() != v }) {
		group := map[lsl.Value][]Lit{}
		var vals []lsl.Value
		for i, v := range d.Vals {
			w := v.Address()
			if _, ok := group[w]; !ok {
				vals = append(vals, w)
			}
			group[w] = append(group[w], d.Lits[i])
		}
		vals = uniqueSorted(vals)
		a = &Dom{Vals: vals, Lits: make([]Lit, len(vals))}
		for i, v := range vals {
			a.Lits[i] = e.c.or(group[v]...)
		}
	}
	if e.addrDoms == nil {
		e.addrDoms = map[*Dom]*Dom{}
	}
	e.addrDoms[d] = a
	return a
}

// mayAlias reports whether accesses a and b may touch the same location:
// whether their addresses share a valid one. Sharing an invalid value
// (undefined, null, an integer) does not count: an access executes only
// with a valid address, so no constraint about executed accesses needs
// the pair. On lazylist Sacr2 every address set holds undefined (a field
// of a node not yet allocated on some path), and counting it gave a load
// 53 candidate stores where 15 share a valid address.
func mayAlias(a, b *Access) bool {
	small, big := a, b
	if len(small.valid) > len(big.valid) {
		small, big = big, small
	}
	for _, v := range small.valid {
		if _, ok := big.Addr.index(v); ok {
			return true
		}
	}
	return false
}

// mayAlias is the function mayAlias, remembered per pair of accesses when
// there are few enough: encodeLoad asks it of every pair of a load's
// candidate stores, that is, of most pairs of stores once per load.
func (e *Encoding) mayAlias(a, b *Access) bool {
	n := len(e.Accesses)
	if e.aliases == nil || len(e.aliases) != n*n {
		return mayAlias(a, b) // too many, or accesses added since
	}
	i, j := a.ID*n+b.ID, b.ID*n+a.ID
	switch e.aliases[i] {
	case 1:
		return true
	case 2:
		return false
	}
	r := mayAlias(a, b)
	v := int8(2)
	if r {
		v = 1
	}
	e.aliases[i], e.aliases[j] = v, v
	return r
}

// aliasMemoAccesses is the most accesses whose pairs Encoding.mayAlias
// remembers (a byte per pair: 1 MiB).
const aliasMemoAccesses = 1024

// validAddresses sets each access's valid addresses (Access.valid).
func (e *Encoding) validAddresses() {
	e.aliases = nil
	if n := len(e.Accesses); n <= aliasMemoAccesses {
		e.aliases = make([]int8, n*n)
	}
	for _, a := range e.Accesses {
		a.valid = a.valid[:0]
		for _, v := range a.Addr.Vals {
			if e.Range.ValidAddress(v) {
				a.valid = append(a.valid, v)
			}
		}
	}
}

func uniqueSorted(vals []lsl.Value) []lsl.Value {
	out := append([]lsl.Value(nil), vals...)
	sort.Slice(out, func(i, j int) bool { return lsl.Compare(out[i], out[j]) < 0 })
	n := 0
	for i, v := range out {
		if i == 0 || v != out[n-1] {
			out[n] = v
			n++
		}
	}
	return out[:n]
}
