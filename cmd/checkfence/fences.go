package main

import (
	"encoding/json"
	"fmt"

	"github.com/urfave/cli/v2"

	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/trace"
)

// fencesCommand tells which fences of an implementation the tests need
// (paper Section 4.2): it checks the implementation without each fence
// in turn.
func fencesCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "fences",
		Usage:     "tell which fences the tests need: check without each fence in turn",
		ArgsUsage: "FILE.c... TESTFILE...",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "model", Value: "relaxed", Usage: "serial, sc, tso, pso or relaxed"},
		}, pipelineFlags()...),
		Action: func(c *cli.Context) error {
			m, err := memmodel.ByName(c.String("model"))
			if err != nil {
				return usageError{err}
			}
			j, err := loadJob(c)
			if err != nil {
				return err
			}
			opt, done, err := pipelineOptions(c)
			if err != nil {
				return err
			}
			vs, err := mining.FenceNecessity(c.Context, j.prog, j.spec, j.tests, m, opt)
			done()
			if err != nil {
				return inputError{[]error{err}}
			}
			out := c.App.Writer
			if len(vs) == 0 && !c.Bool("json") {
				fmt.Fprintln(out, "no fences")
			}
			for _, v := range vs {
				var tr *trace.Trace
				if v.Result != nil && v.Result.Verdict == mining.Fail {
					tr = trace.Build(v.Result.Encoding, v.Result.Counterexample, v.Result.Spec.Outcomes)
				}
				if c.Bool("json") {
					rec := map[string]any{"pos": v.Pos.String(), "kind": v.Kind.String(), "model": m.Name, "needed": v.Needed}
					if v.Result != nil {
						rec["test"] = v.Result.Test.Name
						rec["verdict_without"] = string(v.Result.Verdict)
						if tr != nil {
							rec["counterexample"] = tr
						}
					}
					if err := json.NewEncoder(out).Encode(rec); err != nil {
						return err
					}
					continue
				}
				if !v.Needed {
					fmt.Fprintf(out, "not needed   %s fence at %s: every test passes on %s without it\n", v.Kind, v.Pos, m.Name)
					continue
				}
				fmt.Fprintf(out, "needed       %s fence at %s: without it, %s is %s on %s\n", v.Kind, v.Pos, v.Result.Test.Name, v.Result.Verdict, m.Name)
				if tr != nil {
					for _, r := range tr.Reordered {
						fmt.Fprintf(out, "  %s: %s %s (%s) executes after %s %s (%s)\n", r.Thread,
							r.First.Kind, r.First.Addr, r.First.Pos, r.Second.Kind, r.Second.Addr, r.Second.Pos)
					}
					if len(tr.Reordered) == 0 && tr.Observation != "" {
						fmt.Fprintf(out, "  observed %s\n", tr.Observation)
					}
				}
				if v.Result.Verdict == mining.Inconclusive && v.Result.Loop != nil {
					fmt.Fprintf(out, "  loop %s can run more than %d iterations\n", v.Result.Loop.Pos, v.Result.Loop.Bound)
				}
			}
			*status = exitPass
			return nil
		},
	}
}
