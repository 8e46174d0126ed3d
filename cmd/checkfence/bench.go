package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"checkfence/algorithms"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

// benchCommand runs suites (folders laid out as algorithms/NAME) and
// prints the paper's Fig. 10 and 11 figures for each test: the size of
// the unrolled code, of the formula, the times, the observation set, and
// the paper's total time beside ours.
func benchCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "run suites of algorithms and print statistics per test (the paper's Fig. 10 and 11)",
		ArgsUsage: "SUITE_DIR...",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "model", Value: "relaxed", Usage: "run the expected.tsv rows of this model"},
			&cli.StringFlag{Name: "files", Value: "fenced", Usage: "which files: fenced (NAME-fenced.c, NAME the folder's name), published (the others), or all"},
			&cli.StringSliceFlag{Name: "test", Usage: "only tests with this name (repeatable)"},
			&cli.BoolFlag{Name: "quick", Usage: "only the rows marked quick=yes or quick=long (go test runs the first, and the second with CHECKFENCE_LONG=1)"},
			&cli.StringFlag{Name: "range-analysis", Value: "on", Usage: "on, off, or both (to measure what the analysis gains)"},
			&cli.DurationFlag{Name: "timeout", Value: 10 * time.Minute, Usage: "time limit per check, 0 for none: a check not decided by then is an inconclusive row (status 3)", Action: nonNegative},
			&cli.StringFlag{Name: "paper", Usage: "a table of the paper's figures to print beside ours (algorithms/paper-fig10.tsv)"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines, one object per check"},
		}, append(reductionFlags(), compilerFlags()...)...),
		Action: func(c *cli.Context) error {
			m, err := memmodel.ByName(c.String("model"))
			if err != nil {
				return usageError{err}
			}
			var modes []bool // NoRangeAnalysis per run
			switch c.String("range-analysis") {
			case "on":
				modes = []bool{false}
			case "off":
				modes = []bool{true}
			case "both":
				modes = []bool{false, true}
			default:
				return usageError{fmt.Errorf("--range-analysis: want on, off or both")}
			}
			files := c.String("files")
			if files != "fenced" && files != "published" && files != "all" {
				return usageError{fmt.Errorf("--files: want fenced, published or all")}
			}
			if c.NArg() == 0 {
				return usageError{fmt.Errorf("bench: give suite folders (e.g. algorithms/*)")}
			}
			// the flags each row reads, checked before any output
			if err := reductionOptions(c, &mining.PipelineOptions{}); err != nil {
				return err
			}
			paper := map[string]map[string]string{}
			if p := c.String("paper"); p != "" {
				if paper, err = readPaper(p); err != nil {
					return inputError{[]error{err}}
				}
			}
			only := map[string]bool{}
			for _, t := range c.StringSlice("test") {
				only[t] = true
			}
			var suites []*algorithms.Suite
			var skipped []string
			for _, d := range c.Args().Slice() {
				fi, err := os.Stat(d)
				if err != nil {
					return inputError{[]error{err}} // a folder misspelt is no empty table
				}
				if !fi.IsDir() {
					skipped = append(skipped, d) // a file beside the suites, matched by a glob
					continue
				}
				if _, err := os.Stat(filepath.Join(d, "expected.tsv")); errors.Is(err, fs.ErrNotExist) {
					skipped = append(skipped, d) // a folder beside the suites (testdata, grow), matched by a glob
					continue
				}
				s, err := algorithms.Load(d)
				if err != nil {
					return inputError{[]error{err}}
				}
				suites = append(suites, s)
			}
			if len(suites) == 0 {
				// nothing but what a glob matches beside the suites: the
				// wrong folder, not an empty table
				return usageError{noSuite(skipped)}
			}
			// A --test no suite has would print an empty table, as if the
			// name were filtered out by --model or --quick.
			var have, unknown []string
			for _, s := range suites {
				for _, e := range s.Expected {
					if !slices.Contains(have, e.Test) {
						have = append(have, e.Test)
					}
				}
			}
			for _, t := range c.StringSlice("test") {
				if !slices.Contains(have, t) && !slices.Contains(unknown, strconv.Quote(t)) {
					unknown = append(unknown, strconv.Quote(t))
				}
			}
			if len(unknown) > 0 {
				return usageError{fmt.Errorf("--test: no test named %s in the suites' expected.tsv; their tests are %s", strings.Join(unknown, ", "), strings.Join(have, ", "))}
			}
			out := c.App.Writer
			tw := tabwriter.NewWriter(out, 2, 8, 2, ' ', tabwriter.AlignRight)
			header := "impl\ttest\tfile\tverdict\tinstrs\tloads\tstores\tbound\tvars\tclauses\tencode_s\tsolve_s\tmining_s\tspec\ttotal_s"
			if len(modes) == 2 {
				header += "\tvars-RA\tclauses-RA\ttotal-RA_s\tRA gain"
			}
			if len(paper) > 0 {
				header += "\tpaper_s\tspeedup"
			}
			if !c.Bool("json") {
				fmt.Fprintln(tw, header+"\t")
			}
			var speedups, gains, miningShare []float64
			mismatch, inconclusive := false, false
			// An interrupt ends the table at the last row done: the rows
			// not run are no timeouts, and run says interrupted (130).
			interrupted := func(err error) error {
				if isTerminal(c.App.ErrWriter) && !c.Bool("json") {
					fmt.Fprint(c.App.ErrWriter, "\r\033[K")
				}
				tw.Flush()
				return err
			}
			for _, s := range suites {
				for _, e := range s.Expected {
					if err := c.Context.Err(); err != nil {
						return interrupted(err)
					}
					// the suite's NAME-fenced.c (variants such as
					// msn-reuse-fenced.c are not the paper's code)
					fenced := e.File == s.FencedFile
					if e.Model != m.Name || (files == "fenced" && !fenced) || (files == "published" && fenced) ||
						(c.Bool("quick") && !e.Quick) || (len(only) > 0 && !only[e.Test]) {
						continue
					}
					prog, err := compileC([]string{s.Path(e.File)}, compilerOptions(c))
					if err != nil {
						return err
					}
					if isTerminal(c.App.ErrWriter) && !c.Bool("json") {
						fmt.Fprintf(c.App.ErrWriter, "\r\033[K%s %s %s on %s", s.Name, e.File, e.Test, m.Name)
					}
					var results []*mining.TestResult
					var kinds, limits []string // the limit each run reached ("timeout", "value limit") and why, or ""
					for _, noRA := range modes {
						var opt mining.PipelineOptions
						if err := reductionOptions(c, &opt); err != nil {
							return err
						}
						opt.Encode.NoRangeAnalysis = noRA
						res, kind, why, err := benchOne(c.Context, prog, s, e.Test, m, opt, c.Duration("timeout"))
						if c.Context.Err() != nil {
							return interrupted(c.Context.Err())
						}
						if err != nil {
							return pipelineError(c.Context, fmt.Sprintf("%s %s %s", s.Name, e.File, e.Test), err)
						}
						if why != "" && !slices.ContainsFunc(limits, func(l string) bool { return l != "" }) {
							without := ""
							if noRA {
								without = " without the range analysis"
							}
							fmt.Fprintf(c.App.ErrWriter, "checkfence: %s %s %s on %s%s is inconclusive: %s\n", s.Name, e.File, e.Test, m.Name, without, why)
						}
						results, kinds, limits = append(results, res), append(kinds, kind), append(limits, why)
					}
					r := results[0]
					// a run stopped by its time or a value limit has no time
					// or result to compare
					limited := slices.ContainsFunc(limits, func(l string) bool { return l != "" })
					st := r.Stats
					verdict := string(r.Verdict)
					switch {
					case r.Verdict == e.Verdict:
					case r.Verdict == mining.Inconclusive:
						// undecided: no verdict that could differ (CLI.md:
						// status 3 unless another row differs)
						inconclusive = true
					default:
						verdict += "!=" + string(e.Verdict)
						mismatch = true
					}
					// With and without the analysis the verdict and the
					// observation set must be the same.
					if len(results) == 2 && !limited && !sameResult(results[0], results[1]) {
						verdict += ",RA-changes-result"
						mismatch = true
					}
					maxBound := 1
					for _, b := range st.Bounds {
						maxBound = max(maxBound, b)
					}
					if st.Total > 0 && !limited {
						miningShare = append(miningShare, st.MiningTime.Seconds()/st.Total.Seconds())
					}
					row := fmt.Sprintf("%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%d\t%.2f",
						s.Name, e.Test, e.File, verdict, st.Instrs, st.Loads, st.Stores, maxBound, st.Vars, st.Clauses,
						st.EncodeTime.Seconds(), st.SolveTime.Seconds(), st.MiningTime.Seconds(), st.SpecSize, st.Total.Seconds())
					rec := map[string]any{"impl": s.Name, "file": e.File, "expected": string(e.Verdict)}
					for k, v := range checkRecord(r, nil) {
						rec[k] = v
					}
					if limits[0] != "" {
						rec["reason"], rec["detail"] = kinds[0], limits[0]
					}
					if len(results) == 2 {
						w := results[1].Stats
						gain := 1 - st.Total.Seconds()/math.Max(w.Total.Seconds(), 1e-9)
						row += fmt.Sprintf("\t%d\t%d\t%.2f", w.Vars, w.Clauses, w.Total.Seconds())
						if !limited {
							gains = append(gains, gain)
							row += fmt.Sprintf("\t%.0f%%", 100*gain)
						} else {
							row += "\t-" // no check's time to compare
						}
						rec["without_range_analysis"] = checkRecord(results[1], nil)["stats"]
						rec["without_range_analysis_verdict"] = string(results[1].Verdict)
						if results[1].Verdict != r.Verdict && !limited {
							mismatch = true
						}
					}
					if len(paper) > 0 {
						if p, ok := paper[s.Name][e.Test]; ok && limits[0] != "" {
							row += fmt.Sprintf("\t%s\t-", p) // no speedup to claim
						} else if ok {
							ps, _ := strconv.ParseFloat(strings.TrimPrefix(p, "<"), 64)
							sp := ps / math.Max(st.Total.Seconds(), 1e-3)
							speedups = append(speedups, sp)
							row += fmt.Sprintf("\t%s\t%.0fx", p, sp)
							rec["paper_total_s"] = ps
						} else {
							row += "\t-\t-"
						}
					}
					if c.Bool("json") {
						if err := json.NewEncoder(out).Encode(rec); err != nil {
							return err
						}
					} else {
						fmt.Fprintln(tw, row+"\t")
					}
				}
			}
			if isTerminal(c.App.ErrWriter) && !c.Bool("json") {
				fmt.Fprint(c.App.ErrWriter, "\r\033[K")
			}
			tw.Flush()
			if !c.Bool("json") {
				if len(miningShare) > 0 {
					fmt.Fprintf(out, "mining share of the total time: %.0f%% on average (paper Fig. 11b: about a third)\n", 100*mean(miningShare))
				}
				if len(gains) > 0 {
					fmt.Fprintf(out, "range analysis: %.0f%% less time on average (paper Fig. 11c: 42%%)\n", 100*mean(gains))
				}
				if len(speedups) > 0 {
					fmt.Fprintf(out, "speedup over the paper's total time: geometric mean %.0fx, least %.0fx\n", geomean(speedups), minOf(speedups))
				}
				var ru syscall.Rusage
				if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
					fmt.Fprintf(out, "peak memory (max RSS): %d MiB\n", ru.Maxrss/1024)
				}
			}
			switch {
			case mismatch:
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

// noSuite is the error of a bench given no suite folder: args, none of
// which holds an expected.tsv, named with the folders among them whose
// folders are suites (algorithms for algorithms/*).
func noSuite(args []string) error {
	msg := fmt.Sprintf("bench: no suite in %s: a suite is a folder with an expected.tsv, as algorithms/msn", strings.Join(args, ", "))
	for _, a := range args {
		if m, _ := filepath.Glob(filepath.Join(a, "*", "expected.tsv")); len(m) > 0 {
			msg += fmt.Sprintf("; %s holds suites: give %s", a, filepath.Join(a, "*"))
		}
	}
	return errors.New(msg)
}

// withLimit is context.WithTimeoutCause with errTimedOut, except that a
// limit of 0 is none, as check's --timeout 0s is. The cause tells the
// limit from an interrupt, which cancels the parent.
func withLimit(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	if limit == 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, limit, errTimedOut)
}

