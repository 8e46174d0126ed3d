package encode

import (
	"context"
	"fmt"
	"testing"
	"time"

	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// Cancelling a solve returns 0 promptly, whether the solver is still
// working or has just finished; it must never hang (gini's Stop and Wait
// compete for the result).
func TestSolveCancel(t *testing.T) {
	for i := 0; i < 200; i++ {
		e := hardEncoding(t)
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(i%20)*100*time.Microsecond)
		done := make(chan int, 1)
		go func() { done <- e.Solve(ctx) }()
		select {
		case r := <-done:
			if r != 0 && r != 1 && r != -1 {
				t.Fatalf("Solve returned %d", r)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("Solve did not return after its context was cancelled")
		}
		cancel()
		// A stopped solve leaves the solver usable: asked again, it
		// gives the answer of an uninterrupted solve.
		if i%20 == 0 {
			live, stop := context.WithCancel(context.Background())
			if got, want := e.Solve(live), hardEncoding(t).Solve(context.Background()); got != want {
				t.Fatalf("after a cancelled solve: %d, want %d", got, want)
			}
			stop()
		}
	}
}

// A solve that is cancelled stops at the solver's next tick rather than
// running to its end: the encoding here takes far longer than the wait.
// The clauses added say that 12 pigeons sit in 11 holes, one to a hole,
// which takes a CDCL solver far longer than the test waits.
func TestSolveCancelStops(t *testing.T) {
	e := hardEncoding(t)
	const holes = 11
	var sits [holes + 1][holes]Lit
	for p := range sits {
		for h := range sits[p] {
			sits[p][h] = e.NewVar()
		}
		e.AddClause(sits[p][:]...)
	}
	for h := 0; h < holes; h++ {
		for p := range sits {
			for q := p + 1; q < len(sits); q++ {
				e.AddClause(sits[p][h].Not(), sits[q][h].Not())
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	if r := e.Solve(ctx); r != 0 {
		t.Fatalf("Solve = %d after %v, want 0 (cancelled)", r, time.Since(t0))
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Fatalf("cancelled solve took %v", d)
	}
}

// hardEncoding encodes a generated 4-thread test whose solve takes a
// while (about a millisecond and more), so that cancellation races with it.
func hardEncoding(t *testing.T) *Encoding {
	t.Helper()
	lt := largeTest(1, 4, 30)
	ra, err := rangeanalysis.Analyze(context.Background(), lt)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Encode(context.Background(), lt, ra, memmodel.MustByName("relaxed"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Solver kinds print as the names ParseSolverKind reads, and a kind out
// of range prints as a number.
func TestSolverKindNames(t *testing.T) {
	for _, name := range []string{"builtin", "gini", "checked"} {
		k, err := ParseSolverKind(name)
		if err != nil || k.String() != name {
			t.Errorf("%s: kind %v, error %v", name, k, err)
		}
	}
	if _, err := ParseSolverKind("minisat"); err == nil {
		t.Error("minisat: no error")
	}
	for _, k := range []SolverKind{-1, 3} {
		if got, want := k.String(), fmt.Sprintf("SolverKind(%d)", int(k)); got != want {
			t.Errorf("%d prints as %q, want %q", int(k), got, want)
		}
	}
}
