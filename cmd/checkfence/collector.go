package main

import (
	"os"
	"runtime"
	"runtime/debug"

	"checkfence/encode"
)

// gcPercent is the collector's target heap growth in checkfence (Go's
// default is 100).
const gcPercent = 400

// tuneCollector sets the garbage collector for a check: the encoder builds
// large structures that live until the check ends, and the solver
// goroutines run in tight loops that each collection has to preempt. At
// Go's defaults the collector and those preemptions took a sixth of the
// CPU of the paper's tests; at a quarter of the frequency far less. A
// soft limit of three quarters of the memory (the encoder's default
// budget is half) makes the collector work harder before the heap
// outgrows the machine. GOGC and GOMEMLIMIT in the environment win. The
// sampling of allocations for a memory profile is off: nothing reads it.
func tuneCollector() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(encode.DefaultMaxMemory() / 2 * 3)
	}
	runtime.MemProfileRate = 0
}
