package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"checkfence/infer"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/trace"
)

// runInfer is fences --infer: an optimal sufficient placement per model
// (SEMANTICS.md, "Fence placement"), printed with the reason for each
// fence, side by side when there are several models, and as a patch. Each
// model's search prefers, at equal cost, the fences chosen for the models
// before it; the patch is the union of the placements less the fences no
// model needs (infer.Combine).
func runInfer(c *cli.Context, j *job, models []*memmodel.Model, opt mining.PipelineOptions, done func(), status *int) error {
	if c.String("patch") != "" {
		// refused before inferring: no diff could name the file
		for _, f := range j.cfiles {
			if _, err := infer.PatchPath(f); err != nil {
				return inputError{[]error{err}}
			}
		}
	}
	opts := j.copts
	opts.FenceSlots = true
	slotted, err := compileC(j.cfiles, opts)
	if err != nil {
		return err
	}
	spec := j.spec
	if spec == nil {
		spec = j.prog
	}
	out := c.App.Writer
	jsonOut := c.Bool("json")
	var results []*infer.Result
	var placed []infer.Candidate // the fences chosen so far
	worst := exitPass
	var sc *scFailure // the tests checked on sc, once for every model
	for _, m := range models {
		scope, sopt := newTestScope(c, opt)
		r, err := infer.InferSharing(scope.ctx, slotted, spec, j.tests, m, sopt, placed)
		done()
		scope.cancel()
		if kind, why, ok := scope.limitReached(err); ok {
			if scope.timedOut() {
				// --timeout bounds each model's search as a whole, and
				// a test it did not reach may fail on sc, where no
				// placement helps: status 1, as check would say. Each
				// test is asked on sc within its own --timeout.
				if sc == nil {
					if sc, err = failOnSC(c, j, opt, done); err != nil {
						return err
					}
				}
				if sc.res != nil {
					worst = worse(worst, exitFail)
					if err := writeSCFailure(c, m, sc, why); err != nil {
						return err
					}
					continue
				}
			}
			worst = worse(worst, exitInconclusive)
			if jsonOut {
				rec := scope.record(kind, why)
				// no placement decided: none, at no cost (CLI.md's summary)
				rec["model"], rec["fences"], rec["cost"] = m.Name, 0, 0
				if err := json.NewEncoder(out).Encode(rec); err != nil {
					return err
				}
				continue
			}
			fmt.Fprintf(out, "inconclusive no placement decided on %s (%s)\n", m.Name, why)
			continue
		}
		if err != nil {
			return pipelineError(c.Context, "fences --infer", err)
		}
		r.NameMacro(os.ReadFile, opts.IncludeDirs)
		results = append(results, r)
		for _, a := range r.Added {
			placed = append(placed, a.Candidate)
		}
		switch r.Verdict {
		case infer.Impossible:
			worst = worse(worst, exitFail)
		case infer.Inconclusive:
			worst = worse(worst, exitInconclusive)
		}
		if jsonOut {
			if err := writeInferJSON(out, r); err != nil {
				return err
			}
			continue
		}
		writeInferText(out, r, len(j.tests))
	}
	path := c.String("patch")
	var patch []infer.Candidate
	if path != "" {
		scope, sopt := newTestScope(c, opt)
		patch, err = infer.Combine(scope.ctx, slotted, spec, j.tests, results, sopt)
		done()
		scope.cancel()
		if _, why, ok := scope.limitReached(err); ok {
			// the placement so far is sufficient still
			if !jsonOut {
				fmt.Fprintf(out, "%-12s which fences of the patch no model needs: the patch may hold some (%s)\n", mining.Inconclusive, why)
			}
		} else if err != nil {
			return pipelineError(c.Context, "fences --infer --patch", err)
		}
	}
	if len(results) > 1 && !jsonOut {
		writeSideBySide(out, results, path != "", patch)
	}
	if path != "" {
		if err := writePatch(path, patch); err != nil {
			return err
		}
	}
	*status = worst
	return j.finish()
}

// scFailure is the first test that fails on sc with the code's fences
// (res nil: none, or none decided in time), and why no fence fixes it.
type scFailure struct {
	res *mining.TestResult
	why string
}

// failOnSC checks each test on sc, each within its own --timeout, for a
// failure that no placement fixes.
func failOnSC(c *cli.Context, j *job, opt mining.PipelineOptions, done func()) (*scFailure, error) {
	sc := memmodel.MustByName("sc")
	for _, t := range j.tests {
		scope, topt := newTestScope(c, opt)
		topt.Progress("%s on sc: does it fail where no fence helps?", t.Name)
		res, err := mining.CheckTest(scope.ctx, j.prog, j.spec, t, sc, topt)
		done()
		scope.cancel()
		if _, _, ok := scope.limitReached(err); ok {
			continue
		}
		if err != nil {
			return nil, pipelineError(c.Context, t.Name, err)
		}
		if res.Verdict != mining.Fail {
			continue
		}
		why := fmt.Sprintf("%s fails on sc, in an execution that reorders nothing: no fence can fix it", t.Name)
		switch {
		case res.ReferenceBug:
			why = fmt.Sprintf("%s: the reference implementation (--spec) fails under serial already", t.Name)
		case res.SerialBug:
			why = fmt.Sprintf("%s fails under serial already: a bug that no fence can fix", t.Name)
		}
		return &scFailure{res, why}, nil
	}
	return &scFailure{}, nil
}

