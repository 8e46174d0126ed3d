package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"checkfence/mining"
)

// asMainEnv makes the test binary run checkfence's main (see TestMain), so
// that the tests can run the command as a process, supervisor included.
const asMainEnv = "CHECKFENCE_TEST_AS_MAIN"

// command runs checkfence as a separate process, with the supervisor.
func command(env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), asMainEnv+"=1"), env...)
	return cmd
}

// startInGroup starts checkfence as a process in a process group of its
// own (so that a signal can go to the group), its standard error piped.
func startInGroup(t *testing.T, env []string, args ...string) (*exec.Cmd, io.ReadCloser) {
	t.Helper()
	cmd := command(env, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, pipe
}

// runProcess runs checkfence as a process and returns its status, standard
// output and standard error.
func runProcess(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := command(env, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), stdout.String(), stderr.String()
	}
	t.Fatalf("running checkfence: %v", err)
	return 0, "", ""
}

// Every way the checker can die of a bug is status 4 with a message that
// says so: never 1 (a counterexample), 2 (bad input) or a signal.
func TestInternalErrorsExit4(t *testing.T) {
	cases := []struct {
		fault string
		want  string
	}{
		{"panic", "internal error: panic: injected fault"},
		{"goroutine-panic", "internal error: the checker crashed (panic: injected fault in a goroutine)"},
		{"stack", "internal error: the checker crashed (stack overflow)"},
		{"oom", "internal error: the checker crashed (out of memory"},
		{"solver", "internal error in the SAT solver (gini): "},
	}
	for _, tc := range cases {
		t.Run(tc.fault, func(t *testing.T) {
			code, _, errs := runProcess(t, []string{faultEnv + "=" + tc.fault}, "compile", "../../examples/c/mp.c")
			if code != exitInternal {
				t.Errorf("status %d, want %d", code, exitInternal)
			}
			if !strings.Contains(errs, tc.want) {
				t.Errorf("stderr lacks %q:\n%.2000s", tc.want, errs)
			}
		})
	}
	// Without a fault the supervised command does its job.
	code, out, errs := runProcess(t, nil, "check", "--no-cache", "../../examples/c/mp.c", "../../examples/c/mp.tests")
	if code != exitFail || !strings.HasPrefix(out, "fail") {
		t.Errorf("mp.c: status %d, want 1; stdout %q; stderr %q", code, out, errs)
	}
}

// How the supervisor reads the child's end.
func TestChildStatus(t *testing.T) {
	exit := func(code int) error {
		err := exec.Command("sh", "-c", fmt.Sprintf("exit %d", code)).Run()
		if code == 0 {
			return err
		}
		if err == nil {
			t.Fatal("sh exited 0")
		}
		return err
	}
	killed := func(sig syscall.Signal) error {
		err := exec.Command("sh", "-c", fmt.Sprintf("kill -%d $$", sig)).Run()
		if err == nil {
			t.Fatal("sh was not killed")
		}
		return err
	}
	const dump = "SIGQUIT: quit\nPC=0x490c37 m=1 sigcode=0\n\ngoroutine 1 gp=0xc000002380 m=nil [runnable]:\n"
	cases := []struct {
		name    string
		werr    error
		crash   string
		stopped bool // the supervisor has seen a stop signal
		want    int
	}{
		{"pass", exit(0), "", false, exitPass},
		{"fail", exit(1), "", false, exitFail},
		{"bad input", exit(2), "", false, exitUsage},
		{"inconclusive", exit(3), "", false, exitInconclusive},
		{"a crash report makes status 2 an internal error", exit(2), "goroutine 1 [running]:\n", false, exitInternal},
		{"interrupted", killed(syscall.SIGINT), "", false, exitInterrupted},
		{"quit (Ctrl-\\)", killed(syscall.SIGQUIT), "", false, exitInterrupted},
		{"killed by the system", killed(syscall.SIGKILL), "", false, exitInternal},
		{"output closed", killed(syscall.SIGPIPE), "", false, 141},
		{"segfault", killed(syscall.SIGSEGV), "", false, exitInternal},
		// Ctrl-\ that reached the child before it could take it: Go's
		// default, status 2 with or without its dump in the report
		{"quit before the child took it", exit(2), "", true, exitInterrupted},
		{"quit dump before the child took it", exit(2), dump, true, exitInterrupted},
		{"a crash after a stop signal is still an internal error", exit(2), "goroutine 1 [running]:\n", true, exitInternal},
		{"a dump with no stop signal seen is not an interrupt", exit(2), dump, false, exitInternal},
		{"a verdict after a stop signal stays", exit(3), "", true, exitInconclusive},
	}
	for _, tc := range cases {
		var stderr bytes.Buffer
		if got := childStatus(tc.werr, tc.crash, tc.stopped, &stderr); got != tc.want {
			t.Errorf("%s: status %d, want %d (%s)", tc.name, got, tc.want, stderr.String())
		}
	}
}