// benchOne checks one test without a cache, so that mining is measured.
// A test not decided within the timeout, or with more values than
// checkfence handles, is inconclusive: kind says which limit ("timeout",
// "value limit") and why what it was. An interrupt is an error.
func benchOne(ctx context.Context, prog *lsl.Program, s *algorithms.Suite, test string, m *memmodel.Model, opt mining.PipelineOptions, timeout time.Duration) (res *mining.TestResult, kind, why string, err error) {
	ctx, cancel := withLimit(ctx, timeout)
	defer cancel()
	var t0 = s.Tests[0]
	for _, t := range s.Tests {
		if t.Name == test {
			t0 = t
		}
	}
	start := time.Now()
	res, err = mining.CheckTest(ctx, prog, nil, t0, m, opt)
	if err != nil && context.Cause(ctx) == errTimedOut {
		// Out of time: an inconclusive row with the time spent.
		r := &mining.TestResult{Test: t0, Model: m, Verdict: mining.Inconclusive}
		r.Stats.Total = time.Since(start)
		return r, "timeout", fmt.Sprintf("not decided within %v", timeout), nil
	}
	if le, ok := valueLimit(err); ok {
		r := &mining.TestResult{Test: t0, Model: m, Verdict: mining.Inconclusive}
		r.Stats.Total = time.Since(start)
		return r, "value limit", le.Error(), nil
	}
	return res, "", "", err
}