// writeSCFailure reports that no placement exists on m, found by a test
// failing on sc after the search on m ran out of time (timeout says how).
func writeSCFailure(c *cli.Context, m *memmodel.Model, sc *scFailure, timeout string) error {
	out := c.App.Writer
	if c.Bool("json") {
		rec := map[string]any{"model": m.Name, "verdict": string(infer.Impossible), "fences": 0, "cost": 0,
			"why": sc.why, "test": sc.res.Test.Name, "search": timeout}
		return json.NewEncoder(out).Encode(rec)
	}
	fmt.Fprintf(out, "%-12s no placement on %s: %s (the search: %s)\n", infer.Impossible, m.Name, sc.why, timeout)
	trace.Build(sc.res.Encoding, sc.res.Counterexample, sc.res.Spec.Outcomes).WriteText(out)
	return nil
}

// reason describes why a fence is added: the reordered pair of its
// counterexample, as the trace shows the accesses.
func reason(a infer.Added) string {
	if a.Result == nil || a.Before == nil {
		return ""
	}
	x := a.Result.Counterexample
	if a.Result.Verdict == mining.Inconclusive {
		x = a.Result.Exceeding
	}
	if x == nil || a.Result.Encoding == nil {
		return "" // inconclusive for a reuse the model does not make
	}
	tr := trace.Build(a.Result.Encoding, x, nil)
	b, ok1 := tr.EventOf(x, a.Before)
	f, ok2 := tr.EventOf(x, a.After)
	if !ok1 || !ok2 {
		return ""
	}
	return pairText(b.Thread, b, f)
}

// writeInferText prints the inference on one model of tests tests. Tests
// set aside (inconclusive under any placement) are named, and the
// placement is that for the others, when there are others.
func writeInferText(out io.Writer, r *infer.Result, tests int) {
	figures := fmt.Sprintf("%s, %s; %.2f s checking, %.2f s choosing", plural(r.Rounds, "round"), plural(r.Checks, "check"), r.CheckTime.Seconds(), r.HitSetTime.Seconds())
	switch {
	case r.Verdict == infer.Impossible, r.Verdict == infer.Inconclusive && len(r.SetAside) >= tests:
		fmt.Fprintf(out, "%-12s no placement on %s: %s (%s)\n", r.Verdict, r.Model.Name, r.Why, figures)
		if r.Failure != nil && r.Failure.Verdict == mining.Fail {
			trace.Build(r.Failure.Encoding, r.Failure.Counterexample, r.Failure.Spec.Outcomes).WriteText(out)
		}
		return
	}
	for _, a := range r.Added {
		fmt.Fprintf(out, "added        %s fence at %s:%d: without it, %s\n", a.Kind, a.Pos.File, a.Pos.Line, verdictOn(a.Test, a.Result.Verdict, r.Model.Name))
		if why := reason(a); why != "" {
			fmt.Fprintf(out, "  %s\n", why)
		}
		if a.Result.Verdict == mining.Inconclusive && a.Result.Loop != nil {
			fmt.Fprintf(out, "  loop %s can run more than %d iterations\n", a.Result.Loop.Pos, a.Result.Loop.Bound)
		}
		if a.Result.Unmodelled != "" {
			fmt.Fprintf(out, "  %s\n", a.Result.Unmodelled)
		}
	}
	on := r.Model.Name
	for _, sa := range r.SetAside {
		fmt.Fprintf(out, "%-12s set aside on %s: %s\n", infer.Inconclusive, on, sa.Why)
	}
	if len(r.SetAside) > 0 {
		on += " for the other tests"
	}
	if len(r.Added) == 0 {
		fmt.Fprintf(out, "no fence needed on %s (%s)\n", on, figures)
		return
	}
	fmt.Fprintf(out, "placement on %s: %s added, cost %d, optimal (%s)\n", on, plural(len(r.Added), "fence"), r.Cost, figures)
}

