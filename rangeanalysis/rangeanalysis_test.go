package rangeanalysis

import (
	"context"
	"strings"
	"testing"

	"checkfence/lsl"
)

func parse(t *testing.T, src string) *lsl.Test {
	t.Helper()
	test, err := lsl.ParseTest("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return test
}

func TestSets(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want []string // lines that String() must contain
	}{
		{"constants and operations", `test t
global x @1
global y @2
thread {
  op a {
    p = [1]
    q = [2]
    one = 1
    v = load p
    w = add.i32 v, one
    store q, w
    u = load q
  }
}
`, []string{"t0.v = {0}", "t0.w = {1}", "t0.u = {0, 1}", "mem[1] = {0}", "mem[2] = {0, 1}"}},
		// Each thread increments x through memory once: two unbounded
		// operations in the test, so values reach 2 and no further.
		{"termination by counting unbounded operations", `test t
global x @1
thread {
  op inc {
    p = [1]
    one = 1
    v = load p
    w = add.i32 v, one
    store p, w
  }
}
thread {
  op inc {
    p = [1]
    one = 1
    v = load p
    w = add.i32 v, one
    store p, w
  }
}
`, []string{"mem[1] = {0, 1, 2}", "t0.w = {1, 2}"}},
		// The out-of-thin-air example of SEMANTICS.md: no instruction
		// produces 1, so no set contains it.
		{"no values out of thin air", `test oota
global x @1
global y @2
thread {
  op t1 {
    px = [1]
    py = [2]
    r1 = load px
    store py, r1
  }
}
thread {
  op t2 {
    px = [1]
    py = [2]
    r2 = load py
    store px, r2
  }
}
`, []string{"t0.r1 = {0}", "t1.r2 = {0}", "mem[1] = {0}", "mem[2] = {0}"}},
		{"pointers, initial values, undefined", `test t
global x @1
global p @2
value p[] = [1]
thread {
  op a {
    pp = [2]
    q = load pp
    v = load q
    m = alloc 8
    u = load m
    L: {
      break L if v
      w = 3
    }
    observe output "w" w
  }
}
`, []string{"t0.q = {[1]}", "t0.v = {0}", "t0.u = {undefined}", "t0.w = {undefined, 3}"}},
		// Each assignment is a version of its own (ssa.go): += on one
		// register gives the values of the path, not every sum of them
		// (flow-insensitively r would take 0, 1, 2, 10, 11, 12, ...).
		{"reassigned register", `test t
global x @1
thread {
  op a {
    one = 1
    ten = 10
    r = 0
    r = add.i32 r, one
    r = add.i32 r, ten
    px = [1]
    store px, r
  }
}
`, []string{"t0.r = {0, 1, 11}", "mem[1] = {0, 11}"}},
		// Paths meet: a value of each, and undefined where a path
		// leaves the register unassigned and a read follows.
		{"paths meeting", `test t
global x @1
thread {
  op a {
    px = [1]
    c = load px
    one = 1
    r = 5
    L: {
      break L if c
      r = 7
      s = 1
    }
    t = add.i32 r, one
    observe output "s" s
  }
}
`, []string{"t0.r = {5, 7}", "t0.t = {6, 8}", "t0.s = {undefined, 1}"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Analyze(context.Background(), parse(t, tc.src))
			if err != nil {
				t.Fatal(err)
			}
			s := r.String()
			for _, w := range tc.want {
				if !strings.Contains(s, w+"\n") {
					t.Errorf("missing %q in\n%s", w, s)
				}
			}
		})
	}
}

func TestAnalyzeErrors(t *testing.T) {
	_, err := Analyze(context.Background(), parse(t, `test t
thread {
  op a {
    r = choose 0 100000
  }
}
`))
	if err == nil || !strings.Contains(err.Error(), "range too large") {
		t.Errorf("err = %v", err)
	}
}
