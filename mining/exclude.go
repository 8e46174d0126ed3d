package mining

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"checkfence/encode"
	"checkfence/lsl"
)

// excludeOutcomes adds clauses that, when act holds, rule out every
// execution whose outcome is in outs.
//
// One blocking clause per outcome (the paper's formulation) gives the
// solver nothing to share between outcomes: for a queue test with 4,096
// observations it must refute each separately. Instead the outcomes' literal
// lists (encode.OutcomeLits: the error literal, then per invocation its
// observation count and slots, in a fixed order) go into a trie whose equal
// subtrees are merged, a minimal acyclic automaton accepting exactly those
// lists. Each state gets a variable "some accepted prefix holds", forced
// along its edges (state ∧ literal → next state); an accepting state is
// forbidden. A solution satisfies a whole list iff the chain of implications
// reaches an accepting state, so the clauses exclude exactly the outcomes in
// outs, and conflicts are learnt about states, that is, about whole sets of
// outcomes with a common prefix and a common future.
func excludeOutcomes(enc *encode.Encoding, act encode.Lit, outs []lsl.Outcome) {
	var seqs [][]encode.Lit
	for _, o := range outs {
		if lits, ok := enc.OutcomeLits(o); ok {
			seqs = append(seqs, lits)
		}
	}
	d := newOutcomeDAG(seqs)
	vars := make([]encode.Lit, len(d.states))
	for i := range d.states {
		if i == d.root {
			vars[i] = act
		} else {
			vars[i] = enc.NewVar()
		}
	}
	for i, s := range d.states {
		if s.accept {
			enc.AddClause(vars[i].Not())
			continue // what follows an accepted prefix adds nothing
		}
		for _, e := range s.edges {
			if t := d.states[e.to]; t.accept {
				enc.AddClause(vars[i].Not(), e.lit.Not())
			} else {
				enc.AddClause(vars[i].Not(), e.lit.Not(), vars[e.to])
			}
		}
	}
}

// outcomeDAG is a minimal acyclic automaton over literal sequences.
type outcomeDAG struct {
	states []dagState
	root   int
}

type dagState struct {
	accept bool
	edges  []dagEdge // sorted by literal
}

type dagEdge struct {
	lit encode.Lit
	to  int
}

type trieNode struct {
	accept bool
	next   map[encode.Lit]*trieNode
}

func newOutcomeDAG(seqs [][]encode.Lit) *outcomeDAG {
	root := &trieNode{}
	for _, s := range seqs {
		n := root
		for _, l := range s {
			if n.next == nil {
				n.next = map[encode.Lit]*trieNode{}
			}
			c := n.next[l]
			if c == nil {
				c = &trieNode{}
				n.next[l] = c
			}
			n = c
		}
		n.accept = true
	}
	d := &outcomeDAG{}
	ids := map[string]int{} // signature → state: equal subtrees share a state
	var intern func(n *trieNode) int
	intern = func(n *trieNode) int {
		s := dagState{accept: n.accept}
		if !n.accept { // an accepting state needs no future
			// in literal order, so that states (and their variables)
			// are numbered the same on every run
			for _, l := range slices.Sorted(maps.Keys(n.next)) {
				s.edges = append(s.edges, dagEdge{l, intern(n.next[l])})
			}
		}
		var b strings.Builder
		fmt.Fprint(&b, s.accept)
		for _, e := range s.edges {
			fmt.Fprintf(&b, " %d:%d", e.lit, e.to)
		}
		key := b.String()
		if id, ok := ids[key]; ok {
			return id
		}
		ids[key] = len(d.states)
		d.states = append(d.states, s)
		return len(d.states) - 1
	}
	d.root = intern(root)
	return d
}

// accepts reports whether the automaton accepts a prefix of seq (for tests).
func (d *outcomeDAG) accepts(seq []encode.Lit) bool {
	s := d.root
	for _, l := range seq {
		if d.states[s].accept {
			return true
		}
		i := sort.Search(len(d.states[s].edges), func(i int) bool { return d.states[s].edges[i].lit >= l })
		if i == len(d.states[s].edges) || d.states[s].edges[i].lit != l {
			return false
		}
		s = d.states[s].edges[i].to
	}
	return d.states[s].accept
}
