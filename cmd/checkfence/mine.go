package main

import (
	"encoding/json"
	"fmt"

	"github.com/urfave/cli/v2"

	"checkfence/mining"
	"checkfence/trace"
)

// mineCommand prints the observation sets of tests (paper Section 2.2):
// every vector of argument and return values of the serial executions.
func mineCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "mine",
		Usage:     "print the observation sets of tests, mined under serial",
		ArgsUsage: "FILE.c... TESTFILE...",
		Flags:     pipelineFlags(),
		Action: func(c *cli.Context) error {
			j, err := loadJob(c)
			if err != nil {
				return err
			}
			opt, done, err := pipelineOptions(c)
			if err != nil {
				return err
			}
			prog := j.prog
			if j.spec != nil {
				prog = j.spec
			}
			out := c.App.Writer
			for _, t := range j.tests {
				res, _, err := mining.MineTest(c.Context, prog, t, opt)
				done()
				if err != nil {
					return inputError{[]error{fmt.Errorf("%s: %w", t.Name, err)}}
				}
				var tr *trace.Trace
				if res.Verdict == mining.Fail {
					tr = trace.Build(res.Encoding, res.Counterexample, nil)
				}
				if c.Bool("json") {
					rec := checkRecord(res, tr)
					rec["observations"] = res.Spec.Keys()
					if err := json.NewEncoder(out).Encode(rec); err != nil {
						return err
					}
					continue
				}
				writeCheckText(out, res, tr)
				for _, k := range res.Spec.Keys() {
					fmt.Fprintf(out, "  %s\n", k)
				}
			}
			*status = exitPass
			return nil
		},
	}
}