// bigLitmus writes a 20-thread litmus test whose enumeration takes far
// longer than the tests wait.
func bigLitmus(t *testing.T) string {
	const n = 20
	var b strings.Builder
	b.WriteString("X86 big\n{ x=0; y=0; z=0; w=0; }\n")
	locs := "xyzw"
	row := func(cell func(i int) string) {
		for i := range n {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(cell(i))
		}
		b.WriteString(" ;\n")
	}
	row(func(i int) string { return fmt.Sprintf("P%d", i) })
	row(func(i int) string { return fmt.Sprintf("MOV [%c],$%d", locs[i%4], i+1) })
	for k, reg := range []string{"EAX", "EBX", "ECX"} {
		row(func(i int) string { return fmt.Sprintf("MOV %s,[%c]", reg, locs[(i+1+k)%4]) })
	}
	// Every thread's registers in the condition: each outcome is told
	// apart, and there are far too many to enumerate.
	row(func(i int) string { return fmt.Sprintf("MOV ECX,[%c]", locs[(i+3)%4]) })
	b.WriteString("exists (")
	for i := range n {
		if i > 0 {
			b.WriteString(" /\\ ")
		}
		fmt.Fprintf(&b, "%d:EAX=0 /\\ %d:EBX=0", i, i)
	}
	b.WriteString(")\n")
	path := filepath.Join(t.TempDir(), "big.litmus")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Interrupts stop the work promptly with status 130: during an
// enumeration of outcomes and during a single long solve, and a second
// interrupt ends it at once.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes that run for seconds")
	}
	cases := []struct {
		name    string
		args    []string
		signals int
	}{
		{"enumeration", []string{"litmus", "--model", "relaxed", bigLitmus(t)}, 1},
		{"solve", []string{"check", "--no-cache", "--test", "Tpc6", "../../algorithms/msn/msn-fenced.c", "../../algorithms/msn/msn.tests"}, 1},
		{"second interrupt", []string{"litmus", "--model", "relaxed", bigLitmus(t)}, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := command(nil, tc.args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(1500 * time.Millisecond)
			for i := range tc.signals {
				if i > 0 {
					time.Sleep(2 * duplicateWindow)
				}
				cmd.Process.Signal(os.Interrupt)
			}
			sent := time.Now()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(stopGrace + 10*time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running %v after the interrupt", time.Since(sent))
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
				t.Fatalf("ended with %v, want status 130; stderr %s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("stderr does not say interrupted: %s", stderr.String())
			}
		})
	}
}

// Ctrl-\ (SIGQUIT), to the whole process group as a terminal sends it or
// to the supervisor alone, is a request to stop: status 130 as for Ctrl-C,
// and no goroutine dump (Go's default for SIGQUIT, with status 2, which
// means bad input).
func TestQuitSignal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		group bool
	}{
		{"process group", true},
		{"supervisor only", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Tpc6 runs for seconds; its progress lines say when the
			// checker is at work
			cmd, pipe := startInGroup(t, nil, "check", "--no-cache", "--progress", "--test", "Tpc6", "../../algorithms/msn/msn-fenced.c", "../../algorithms/msn/msn.tests")
			var err error
			working := make(chan struct{})
			var stderr bytes.Buffer
			read := make(chan struct{})
			go func() {
				defer close(read)
				sc := bufio.NewScanner(pipe)
				for sc.Scan() {
					if stderr.Len() == 0 {
						close(working)
					}
					stderr.WriteString(sc.Text() + "\n")
				}
			}()
			select {
			case <-working:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatal("no progress line")
			}
			pid := cmd.Process.Pid
			if tc.group {
				pid = -pid
			}
			if err := syscall.Kill(pid, syscall.SIGQUIT); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { <-read; done <- cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(stopGrace + 10*time.Second):
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				<-done
				t.Fatal("still running after SIGQUIT")
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
				t.Errorf("ended with %v, want status 130", err)
			}
			if errs := stderr.String(); !strings.Contains(errs, "checkfence: interrupted") || strings.Contains(errs, "goroutine ") || strings.Contains(errs, "SIGQUIT") {
				t.Errorf("stderr:\n%.3000s", errs)
			}
		})
	}
}

