// Command checkfence checks concurrent data types written in C against
// memory models, following the CheckFence method (PLDI 2007). See
// ../../README.md and ../shared/spec/CLI.md for the contract.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"

	"github.com/urfave/cli/v2"
)

// Exit statuses (CLI.md).
const (
	exitPass         = 0
	exitFail         = 1
	exitUsage        = 2
	exitInconclusive = 3
)

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	status := exitPass
	app := &cli.App{
		Name:      "checkfence",
		Usage:     "check concurrent data types on relaxed memory models",
		Writer:    stdout,
		ErrWriter: stderr,
		Commands: []*cli.Command{
			litmusCommand(&status),
			outcomesCommand(&status),
			compileCommand(&status),
			checkCommand(&status),
			mineCommand(&status),
			fencesCommand(&status),
			benchCommand(&status),
		},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		ExitErrHandler: func(*cli.Context, error) {}, // run decides the status
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile of the run to this file (for go tool pprof)"},
		},
		Before: func(c *cli.Context) error {
			if p := c.String("cpuprofile"); p != "" {
				f, err := os.Create(p)
				if err != nil {
					return usageError{err}
				}
				if err := pprof.StartCPUProfile(f); err != nil {
					return usageError{err}
				}
			}
			return nil
		},
		After: func(c *cli.Context) error {
			if c.String("cpuprofile") != "" {
				pprof.StopCPUProfile()
			}
			return nil
		},
	}
	err := app.RunContext(ctx, args)
	if err == nil {
		return status
	}
	var ue usageError
	var ie inputError
	switch {
	case errors.As(err, &ie):
		for _, e := range ie.errs {
			fmt.Fprintln(stderr, e)
		}
		return exitUsage
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "checkfence: %v\n", ue.err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "checkfence: %v\n", err)
	return exitUsage
}

// usageError is bad usage of the command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

// inputError carries diagnostics about the input files, already in
// file:line:col form.
type inputError struct{ errs []error }

func (e inputError) Error() string { return fmt.Sprint(e.errs) }

// isTerminal reports whether w is a terminal (progress is shown only there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
