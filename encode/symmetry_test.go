package encode

import (
	"context"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// sbTwice has two identical threads, each storing x, fencing and loading
// y, and a third that stores y.
var sbTwice = "test T\n\nglobal x @1\nglobal y @2\n" + strings.Repeat(`
thread {
  op p @1:1 {
    a = [1]
    b = [2]
    one = 1
    store a, one @2:1
    fence full @3:1
    r = load b @4:1
    observe output "r" r
  }
}
`, 2) + `
thread {
  op q @5:1 {
    b = [2]
    one = 1
    store b, one @6:1
  }
}
`

// TestSymmetryBreakNeedsAlikeFences: the constraint is encoded only when
// the fences in force are the same in interchangeable threads; with a
// fence switched on in one of them only, exchanging the threads is no
// symmetry of the question.
func TestSymmetryBreakNeedsAlikeFences(t *testing.T) {
	test, err := lsl.ParseTest("sb.lsl", []byte(sbTwice))
	if err != nil {
		t.Fatal(err)
	}
	var first *lsl.Fence // thread 0's fence
	lsl.Walk(test.Threads[0][0].Body, func(s lsl.Stmt) bool {
		if f, ok := s.(*lsl.Fence); ok {
			first = f
		}
		return true
	})
	cases := []struct {
		name      string
		on        func(*lsl.Fence) bool
		noSym     bool
		symmetric bool
	}{
		{"all fences", nil, false, true},
		{"no fences", func(*lsl.Fence) bool { return false }, false, true},
		{"thread 0's fence only", func(f *lsl.Fence) bool { return f == first }, false, false},
		{"reduction off", nil, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ra, err := rangeanalysis.Analyze(context.Background(), test)
			if err != nil {
				t.Fatal(err)
			}
			e, err := Encode(context.Background(), test, ra, memmodel.MustByName("relaxed"), Options{FenceOn: c.on, NoSymmetry: c.noSym})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(e.SymmetryAssumptions()) > 0; got != c.symmetric {
				t.Fatalf("constraint encoded: %v, want %v (group %+v)", got, c.symmetric, e.Symmetry)
			}
			if c.symmetric && (e.Symmetry == nil || len(e.Symmetry.Classes) != 1 || len(e.Symmetry.Classes[0]) != 2) {
				t.Fatalf("group %+v, want threads 0 and 1", e.Symmetry)
			}
		})
	}
}
