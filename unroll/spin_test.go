package unroll

import (
	"strings"
	"testing"

	"checkfence/lsl"
)

// TestSpinCriterion decides, for loops written to sit on either side of
// each condition of the criterion, whether they are reduced. Each program
// defines op, with one loop labelled L; p, q hold pointers, one is 1.
func TestSpinCriterion(t *testing.T) {
	const helpers = `
global x @1
global y @2
proc pure(a) -> (b) {
  v = load a
  b = add.i32 v, v
}
proc storing(a) {
  store a, a
}
proc looping(a) {
  M: { continue M if a }
}
proc indirect(a) {
  call storing(a) -> ()
}
`
	cases := []struct {
		name string
		loop string
		spin bool
	}{
		{"while form", `L: { v = load p; z = eq v, one; break L if z; continue L }`, true},
		{"do-while form", `L: { v = load p; continue L if v }`, true},
		// w is not assigned when the first test leaves, but nothing
		// after the loop reads it.
		{"two exit tests", `L: { v = load p; break L if v; w = load q; break L if w; continue L }`, true},
		{"assigned on some paths only", `L: { v = load p; B: { break B if v; w = load q }; c = load p; continue L if c }`, true},
		{"fence, atomic load, choice, assumption, thread id", `L: {
			fence load-load
			atomic { v = load p }
			c = choose 0 1
			assume one
			id = threadid
			d = add.i32 v, c
			continue L if d }`, true},
		{"loop-invariant register", `L: { v = load p; z = eq v, one; continue L if z }`, true},
		{"pure call", `L: { call pure(p) -> (r); continue L if r }`, true},
		{"inner non-loop block", `L: { v = load p; B: { break B if v; w = load q }; w = mov v; continue L if w }`, true},

		{"store", `L: { store p, one; v = load p; continue L if v }`, false},
		{"observation", `L: { v = load p; observe output "v" v; continue L if v }`, false},
		{"allocation", `L: { a = alloc 8; v = load p; continue L if v }`, false},
		{"free", `L: { v = load p; free q; continue L if v }`, false},
		{"assertion", `L: { v = load p; assert v; continue L if v }`, false},
		{"counter", `i = 0; L: { i = add.i32 i, one; continue L if i }`, false},
		{"value carried to the next iteration", `x = 0; L: { y = mov x; x = load p; continue L if y }`, false},
		{"assigned on some paths only, read after", `L: { v = load p; B: { break B if v; w = load q }; c = load p; continue L if c }; observe output "w" w`, false},
		{"assigned before an exit only, read after", `L: { v = load p; break L if v; w = load q; continue L if w }; observe output "w" w`, false},
		{"assigned before an exit only, a result", `L: { v = load p; break L if v; res = load q; continue L if res }`, false},
		{"return from inside", `R: { L: { v = load p; break R if v; continue L } }`, false},
		{"nested loop", `L: { M: { v = load p; continue M if v }; w = load q; continue L if w }`, false},
		{"continue of an enclosing loop", `O: { w = load q; break O if w; L: { v = load p; continue O if v; continue L } }`, false},
		{"storing call", `L: { call storing(p) -> (); v = load p; continue L if v }`, false},
		{"call of a loop", `L: { call looping(p) -> (); v = load p; continue L if v }`, false},
		{"indirectly storing call", `L: { call indirect(p) -> (); v = load p; continue L if v }`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := helpers + "proc op() -> (res) {\n res = 0\n p = [1]\n q = [2]\n one = 1\n" +
				strings.ReplaceAll(c.loop, ";", "\n") + "\n}\n"
			r := unrollOp(t, src)
			if err := lsl.ValidateTest(r.Test); err != nil {
				t.Fatal(err)
			}
			for _, l := range loopsL(t, r) {
				if l.Spin != c.spin {
					t.Errorf("%s: spin %v, want %v\n%s", l.ID, l.Spin, c.spin, r.Test)
				}
			}
		})
	}
}

// unrollOp parses and validates src and unrolls its procedure op, run
// alone in one thread.
func unrollOp(t *testing.T, src string) *Result {
	t.Helper()
	prog, err := lsl.Parse("op.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := lsl.Validate(prog); err != nil {
		t.Fatal(err)
	}
	r, err := Unroll(prog, harness("s", nil, []string{"op"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// loopsL returns the instances of the loop labelled L; it fails the test
// if there is none.
func loopsL(t *testing.T, r *Result) []Loop {
	t.Helper()
	var ls []Loop
	for _, l := range r.Loops {
		if strings.HasSuffix(l.ID, "/L") || strings.Contains(l.ID, "/L@") {
			ls = append(ls, l)
		}
	}
	if len(ls) == 0 {
		t.Fatalf("loop L not met: %+v", r.Loops)
	}
	return ls
}

// TestNoSpinLoopsWithFree: in a program with C's free anywhere, a loop
// that would be a spin loop is unrolled instead (a spinning iteration may
// read a block freed meanwhile: a use after free that keeping only the
// last iteration would lose), and its iterations that change nothing fall
// to the stutter reduction. The frees that keep their block readable
// (lsl_free, lsl_free_noreuse) leave it a spin loop.
func TestNoSpinLoopsWithFree(t *testing.T) {
	const loop = "proc op() -> () {\n p = [1]\n one = 1\n L: {\n v = load p\n z = eq v, one\n break L if z\n continue L\n }\n}\n"
	for _, c := range []struct {
		free          string
		spin, stutter bool
	}{
		{"", true, false},
		{"free a", false, true},
		{"free stable a", true, false},
		{"free noreuse a", true, false},
	} {
		src := "global x @1\n" + loop
		if c.free != "" {
			src += "proc release(a) {\n " + c.free + "\n}\n"
		}
		r := unrollOp(t, src)
		for _, l := range loopsL(t, r) {
			if l.Spin != c.spin || l.Stutter != c.stutter {
				t.Errorf("with %q: spin %v, stutter %v; want %v, %v\n%s", c.free, l.Spin, l.Stutter, c.spin, c.stutter, r.Test)
			}
		}
	}
}