// verdictOn says what a test's verdict on a model is, without a fence:
// "T0 fails on pso", "T0 is inconclusive on relaxed".
func verdictOn(test string, v mining.Verdict, model string) string {
	if v == mining.Fail {
		return fmt.Sprintf("%s fails on %s", test, model)
	}
	return fmt.Sprintf("%s is %s on %s", test, v, model)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func writeInferJSON(out io.Writer, r *infer.Result) error {
	enc := json.NewEncoder(out)
	for _, a := range r.Added {
		rec := map[string]any{"file": a.Pos.File, "line": a.Pos.Line, "col": a.Pos.Col, "kind": a.Kind.String(),
			"verdict": "added", "test": a.Test, "model": r.Model.Name, "cost": a.Cost(), "verdict_without": string(a.Result.Verdict)}
		if why := reason(a); why != "" {
			rec["reordering"] = why
		}
		if err := enc.Encode(rec); err != nil {
			return err
		}
	}
	sum := map[string]any{"model": r.Model.Name, "verdict": string(r.Verdict), "fences": len(r.Added), "cost": r.Cost,
		"rounds": r.Rounds, "checks": r.Checks, "candidates": r.Candidates,
		"check_s": r.CheckTime.Seconds(), "choose_s": r.HitSetTime.Seconds()}
	if r.Why != "" {
		sum["why"] = r.Why
	}
	if len(r.SetAside) > 0 {
		var names []string
		for _, sa := range r.SetAside {
			names = append(names, sa.Test)
		}
		// the placement is one for the other tests
		sum["set_aside"] = names
	}
	return enc.Encode(sum)
}

// writeSideBySide prints which model's placement has which fence, one row
// per fence (a kind at a slot: two slots may share a line, and the end of
// a body without braces a column with the statement after it), and,
// when patched, which of them the patch inserts: all but those that the
// others make unnecessary on every model (infer.Combine), so that the
// rows marked inserted are the patch.
func writeSideBySide(out io.Writer, rs []*infer.Result, patched bool, patch []infer.Candidate) {
	var rows []infer.Candidate
	has := map[infer.Candidate]map[string]bool{}
	for _, r := range rs {
		for _, a := range r.Added {
			k := a.Candidate
			if has[k] == nil {
				has[k] = map[string]bool{}
				rows = append(rows, k)
			}
			has[k][r.Model.Name] = true
		}
	}
	slices.SortFunc(rows, func(a, b infer.Candidate) int {
		if c := strings.Compare(a.Pos.File, b.Pos.File); c != 0 {
			return c
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line - b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col - b.Pos.Col
		}
		if a.Slot != b.Slot {
			return a.Slot - b.Slot
		}
		return int(a.Kind) - int(b.Kind)
	})
	// the first column as wide as its longest entry, and 48 at least
	width := 48
	for _, k := range rows {
		width = max(width, len(k.Kind.String()+" at "+slotPlace(k))+1)
	}
	fmt.Fprintf(out, "\n%-*s", width, "fence")
	for _, r := range rs {
		fmt.Fprintf(out, " %8s", r.Model.Name)
	}
	if patched {
		fmt.Fprintf(out, " %8s", "patch")
	}
	fmt.Fprintln(out)
	left := false
	for _, k := range rows {
		fmt.Fprintf(out, "%-*s", width, k.Kind.String()+" at "+slotPlace(k))
		for _, r := range rs {
			mark := "-"
			if has[k][r.Model.Name] {
				mark = "added"
			}
			fmt.Fprintf(out, " %8s", mark)
		}
		if patched {
			mark := "-"
			if slices.Contains(patch, k) {
				mark = "inserted"
			} else {
				left = true
			}
			fmt.Fprintf(out, " %8s", mark)
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "%-*s", width, "cost")
	for _, r := range rs {
		switch r.Verdict {
		case infer.Found:
			fmt.Fprintf(out, " %8d", r.Cost)
		case infer.Impossible:
			fmt.Fprintf(out, " %8s", "none") // no placement: not a cost of 0
		default:
			fmt.Fprintf(out, " %8s", "?")
		}
	}
	fmt.Fprintln(out)
	if left {
		fmt.Fprintln(out, "the patch leaves out the fences marked - in its column: those it inserts make every model's tests pass without them")
	}
}

// slotPlace is where a fence slot is, file:line:col; the end of a loop
// body or an if's branch without braces says so and where the body
// starts, as it may share its place with the statement after the loop or
// the if (or with the end of an enclosing body).
func slotPlace(c infer.Candidate) string {
	p := c.Pos.String()
	if c.Brace.Line > 0 && (c.Brace.Line < c.Pos.Line || c.Brace.Line == c.Pos.Line && c.Brace.Col < c.Pos.Col) {
		p += fmt.Sprintf(" (end of the body without braces from %d:%d)", c.Brace.Line, c.Brace.Col)
	}
	return p
}

// writePatch writes the diff adding the fences (infer.Combine's placement
// for every model found).
func writePatch(path string, fences []infer.Candidate) error {
	diff, err := infer.Patch(fences, os.ReadFile)
	if err != nil {
		return inputError{[]error{err}}
	}
	if err := os.WriteFile(path, diff, 0o644); err != nil {
		return inputError{[]error{err}}
	}
	return nil
}
