package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/urfave/cli/v2"

	"checkfence/explain"
	"checkfence/infer"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/trace"
)

// fencesCommand tells which fences of an implementation the tests need
// (paper Section 4.2): it checks the implementation without each fence
// in turn. With --infer it finds the fences the tests need itself
// (package infer).
func fencesCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "fences",
		Usage:     "tell which fences the tests need (--infer: find an optimal placement)",
		ArgsUsage: "FILE.c... TESTFILE...",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "model", Value: "relaxed", Usage: "serial, sc, tso, pso, rmo, relaxed, a comma-separated list, or all"},
			&cli.BoolFlag{Name: "infer", Usage: "find a placement of least cost that makes the tests pass, keeping the fences in the code"},
			&cli.StringFlag{Name: "patch", Usage: "with --infer: write a unified diff adding the fences to this file (patch -p1 applies it)"},
		}, pipelineFlags()...),
		Action: func(c *cli.Context) error {
			models, err := modelList(c.String("model"))
			if err != nil {
				return usageError{err}
			}
			if c.String("patch") != "" && !c.Bool("infer") {
				return usageError{fmt.Errorf("--patch goes with --infer")}
			}
			j, err := loadJob(c)
			if err != nil {
				return err
			}
			opt, done, err := pipelineOptions(c)
			if err != nil {
				return err
			}
			if opt.Cache == nil {
				opt.Cache = mining.NewMemoryCache() // one mining per test
			}
			if c.Bool("infer") {
				return runInfer(c, j, models, opt, done, status)
			}
			worst := exitPass
			for _, m := range models {
				s, err := necessity(c, j, m, opt, done)
				if err != nil {
					return err
				}
				worst = worse(worst, s)
			}
			*status = worst
			return j.finish()
		},
	}
}

// worse combines the exit statuses of two models: a failure anywhere
// outweighs an inconclusive test (CLI.md), whatever the models' order.
func worse(a, b int) int {
	if a == exitFail || b == exitFail {
		return exitFail
	}
	return max(a, b)
}

