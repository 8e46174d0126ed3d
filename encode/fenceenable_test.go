package encode

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// sbFenced is store buffering with a full fence in each thread: on every
// model the fences forbid both loads reading 0.
const sbFenced = `test SB

global x @1
global y @2

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

thread {
  op q @5:1 {
    a = [1]
    b = [2]
    one = 1
    store b, one @6:1
    fence full @7:1
    s = load a @8:1
    observe output "s" s
  }
}
`

// outcomeKeys enumerates the outcomes of e under its Assumptions and as.
func outcomeKeys(t *testing.T, e *Encoding, as ...Lit) []string {
	var keys []string
	for {
		switch e.Solve(context.Background(), append(e.Assumptions(), as...)...) {
		case -1:
			slices.Sort(keys)
			return keys
		case 0:
			t.Fatal("solve interrupted")
		}
		o := e.Outcome()
		keys = append(keys, o.Key())
		lits, ok := e.OutcomeLits(o)
		if !ok {
			t.Fatalf("no literals for outcome %s", o.Key())
		}
		block := make([]Lit, len(lits))
		for i, l := range lits {
			block[i] = l.Not()
		}
		e.AddClause(block...)
	}
}

// TestFenceEnablesOnlyWhenSwitched: a fence gets an Enable literal of its
// own only when a question may switch it (FenceOn, SwitchFences); else it
// is always in force, with the same outcomes as switched on by
// assumption, and switching it off (possible only with a literal) brings
// back the outcome the fences forbid.
func TestFenceEnablesOnlyWhenSwitched(t *testing.T) {
	test, err := lsl.ParseTest("sb.lsl", []byte(sbFenced))
	if err != nil {
		t.Fatal(err)
	}
	ra, err := rangeanalysis.Analyze(context.Background(), test)
	if err != nil {
		t.Fatal(err)
	}
	off := func(*lsl.Fence) bool { return false }
	key := func(r, s int) string { return fmt.Sprintf("t0.0{output r=%d} | t1.0{output s=%d}", r, s) }
	fenced := []string{key(0, 1), key(1, 0), key(1, 1)}
	unfenced := append([]string{key(0, 0)}, fenced...)
	cases := []struct {
		name     string
		opt      Options
		switched bool
		want     []string
	}{
		{"nothing switches", Options{}, false, fenced},
		{"SwitchFences, all on", Options{SwitchFences: true}, true, fenced},
		{"SwitchImplied, all on", Options{SwitchImplied: true}, true, fenced},
		{"FenceOn, all off", Options{FenceOn: off}, true, unfenced},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, m := range []string{"tso", "relaxed"} {
				e, err := Encode(context.Background(), test, ra, memmodel.MustByName(m), c.opt)
				if err != nil {
					t.Fatal(err)
				}
				if len(e.Fences) != 2 {
					t.Fatalf("%s: %d fences, want 2", m, len(e.Fences))
				}
				for _, f := range e.Fences {
					if got := f.Enable != e.True(); got != c.switched {
						t.Errorf("%s: fence at %s has a literal of its own: %v, want %v", m, f.Stmt.Position(), got, c.switched)
					}
				}
				if got := outcomeKeys(t, e); !slices.Equal(got, c.want) {
					t.Errorf("%s: outcomes %q, want %q", m, got, c.want)
				}
			}
		})
	}
}
