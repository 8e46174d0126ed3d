package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

// growFamily is a test that grows with a size k: the same code, a test
// per k.
type growFamily struct {
	name     string
	file     string // C file, relative to the algorithms folder
	from, to int    // the sizes run by default
	what     string
	test     func(k int) string // the test's operations, as in a .tests file
}

// growFamilies are the families of checkfence grow: the queue's
// producer/consumer test with fixed and with chosen values (the peers'
// benchmark and the paper's Tpc), and a set test with more and more
// threads.
var growFamilies = []growFamily{
	{"msn-fixed", "grow/msn-fixed.c", 2, 8, "msn: one thread enqueues 1..k, another dequeues k times",
		func(k int) string {
			var es, ds []string
			for i := 1; i <= k; i++ {
				es = append(es, fmt.Sprintf("e%d", i))
				ds = append(ds, "d")
			}
			return "i ( " + strings.Join(es, " ") + " | " + strings.Join(ds, " ") + " )"
		}},
	{"msn-chosen", "msn/msn-fenced.c", 2, 7, "msn: one thread enqueues k values of {0, 1}, another dequeues k times (Tpc k)",
		func(k int) string {
			return "i ( " + strings.TrimSpace(strings.Repeat("e ", k)) + " | " + strings.TrimSpace(strings.Repeat("d ", k)) + " )"
		}},
	{"lazylist-threads", "lazylist/lazylist-fenced.c", 2, 6, "lazylist: k threads of one operation each, add, remove, contains in turn (keys of {0, 1})",
		func(k int) string {
			ops := []string{"a", "r", "c"}
			var ts []string
			for i := range k {
				ts = append(ts, ops[i%len(ops)])
			}
			return "i ( " + strings.Join(ts, " | ") + " )"
		}},
}

// growCommand checks the tests of each family at growing sizes and prints
// how time, formula and solver calls grow (issue: performance as tests
// grow, against enumerating model checkers).
func growCommand(status *int) *cli.Command {
	var names []string
	for _, f := range growFamilies {
		names = append(names, f.name)
	}
	return &cli.Command{
		Name:      "grow",
		Usage:     "check tests of growing size and print time, variables, clauses and SAT calls per size",
		ArgsUsage: "ALGORITHMS_DIR",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "model", Value: "sc", Usage: "the memory model"},
			&cli.StringSliceFlag{Name: "family", Usage: "only this family (repeatable): " + strings.Join(names, ", ")},
			&cli.IntFlag{Name: "max", Usage: "the largest size (default: the family's)"},
			&cli.DurationFlag{Name: "timeout", Value: 5 * time.Minute, Usage: "time limit per check, 0 for none; a family stops at its first timeout", Action: nonNegative},
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines, one object per check"},
		}, append(reductionFlags(), compilerFlags()...)...),
		Action: func(c *cli.Context) error {
			m, err := memmodel.ByName(c.String("model"))
			if err != nil {
				return usageError{err}
			}
			if c.NArg() != 1 {
				return usageError{fmt.Errorf("grow: give the algorithms folder")}
			}
			dir := c.Args().First()
			only := map[string]bool{}
			for _, f := range c.StringSlice("family") {
				if !slices.Contains(names, f) {
					return usageError{fmt.Errorf("--family: %q is not one of %s", f, strings.Join(names, ", "))}
				}
				only[f] = true
			}
			// A --max below the first size would run nothing and say nothing.
			if n := c.Int("max"); c.IsSet("max") {
				for _, f := range growFamilies {
					if (len(only) == 0 || only[f.name]) && n < f.from {
						return usageError{fmt.Errorf("--max %d: the sizes of %s start at %d", n, f.name, f.from)}
					}
				}
			}
			out := c.App.Writer
			tw := tabwriter.NewWriter(out, 2, 8, 2, ' ', tabwriter.AlignRight)
			if !c.Bool("json") {
				fmt.Fprintln(tw, "family\tk\tverdict\tinstrs\tvars\tclauses\tsat_calls\tspec\tencode_s\tsolve_s\tmining_s\ttotal_s\tgrowth\t")
			}
			// An interrupt ends the table at the last row done: the sizes
			// not run are no timeouts, and run says interrupted (130).
			interrupted := func(err error) error {
				if isTerminal(c.App.ErrWriter) && !c.Bool("json") {
					fmt.Fprint(c.App.ErrWriter, "\r\033[K")
				}
				tw.Flush()
				return err
			}
			for _, f := range growFamilies {
				if len(only) > 0 && !only[f.name] {
					continue
				}
				prog, err := compileC([]string{filepath.Join(dir, f.file)}, compilerOptions(c))
				if err != nil {
					return err
				}
				to := f.to
				if c.IsSet("max") {
					to = c.Int("max")
				}
				var last time.Duration
				for k := f.from; k <= to; k++ {
					if err := c.Context.Err(); err != nil {
						return interrupted(err)
					}
					name := fmt.Sprintf("%s_%d", strings.ReplaceAll(f.name, "-", "_"), k)
					ts, err := tests.Parse(name+".tests", []byte(fmt.Sprintf("test %s = %s\n", name, f.test(k))))
					if err != nil {
						return err
					}
					if isTerminal(c.App.ErrWriter) && !c.Bool("json") {
						fmt.Fprintf(c.App.ErrWriter, "\r\033[K%s on %s", name, m.Name)
					}
					var opt mining.PipelineOptions
					if err := reductionOptions(c, &opt); err != nil {
						return err
					}
					res, err := growOne(c.Context, prog, ts[0], m, opt, c.Duration("timeout"))
					if c.Context.Err() != nil {
						return interrupted(c.Context.Err())
					}
					if err != nil {
						return pipelineError(c.Context, name, err)
					}
					st := res.Stats
					growth := "-"
					if last > 0 && res.Verdict != "timeout" {
						growth = fmt.Sprintf("%.1fx", st.Total.Seconds()/last.Seconds())
					}
					last = st.Total
					if c.Bool("json") {
						rec := checkRecord(res, nil)
						rec["family"], rec["k"] = f.name, k
						if err := json.NewEncoder(out).Encode(rec); err != nil {
							return err
						}
					} else {
						fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%s\t\n", f.name, k, res.Verdict,
							st.Instrs, st.Vars, st.Clauses, st.SatCalls, st.SpecSize, st.EncodeTime.Seconds(), st.SolveTime.Seconds(), st.MiningTime.Seconds(), st.Total.Seconds(), growth)
					}
					if res.Verdict == "timeout" {
						break
					}
				}
			}
			if isTerminal(c.App.ErrWriter) && !c.Bool("json") {
				fmt.Fprint(c.App.ErrWriter, "\r\033[K")
			}
			tw.Flush()
			*status = exitPass
			return nil
		},
	}
}

// growOne checks one test with the time limit, with mining (no cache). An
// interrupt is an error, not a timeout.
func growOne(ctx context.Context, prog *lsl.Program, t *tests.Test, m *memmodel.Model, opt mining.PipelineOptions, timeout time.Duration) (*mining.TestResult, error) {
	ctx, cancel := withLimit(ctx, timeout)
	defer cancel()
	start := time.Now()
	res, err := mining.CheckTest(ctx, prog, nil, t, m, opt)
	if err != nil && context.Cause(ctx) == errTimedOut {
		r := &mining.TestResult{Test: t, Model: m, Verdict: "timeout"}
		r.Stats.Total = time.Since(start)
		return r, nil
	}
	return res, err
}