// --timeout makes a test that is not decided in time inconclusive (status
// 3), naming the test and the phase it was in, and the run goes on.
func TestTimeout(t *testing.T) {
	// T0 takes 10 ms and Tpc6 9 s: 2 s leaves T0 room on a loaded machine
	args := []string{"--no-cache", "--timeout", "2s", "--test", "Tpc6", "--test", "T0", "../../algorithms/msn/msn-fenced.c", "../../algorithms/msn/msn.tests"}
	code, out, errs := runCmd(t, append([]string{"check"}, args...)...)
	if code != exitInconclusive {
		t.Fatalf("status %d, want 3; stdout %s; stderr %s", code, out, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "pass         T0 on relaxed") ||
		!strings.HasPrefix(lines[1], "inconclusive Tpc6 on relaxed  (not decided within 2s; it was at: Tpc6") {
		t.Errorf("output:\n%s", out)
	}
	code, out, _ = runCmd(t, append([]string{"check", "--json"}, args...)...)
	if code != exitInconclusive {
		t.Fatalf("--json: status %d, want 3", code)
	}
	var last map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if err := json.Unmarshal([]byte(line), &last); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
	}
	if last["test"] != "Tpc6" || last["verdict"] != "inconclusive" || last["reason"] != "timeout" || last["phase"] == "" || last["spec_size"] != 0.0 {
		t.Errorf("--json record %v", last)
	}
	code, out, _ = runCmd(t, "mine", "--no-cache", "--timeout", "1ns", "--test", "Tpc6", "../../algorithms/msn/msn-fenced.c", "../../algorithms/msn/msn.tests")
	if code != exitInconclusive || !strings.HasPrefix(out, "inconclusive Tpc6 on serial") {
		t.Errorf("mine: status %d, output %s", code, out)
	}
	code, out, _ = runCmd(t, "litmus", "--timeout", "1ns", "../../examples/litmus/mp-flag.litmus")
	if code != exitInconclusive || !strings.HasPrefix(out, "inconclusive") {
		t.Errorf("litmus: status %d, output %s", code, out)
	}
	code, out, _ = runCmd(t, "fences", "--no-cache", "--timeout", "1ns", "../../examples/c/mp-fenced.c", "../../examples/c/mp.tests")
	if code != exitInconclusive || !strings.HasPrefix(out, "inconclusive") {
		t.Errorf("fences: status %d, output %s", code, out)
	}
}

// --timeout stops a test in its range analysis too, promptly, naming
// that phase: testdata/slowrange.c's analysis alone takes seconds.
func TestTimeoutInRangeAnalysis(t *testing.T) {
	for _, cmd := range [][]string{
		{"check", "--model", "sc"},
		{"mine"},
		{"fences", "--model", "sc"},
	} {
		t.Run(cmd[0], func(t *testing.T) {
			args := append(cmd, "--no-cache", "--timeout", "100ms", "testdata/slowrange.c", "testdata/slowrange.tests")
			start := time.Now()
			code, out, errs := runCmd(t, args...)
			if d := time.Since(start); d > time.Second {
				t.Errorf("stopped after %v", d)
			}
			if code != exitInconclusive {
				t.Fatalf("status %d, want 3; stdout %s; stderr %s", code, out, errs)
			}
			if !strings.HasPrefix(out, "inconclusive ") || !strings.Contains(out, "(not decided within 100ms; it was at: T on serial: range analysis (") {
				t.Errorf("output:\n%s", out)
			}
		})
	}
}

