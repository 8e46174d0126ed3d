// Package testmain runs a package's tests with the garbage collector set
// for them: the generated differential tests and the brute-force
// reference allocate many short-lived states (the reference's memo keys,
// cloned states), and at Go's defaults a third of their time went to
// collecting them and to sampling allocations for a memory profile no
// one reads. With the collector running at a quarter of the frequency and
// the sampling off, the default go test ./... takes a third less CPU,
// which is what keeps it within its limit on a loaded two-core machine.
//
// A package uses it from its TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(testmain.Run(m)) }
//
// An explicit GOGC in the environment wins, and -test.memprofile turns the
// sampling back on (the testing package sets the rate when it is given).
package testmain

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
)

// GCPercent is the collector's target heap growth in the tests (Go's
// default is 100).
const GCPercent = 400

// Run tunes the runtime and runs the tests, returning m.Run's exit code.
func Run(m *testing.M) int {
	Tune()
	return m.Run()
}

// Tune sets the collector's target and turns allocation sampling off.
func Tune() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
	runtime.MemProfileRate = 0
}
