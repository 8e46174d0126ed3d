package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestTuneCollector(t *testing.T) {
	oldPercent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(oldPercent)
	oldLimit := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(oldLimit)
	oldRate := runtime.MemProfileRate
	defer func() { runtime.MemProfileRate = oldRate }()

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	tuneCollector()
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(-1); got <= 0 || got == oldLimit {
		t.Errorf("memory limit %d: not set", got)
	}
	if runtime.MemProfileRate != 0 {
		t.Errorf("MemProfileRate %d, want 0", runtime.MemProfileRate)
	}

	// the environment wins
	debug.SetGCPercent(50)
	debug.SetMemoryLimit(1 << 40)
	t.Setenv("GOGC", "50")
	t.Setenv("GOMEMLIMIT", "1TiB")
	tuneCollector()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("with GOGC=50 the GC percent became %d", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("with GOMEMLIMIT set the limit became %d", got)
	}
}
