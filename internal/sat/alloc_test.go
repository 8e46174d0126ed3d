package sat

import (
	"context"
	"runtime"
	"testing"
)

// TestSolveAllocations checks that search does not allocate per
// conflict or propagation, only when its buffers and watch lists grow.
func TestSolveAllocations(t *testing.T) {
	s := New()
	pigeonhole(s, 7)
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	s.Solve(context.Background())
	runtime.ReadMemStats(&m1)
	confl := s.Stats().Conflicts
	allocs := m1.Mallocs - m0.Mallocs
	t.Logf("%d allocations for %d conflicts", allocs, confl)
	if confl < 1000 || allocs > uint64(confl)/2 {
		t.Fatalf("%d allocations for %d conflicts", allocs, confl)
	}
}
