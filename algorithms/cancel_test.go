package algorithms

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"checkfence/memmodel"
	"checkfence/mining"
)

// TestCheckCancel stops a check at several moments (while mining, while
// the bounds are raised, in the last questions): CheckTest returns the
// context's error, and the goroutines it started (the enumeration of the
// observation set, the background asker, the solvers) are gone when it
// returns.
func TestCheckCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("several seconds")
	}
	s := suiteNamed(t, "msn")
	prog := compiled.get(t, s.Path("msn-fenced.c"))
	test := testNamed(t, s, "Tpc3")
	relaxed := memmodel.MustByName("relaxed")
	before := runtime.NumGoroutine()
	stopped := 0
	for _, after := range []time.Duration{time.Millisecond, 20 * time.Millisecond, 80 * time.Millisecond, 200 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		res, err := mining.CheckTest(ctx, prog, nil, test, relaxed, mining.PipelineOptions{})
		cancel()
		if err == nil {
			// finished in time: then it must pass
			if res.Verdict != mining.Pass {
				t.Errorf("after %v: verdict %s, want pass", after, res.Verdict)
			}
			continue
		}
		stopped++
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("after %v: error %v, want the deadline", after, err)
		}
		// The solvers stop at their next check; give them a moment.
		deadline := time.Now().Add(2 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<16)
			t.Fatalf("after %v: %d goroutines left running, %d before:\n%s", after, n, before, buf[:runtime.Stack(buf, true)])
		}
	}
	if stopped < 2 {
		t.Errorf("only %d of the checks were stopped: the test no longer stops one while it runs", stopped)
	}
}

func suiteNamed(t testing.TB, name string) *Suite {
	t.Helper()
	for _, s := range loadSuites(t) {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no suite %s", name)
	return nil
}
