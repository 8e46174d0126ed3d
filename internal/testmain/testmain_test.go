package testmain

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestTune(t *testing.T) {
	t.Setenv("GOGC", "")
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	oldRate := runtime.MemProfileRate
	defer func() { runtime.MemProfileRate = oldRate }()
	Tune()
	if got := debug.SetGCPercent(100); got != GCPercent {
		t.Errorf("GC percent %d, want %d", got, GCPercent)
	}
	if runtime.MemProfileRate != 0 {
		t.Errorf("MemProfileRate %d, want 0", runtime.MemProfileRate)
	}
	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	Tune()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("with GOGC=50 the GC percent became %d", got)
	}
}
