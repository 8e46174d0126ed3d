package mining

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"checkfence/memmodel"
)

// The check tells Progress when it encodes the memory order, which takes
// long on a big test: a timeout there names that phase, not the last
// phase of the mining.
func TestCheckProgressNamesTheMemoryOrder(t *testing.T) {
	src := "#include \"lsl_protos.h\"\nint x;\nvoid w(void) { x = 1; }\nvoid r(void) { lsl_observe_output(\"x\", x); }\n"
	prog, ts := compileTest(t, "mo.c", src, "test T = ( w | r )\n")
	var mu sync.Mutex
	var told []string
	opt := PipelineOptions{Progress: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		told = append(told, fmt.Sprintf(format, args...))
	}}
	if _, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), opt); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(told, func(s string) bool { return strings.HasPrefix(s, "T on relaxed: encoding the memory order (") }) {
		t.Errorf("progress told %q, no encoding of the memory order on relaxed", told)
	}
}

// A check whose time is up while it unrolls stops there, and the last
// phase it told is the unrolling (the test's op expands to 2^12 calls),
// whether the serial executions are run or the solver mines; run, an
// unrolling that went on would be followed by the run's own phase.
func TestCheckStopsWhileUnrolling(t *testing.T) {
	var b strings.Builder
	b.WriteString("#include \"lsl_protos.h\"\nint x;\nstatic int f0(int a) { return a + 1; }\n")
	for k := 1; k <= 12; k++ {
		fmt.Fprintf(&b, "static int f%d(int a) { return f%d(a) - f%d(a); }\n", k, k-1, k-1)
	}
	b.WriteString("void op(void) { x = f12(x); }\n")
	prog, ts := compileTest(t, "deep.c", b.String(), "test T = ( op )\n")
	for _, solver := range []bool{false, true} {
		t.Run(fmt.Sprint("solver mining ", solver), func(t *testing.T) {
			var mu sync.Mutex
			last := ""
			opt := PipelineOptions{SolverMining: solver, Progress: func(format string, args ...any) {
				mu.Lock()
				defer mu.Unlock()
				last = fmt.Sprintf(format, args...)
			}}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			_, err := CheckTest(ctx, prog, nil, ts[0], memmodel.MustByName("relaxed"), opt)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("ended context: %v, want %v", err, context.Canceled)
			}
			if !strings.HasPrefix(last, "T on serial: unrolling (") {
				t.Errorf("last phase told %q, want the unrolling", last)
			}
		})
	}
	// With the observation set from the cache, the test is unrolled again
	// at its bounds (for the reuse check): that unrolling stops too.
	t.Run("from the cache", func(t *testing.T) {
		var mu sync.Mutex
		last := ""
		opt := PipelineOptions{Cache: DirCache{Dir: t.TempDir()}, Progress: func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			last = fmt.Sprintf(format, args...)
		}}
		if _, _, err := MineTest(context.Background(), prog, ts[0], opt); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, _, err := MineTest(ctx, prog, ts[0], opt)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("ended context: %v, want %v", err, context.Canceled)
		}
		if !strings.HasPrefix(last, "T: unrolling at the cached set's bounds (") {
			t.Errorf("last phase told %q, want the unrolling at the cached set's bounds", last)
		}
	})
}

// Only the main path tells its phases: the encodings of the questions
// asked beside it (the background's failure question, the racing
// prover's) say nothing, or a timeout could name a phase that had ended
// while the main path was solving. Each of the main path's encodings
// tells "range analysis and encoding" and then "encoding the memory
// order" once.
func TestOnlyTheMainPathTellsItsPhases(t *testing.T) {
	src := "#include \"lsl_protos.h\"\nint x;\nvoid w(void) { x = 1; }\nvoid r(void) { lsl_observe_output(\"x\", x); }\n"
	prog, ts := compileTest(t, "mo.c", src, "test T = ( w | r )\n")
	var mu sync.Mutex
	encodings, orders := 0, 0
	opt := PipelineOptions{Progress: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		switch s := fmt.Sprintf(format, args...); {
		case strings.HasPrefix(s, "T on relaxed: range analysis and encoding ("):
			encodings++
		case strings.HasPrefix(s, "T on relaxed: encoding the memory order ("):
			orders++
		}
	}}
	if _, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), opt); err != nil {
		t.Fatal(err)
	}
	if encodings == 0 || orders != encodings {
		t.Errorf("%d encodings told, %d encodings of the memory order: want one each", encodings, orders)
	}
}

// The sizes a check reports are its encoding's, the same on one core and
// on two, although on two the main solver's encoding is also asked the
// failure question (and so holds the observation set's exclusion).
func TestSizesDoNotDependOnTheCores(t *testing.T) {
	src := "#include \"lsl_protos.h\"\nint x;\nvoid w(void) { x = 1; }\nvoid r(void) { lsl_observe_output(\"x\", x); }\n"
	prog, ts := compileTest(t, "mo.c", src, "test T = ( w | r )\n")
	var sizes [2][2]int
	for i, one := range []bool{false, true} {
		res, err := CheckTest(context.Background(), prog, nil, ts[0], memmodel.MustByName("relaxed"), PipelineOptions{Sequential: one})
		if err != nil {
			t.Fatal(err)
		}
		sizes[i] = [2]int{res.Stats.Vars, res.Stats.Clauses}
	}
	if sizes[0] != sizes[1] || sizes[0][1] == 0 {
		t.Errorf("vars and clauses on two cores %v, on one %v", sizes[0], sizes[1])
	}
}