// necessity reports, for model m, whether the tests pass with every fence
// of the code, which fences each is needed, and whether those not needed
// one at a time can go together. It returns the exit status.
func necessity(c *cli.Context, j *job, m *memmodel.Model, opt mining.PipelineOptions, done func()) (int, error) {
	out := c.App.Writer
	jsonOut := c.Bool("json")
	// --timeout applies to each test with all the fences, as check does
	// (CLI.md: "a test not decided by then"), so that one slow test does
	// not hide a later failure; it then bounds the search without each
	// fence, and the check without those not needed, each as a whole: a
	// verdict on some fences only would mislead.
	// summary is the object that ends the JSON output (CLI.md): the
	// verdict of the tests with the code's fences, and how many of those
	// fences are needed and what they cost (infer.KindCost).
	summary := func(verdict string, needed []mining.FenceVerdict, extra map[string]any) error {
		cost := 0
		for _, v := range needed {
			cost += infer.KindCost(v.Kind)
		}
		rec := map[string]any{"model": m.Name, "verdict": verdict, "fences": len(needed), "cost": cost}
		maps.Copy(rec, extra)
		return json.NewEncoder(out).Encode(rec)
	}
	limited := func(scope *testScope, kind, why string) (int, error) {
		if jsonOut {
			rec := scope.record(kind, why)
			rec["model"] = m.Name
			return exitInconclusive, summary("inconclusive", nil, rec)
		}
		fmt.Fprintf(out, "inconclusive which fences the tests need on %s (%s)\n", m.Name, why)
		return exitInconclusive, nil
	}
	// With every fence first: when that fails, no fence is "needed". An
	// inconclusive test does not stop the others being checked: a later
	// one may fail (status 1 rather than 3, as check says).
	undecided := ""
	for _, t := range j.tests {
		scope, topt := newTestScope(c, opt)
		res, err := mining.CheckTest(scope.ctx, j.prog, j.spec, t, m, topt)
		done()
		scope.cancel()
		if kind, why, ok := scope.limitReached(err); ok {
			// out of its time, or a limit of its size: a later test
			// may still fail
			if err := writeUndecided(c, t.Name, m.Name, scope, kind, why); err != nil {
				return 0, err
			}
			if undecided == "" {
				undecided = t.Name
			}
			continue
		}
		if err != nil {
			return 0, pipelineError(c.Context, t.Name, err)
		}
		if res.Verdict == mining.Pass {
			continue
		}
		var tr *trace.Trace
		if res.Verdict == mining.Fail {
			tr = trace.Build(res.Encoding, res.Counterexample, res.Spec.Outcomes)
		}
		if jsonOut {
			rec := checkRecord(res, tr)
			rec["with_all_fences"] = true
			if err := json.NewEncoder(out).Encode(rec); err != nil {
				return 0, err
			}
		} else {
			fmt.Fprintf(out, "%-12s %s on %s with all the fences of the code: no fence is needed until it passes (fences --infer finds the missing ones)\n", res.Verdict, t.Name, m.Name)
			if res.Unmodelled != "" {
				fmt.Fprintf(out, "  %s\n", res.Unmodelled)
			}
			if tr != nil {
				tr.WriteText(out)
			}
		}
		if res.Verdict == mining.Inconclusive {
			if undecided == "" {
				undecided = t.Name
			}
			continue
		}
		if jsonOut {
			return exitFail, summary(string(res.Verdict), nil, map[string]any{"test": t.Name})
		}
		return exitFail, nil
	}
	if undecided != "" {
		if jsonOut {
			return exitInconclusive, summary(string(mining.Inconclusive), nil, map[string]any{"test": undecided})
		}
		return exitInconclusive, nil
	}
	scope, opt := newTestScope(c, opt)
	defer scope.cancel()
	vs, err := mining.FenceNecessity(scope.ctx, j.prog, j.spec, j.tests, m, opt)
	done()
	if kind, why, ok := scope.limitReached(err); ok {
		return limited(scope, kind, why)
	}
	if err != nil {
		return 0, pipelineError(c.Context, "fences", err)
	}
	if len(vs) == 0 && !jsonOut {
		fmt.Fprintln(out, "no fences")
	}
	var spare, needed []mining.FenceVerdict
	for _, v := range vs {
		if v.Needed {
			needed = append(needed, v)
		} else {
			spare = append(spare, v)
		}
		var cause *explain.Cause
		if v.Needed && v.Result != nil && v.Result.Verdict == mining.Fail && !v.Result.SerialBug {
			// the reorderings the failure needs, not every one the
			// counterexample happens to have
			cause, _ = explain.FailureCause(scope.ctx, v.Result, opt.Encode)
			done()
		}
		if err := writeNecessity(out, jsonOut, m, v, cause); err != nil {
			return 0, err
		}
	}
	if len(spare) < 2 {
		if jsonOut {
			return exitPass, summary("pass", needed, nil)
		}
		return exitPass, nil
	}
	// Fences not needed one at a time may be needed together.
	without := j.prog.WithoutFences(func(f *lsl.Fence) bool {
		for _, s := range spare {
			if f.Pos == s.Pos && f.Kind == s.Kind && !f.Implied {
				return true
			}
		}
		return false
	})
	together, topt := newTestScope(c, opt)
	defer together.cancel()
	for _, t := range j.tests {
		spec := j.spec
		if spec == nil {
			spec = j.prog // fences do not change serial executions
		}
		res, err := mining.CheckTest(together.ctx, without, spec, t, m, topt)
		done()
		if kind, why, ok := together.limitReached(err); ok {
			return limited(together, kind, why)
		}
		if err != nil {
			return 0, pipelineError(c.Context, t.Name, err)
		}
		if res.Verdict != mining.Pass {
			if jsonOut {
				return exitPass, summary("pass", needed, map[string]any{"not_needed": len(spare), "removable_together": false, "test": t.Name})
			}
			fmt.Fprintf(out, "together    the %d fences not needed one at a time cannot all go: without them, %s\n", len(spare), verdictOn(t.Name, res.Verdict, m.Name))
			return exitPass, nil
		}
	}
	if jsonOut {
		return exitPass, summary("pass", needed, map[string]any{"not_needed": len(spare), "removable_together": true})
	}
	fmt.Fprintf(out, "together    the %d fences not needed can all go at once: every test passes on %s without them\n", len(spare), m.Name)
	return exitPass, nil
}

