package unroll

import (
	"strconv"

	"checkfence/lsl"
)

// namer hands out names that are unique within one namespace (the
// registers of a thread, the labels of an invocation, the loop IDs of a
// test). Names are readable paths; one that is already taken gets a "$n"
// suffix, so odd source names (a register called "f.x" beside a callee f
// with a register x) cannot make two things share a name.
type namer struct {
	byKey map[any]string
	used  map[string]bool
	next  map[string]int // the next suffix to try for a wanted name
}

func newNamer() *namer {
	return &namer{byKey: map[any]string{}, used: map[string]bool{}, next: map[string]int{}}
}

// name returns the name of key (a comparable value), choosing want (or a
// variant) the first time key is asked for.
func (n *namer) name(key any, want string) string {
	if s, ok := n.byKey[key]; ok {
		return s
	}
	s := n.fresh(want)
	n.byKey[key] = s
	return s
}

// fresh returns want, or want$2, want$3, …, whichever is free first.
func (n *namer) fresh(want string) string {
	s := want
	i := max(n.next[want], 2)
	for ; n.used[s]; i++ {
		s = want + "$" + strconv.Itoa(i)
	}
	n.next[want] = i
	n.used[s] = true
	return s
}

// posString renders a position for a loop ID: "file:line:col", or
// "line:col" without a file, or "" without a line.
func posString(p lsl.Pos) string {
	if !p.IsValid() {
		return ""
	}
	if p.File != "" {
		return p.String()
	}
	if p.Col == 0 {
		return strconv.Itoa(p.Line)
	}
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}
