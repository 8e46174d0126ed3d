package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"checkfence/internal/stopsignal"
)

// The Go runtime ends a process that runs out of memory, overflows its
// stack or panics in a goroutine with status 2, which CLI.md reserves for
// bad input, and gini v1.0.4 calls log.Fatalf (status 1, "a counterexample
// was found") on an internal inconsistency. Neither can be caught inside
// the process, so checkfence runs as two: a small supervisor that starts
// the checker as its child and turns such deaths into status 4 with a
// message that says so, and the child, which does the work.

// supervisedEnv names the environment variable that tells the child which
// file descriptor receives the runtime's crash report.
const supervisedEnv = "CHECKFENCE_CRASH_FD"

// faultEnv makes the child fail on purpose, to test the supervisor:
// "panic", "goroutine-panic", "stack", "oom", "solver".
const faultEnv = "CHECKFENCE_TEST_FAULT"

// supervise runs the checker in a child process with the same arguments
// and returns the status to exit with. ok is false when no child could be
// started (then the caller runs the checker in this process).
func supervise(stderr io.Writer) (status int, ok bool) {
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	crashR, crashW, err := os.Pipe()
	if err != nil {
		return 0, false
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.ExtraFiles = []*os.File{crashW} // fd 3
	cmd.Env = append(os.Environ(), supervisedEnv+"=3")
	// The child dies with us: Pdeathsig is tied to the thread that
	// started it, so that thread stays locked until the child is reaped.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}

	// Signals meant for the checker are passed on. Ctrl-C or Ctrl-\ on a
	// terminal reaches both processes at once; the child takes two that
	// come close together as one (see watchInterrupts). Those that came
	// before (stopsignal takes them from the process's start) stop the
	// run before it begins.
	sigs := stopsignal.C
	select {
	case <-sigs:
		crashR.Close()
		crashW.Close()
		fmt.Fprintln(stderr, "checkfence: interrupted")
		return exitInterrupted, true
	default:
	}

	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := cmd.Start(); err != nil {
		crashR.Close()
		crashW.Close()
		return 0, false
	}
	crashW.Close()
	var crash bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		io.Copy(&limitedWriter{w: &crash, n: 1 << 16}, crashR)
		crashR.Close()
	}()
	done := make(chan struct{})
	var stopped atomic.Bool
	go func() {
		for {
			select {
			case s := <-sigs:
				stopped.Store(true)
				if s == syscall.SIGQUIT {
					// The same request to the checker once it
					// takes the stop signals; before that, in
					// the runtime's start, SIGTERM ends it
					// (an interrupt) without the dump Go
					// gives for SIGQUIT.
					s = syscall.SIGTERM
				}
				cmd.Process.Signal(s)
			case <-done:
				return
			}
		}
	}()
	werr := cmd.Wait()
	close(done)
	wg.Wait()
	return childStatus(werr, crash.String(), stopped.Load(), stderr), true
}

// childStatus maps how the child ended to checkfence's exit status.
// stopped: the supervisor has seen a stop signal.
func childStatus(werr error, crash string, stopped bool, stderr io.Writer) int {
	if stopped && signalDeath(werr, crash) {
		// The signal reached the child before it could take it (in the
		// runtime's start, before stopsignal's): Go's default for
		// SIGQUIT is a dump and status 2, which is not bad input here.
		fmt.Fprintln(stderr, "checkfence: interrupted")
		return exitInterrupted
	}
	if crash != "" {
		fmt.Fprintf(stderr, "checkfence: internal error: the checker crashed (%s); this is a bug in checkfence, not a verdict\n", crashSummary(crash))
		return exitInternal
	}
	if werr == nil {
		return exitPass
	}
	var ee *exec.ExitError
	if !errors.As(werr, &ee) {
		fmt.Fprintf(stderr, "checkfence: internal error: %v\n", werr)
		return exitInternal
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return ee.ExitCode()
	}
	switch ws.Signal() {
	case syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGHUP:
		// (before the checker could take the signal itself)
		fmt.Fprintln(stderr, "checkfence: interrupted")
		return exitInterrupted
	case syscall.SIGPIPE:
		// its output was closed early (| head): as a shell shows it
		return 128 + int(syscall.SIGPIPE)
	case syscall.SIGKILL:
		fmt.Fprintf(stderr, "checkfence: internal error: the checker was killed (SIGKILL), most likely by the system for running out of memory; --max-memory sets a smaller budget\n")
	default:
		fmt.Fprintf(stderr, "checkfence: internal error: the checker died of %v\n", ws.Signal())
	}
	return exitInternal
}

