package mining

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"checkfence/internal/reference"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
	"checkfence/symmetry"
)

// SEMANTICS.md, "Errors" and "Allocation and freeing": freeing memory
// twice (without its being handed out again in between), freeing what is
// not an allocated block, and accessing a block freed with C's free are
// errors, whichever threads do it. Each case is
// checked against the semantics (fault) and against the brute-force
// reference, on sc and relaxed.
func TestFree(t *testing.T) {
	// shared: init allocates a block and publishes it in x
	shared := func(t1, t2 string) string {
		return `test t
global x @1
init {
  op i {
    px = [1]
    p = alloc 8
    store px, p
  }
}
thread {
  op a {
    px = [1]
    q = load px
` + t1 + `
  }
}
thread {
  op b {
    px = [1]
    r = load px
` + t2 + `
  }
}
`
	}
	one := func(body string) string {
		return "test t\nglobal x @1\nthread {\n  op a {\n" + body + "\n  }\n}\n"
	}
	for _, tc := range []struct {
		name  string
		src   string
		fault lsl.Fault // NoFault: no execution faults
	}{
		{"one free", one("p = alloc 8\nfree p"), lsl.NoFault},
		{"one thread frees twice", one("p = alloc 8\nfree p\nfree p"), lsl.FaultDoubleFree},
		{"two blocks", one("p = alloc 8\nq = alloc 8\nfree p\nfree q"), lsl.NoFault},
		{"a global", one("px = [1]\nfree px"), lsl.FaultAddress},
		{"null", one("z = 0\nfree z"), lsl.FaultAddress},
		{"undefined", one("p = alloc 8\nu = load p\nfree u"), lsl.FaultUndefined},
		{"inside a block", one("p = alloc 8 {a, b}\nk = 1\nq = offset p, k\nfree q"), lsl.FaultAddress},
		{"two threads free one block", shared("free q", "free r"), lsl.FaultDoubleFree},
		{"one of two threads frees", shared("free q", ""), lsl.NoFault},
		// b frees what it reads unless a has cleared x: it may read x first
		{"handed over", shared("z = 0\nstore px, z\nfree q", "z = 0\nn = eq r, z\nA: {\n  break A if n\n  free r\n}"), lsl.FaultDoubleFree},
		// "Allocation and freeing": C's free makes later accesses errors
		// until the block is handed out again; lsl_free and
		// lsl_free_noreuse leave it accessible
		{"use after free", one("p = alloc 8\nfree p\nv = load p"), lsl.FaultUseAfterFree},
		{"store after free", one("p = alloc 8\nfree p\nk = 1\nstore p, k"), lsl.FaultUseAfterFree},
		{"read after lsl_free", one("p = alloc 8\nfree stable p\nv = load p"), lsl.NoFault},
		{"read after lsl_free_noreuse", one("p = alloc 8\nfree noreuse p\nv = load p"), lsl.NoFault},
		{"access through a pointer to a reused block", one("p = alloc 8\nfree p\nq = alloc 8\ne = eq p, q\nassume e\nv = load p"), lsl.NoFault},
		{"freed, reused, freed again", one("p = alloc 8\nfree p\nq = alloc 8\ne = eq p, q\nassume e\nfree q"), lsl.NoFault},
		{"freed, reused, freed twice", one("p = alloc 8\nfree p\nq = alloc 8\ne = eq p, q\nassume e\nfree q\nfree p"), lsl.FaultDoubleFree},
		{"lsl_free then lsl_free_noreuse", one("p = alloc 8\nfree stable p\nfree noreuse p"), lsl.FaultDoubleFree},
		{"another thread's use after free", shared("free q", "v = load r"), lsl.FaultUseAfterFree},
		{"another thread reads an lsl_free'd block", shared("free stable q", "v = load r"), lsl.NoFault},
		// b can take the block only after a freed it, and frees it after
		{"freed by one thread, reused and freed by another", shared("free q", "p = alloc 8\ne = eq p, r\nassume e\nfree p"), lsl.NoFault},
	} {
		for _, model := range []string{"sc", "relaxed"} {
			t.Run(fmt.Sprintf("%s on %s", tc.name, model), func(t *testing.T) {
				checkFault(t, tc.src, model, tc.fault)
			})
		}
	}
}

