package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"checkfence/cfront"
	"checkfence/lsl"
	"checkfence/mining"
	"checkfence/tests"
)

// job is what check, mine and fences work on: the compiled implementation,
// the optional reference, and the selected tests.
type job struct {
	prog, spec *lsl.Program
	tests      []*tests.Test
}

// pipelineFlags are the flags of the commands that run the pipeline.
func pipelineFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "test", Usage: "only the tests with this name (repeatable)"},
		&cli.StringSliceFlag{Name: "spec", Usage: "mine the specification from this reference implementation (repeatable)"},
		&cli.IntFlag{Name: "max-unroll", Value: 10, Usage: "largest loop bound tried before the verdict is inconclusive"},
		&cli.StringFlag{Name: "cache", Usage: "keep mined observation sets in this directory (default: the user cache directory)"},
		&cli.BoolFlag{Name: "no-cache", Usage: "mine every observation set afresh and store none"},
		&cli.BoolFlag{Name: "no-range-analysis", Usage: "let every register and location range over all values of the test (to measure the analysis)"},
		&cli.BoolFlag{Name: "no-stutter-reduction", Usage: "keep the executions in which a loop iteration that changes nothing is followed by another (to measure the reduction)"},
		&cli.BoolFlag{Name: "json", Usage: "print JSON Lines, one object per test"},
		&cli.BoolFlag{Name: "progress", Usage: "show progress on standard error even when it is not a terminal"},
	}
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
	j := &job{}
	var err error
	if j.prog, err = compileC(cfiles); err != nil {
		return nil, err
	}
	if refs := c.StringSlice("spec"); len(refs) > 0 {
		if j.spec, err = compileC(refs); err != nil {
			return nil, err
		}
	}
	var all []*tests.Test
	var errs []error
	for _, f := range tfiles {
		src, err := os.ReadFile(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ts, err := tests.Parse(f, src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		all = append(all, ts...)
	}
	if len(errs) > 0 {
		return nil, inputError{errs}
	}
	if j.tests, err = tests.Select(all, c.StringSlice("test")); err != nil {
		return nil, usageError{err}
	}
	for _, t := range j.tests {
		for _, p := range []*lsl.Program{j.prog, j.spec} {
			if p == nil {
				continue
			}
			if err := t.Check(p); err != nil {
				return nil, inputError{[]error{err}}
			}
		}
	}
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
	opt.NoStutterReduction = c.Bool("no-stutter-reduction")
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
	done = func() {}
	w := c.App.ErrWriter
	switch {
	case c.Bool("progress"):
		opt.Progress = func(format string, args ...any) { fmt.Fprintf(w, format+"\n", args...) }
	case !c.Bool("json") && isTerminal(w):
		opt.Progress = func(format string, args ...any) { fmt.Fprintf(w, "\r\033[K"+format, args...) }
		done = func() { fmt.Fprint(w, "\r\033[K") }
	}
	return opt, done, nil
}

func compileC(files []string) (*lsl.Program, error) {
	prog, err := cfront.Compile(files, cfront.Options{})
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
