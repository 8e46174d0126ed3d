package unroll

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// deepCalls is a program whose op expands to 2^depth calls of f0: each
// f_k calls f_{k-1} twice.
func deepCalls(depth int) string {
	var b strings.Builder
	b.WriteString("global x @1\nproc f0(a) -> (r) {\n  one = 1\n  r = add.i32 a, one\n}\n")
	for k := 1; k <= depth; k++ {
		fmt.Fprintf(&b, "proc f%d(a) -> (r) {\n  call f%d(a) -> (u)\n  call f%d(a) -> (v)\n  r = sub.i32 u, v\n}\n", k, k-1, k-1)
	}
	fmt.Fprintf(&b, "proc op() {\n  z = 0\n  call f%d(z) -> (r)\n  p = [1]\n  store p, r\n}\n", depth)
	return b.String()
}

// A deep nest of calls takes seconds to expand: the unrolling stops when
// its context ends, with the context's error, instead of ignoring a
// timeout.
func TestUnrollStopsOnContext(t *testing.T) {
	prog := parseText(t, deepCalls(10)) // ~5000 statements
	h := harness("T", nil, []string{"op"})
	if _, err := UnrollWith(prog, h, Options{Context: context.Background()}); err != nil {
		t.Fatalf("live context: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := UnrollWith(prog, h, Options{Context: ctx})
	if !errors.Is(err, context.Canceled) || r != nil {
		t.Errorf("ended context: result %v, error %v; want %v", r != nil, err, context.Canceled)
	}
}
