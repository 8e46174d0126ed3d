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
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/urfave/cli/v2"
)

// Exit statuses (CLI.md).
const (
	exitPass         = 0
	exitFail         = 1
	exitUsage        = 2
	exitInconclusive = 3
	exitInternal     = 4
	exitInterrupted  = 130
)

func main() {
	if !asChild() {
		if status, ok := supervise(os.Stderr); ok {
			os.Exit(status)
		}
	}
	tuneCollector()
	interceptSolverLog(os.Stderr)
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status. A panic
// is an internal error (status 4); an interrupt (one of stopsignal.Signals)
// stops the work and gives status 130.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stopInterrupts := watchInterrupts(context.Background(), stderr)
	defer stopInterrupts()
	return runContext(ctx, args, stdout, stderr)
}

// runContext is run under ctx: ctx cancelled with cause errInterrupted is
// an interrupt (tests stand for the signal with it).
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) (exit int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "checkfence: internal error: panic: %v; this is a bug in checkfence, not a verdict\n%s", r, debug.Stack())
			exit = exitInternal
		}
	}()
	injectFault()
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
			growCommand(&status),
		},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		ExitErrHandler: func(*cli.Context, error) {}, // run decides the status
		// -D 'MAX(a,b)=...' is one macro: repeat a flag for several values
		DisableSliceFlagSeparator: true,
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
	// Usage errors go to standard error, without the help text that
	// urfave/cli would print on standard output (not JSON under --json).
	for _, cmd := range app.Commands {
		cmd.OnUsageError = app.OnUsageError
	}
	err := app.RunContext(ctx, splitCompilerFlags(args))
	if context.Cause(ctx) == errInterrupted {
		fmt.Fprintln(stderr, "checkfence: interrupted")
		return exitInterrupted
	}
	if err == nil {
		return status
	}
	var ue usageError
	var ie inputError
	var ne internalError
	switch {
	case errors.As(err, &ne):
		fmt.Fprintf(stderr, "checkfence: internal error: %v; this is a bug in checkfence, not a verdict\n", ne.err)
		return exitInternal
	case errors.As(err, &ie):
		for _, e := range ie.errs {
			fmt.Fprintln(stderr, e)
		}
		return exitUsage
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "checkfence: %v (see checkfence help)\n", ue.err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "checkfence: %v\n", err)
	return exitUsage
}

// splitCompilerFlags writes -DNAME=VALUE and -IDIR, as C compilers take
// them, as the flag and its value apart (-D NAME=VALUE), which is how the
// command line parser reads them. The arguments after "--" stay as they
// are.
func splitCompilerFlags(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if i > 0 && len(a) > 2 && (strings.HasPrefix(a, "-D") || strings.HasPrefix(a, "-I")) {
			out = append(out, a[:2], a[2:])
			continue
		}
		out = append(out, a)
	}
	return out
}

// usageError is bad usage of the command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

// internalError is a bug in checkfence or its solver (status 4).
type internalError struct{ err error }

func (e internalError) Error() string { return e.err.Error() }

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
