package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"checkfence/litmus"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

func litmusCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "litmus",
		Usage:     "decide whether each litmus test's condition is reachable on a memory model",
		ArgsUsage: "FILE.litmus...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "model", Value: "relaxed", Usage: "serial, sc, tso, pso, rmo, relaxed, a comma-separated list, or all (sc, tso, pso, rmo, relaxed)"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines, one object per test and model"},
			&cli.BoolFlag{Name: "outcomes", Usage: "list every outcome (final registers and memory) of each test"},
			&cli.BoolFlag{Name: "full-order", Usage: "encode the memory order with all pairwise variables, as the paper does (for comparison)"},
			timeoutFlag(),
			maxMemoryCLIFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError{fmt.Errorf("litmus: no litmus files given")}
			}
			models, err := modelList(c.String("model"))
			if err != nil {
				return usageError{err}
			}
			// A file that cannot be read or parsed is reported, and the
			// others are run (CLI.md); status 2 at the end.
			var fileErrs []error
			type input struct {
				file *litmus.File
				test *lsl.Test
			}
			var inputs []input
			for _, path := range c.Args().Slice() {
				f, t, err := readLitmus(path)
				if err != nil {
					fileErrs = append(fileErrs, err)
					continue
				}
				inputs = append(inputs, input{f, t})
			}
			out := c.App.Writer
			enc := json.NewEncoder(out)
			opt := mining.Options{}
			opt.Encode.FullOrder = c.Bool("full-order")
			if opt.Encode.MaxMemory, err = maxMemoryFlag(c); err != nil {
				return err
			}
			inconclusive := false
			for _, in := range inputs {
				for _, m := range models {
					start := time.Now()
					scope, popt := newTestScope(c, mining.PipelineOptions{})
					// the phases, for a timeout to name
					popt.Progress("%s on %s: encoding", in.test.Name, m.Name)
					topt := opt
					topt.Encode.Progress = popt.Progress
					set, st, err := mining.Enumerate(scope.ctx, in.test, m, topt)
					scope.cancel()
					if kind, why, ok := scope.limitReached(err); ok {
						inconclusive = true
						if c.Bool("json") {
							rec := scope.record(kind, why)
							rec["test"], rec["model"], rec["file"] = in.file.Name, m.Name, in.file.Filename
							// none enumerated (CLI.md lists the field)
							rec["outcomes"] = []string{}
							if err := enc.Encode(rec); err != nil {
								return err
							}
							continue
						}
						fmt.Fprintf(out, "%-9s  %-22s %-7s  %s\n", "inconclusive", in.file.Name, m.Name, why)
						continue
					}
					if err != nil {
						return pipelineError(c.Context, in.file.Filename+": "+m.Name, err)
					}
					allowed, err := in.file.Allowed(in.test, set.Outcomes)
					if err != nil {
						return inputError{[]error{err}}
					}
					verdict := "forbidden"
					if allowed {
						verdict = "allowed"
					}
					outcomes := make([]string, len(set.Outcomes))
					for i, o := range set.Outcomes {
						outcomes[i] = litmusOutcome(in.file, in.test, o)
					}
					sort.Strings(outcomes)
					if c.Bool("json") {
						rec := map[string]any{
							"test": in.file.Name, "model": m.Name, "verdict": verdict,
							"file": in.file.Filename, "condition": in.file.Cond.String(),
							"outcomes": outcomes,
							"stats": map[string]any{
								"vars": st.Vars, "clauses": st.Clauses, "sat_calls": st.SatCalls,
								"encode_s": st.EncodeTime.Seconds(), "solve_s": st.SolveTime.Seconds(),
								"total_s": time.Since(start).Seconds(),
							},
						}
						if err := enc.Encode(rec); err != nil {
							return err
						}
						continue
					}
					fmt.Fprintf(out, "%-9s  %-22s %-7s  %s  (%d outcomes)\n", verdict, in.file.Name, m.Name, in.file.Cond.String(), len(outcomes))
					if c.Bool("outcomes") {
						for _, o := range outcomes {
							fmt.Fprintf(out, "    %s\n", o)
						}
					}
				}
			}
			*status = exitPass
			if inconclusive {
				*status = exitInconclusive
			}
			if len(fileErrs) > 0 {
				return inputError{fileErrs}
			}
			return nil
		},
	}
}

// modelList reads --model: one model, a comma-separated list, or all.
func modelList(spec string) ([]*memmodel.Model, error) {
	names := strings.Split(spec, ",")
	if spec == "all" {
		names = []string{"sc", "tso", "pso", "rmo", "relaxed"}
	}
	var models []*memmodel.Model
	for _, n := range names {
		m, err := memmodel.ByName(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		if !slices.Contains(models, m) { // sc,sc checks once
			models = append(models, m)
		}
	}
	return models, nil
}

// readLitmus reads, parses and translates one litmus file.
func readLitmus(path string) (*litmus.File, *lsl.Test, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := litmus.Parse(path, src)
	if err != nil {
		return nil, nil, err
	}
	t, err := f.Test()
	if err != nil {
		return nil, nil, err
	}
	return f, t, nil
}

// litmusOutcome renders an outcome as herd does: "0:EAX=1; x=2;".
func litmusOutcome(f *litmus.File, t *lsl.Test, o lsl.Outcome) string {
	var parts []string
	for th, invs := range o.Threads {
		for _, items := range invs {
			for _, it := range items {
				if it.Kind == lsl.ObsOutput {
					parts = append(parts, fmt.Sprintf("%d:%s=%s;", th, it.Name, it.ValueString()))
				}
			}
		}
	}
	for i, fl := range t.Final {
		if i < len(o.Final) {
			parts = append(parts, fmt.Sprintf("%s=%s;", fl.Name, o.Final[i]))
		}
	}
	return strings.Join(parts, " ")
}
