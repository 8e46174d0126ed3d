package rangeanalysis

import (
	"context"
	"testing"
)

// TestCrossLayoutReuse: SEMANTICS.md ("Allocation and freeing") lets an
// allocation take any freed block of its size whose free precedes it in
// the memory order; the model hands a block freed with C's free only to
// the same words (lsl.MayReuse), and a block freed with lsl_free, being
// type-stable memory, is reused by its own type only (README, "Memory
// reuse"). CrossLayoutReuse names the C free and the allocation of
// another layout that could take its block, where the free may precede
// the allocation: not when the allocation comes first in the free's
// thread, or is in init while the free is in a thread; nor when nothing
// can use the freed block after the free (kept in no location, used in
// its thread only up to the free) and the allocation's address is only
// used to reach its words (not observed, compared or stored), as the
// allocation could not tell it from a fresh block.
func TestCrossLayoutReuse(t *testing.T) {
	// init allocates p (layout from) and publishes it; thread 0 frees it
	// with free; thread 1 allocates q (size and layout to)
	threads := func(from, free, to string) string {
		return `source "r.c"
test t
global x @1
init {
  op i {
    px = [1]
    p = alloc 8 ` + from + ` @1:1
    store px, p
  }
}
thread {
  op a {
    px = [1]
    p = load px
    ` + free + ` p @2:1
  }
}
thread {
  op b {
    q = alloc ` + to + ` @3:1
  }
}
`
	}
	one := func(body string) string {
		return "source \"r.c\"\ntest t\nthread {\n  op a {\n" + body + "\n  }\n}\n"
	}
	for _, tc := range []struct {
		name, src string
		want      string // "" for none
	}{
		{"a struct of two words, then a scalar", threads("{a, b}", "free", "8"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"a scalar, then a struct", threads("", "free", "8 {a, b}"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"an array of two words, then a struct of one", threads("[2]", "free", "8 {l}"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"the same words", threads("{a, b}", "free", "8 [2]"), ""},
		{"another size", threads("{a, b}", "free", "16"), ""},
		{"lsl_free", threads("{a, b}", "free stable", "8"), ""},
		{"lsl_free_noreuse", threads("{a, b}", "free noreuse", "8"), ""},
		{"lsl_malloc_noreuse", threads("{a, b}", "free", "noreuse 8"), ""},
		{"allocated before the free", one("p = alloc 8 {a, b} @1:1\nq = alloc 8 @3:1\nfree p @2:1"), ""},
		{"allocated after the free, compared", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 @3:1\ne = eq p, q"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"allocated after the free, freed again", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 @3:1\nfree p"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"allocated after the free, read through", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 @3:1\nv = load p"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		// nothing can reach the freed block but the allocation that takes it
		{"allocated after the free, unused", one("p = alloc 8 {a, b} @1:1\nk = 1\nf = offset p, k\nstore f, k\nfree p @2:1\nq = alloc 8 @3:1"), ""},
		// nor the taker's address: it tells the freed block from a fresh one
		{"the taker observed", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 @3:1\nobserve output \"l\" q"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"the taker compared", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 @3:1\nz = 0\ne = eq q, z"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"a pointer into the taker observed", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 {l} @3:1\nk = 0\nf = offset q, k\ng = mov f\nobserve output \"l\" g"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"the taker stored", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 @3:1\nstore q, q"), "r.c:1:1 r.c:2:1 r.c:3:1"},
		{"the taker only read and written", one("p = alloc 8 {a, b} @1:1\nfree p @2:1\nq = alloc 8 {l} @3:1\nk = 0\nf = offset q, k\nstore f, k\nv = load f\nobserve output \"v\" v\nfree q"), ""},
		{"a free that frees nothing", one("z = 0\nfree z @2:1\nq = alloc 8 @3:1"), ""},
		{"allocated in init, freed in a thread", `source "r.c"
test t
global x @1
init {
  op i {
    px = [1]
    p = alloc 8 {a, b} @1:1
    store px, p
    q = alloc 8 @3:1
  }
}
thread {
  op a {
    px = [1]
    p = load px
    free p @2:1
  }
}
`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Analyze(context.Background(), parse(t, tc.src))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if u := r.CrossLayoutReuse(); u != nil {
				got = u.Alloc.Pos.String() + " " + u.Free.Pos.String() + " " + u.Taker.Pos.String()
			}
			if got != tc.want {
				t.Errorf("allocation, free, taker: %q, want %q", got, tc.want)
			}
		})
	}
}