// checkFault checks that the encoder and the reference find fault (NoFault:
// none) among the outcomes of the LSL test src on model.
func checkFault(t *testing.T, src, model string, fault lsl.Fault) {
	t.Helper()
	test, err := lsl.ParseTest("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	outs, err := Outcomes(context.Background(), test, memmodel.MustByName(model), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := faultOf(outs); got != fault {
		t.Errorf("encoder: fault %v, want %v", got, fault)
	}
	ref, err := reference.Outcomes(test, model)
	if err != nil {
		t.Fatal(err)
	}
	if got := faultOf(ref); got != fault {
		t.Errorf("reference: fault %v, want %v", got, fault)
	}
}

// faultOf returns the fault of the error outcome among outs (all error
// executions share one), NoFault if there is none.
func faultOf(outs []lsl.Outcome) lsl.Fault {
	for _, o := range outs {
		if o.Fault != lsl.NoFault {
			return o.Fault
		}
	}
	return lsl.NoFault
}

// TestReuse checks which blocks an allocation may take (SEMANTICS.md,
// "Allocation and freeing"): a block freed earlier by free or lsl_free, of
// its size and layout, with what was last stored in it; never one retired
// by lsl_free_noreuse, never for lsl_malloc_noreuse. The outcomes are
// derived from those rules, and the encoder's, the reference's and (on
// serial) the explicit enumeration's must all be exactly these, on every
// model (one thread: the model does not matter).
//
// The layout rows follow the README ("Memory reuse"): a block passes only
// between layouts with the same words at the same offsets. A scalar (no
// shape, as C's int *i = malloc(sizeof *i) gets) has its word at no offset,
// a struct of one int or an array of one at offset 0: not the same words,
// so a struct { int v; } freed is not handed out as an int, although C
// lays them out alike; nor are two words handed out as one long. Either
// way the new block's word is stored and read back without a fault.
func TestReuse(t *testing.T) {
	one := func(body string) string {
		return "test t\nthread {\n  op a {\n" + body + "\n  }\n}\n"
	}
	same := func(free, alloc string) string {
		return one("p = alloc 8 {a, b}\n" + free + " p\nq = " + alloc + "\ne = eq p, q\nobserve output \"same\" e")
	}
	// layouts: a block of layout from freed, one of layout to allocated,
	// compared, and 3 stored to and read from its word w (z is 0, u 1)
	layouts := func(size int, from, to, word string) string {
		return one(fmt.Sprintf("p = alloc %d %s\nfree p\nq = alloc %d %s\ne = eq p, q\nobserve output \"same\" e\n"+
			"z = 0\nu = 1\nw = %s\nk = 3\nstore w, k\nv = load w\nobserve output \"v\" v", size, from, size, to, word))
	}
	const (
		fresh  = "t0.0{output same=0 output v=3}"
		reused = "t0.0{output same=1 output v=3}"
	)
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"after free", same("free", "alloc 8 {a, b}"), []string{"t0.0{output same=0}", "t0.0{output same=1}"}},
		{"after lsl_free", same("free stable", "alloc 8 {x, y}"), []string{"t0.0{output same=0}", "t0.0{output same=1}"}},
		{"after lsl_free_noreuse", same("free noreuse", "alloc 8 {a, b}"), []string{"t0.0{output same=0}"}},
		{"lsl_malloc_noreuse", same("free", "alloc noreuse 8 {a, b}"), []string{"t0.0{output same=0}"}},
		{"another size", same("free", "alloc 16 {a, b}"), []string{"t0.0{output same=0}"}},
		{"another layout", same("free", "alloc 8 {a, b, c}"), []string{"t0.0{output same=0}"}},
		{"before the free", one("p = alloc 8\nq = alloc 8\nfree p\ne = eq p, q\nobserve output \"same\" e"), []string{"t0.0{output same=0}"}},
		{"keeps its contents", one("p = alloc 8\nk = 5\nstore p, k\nfree stable p\nq = alloc 8\nv = load q\nobserve output \"v\" v"),
			[]string{"t0.0{output v=5}", "t0.0{output v=undefined}"}},
		{"one block, two allocations", one("p = alloc 8\nfree p\nq = alloc 8\nr = alloc 8\ne = eq q, r\nobserve output \"same\" e"), []string{"t0.0{output same=0}"}},
		{"a scalar after a scalar", layouts(4, "word", "word", "mov q"), []string{fresh, reused}},
		{"a scalar after a struct of one word", layouts(4, "{v}", "word", "mov q"), []string{fresh}},
		{"a struct of one word after a scalar", layouts(4, "word", "{v}", "offset q, z"), []string{fresh}},
		{"a scalar after an array of one word", layouts(4, "[1]", "word", "mov q"), []string{fresh}},
		{"a scalar after a struct of two words", layouts(8, "{a, b}", "word", "mov q"), []string{fresh}},
		{"a scalar after an array of two words", layouts(8, "[2]", "word", "mov q"), []string{fresh}},
		{"a struct of two words after a scalar", layouts(8, "word", "{a, b}", "offset q, u"), []string{fresh}},
		{"a struct of one word after another", layouts(4, "{v}", "{w}", "offset q, z"), []string{fresh, reused}},
	} {
		test, err := lsl.ParseTest("t.lsl", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		for _, model := range memmodel.Names() {
			t.Run(fmt.Sprintf("%s on %s", tc.name, model), func(t *testing.T) {
				got, err := Outcomes(context.Background(), test, memmodel.MustByName(model), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if k := lsl.OutcomeKeys(got); !slices.Equal(k, tc.want) {
					t.Errorf("encoder: %q, want %q", k, tc.want)
				}
				ref, err := reference.Outcomes(test, model)
				if err != nil {
					t.Fatal(err)
				}
				if k := lsl.OutcomeKeys(ref); !slices.Equal(k, tc.want) {
					t.Errorf("reference: %q, want %q", k, tc.want)
				}
				if model != "serial" {
					return
				}
				ra, err := rangeanalysis.Analyze(context.Background(), test)
				if err != nil {
					t.Fatal(err)
				}
				r, err := explicitRun(context.Background(), test, symmetry.Find(test, ra), explicitUnbounded)
				if err != nil {
					t.Fatalf("explicit enumeration: %v", err)
				}
				if k := lsl.OutcomeKeys(r.outcomes); !slices.Equal(k, tc.want) {
					t.Errorf("explicit enumeration: %q, want %q", k, tc.want)
				}
			})
		}
	}
}

// TestOutOfBounds: an access outside a global's or a block's layout (an
// index past either end of an array, even one that lands inside the same
// object, as m[0][2] does in int m[2][2]) is through an invalid pointer,
// an error (SEMANTICS.md, "Errors"; C's bounds, lsl.Shape.Locate); one
// within it is not. Checked against the semantics and the reference.
func TestOutOfBounds(t *testing.T) {
	const globals = "global g @1 [2]\nglobal m @2 [2][2]\nglobal st @3 {a [3], b}\n"
	one := func(body string) string {
		return "test t\n" + globals + "thread {\n  op a {\n    one = 1\n" + body + "\n  }\n}\n"
	}
	for _, tc := range []struct {
		name  string
		src   string
		fault lsl.Fault
	}{
		{"last element", one("p = [1 1]\nstore p, one"), lsl.NoFault},
		{"one past the end", one("p = [1 2]\nstore p, one"), lsl.FaultAddress},
		{"before the start", one("p = [1 -1]\nv = load p"), lsl.FaultAddress},
		{"inner index past its row", one("p = [2 0 2]\nstore p, one"), lsl.FaultAddress},
		{"inner index within its row", one("p = [2 1 1]\nv = load p"), lsl.NoFault},
		{"array field past its end", one("p = [3 0 3]\nstore p, one"), lsl.FaultAddress},
		{"the field after the array", one("p = [3 1]\nstore p, one"), lsl.NoFault},
		{"no such field", one("p = [3 2]\nv = load p"), lsl.FaultAddress},
		{"an aggregate, not a word", one("p = [2 1]\nv = load p"), lsl.FaultAddress},
		{"computed index past the end", one("p = [1]\ni = choose 0 2\nq = offset p, i\nstore q, one"), lsl.FaultAddress},
	} {
		for _, model := range []string{"sc", "relaxed"} {
			t.Run(fmt.Sprintf("%s on %s", tc.name, model), func(t *testing.T) {
				checkFault(t, tc.src, model, tc.fault)
			})
		}
	}
}
