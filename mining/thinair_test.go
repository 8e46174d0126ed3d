package mining

import (
	"context"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
)

// SEMANTICS.md, "Values": in T1: r1 = x; y = r1 || T2: r2 = y; x = r2 with
// x = y = 0, r1 = r2 = 1 is not an execution on any model; in the load
// buffering twin with constants it is allowed on relaxed (not on sc).
func TestOutOfThinAir(t *testing.T) {
	prog := func(v1, v2 string) string {
		return `test t
global x @1
global y @2
thread {
  op t1 {
    px = [1]
    py = [2]
    one = 1
    r1 = load px
    observe output "r1" r1
    store py, ` + v1 + `
  }
}
thread {
  op t2 {
    px = [1]
    py = [2]
    one = 1
    r2 = load py
    observe output "r2" r2
    store px, ` + v2 + `
  }
}
`
	}
	both := "t0.0{output r1=1} | t1.0{output r2=1}"
	for _, tc := range []struct {
		name, src string
		model     string
		reachable bool
	}{
		{"thin air, relaxed", prog("r1", "r2"), "relaxed", false},
		{"thin air, pso", prog("r1", "r2"), "pso", false},
		{"thin air, rmo", prog("r1", "r2"), "rmo", false},
		{"load buffering, relaxed", prog("one", "one"), "relaxed", true},
		{"load buffering, rmo", prog("one", "one"), "rmo", true},
		{"load buffering, pso", prog("one", "one"), "pso", false},
		{"load buffering, tso", prog("one", "one"), "tso", false},
		{"load buffering, sc", prog("one", "one"), "sc", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			test, err := lsl.ParseTest("t.lsl", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			// The answer must not depend on the range analysis shrinking
			// the encoding: thin-air values are excluded either way.
			for _, noRA := range []bool{false, true} {
				outs, err := Outcomes(context.Background(), test, memmodel.MustByName(tc.model), Options{Encode: encode.Options{NoRangeAnalysis: noRA}})
				if err != nil {
					t.Fatal(err)
				}
				keys := strings.Join(lsl.OutcomeKeys(outs), "\n")
				if got := strings.Contains(keys, both); got != tc.reachable {
					t.Errorf("no range analysis %v: r1 = r2 = 1 reachable: %v, want %v; outcomes:\n%s", noRA, got, tc.reachable, keys)
				}
			}
		})
	}
}
