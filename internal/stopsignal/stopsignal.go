// Package stopsignal takes the signals that ask checkfence to stop from
// the start of the process: Ctrl-C, Ctrl-\, kill and a closed terminal.
//
// Left to Go's default handling, Ctrl-\ (SIGQUIT) prints a goroutine dump
// and exits with status 2, which CLI.md reserves for bad input. main
// cannot take the signals soon enough itself: the packages' initialization
// before it (the C front end's tables, the trace's templates, the
// command-line library's) takes milliseconds in each of checkfence's two
// processes, and a Ctrl-\ typed as a run starts fell in it. This package
// imports nothing but the signal handling, so it is initialized among
// the first, and its signals wait in C until main reads them.
package stopsignal

import (
	"os"
	"os/signal"
	"syscall"
)

// Signals are the signals that ask checkfence to stop.
var Signals = []os.Signal{os.Interrupt, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGHUP}

// C receives Signals from the process's initialization on.
var C = make(chan os.Signal, 8)

func init() {
	signal.Notify(C, Signals...)
}

// Release gives the signals back their default handling: for a test
// binary that does not run checkfence's main.
func Release() {
	signal.Stop(C)
}