// readPaper reads the paper's table: impl → test → total seconds.
func readPaper(path string) (map[string]map[string]string, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	var cols []string
	for n, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		if cols == nil {
			cols = cells
			// without these, every row would print "-" beside ours
			for _, need := range []string{"impl", "test", "total_s"} {
				if !slices.Contains(cols, need) {
					return nil, fmt.Errorf("%s:%d: the header has no %s column (it needs impl, test and total_s)", filepath.Clean(path), n+1, need)
				}
			}
			continue
		}
		if len(cells) != len(cols) {
			return nil, fmt.Errorf("%s:%d: %d cells, the header has %d", filepath.Clean(path), n+1, len(cells), len(cols))
		}
		row := map[string]string{}
		for i, c := range cols {
			row[c] = cells[i]
		}
		if _, err := strconv.ParseFloat(strings.TrimPrefix(row["total_s"], "<"), 64); err != nil {
			i := slices.Index(cols, "total_s")
			col := len(strings.Join(cells[:i], "\t")) + 1
			if i > 0 {
				col++
			}
			return nil, fmt.Errorf("%s:%d:%d: total_s %q is not a number of seconds", filepath.Clean(path), n+1, col, row["total_s"])
		}
		if out[row["impl"]] == nil {
			out[row["impl"]] = map[string]string{}
		}
		out[row["impl"]][row["test"]] = row["total_s"]
	}
	if cols == nil {
		return nil, fmt.Errorf("%s:1: no header (a table of the paper's figures has impl, test and total_s columns)", filepath.Clean(path))
	}
	return out, nil
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func geomean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}

func minOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

// sameResult reports whether two checks of one test agree on the verdict
// and the observation set; a timed-out check cannot be compared.
func sameResult(a, b *mining.TestResult) bool {
	if a.Verdict == "timeout" || b.Verdict == "timeout" {
		return true
	}
	if a.Verdict != b.Verdict {
		return false
	}
	if (a.Spec == nil) != (b.Spec == nil) {
		return false
	}
	return a.Spec == nil || slices.Equal(a.Spec.Keys(), b.Spec.Keys())
}