// fences gives each test with all the fences its own --timeout, as check
// does: a first test not decided in time is inconclusive and a later one
// that fails still makes the status 1 (CLI.md). With --infer the time
// bounds the search, and a test it did not reach that fails on sc still
// makes it impossible (status 1). T0 of slowfirst cannot be decided in a
// fraction of a second (4001^3 observations); T1 fails on relaxed and
// T2 on sc in milliseconds.
func TestFencesTimeoutPerTest(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		tests string
		want  []string // line prefixes, in order
	}{
		{"text", nil, "slowfirst.tests", []string{
			"inconclusive T0 on relaxed with all the fences of the code  (not decided within 200ms; it was at: T0",
			"fail         T1 on relaxed with all the fences of the code: no fence is needed until it passes",
		}},
		{"json", []string{"--json"}, "slowfirst.tests", []string{
			`{"detail":"not decided within 200ms; it was at: T0`,
			`{"counterexample":{"test":"T1"`,
			`{"cost":0,"fences":0,"model":"relaxed","test":"T1","verdict":"fail"}`,
		}},
		{"infer", []string{"--infer"}, "slowfirst-sc.tests", []string{
			"impossible   no placement on relaxed: T2 fails on sc, in an execution that reorders nothing: no fence can fix it (the search: not decided within 200ms; it was at: T0",
			"counterexample for T2 on sc",
		}},
		{"infer json", []string{"--infer", "--json"}, "slowfirst-sc.tests", []string{
			`{"cost":0,"fences":0,"model":"relaxed","search":"not decided within 200ms; it was at: T0`,
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"fences", "--no-cache", "--timeout", "200ms"}, tc.args...)
			code, out, errs := runCmd(t, append(args, "testdata/slowfirst.c", "testdata/"+tc.tests)...)
			if code != exitFail {
				t.Errorf("status %d, want 1; stderr %s", code, errs)
			}
			// the wanted lines in order; the counterexample's lines between
			lines := strings.Split(out, "\n")
			for _, w := range tc.want {
				for len(lines) > 0 && !strings.HasPrefix(lines[0], w) {
					lines = lines[1:]
				}
				if len(lines) == 0 {
					t.Fatalf("no line beginning %s in order; output:\n%s", w, out)
				}
				lines = lines[1:]
			}
		})
	}
}