// signalDeath reports whether the child ended as Go's default handling of
// Ctrl-\ ends a process: status 2 with, if any, a crash report that
// starts with the signal's name. (The other stop signals kill a process
// that has not taken them: childStatus calls that interrupted.)
func signalDeath(werr error, crash string) bool {
	var ee *exec.ExitError
	if !errors.As(werr, &ee) || ee.ExitCode() != exitUsage {
		return false
	}
	return crash == "" || strings.HasPrefix(crash, "SIGQUIT: quit")
}

// crashSummary is the first line of the runtime's crash report that says
// what happened.
func crashSummary(crash string) string {
	// The runtime writes a fatal error's message to standard error only;
	// its report names the frames that threw.
	if i := strings.Index(crash, "runtime.throw("); i >= 0 {
		near := crash[i:min(len(crash), i+2000)]
		switch {
		case strings.Contains(near, "runtime.newstack"):
			return "stack overflow"
		case strings.Contains(near, "mallocgc"), strings.Contains(near, "sysAlloc"), strings.Contains(near, "(*mheap)"):
			return "out of memory; --max-memory sets a smaller budget"
		}
	}
	for _, line := range strings.Split(crash, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "panic:") || strings.HasPrefix(line, "fatal error:") {
			return line
		}
	}
	return "a fatal runtime error"
}

type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n > 0 {
		k := min(len(p), l.n)
		l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}

// asChild prepares this process to run as the supervisor's child: the
// runtime's crash report also goes to the supervisor.
func asChild() bool {
	if os.Getenv(supervisedEnv) != "3" {
		return false
	}
	os.Unsetenv(supervisedEnv)
	f := os.NewFile(3, "crash")
	if f == nil || debug.SetCrashOutput(f, debug.CrashOptions{}) != nil {
		return true
	}
	return true
}

// interceptSolverLog makes a fatal log call of the solver an internal
// error. gini v1.0.4 logs only on its way to log.Fatal, and checkfence
// itself does not use the standard logger, so any write to it means the
// solver found itself inconsistent: say so and exit 4 before log.Fatal's
// os.Exit(1) runs.
func interceptSolverLog(stderr io.Writer) {
	log.SetFlags(0)
	log.SetOutput(solverLog{stderr})
}

type solverLog struct{ stderr io.Writer }

func (s solverLog) Write(p []byte) (int, error) {
	msg := strings.TrimSpace(string(p))
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	fmt.Fprintf(s.stderr, "checkfence: internal error in the SAT solver (gini): %s; this is a bug, not a verdict\n", msg)
	os.Exit(exitInternal)
	return len(p), nil
}

// injectFault fails on purpose as faultEnv says (for the supervisor's
// tests).
func injectFault() {
	switch os.Getenv(faultEnv) {
	case "":
	case "panic":
		panic("injected fault")
	case "goroutine-panic":
		done := make(chan struct{})
		go func() { panic("injected fault in a goroutine") }()
		<-done
	case "stack":
		// a small stack limit: overflowing Go's default 1 GB takes
		// seconds and as much memory
		debug.SetMaxStack(16 << 20)
		var deep func(int) int
		deep = func(n int) int { return deep(n+1) + 1 }
		deep(0)
	case "oom":
		// A small address space, so that the runtime's allocator,
		// not the system's OOM killer, fails.
		lim := &syscall.Rlimit{Cur: 1 << 30, Max: 1 << 30}
		syscall.Setrlimit(syscall.RLIMIT_AS, lim)
		var keep [][]byte
		for {
			keep = append(keep, make([]byte, 64<<20))
			keep[len(keep)-1][0] = 1
		}
	case "solver":
		log.Fatalf("%p %p internal error in solve: sat model\n", &struct{}{}, &struct{}{})
	}
}
