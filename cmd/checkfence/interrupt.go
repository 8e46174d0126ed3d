package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"checkfence/internal/stopsignal"
)

// errInterrupted is the cause of the context of a run stopped by a signal.
var errInterrupted = errors.New("interrupted")

// duplicateWindow is how close two interrupts must be to count as one:
// Ctrl-C on a terminal reaches the supervisor and the checker together,
// and the supervisor passes its copy on.
const duplicateWindow = 150 * time.Millisecond

// stopGrace is how long an interrupted run may take to stop cleanly.
const stopGrace = 2 * time.Second

// watchInterrupts returns a context cancelled (with cause errInterrupted)
// by the first of the stop signals (stopsignal.Signals: Ctrl-C, Ctrl-\,
// kill and a closed terminal), including one that came before it was
// called; a second one ends the process at once with status 130.
func watchInterrupts(parent context.Context, stderr io.Writer) (context.Context, func()) {
	sigs := stopsignal.C
	ctx, cancel := context.WithCancelCause(parent)
	done := make(chan struct{})
	go func() {
		var first time.Time
		for {
			select {
			case <-done:
				return
			case <-sigs:
			}
			switch {
			case first.IsZero():
				first = time.Now()
				fmt.Fprintln(stderr, "checkfence: interrupted, stopping (interrupt again to exit at once)")
				cancel(errInterrupted)
				// The solver looks for a stop request between rounds
				// of propagation, and one round on a huge encoding can
				// take seconds: do not wait for it longer than this.
				time.AfterFunc(stopGrace, func() {
					fmt.Fprintln(stderr, "checkfence: interrupted")
					os.Exit(exitInterrupted)
				})
			case time.Since(first) > duplicateWindow:
				os.Exit(exitInterrupted)
			}
		}
	}()
	return ctx, func() {
		close(done)
		cancel(nil)
	}
}
