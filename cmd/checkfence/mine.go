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
			failed, inconclusive := false, false
			for _, t := range j.tests {
				scope, topt := newTestScope(c, opt)
				res, _, err := mining.MineTest(scope.ctx, prog, t, topt)
				done()
				scope.cancel()
				if kind, why, ok := scope.limitReached(err); ok {
					inconclusive = true
					if err := writeLimit(c, t.Name, "serial", scope, kind, why); err != nil {
						return err
					}
					continue
				}
				if err != nil {
					return pipelineError(c.Context, t.Name, err)
				}
				if res.Verdict == mining.Inconclusive {
					inconclusive = true
				}
				var tr *trace.Trace
				if res.Verdict == mining.Fail {
					failed = true
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
			// a failure under serial is a counterexample (CLI.md, status
			// 1), and outweighs an inconclusive test, as in check
			switch {
			case failed:
				*status = exitFail
			case inconclusive:
				*status = exitInconclusive
			default:
				*status = exitPass
			}
			return j.finish()
		},
	}
}
