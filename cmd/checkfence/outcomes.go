package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

// outcomesCommand enumerates the outcomes of straight-line LSL tests: the
// encoder's input, written by hand or printed by other stages.
func outcomesCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "outcomes",
		Usage:     "list every outcome of straight-line LSL tests on a memory model",
		ArgsUsage: "FILE.lsl...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "model", Value: "relaxed", Usage: "serial, sc, tso, pso, rmo, relaxed, or all (all six)"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines, one object per test and model"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError{fmt.Errorf("outcomes: no LSL files given")}
			}
			models := memmodel.All()
			if c.String("model") != "all" {
				m, err := memmodel.ByName(c.String("model"))
				if err != nil {
					return usageError{err}
				}
				models = []*memmodel.Model{m}
			}
			var tests []*lsl.Test
			var errs []error
			for _, path := range c.Args().Slice() {
				src, err := os.ReadFile(path)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				t, err := lsl.ParseTestFile(path, src)
				if err == nil {
					err = lsl.ValidateTest(t)
				}
				if err != nil {
					errs = append(errs, err)
					continue
				}
				tests = append(tests, t)
			}
			// a file that cannot be read or parsed is reported, and the
			// others are listed (CLI.md); status 2 at the end
			if len(tests) == 0 {
				return inputError{errs}
			}
			out := c.App.Writer
			inconclusive := false
			for _, t := range tests {
				for _, m := range models {
					start := time.Now()
					set, st, err := mining.Enumerate(c.Context, t, m, mining.Options{})
					if kind, why, ok := limitKind(err); ok {
						// a test too large to list (the memory budget,
						// the values tracked) is inconclusive, status 3,
						// as in check and litmus; the others are listed
						inconclusive = true
						if c.Bool("json") {
							rec := map[string]any{"test": t.Name, "model": m.Name, "outcomes": []string{},
								"verdict": "inconclusive", "reason": kind, "detail": why}
							if err := json.NewEncoder(out).Encode(rec); err != nil {
								return err
							}
							continue
						}
						fmt.Fprintf(out, "%s on %s: inconclusive: %s\n", t.Name, m.Name, why)
						continue
					}
					if err != nil {
						return inputError{[]error{fmt.Errorf("%s on %s: %w", t.Name, m.Name, err)}}
					}
					keys := set.Keys()
					if c.Bool("json") {
						rec := map[string]any{"test": t.Name, "model": m.Name, "outcomes": keys,
							"error": set.Error != nil,
							"stats": map[string]any{"vars": st.Vars, "clauses": st.Clauses,
								"sat_calls": st.SatCalls, "total_s": time.Since(start).Seconds()}}
						if err := json.NewEncoder(out).Encode(rec); err != nil {
							return err
						}
						continue
					}
					fmt.Fprintf(out, "%s on %s: %d outcomes", t.Name, m.Name, len(keys))
					if set.Error != nil {
						fmt.Fprintf(out, ", and error executions (%s)", set.Error.Outcome.Fault)
					}
					fmt.Fprintln(out)
					for _, k := range keys {
						fmt.Fprintf(out, "    %s\n", k)
					}
				}
			}
			if len(errs) > 0 {
				return inputError{errs}
			}
			*status = exitPass
			if inconclusive {
				*status = exitInconclusive
			}
			return nil
		},
	}
}
