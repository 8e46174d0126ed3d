package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"checkfence/cfront"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
	"checkfence/trace"
)

// checkCommand checks C implementations against test files (paper
// Sections 2 and 3): mining under serial, inclusion check on the model.
func checkCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "check C implementations on a memory model with CheckFence test files",
		ArgsUsage: "FILE.c... TESTFILE...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "model", Value: "relaxed", Usage: "serial, sc, tso, pso or relaxed"},
			&cli.StringSliceFlag{Name: "test", Usage: "check only the tests with this name (repeatable)"},
			&cli.StringSliceFlag{Name: "spec", Usage: "mine the specification from this reference implementation (repeatable)"},
			&cli.IntFlag{Name: "max-unroll", Value: 10, Usage: "largest loop bound tried before the verdict is inconclusive"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines, one object per test"},
		},
		Action: func(c *cli.Context) error {
			m, err := memmodel.ByName(c.String("model"))
			if err != nil {
				return usageError{err}
			}
			var cfiles, tfiles []string
			for _, f := range c.Args().Slice() {
				if strings.HasSuffix(f, ".c") {
					cfiles = append(cfiles, f)
				} else {
					tfiles = append(tfiles, f)
				}
			}
			if len(cfiles) == 0 || len(tfiles) == 0 {
				return usageError{fmt.Errorf("check: give C files and test files")}
			}
			prog, err := compileC(cfiles)
			if err != nil {
				return err
			}
			var spec *lsl.Program
			if refs := c.StringSlice("spec"); len(refs) > 0 {
				if spec, err = compileC(refs); err != nil {
					return err
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
				return inputError{errs}
			}
			selected, err := tests.Select(all, c.StringSlice("test"))
			if err != nil {
				return usageError{err}
			}
			for _, t := range selected {
				for _, p := range []*lsl.Program{prog, spec} {
					if p == nil {
						continue
					}
					if err := t.Check(p); err != nil {
						return inputError{[]error{err}}
					}
				}
			}
			out := c.App.Writer
			opt := mining.PipelineOptions{MaxUnroll: c.Int("max-unroll")}
			if !c.Bool("json") && isTerminal(c.App.ErrWriter) {
				opt.Progress = func(format string, args ...any) {
					fmt.Fprintf(c.App.ErrWriter, "\r\033[K"+format, args...)
				}
			}
			failed, inconclusive := false, false
			for _, t := range selected {
				res, err := mining.CheckTest(c.Context, prog, spec, t, m, opt)
				if opt.Progress != nil {
					fmt.Fprint(c.App.ErrWriter, "\r\033[K")
				}
				if err != nil {
					return inputError{[]error{fmt.Errorf("%s: %w", t.Name, err)}}
				}
				var tr *trace.Trace
				if res.Verdict == mining.Fail {
					failed = true
					tr = trace.Build(res.Encoding, res.Counterexample, res.Spec.Outcomes)
				}
				if res.Verdict == mining.Inconclusive {
					inconclusive = true
				}
				if c.Bool("json") {
					if err := writeCheckJSON(out, res, tr); err != nil {
						return err
					}
					continue
				}
				st := res.Stats
				fmt.Fprintf(out, "%-12s %s on %s  (spec %d observations; %d instrs, %d loads, %d stores; %d vars, %d clauses; %.2f s)\n",
					res.Verdict, t.Name, m.Name, st.SpecSize, st.Instrs, st.Loads, st.Stores, st.Vars, st.Clauses, st.Total.Seconds())
				switch {
				case res.Verdict == mining.Inconclusive:
					fmt.Fprintf(out, "  loop %s (%s) can run more than %d iterations\n", res.Loop.ID, res.Loop.Pos, res.Loop.Bound)
				case res.SerialBug:
					fmt.Fprintf(out, "  the failure happens under serial already: a bug regardless of the memory model\n")
				}
				if tr != nil {
					tr.WriteText(out)
				}
			}
			switch {
			case failed:
				*status = exitFail
			case inconclusive:
				*status = exitInconclusive
			default:
				*status = exitPass
			}
			return nil
		},
	}
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

func writeCheckJSON(w interface{ Write([]byte) (int, error) }, res *mining.TestResult, tr *trace.Trace) error {
	st := res.Stats
	rec := map[string]any{
		"test": res.Test.Name, "model": res.Model.Name, "verdict": string(res.Verdict),
		"spec_size": st.SpecSize, "serial_bug": res.SerialBug,
		"stats": map[string]any{
			"instrs": st.Instrs, "loads": st.Loads, "stores": st.Stores, "bounds": st.Bounds,
			"vars": st.Vars, "clauses": st.Clauses, "sat_calls": st.SatCalls,
			"encode_s": st.EncodeTime.Seconds(), "solve_s": st.SolveTime.Seconds(),
			"mining_s": st.MiningTime.Seconds(), "total_s": st.Total.Seconds(),
		},
	}
	if tr != nil {
		rec["counterexample"] = tr
	}
	if res.Loop != nil {
		rec["loop"] = map[string]any{"id": res.Loop.ID, "pos": res.Loop.Pos.String(), "bound": res.Loop.Bound}
	}
	return json.NewEncoder(w).Encode(rec)
}
