package unroll

import (
	"fmt"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/tests"
)

// TestLoopIDs lists the loop instances of a program with a loop calling a
// procedure with a loop at two sites, and a second loop of the same label,
// run in init and twice in thread 1. Each instance also names its thread
// and its site (the ID without thread and invocation), which instances of
// the same loop in one thread share.
func TestLoopIDs(t *testing.T) {
	prog := parseText(t, `
source "ids.c"
proc g() @1:1 {
  W: @2:3 {
    observe label "w" @3:5
    c = choose 0 1 @3:5
    continue W if c @4:5
  }
}
proc op() @6:1 {
  L: @7:3 {
    call g() -> () @8:5
    call g() -> () @9:5
    c = choose 0 1 @10:5
    continue L if c @10:5
  }
  L: @12:3 {
    observe label "l" @13:5
    c = choose 0 1 @13:5
    continue L if c @13:5
  }
}`)
	h := &tests.Test{Name: "ids",
		Init:    []tests.OpCall{{Name: "op"}},
		Threads: [][]tests.OpCall{nil, {{Name: "op"}, {Name: "op"}}},
	}
	bounds := Bounds{
		"init.e0/op/L@ids.c:7:3":         2,
		"init.e0/op/L#2/g$2/W@ids.c:2:3": 3,
		"t1.e1/op/L$2@ids.c:12:3":        2,
		"t0.e0/op/L@ids.c:7:3":           5, // no such instance: ignored
	}
	r, err := Unroll(prog, h, bounds)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"init.e0/op/L@ids.c:7:3 2 init op/L@ids.c:7:3",
		"init.e0/op/L#1/g/W@ids.c:2:3 1 init op/L#1/g/W@ids.c:2:3",
		"init.e0/op/L#1/g$2/W@ids.c:2:3 1 init op/L#1/g$2/W@ids.c:2:3",
		"init.e0/op/L#2/g/W@ids.c:2:3 1 init op/L#2/g/W@ids.c:2:3",
		"init.e0/op/L#2/g$2/W@ids.c:2:3 3 init op/L#2/g$2/W@ids.c:2:3",
		"init.e0/op/L$2@ids.c:12:3 1 init op/L$2@ids.c:12:3",
		"t1.e0/op/L@ids.c:7:3 1 t1 op/L@ids.c:7:3",
		"t1.e0/op/L#1/g/W@ids.c:2:3 1 t1 op/L#1/g/W@ids.c:2:3",
		"t1.e0/op/L#1/g$2/W@ids.c:2:3 1 t1 op/L#1/g$2/W@ids.c:2:3",
		"t1.e0/op/L$2@ids.c:12:3 1 t1 op/L$2@ids.c:12:3",
		"t1.e1/op/L@ids.c:7:3 1 t1 op/L@ids.c:7:3",
		"t1.e1/op/L#1/g/W@ids.c:2:3 1 t1 op/L#1/g/W@ids.c:2:3",
		"t1.e1/op/L#1/g$2/W@ids.c:2:3 1 t1 op/L#1/g$2/W@ids.c:2:3",
		"t1.e1/op/L$2@ids.c:12:3 2 t1 op/L$2@ids.c:12:3",
	}
	var got []string
	for _, l := range r.Loops {
		got = append(got, fmt.Sprintf("%s %d %s %s", l.ID, l.Bound, l.Thread, l.Site))
		if l.Spin {
			t.Errorf("%s: reduced as a spin loop, but it observes", l.ID)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("loops:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Each instance has exactly one BoundExceeded, at its loop.
	count := map[string]int{}
	for _, invs := range append([][]*lsl.Invocation{r.Test.Init}, r.Test.Threads...) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if b, ok := s.(*lsl.BoundExceeded); ok {
					count[b.Loop]++
					if l, _ := r.Loop(b.Loop); l.Pos != b.Pos {
						t.Errorf("bound_exceeded %q at %s, loop at %s", b.Loop, b.Pos, l.Pos)
					}
				}
				return true
			})
		}
	}
	for _, l := range r.Loops {
		if count[l.ID] != 1 {
			t.Errorf("%s: %d BoundExceeded statements, want 1", l.ID, count[l.ID])
		}
	}
	if err := lsl.ValidateTest(r.Test); err != nil {
		t.Fatal(err)
	}
}

// TestNameCollisions gives the operation a register and a label named as
// the inlined callee's would be: each keeps its own.
func TestNameCollisions(t *testing.T) {
	prog := parseText(t, `
proc f() -> (r) {
  B: {
    x = 2
    r = mov x
  }
}
proc op() {
  "f.x" = 1
  "f.B": {
    call f() -> (y)
  }
  observe output "f.x" "f.x"
  observe output "y" y
}`)
	r, err := Unroll(prog, harness("c", nil, []string{"op"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := lsl.ValidateTest(r.Test); err != nil {
		t.Fatal(err)
	}
	o := runTest(r.Test, lsl.InterpOptions{})
	if o.stop != "" || len(o.obs) != 1 || o.obs[0] != "output f.x=1 output y=2" {
		t.Errorf("run: %s\n%s", o, r.Test)
	}
	labels := map[string]int{}
	lsl.Walk(r.Test.Threads[0][0].Body, func(s lsl.Stmt) bool {
		if b, ok := s.(*lsl.Block); ok {
			labels[b.Label]++
		}
		return true
	})
	for l, n := range labels {
		if n > 1 {
			t.Errorf("label %s used %d times", l, n)
		}
	}
	if len(labels) != 2 {
		t.Errorf("labels %v, want 2", labels)
	}
}