// An explanation (check --explain's proof, a failure's cause) cut off by
// the test's --timeout is said to be out of time, naming the flag, not
// with the context's error text; another error is shown as it is.
func TestExplanationNotFound(t *testing.T) {
	expired, cancel := context.WithTimeoutCause(context.Background(), time.Nanosecond, errTimedOut)
	defer cancel()
	<-expired.Done()
	running, stop := context.WithCancel(context.Background())
	defer stop()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		err  error
		want string
	}{
		{"out of time", expired, context.DeadlineExceeded, "the proof's orderings were not found within the time limit (--timeout 20ms)"},
		{"another error", running, errors.New("no candidate"), "the proof's orderings were not found: no candidate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &testScope{ctx: tc.ctx, limit: 20 * time.Millisecond}
			if got := s.notFound("the proof's orderings were not found", tc.err); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// Usage errors go to standard error, with or without --json; standard
// output stays empty (a JSON reader sees no help text).
func TestUsageErrorsOnStderr(t *testing.T) {
	cases := [][]string{
		{"check", "--json", "--bogus", "a.c", "b.tests"},
		{"check", "--json", "--max-unroll", "x", "a.c", "b.tests"},
		{"litmus", "--json", "--model", "nonsense", "a.litmus"},
		{"litmus", "--json"},
		{"mine", "--json", "--timeout", "soon", "a.c", "b.tests"},
		{"check", "--json", "--timeout", "-5s", "a.c", "b.tests"},
		// a bad reduction flag, even where no row of the suite is run
		{"bench", "--json", "--solver", "foo", "--quick", "--test", "Tpc6", "../../algorithms/msn"},
		{"bench", "--json", "--dump-cnf", "reliability_test.go", "--quick", "--test", "Tpc6", "../../algorithms/msn"},
		// --dump-cnf names a file, not a directory
		{"check", "--json", "--dump-cnf", "reliability_test.go", "../../examples/c/mp.c", "../../examples/c/mp.tests"},
	}
	for _, args := range cases {
		code, out, errs := runCmd(t, args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, "checkfence: ") {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// A test file with no tests is bad input; with another test file that has
// tests, those are checked and the status is still 2.
func TestTestFileWithoutTests(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.tests")
	comments := filepath.Join(dir, "comments.tests")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(comments, []byte("// test T0 = ( send | recv )\n/* none */\n"), 0o644)
	for _, f := range []string{empty, comments} {
		code, out, errs := runCmd(t, "check", "--no-cache", "../../examples/c/mp.c", f)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, f+":1:1: no tests in this file") {
			t.Errorf("%s: status %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
	code, out, errs := runCmd(t, "check", "--no-cache", "../../examples/c/mp.c", empty, "../../examples/c/mp.tests", filepath.Join(dir, "missing.tests"))
	if code != exitUsage || !strings.HasPrefix(out, "fail         T0 on relaxed") ||
		!strings.Contains(errs, empty+":1:1: no tests") || !strings.Contains(errs, "missing.tests: no such file") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// litmus reports a file it cannot read or parse, runs the others, and
// ends with status 2; a locations clause is accepted.
func TestLitmusKeepsGoing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.litmus")
	os.WriteFile(bad, []byte("X86 bad\n{ x=0; }\n P0 ;\n MOV [x],$1 ;\nexists (x=\n"), 0o644)
	withLocations := filepath.Join(dir, "loc.litmus")
	os.WriteFile(withLocations, []byte("X86 loc\n{ x=0; }\n P0 | P1 ;\n MOV [x],$1 | MOV EAX,[x] ;\nlocations [x; 1:EAX;]\nexists (1:EAX=1)\n"), 0o644)
	code, out, errs := runCmd(t, "litmus", "--model", "sc", bad, withLocations, "../../examples/litmus/mp-flag.litmus")
	if code != exitUsage {
		t.Errorf("status %d, want 2", code)
	}
	for _, w := range []string{"allowed    loc ", "forbidden  mp-flag "} {
		if !strings.Contains(out, w) {
			t.Errorf("stdout lacks %q:\n%s", w, out)
		}
	}
	if !strings.HasPrefix(errs, bad+":6:1: ") {
		t.Errorf("stderr %q does not start with the bad file's position", errs)
	}
}

// An error the pipeline marks internal is status 4, not bad input.
func TestPipelineErrorStatus(t *testing.T) {
	ctx := t.Context()
	cases := []struct {
		err  error
		want string
	}{
		{fmt.Errorf("outcome cannot be excluded: %w", mining.ErrInternal), "main.internalError"},
		{errors.New("e.c:3:4: too many values"), "main.inputError"},
	}
	for _, tc := range cases {
		if got := fmt.Sprintf("%T", pipelineError(ctx, "T0", tc.err)); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.err, got, tc.want)
		}
	}
}

// A test that names an operation the C files lack is reported with its
// position; the other tests, of this file and the others, are checked, and
// the status is 2 (CLI.md: a command keeps going past bad input).
func TestUnknownOperationKeepsGoing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tests")
	os.WriteFile(bad, []byte("test U = ( send | nosuchop )\n"), 0o644)
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "../../examples/c/mp.c", bad, "../../examples/c/mp.tests")
	if code != exitUsage || !strings.HasPrefix(out, "pass         T0 on sc") ||
		!strings.Contains(errs, bad+`:1:19: unknown operation "nosuchop"`) {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = runCmd(t, "check", "--no-cache", "../../examples/c/mp.c", bad)
	if code != exitUsage || out != "" || !strings.Contains(errs, `unknown operation "nosuchop"`) {
		t.Errorf("alone: status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// -D and -I are taken as a C compiler takes them: attached (-DVAL=7,
// -Iinc) or apart, and a macro's value may hold commas.
func TestCompilerFlags(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "inc"), 0o755)
	os.WriteFile(filepath.Join(dir, "inc", "h.h"), []byte("#define ONE 1\n"), 0o644)
	src := filepath.Join(dir, "d.c")
	os.WriteFile(src, []byte("#include \"lsl_protos.h\"\n#include \"h.h\"\nvoid t(void) { lsl_observe_output(\"v\", VAL + ONE); }\n"), 0o644)
	tests := filepath.Join(dir, "d.tests")
	os.WriteFile(tests, []byte("test T = ( t )\n"), 0o644)
	inc := filepath.Join(dir, "inc")
	for _, args := range [][]string{
		{"-DVAL=7", "-I" + inc},
		{"-D", "VAL=7", "-I", inc},
		{"-D", "VAL=ADD(3,4)", "-D", "ADD(a,b)=((a)+(b))", "-I", inc},
	} {
		code, out, errs := runCmd(t, append(append([]string{"mine", "--no-cache"}, args...), src, tests)...)
		if code != exitPass || !strings.Contains(out, "output v=8") {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	// a name that is no identifier is bad usage, said of the flag (not
	// at a line of the predefined macros)
	for _, d := range []string{"=3", "1X=2", "A B"} {
		code, _, errs := runCmd(t, "mine", "--no-cache", "-D", d, src, tests)
		if code != exitUsage || !strings.Contains(errs, "-D "+d+": ") || strings.Contains(errs, "predefined") {
			t.Errorf("-D %s: status %d, stderr %q", d, code, errs)
		}
	}
}

// A test none of whose executions completes (a thread takes a lock twice)
// passes, as the semantics says, but vacuously: the user is warned on
// standard error, and the JSON record says so.
func TestVacuousPassWarns(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "v.c")
	os.WriteFile(src, []byte("#include \"lsl_protos.h\"\nlsl_lock_t l;\nvoid i(void) { lsl_initlock(&l); }\nvoid dbl(void) { lsl_lock(&l); lsl_lock(&l); }\nvoid other(void) { lsl_observe_label(\"x\"); }\n"), 0o644)
	tests := filepath.Join(dir, "v.tests")
	os.WriteFile(tests, []byte("test V = i ( dbl | other )\ntest W = i ( other )\n"), 0o644)
	code, out, errs := runCmd(t, "check", "--no-cache", "--json", "--model", "sc", src, tests)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var v, w map[string]any
	if len(lines) == 2 {
		json.Unmarshal([]byte(lines[0]), &v)
		json.Unmarshal([]byte(lines[1]), &w)
	}
	if code != exitPass || v["vacuous"] != true || w["vacuous"] != false ||
		!strings.Contains(errs, "V on sc passes vacuously") || strings.Contains(errs, "W on sc") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// Tests of one name in two files are told apart (the second is T0#2), as
// within one file; a model listed twice is checked once.
func TestDuplicateNamesAndModels(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc,sc", "../../examples/c/mp.c", "../../examples/c/mp.tests", "../../examples/c/mp.tests")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitPass || len(lines) != 2 || !strings.HasPrefix(lines[0], "pass         T0 on sc") || !strings.HasPrefix(lines[1], "pass         T0#2 on sc") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A file's own duplicates (T, T#2) and another file's T get distinct
// names, numbered in order over the files: T, T#2, T#3, each picked
// alone by --test.
func TestDuplicateNamesAcrossFiles(t *testing.T) {
	dir := t.TempDir()
	c := filepath.Join(dir, "a.c")
	one, two := filepath.Join(dir, "one.tests"), filepath.Join(dir, "two.tests")
	os.WriteFile(c, []byte("int x; void i(void){x=0;} void w(void){x=1;} void rd(void){lsl_observe_output(\"v\",x);}\n"), 0o644)
	os.WriteFile(one, []byte("test T = i ( w | rd )\n"), 0o644)
	os.WriteFile(two, []byte("test T = i ( w | rd )\ntest T = i ( rd )\n"), 0o644)
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", c, one, two)
	var names []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(l); len(f) > 1 {
			names = append(names, f[1])
		}
	}
	if code != exitPass || strings.Join(names, " ") != "T T#2 T#3" {
		t.Errorf("status %d, names %v, stderr %q\n%s", code, names, errs, out)
	}
	code, out, _ = runCmd(t, "check", "--no-cache", "--model", "sc", "--test", "T#3", c, one, two)
	if code != exitPass || !strings.HasPrefix(out, "pass         T#3 on sc  (spec 1 observations") || strings.Count(out, "\n") != 1 {
		t.Errorf("--test T#3: status %d\n%s", code, out)
	}
}

// outcomes lists the tests of the files it can read and parse, reports
// the others, and ends with status 2 (CLI.md: a command keeps going past
// bad input).
func TestOutcomesKeepsGoing(t *testing.T) {
	code, out, errs := runCmd(t, "outcomes", "--model", "tso", "testdata/bad.lsl", "testdata/sb.lsl", "testdata/missing.lsl")
	if code != exitUsage || !strings.Contains(out, " on tso: ") || !strings.Contains(errs, "bad.lsl:") || !strings.Contains(errs, "missing.lsl") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A stop signal (Ctrl-\ or Ctrl-C to the process group) that comes as a
// run starts, while either process is still initializing its packages
// (the C front end's take about a millisecond), is a request to stop like
// any other: status 130 and no goroutine dump. Taken only from main on,
// Go's default handling gave a dump and status 2 (Ctrl-\) or a death by
// the signal (Ctrl-C); 9 of 20 runs interrupted in their first 15 ms did.
// The runtime's trace of the packages' initialization says when a process
// has initialized the C front end: the signal is sent then, to the
// supervisor (at the first such line: the checker may be starting, and
// gets the signal from the supervisor) or to the process group (at the
// second, from the checker).
func TestStopSignalAtStart(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGQUIT, syscall.SIGINT} {
		for _, proc := range []struct {
			name  string
			nth   int
			group bool
		}{{"supervisor", 1, false}, {"checker", 2, true}} {
			for i := range 3 {
				name := fmt.Sprintf("%v in the %s's initialization, %d", sig, proc.name, i)
				cmd, pipe := startInGroup(t, []string{"GODEBUG=inittrace=1"}, "check", "--no-cache", "--test", "Tpc6", "../../algorithms/msn/msn-fenced.c", "../../algorithms/msn/msn.tests")
				var err error
				var stderr strings.Builder
				read := make(chan struct{})
				go func() {
					defer close(read)
					sc := bufio.NewScanner(pipe)
					seen := 0
					for sc.Scan() {
						line := sc.Text()
						if strings.HasPrefix(line, "init checkfence/cfront @") {
							if seen++; seen == proc.nth {
								pid := cmd.Process.Pid
								if proc.group {
									pid = -pid
								}
								syscall.Kill(pid, sig)
							}
						}
						// (whole: the supervisor's message may
						// come in the middle of the checker's line)
						stderr.WriteString(line + "\n")
					}
				}()
				done := make(chan error, 1)
				go func() { <-read; done <- cmd.Wait() }()
				select {
				case err = <-done:
				case <-time.After(stopGrace + 10*time.Second):
					syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					<-done
					t.Fatalf("%s: still running", name)
				}
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
					t.Errorf("%s: ended with %v, want status 130", name, err)
				}
				if errs := stderr.String(); !strings.Contains(errs, "checkfence: interrupted") || strings.Contains(errs, "goroutine ") || strings.Contains(errs, "SIGQUIT") {
					t.Errorf("%s: stderr:\n%s", name, errs[max(0, len(errs)-3000):])
				}
			}
		}
	}
}

// A timeout names the last phase the test entered before its time was
// up, not one it started afterwards, and a long phase is cut between two
// characters.
func TestTimeoutPhase(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &testScope{ctx: ctx, limit: time.Second}
	s.tell("T on relaxed: %s", "inclusion check")
	cancel()
	s.tell("T on relaxed: can an execution exceed the loop bounds?")
	if r := s.reason(); !strings.HasSuffix(r, "it was at: T on relaxed: inclusion check") {
		t.Errorf("reason %q: want the phase before the deadline", r)
	}
	long := &testScope{ctx: context.Background(), limit: time.Second}
	long.tell("x%s", strings.Repeat("é", 100)) // byte 160 falls inside an é
	if r := long.reason(); !utf8.ValidString(r) || !strings.HasSuffix(r, "é…") {
		t.Errorf("reason %q: want valid text cut after a whole character", r)
	}
}
