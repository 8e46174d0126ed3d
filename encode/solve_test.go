package encode

import (
	"context"
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
	}
}

// hardEncoding encodes a generated 4-thread test whose solve takes a
// while (about a millisecond and more), so that cancellation races with it.
func hardEncoding(t *testing.T) *Encoding {
	t.Helper()
	lt := largeTest(1, 4, 30)
	ra, err := rangeanalysis.Analyze(lt)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Encode(context.Background(), lt, ra, memmodel.MustByName("relaxed"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}
