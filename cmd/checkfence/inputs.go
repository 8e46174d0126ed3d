package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"checkfence/cfront"
	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/mining"
	"checkfence/tests"
)

// job is what check, mine and fences work on: the compiled implementation,
// the optional reference, and the selected tests.
type job struct {
	prog, spec *lsl.Program
	tests      []*tests.Test
	// cfiles are the implementation's C files, and copts how they were
	// compiled.
	cfiles []string
	// slotted is the implementation compiled with fence slots, when
	// inference needs it
	slotted *lsl.Program
	// slottedErr is why the code has no fence slots (noSlotsError)
	slottedErr error
	copts      cfront.Options
	// fileErrs are the test files that could not be read or parsed: the
	// command checks the others, then ends with status 2.
	fileErrs []error
}

// finish is the command's error after its tests ran: the test files it
// could not read, if any.
func (j *job) finish() error {
	if len(j.fileErrs) > 0 {
		return inputError{j.fileErrs}
	}
	return nil
}

// reductionFlags turn off the reductions of the encoding one by one, to
// measure what each gains (check, mine, fences, bench, grow).
func reductionFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "no-stutter-reduction", Usage: "keep the executions in which a loop iteration that changes nothing is followed by another (to measure the reduction)"},
		&cli.BoolFlag{Name: "no-symmetry", Usage: "do not reduce the executions of interchangeable threads (to measure the reduction)"},
		&cli.BoolFlag{Name: "no-interleaving", Usage: "encode the memory order of two threads under sc and serial by triangles, not as an interleaving (to measure the encoding)"},
		&cli.BoolFlag{Name: "solver-mining", Usage: "enumerate observation sets with the SAT solver, not by running the serial executions (to measure or cross-check)"},
		&cli.StringFlag{Name: "solver", Value: "builtin", Usage: "the SAT solver: builtin, or gini (github.com/go-air/gini, to measure or cross-check)"},
		&cli.StringFlag{Name: "dump-cnf", Usage: "write each SAT question that takes 100 ms or more into this directory as a DIMACS file, its assumptions as unit clauses (to compare solvers: go run ./internal/sat/satbench FILE...)"},
	}
}

// reductionOptions sets the options of reductionFlags.
func reductionOptions(c *cli.Context, opt *mining.PipelineOptions) error {
	opt.NoStutterReduction = c.Bool("no-stutter-reduction")
	opt.Encode.NoSymmetry = c.Bool("no-symmetry")
	opt.Encode.NoInterleaving = c.Bool("no-interleaving")
	opt.SolverMining = c.Bool("solver-mining")
	opt.Encode.DumpDir = c.String("dump-cnf")
	if dir := opt.Encode.DumpDir; dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return usageError{fmt.Errorf("--dump-cnf: %v", err)}
		}
	}
	var err error
	opt.Encode.Solver, err = solverFlag(c)
	return err
}

// solverFlag is the solver --solver names; "checked" is for tests.
func solverFlag(c *cli.Context) (encode.SolverKind, error) {
	k, err := encode.ParseSolverKind(c.String("solver"))
	if err != nil || k == encode.SolverChecked {
		return 0, usageError{fmt.Errorf("--solver: want builtin or gini")}
	}
	return k, nil
}

// pipelineFlags are the flags of the commands that run the pipeline.
func pipelineFlags() []cli.Flag {
	flags := []cli.Flag{
		&cli.StringSliceFlag{Name: "test", Usage: "only the tests with this name (repeatable)"},
		&cli.StringSliceFlag{Name: "spec", Usage: "mine the specification from this reference implementation (repeatable)"},
		&cli.IntFlag{Name: "max-unroll", Value: 10, Usage: "largest loop bound tried before the verdict is inconclusive"},
		&cli.StringFlag{Name: "cache", Usage: "keep mined observation sets in this directory (default: the user cache directory)"},
		&cli.BoolFlag{Name: "no-cache", Usage: "mine every observation set afresh and store none"},
		&cli.BoolFlag{Name: "no-range-analysis", Usage: "let every register and location range over all values of the test (to measure the analysis)"},
	}
	flags = append(flags, reductionFlags()...)
	return append(append(flags,
		&cli.BoolFlag{Name: "json", Usage: "print JSON Lines, one object per test"},
		&cli.BoolFlag{Name: "progress", Usage: "show progress on standard error even when it is not a terminal"},
		timeoutFlag(),
		maxMemoryCLIFlag(),
	), compilerFlags()...)
}

