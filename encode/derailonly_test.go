package encode

import (
	"context"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// TestExceedOnlyWhenDerailed: a loop iteration that ends in an assume that
// always fails (a retry loop of a test's operation without retries) is
// left for another only by a derailed thread, so its exceed point counts
// no bound (Lit false); one whose assume may hold counts. The load through
// p before it may fault (p may be null), so the thread may derail there;
// q may hold 0 or 1.
func TestExceedOnlyWhenDerailed(t *testing.T) {
	for _, tc := range []struct {
		name, cond string
		counts     bool
	}{
		{"always fails", "f = 0", false},
		{"may hold", "f = load qq", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `test T
global p @1
global x @2
global q @3
thread {
  op a {
    L: {
      L#1: {
        pp = [1]
        ptr = load pp
        v = load ptr
        break L if v
        qq = [3]
        ` + tc.cond + `
        assume f
      }
      bound_exceeded L
    }
  }
}
thread {
  op b {
    pp = [1]
    px = [2]
    store pp, px
    qq = [3]
    one = 1
    store qq, one
  }
}
`
			test, err := lsl.ParseTestFile("t.lsl", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			ra, err := rangeanalysis.Analyze(context.Background(), test)
			if err != nil {
				t.Fatal(err)
			}
			for _, model := range []string{"sc", "relaxed"} {
				e, err := Encode(context.Background(), test, ra, memmodel.MustByName(model), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if len(e.Exceeds) != 1 {
					t.Fatalf("%d exceed points, want 1", len(e.Exceeds))
				}
				p := e.Exceeds[0]
				if counts := p.Lit != e.c.F(); counts != tc.counts {
					t.Errorf("%s: the exceed point counts: %v, want %v", model, counts, tc.counts)
				}
				if p.reached == e.c.F() {
					t.Errorf("%s: the exceed point is unreachable; a derailed thread reaches it", model)
				}
			}
		})
	}
}
