package mining

import (
	"context"
	"fmt"
	"testing"

	"checkfence/internal/reference"
	"checkfence/lsl"
	"checkfence/memmodel"
)

// SEMANTICS.md, "Errors": freeing memory twice, or freeing what is not an
// allocated block, is an error, whichever threads do it. Each case is
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