// compilerFlags are -I and -D, which every command that reads C takes
// (CLI.md), attached or apart (see splitCompilerFlags).
func compilerFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "I", Usage: "add a directory to the include path (as a C compiler does)"},
		&cli.StringSliceFlag{Name: "D", Usage: "define a preprocessor macro, NAME or NAME=VALUE (as a C compiler does)"},
	}
}

// compilerOptions are the C front end's options that compilerFlags set.
func compilerOptions(c *cli.Context) cfront.Options {
	return cfront.Options{IncludeDirs: c.StringSlice("I"), Defines: c.StringSlice("D")}
}

// loadJob compiles the C files and reads the test files named on the
// command line (CLI.md: files ending in .c are the implementation).
func loadJob(c *cli.Context) (*job, error) {
	var cfiles, tfiles []string
	for _, f := range c.Args().Slice() {
		if strings.HasPrefix(f, "-") && f != "-" {
			return nil, usageError{fmt.Errorf("%s: flags go before the files", f)}
		}
		if strings.HasSuffix(f, ".c") {
			cfiles = append(cfiles, f)
		} else {
			tfiles = append(tfiles, f)
		}
	}
	if len(cfiles) == 0 || len(tfiles) == 0 {
		return nil, usageError{fmt.Errorf("%s: give C files and test files", c.Command.Name)}
	}
	j := &job{cfiles: cfiles, copts: compilerOptions(c)}
	var err error
	if j.prog, err = compileC(cfiles, j.copts); err != nil {
		return nil, err
	}
	if refs := c.StringSlice("spec"); len(refs) > 0 {
		if j.spec, err = compileC(refs, j.copts); err != nil {
			return nil, err
		}
	}
	// A test file that cannot be read or parsed is reported, and the
	// tests of the others are checked (CLI.md); status 2 at the end.
	var all []*tests.Test
	for _, f := range tfiles {
		src, err := os.ReadFile(f)
		if err != nil {
			j.fileErrs = append(j.fileErrs, err)
			continue
		}
		ts, err := tests.Parse(f, src)
		if err != nil {
			j.fileErrs = append(j.fileErrs, err)
			continue
		}
		if len(ts) == 0 {
			j.fileErrs = append(j.fileErrs, fmt.Errorf("%s:1:1: no tests in this file (a test reads: test T0 = init ( op op | op ))", f))
			continue
		}
		all = append(all, ts...)
	}
	// Tests of one name in several files are told apart as a file's own
	// are (tests.Parse): the second is NAME#2, so that outputs and --test
	// name each once. Numbered by the name as written, over all files: a
	// file's own NAME#2 would otherwise clash with another file's.
	seen := map[string]int{}
	for _, t := range all {
		base := t.BaseName()
		seen[base]++
		t.Name = base
		if k := seen[base]; k > 1 {
			t.Name += "#" + strconv.Itoa(k)
		}
	}
	if len(all) == 0 {
		return nil, inputError{j.fileErrs}
	}
	if j.tests, err = tests.Select(all, c.StringSlice("test")); err != nil {
		return nil, usageError{err}
	}
	// So is a test that names an operation the C files lack: reported,
	// and the other tests checked. With --spec, each error says which
	// program lacks the operation: both are checked.
	progs := []struct {
		p     *lsl.Program
		which string
	}{{j.prog, ""}}
	if j.spec != nil {
		progs[0].which = "the implementation " + strings.Join(cfiles, ", ")
		progs = append(progs, struct {
			p     *lsl.Program
			which string
		}{j.spec, "the reference " + strings.Join(c.StringSlice("spec"), ", ")})
	}
	var valid []*tests.Test
	for _, t := range j.tests {
		ok := true
		for _, pr := range progs {
			err := t.Check(pr.p)
			if err == nil {
				err = ambiguousOps(t, pr.p)
			}
			if err != nil {
				j.fileErrs = append(j.fileErrs, inProgram(err, pr.which))
				ok = false
			}
		}
		if ok {
			valid = append(valid, t)
		}
	}
	if len(valid) == 0 {
		return nil, inputError{j.fileErrs}
	}
	j.tests = valid
	return j, nil
}

