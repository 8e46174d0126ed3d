package unroll

import (
	"strings"
	"testing"

	"checkfence/internal/reference"
	"checkfence/lsl"
	"checkfence/tests"
)

// TestThreadLocalCopies: a thread-local global is one object per thread.
// tl starts at 10 in every thread (its initial value) and init sets its own
// copy to 5, which no thread sees; each thread publishes the address of its
// copy in p and adds one to its copy; thread 1 then reads through p (an
// address taken in a thread is its copy's). The outcomes on sc follow:
// each thread observes 11, and the read through p sees thread 1's own 11,
// or thread 0's copy before (10) or after (11) its increment, never
// init's 5.
func TestThreadLocalCopies(t *testing.T) {
	src := `global tl @1 threadlocal
value tl[] = 10
global p @2
proc init() -> () {
 a = [1]
 five = 5
 store a, five
}
proc op() -> () {
 a = [1]
 pp = [2]
 one = 1
 store pp, a
 v = load a
 w = add.i32 v, one
 store a, w
 observe output "tl" w
}
proc peek() -> () {
 pp = [2]
 q = load pp
 zero = 0
 isnull = eq q, zero
 B: {
  break B if isnull
  v = load q
  observe output "peek" v
 }
}
`
	prog, err := lsl.Parse("tl.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	h := &tests.Test{Name: "tl", Init: []tests.OpCall{{Name: "init"}},
		Threads: [][]tests.OpCall{{{Name: "op"}}, {{Name: "op"}, {Name: "peek"}}}}
	r, err := Unroll(prog, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range r.Test.Globals {
		names = append(names, g.Name)
	}
	if got := strings.Join(names, " "); got != "tl p tl.t0 tl.t1" {
		t.Errorf("globals %s, want tl p tl.t0 tl.t1", got)
	}
	os, err := reference.Outcomes(r.Test, "sc")
	if err != nil {
		t.Fatal(err)
	}
	peeks := map[string]bool{}
	for _, o := range os {
		key := o.Key()
		if !strings.Contains(key, "t0.0{output tl=11}") || !strings.Contains(key, "t1.0{output tl=11}") {
			t.Errorf("outcome %s: each thread's copy must count 11 from its own 10", key)
		}
		if i := strings.Index(key, "peek="); i >= 0 {
			peeks[key[i:strings.IndexAny(key[i:], "} ")+i]] = true
		} else {
			peeks["none"] = true
		}
	}
	for _, want := range []string{"peek=10", "peek=11"} {
		if !peeks[want] {
			t.Errorf("no outcome with %s; got %v", want, peeks)
		}
	}
	if len(peeks) != 2 {
		t.Errorf("a peek saw init's copy or nothing: %v", peeks)
	}
}