// writeUndecided reports a test that reached a limit of its size with all
// the fences of the code: no fence can be judged by it.
func writeUndecided(c *cli.Context, test, model string, scope *testScope, kind, why string) error {
	out := c.App.Writer
	if c.Bool("json") {
		rec := scope.record(kind, why)
		rec["test"], rec["model"], rec["spec_size"], rec["stats"], rec["with_all_fences"] = test, model, 0, map[string]any{}, true
		return json.NewEncoder(out).Encode(rec)
	}
	_, err := fmt.Fprintf(out, "%-12s %s on %s with all the fences of the code  (%s)\n", mining.Inconclusive, test, model, why)
	return err
}

func writeNecessity(out io.Writer, jsonOut bool, m *memmodel.Model, v mining.FenceVerdict, cause *explain.Cause) error {
	var tr *trace.Trace
	if v.Result != nil && v.Result.Verdict == mining.Fail {
		tr = trace.Build(v.Result.Encoding, v.Result.Counterexample, v.Result.Spec.Outcomes)
		if cause != nil {
			tr.SetCause(cause, v.Result.Counterexample)
		}
	}
	if jsonOut {
		verdict := "not needed"
		if v.Needed {
			verdict = "needed"
		}
		rec := map[string]any{"file": v.Pos.File, "line": v.Pos.Line, "pos": v.Pos.String(), "kind": v.Kind.String(), "model": m.Name, "needed": v.Needed, "verdict": verdict}
		if v.Result != nil {
			rec["test"] = v.Result.Test.Name
			rec["verdict_without"] = string(v.Result.Verdict)
			if tr != nil {
				rec["counterexample"] = tr
			}
		}
		return json.NewEncoder(out).Encode(rec)
	}
	if !v.Needed {
		fmt.Fprintf(out, "not needed   %s fence at %s: every test passes on %s without it\n", v.Kind, v.Pos, m.Name)
		return nil
	}
	fmt.Fprintf(out, "needed       %s fence at %s: without it, %s\n", v.Kind, v.Pos, verdictOn(v.Result.Test.Name, v.Result.Verdict, m.Name))
	if tr != nil {
		// The pairs the fence's kind orders, those of the cause first: the
		// cause is a minimal set of fences, which need not be this one,
		// and its pairs may be of kinds this fence does not order.
		orders := func(r trace.Reorder) bool {
			return v.Kind.Orders(r.Second.Kind == "store", r.First.Kind == "store")
		}
		shown := slices.ContainsFunc(tr.Reordered, func(r trace.Reorder) bool { return r.Cause && orders(r) })
		for _, r := range tr.Reordered {
			if !orders(r) || shown && !r.Cause {
				continue
			}
			fmt.Fprintf(out, "  %s\n", pairText(r.Thread, r.Second, r.First))
		}
		if len(tr.Reordered) == 0 && tr.Observation.Text != "" {
			fmt.Fprintf(out, "  observed %s\n", tr.Observation.Text)
		}
	}
	if v.Result.Verdict == mining.Inconclusive && v.Result.Loop != nil {
		fmt.Fprintf(out, "  loop %s can run more than %d iterations\n", v.Result.Loop.Pos, v.Result.Loop.Bound)
	}
	if v.Result.Unmodelled != "" {
		fmt.Fprintf(out, "  %s\n", v.Result.Unmodelled)
	}
	return nil
}

// pairText says that access later, of thread, executes after earlier,
// which follows it in program order; an access in a loop names its
// iteration, so that the pairs of two iterations read apart.
func pairText(thread string, later, earlier trace.Event) string {
	access := func(e trace.Event) string {
		s := fmt.Sprintf("%s %s (%s)", e.Kind, e.Addr, e.Pos)
		if e.Iteration != "" {
			s += " [iteration " + e.Iteration + "]"
		}
		return s
	}
	return fmt.Sprintf("%s: %s executes after %s", thread, access(later), access(earlier))
}