// pipelineOptions turns the flags into options; done clears the progress
// line.
func pipelineOptions(c *cli.Context) (opt mining.PipelineOptions, done func(), err error) {
	opt.MaxUnroll = c.Int("max-unroll")
	if opt.MaxUnroll < 1 {
		return opt, nil, usageError{fmt.Errorf("--max-unroll must be at least 1")}
	}
	opt.Encode.NoRangeAnalysis = c.Bool("no-range-analysis")
	if err := reductionOptions(c, &opt); err != nil {
		return opt, nil, err
	}
	if opt.Encode.MaxMemory, err = maxMemoryFlag(c); err != nil {
		return opt, nil, err
	}
	if !c.Bool("no-cache") {
		dir := c.String("cache")
		if dir == "" {
			if dir, err = mining.DefaultCacheDir(); err != nil {
				dir = "" // no cache directory on this machine: mine every time
			}
		}
		if dir != "" {
			opt.Cache = mining.DirCache{Dir: dir}
		}
	}
	opt.Warn = warnOnce(c.App.ErrWriter)
	done = func() {}
	w := c.App.ErrWriter
	// Each line says how long the command has run: where a check spends
	// its time is what a user waiting for it wants to know.
	start := time.Now()
	elapsed := func() string { return fmt.Sprintf("[%6.1fs] ", time.Since(start).Seconds()) }
	// The mining beside a check reports from its own goroutine: one
	// line at a time.
	var mu sync.Mutex
	switch {
	case c.Bool("progress"):
		opt.Progress = func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(w, elapsed()+format+"\n", args...)
		}
	case !c.Bool("json") && isTerminal(w):
		opt.Progress = func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(w, "\r\033[K"+elapsed()+format, args...)
		}
		done = func() {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprint(w, "\r\033[K")
		}
	}
	return opt, done, nil
}

// warnOnce prints each kind of warning (each format) once per run, on w
// whatever --json and --progress say: a cache that cannot be written
// would otherwise warn for every test, and does not change the verdict.
func warnOnce(w io.Writer) func(format string, args ...any) {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if seen[format] {
			return
		}
		seen[format] = true
		lead := ""
		if isTerminal(w) {
			lead = "\r\033[K" // over a progress line
		}
		fmt.Fprintf(w, lead+"checkfence: warning: "+format+"\n", args...)
	}
}

// inProgram adds to each error of an operation which program it is
// about (which), when there are two.
func inProgram(err error, which string) error {
	list, isList := err.(lsl.ErrorList)
	if which == "" || !isList {
		return err
	}
	out := make(lsl.ErrorList, len(list))
	for i, e := range list {
		msg := e.Msg
		if strings.HasPrefix(msg, "unknown operation ") {
			msg += ": " + which + " does not define it"
		} else {
			msg += " (in " + which + ")"
		}
		out[i] = &lsl.Error{Pos: e.Pos, Msg: msg}
	}
	return out
}

// ambiguousOps refuses each operation of t that names a static function
// defined in several files (or a static and an external one): C gives the
// test no way to tell which it means.
func ambiguousOps(t *tests.Test, prog *lsl.Program) error {
	var errs lsl.ErrorList
	calls := slices.Clone(t.Init)
	for _, th := range t.Threads {
		calls = append(calls, th...)
	}
	for _, c := range calls {
		hs := cfront.Homonyms(prog, c.Name)
		if len(hs) < 2 {
			continue
		}
		at := make([]string, len(hs))
		for i, h := range hs {
			at[i] = h.Pos.String()
		}
		errs = append(errs, lsl.Errorf(c.Pos, "operation %q is ambiguous: functions of that name are defined at %s and %s (a static function is its file's own: rename one)",
			c.Name, strings.Join(at[:len(at)-1], ", "), at[len(at)-1]))
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func compileC(files []string, opts cfront.Options) (*lsl.Program, error) {
	prog, err := cfront.Compile(files, opts)
	if err == nil {
		return prog, nil
	}
	var errs []error
	for _, e := range cfront.AsErrorList(err) {
		errs = append(errs, e)
	}
	if len(errs) == 0 {
		errs = []error{err}
	}
	return nil, inputError{errs}
}
