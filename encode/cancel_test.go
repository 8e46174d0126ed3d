package encode

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// errAfter is a context whose Err says cancelled from its (n+1)th call
// on: a timeout at a point the test knows.
type errAfter struct {
	context.Context
	n int
}

func (c *errAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// storesOnly is a test of two threads of n stores each to one location:
// no loads, so after the memory order the encoder looks at the context
// nowhere.
func storesOnly(n int) *lsl.Test {
	t := &lsl.Test{Name: "stores", Globals: []*lsl.Global{{Name: "x", Base: 1}}}
	for range 2 {
		body := []lsl.Stmt{&lsl.Const{Dst: "p", Val: lsl.Ptr(1)}, &lsl.Const{Dst: "one", Val: lsl.Int(1)}}
		for range n {
			body = append(body, &lsl.Store{Addr: "p", Src: "one"})
		}
		t.Threads = append(t.Threads, []*lsl.Invocation{{Op: "op", Body: body}})
	}
	return t
}

// The memory order's loops over access pairs are quadratic: a big test
// spends seconds in them, so a timeout must stop them, and the phase a
// timeout names is the memory order's. Here the context ends at the third
// look, past the one before the memory order: only a look inside those
// loops sees it.
func TestEncodeMemoryOrderStopsOnContext(t *testing.T) {
	test := storesOnly(50)
	ra, err := rangeanalysis.Analyze(context.Background(), test)
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int64{-1, 1 << 20} { // without and with the pair count
		t.Run(fmt.Sprint("budget ", budget), func(t *testing.T) {
			var told []string
			opt := Options{MaxMemory: budget, Progress: func(format string, args ...any) {
				told = append(told, fmt.Sprintf(format, args...))
			}}
			_, err := Encode(&errAfter{context.Background(), 2}, test, ra, memmodel.MustByName("relaxed"), opt)
			if !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled during the memory order: %v, want %v", err, context.Canceled)
			}
			if len(told) == 0 || !strings.HasPrefix(told[len(told)-1], "stores on relaxed: encoding the memory order") {
				t.Errorf("progress told %q, want the memory order last", told)
			}
		})
	}
}

// The transitivity clauses of the memory order come in millions on a
// large test: a timeout must stop the triangles and their clauses too
// (growthCheck, triangleCheck), not only the loops over accesses. Two
// threads of 120 stores to one location make 240 nodes all ordered with
// each other, 2.3 million triangles, over a second of encoding; a
// deadline of 20 ms must stop it within a fraction of that.
func TestEncodeTransitivityStopsOnContext(t *testing.T) {
	test := storesOnly(120)
	ra, err := rangeanalysis.Analyze(context.Background(), test)
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int64{-1, 1 << 40} { // without and with a budget
		t.Run(fmt.Sprint("budget ", budget), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err := Encode(ctx, test, ra, memmodel.MustByName("relaxed"), Options{MaxMemory: budget})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("encoding past its deadline: %v, want %v", err, context.DeadlineExceeded)
			}
			if d := time.Since(start); d > 500*time.Millisecond {
				t.Errorf("stopped %v after it started, 20 ms after which the context ended", d)
			}
		})
	}
}
