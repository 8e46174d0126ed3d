package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"checkfence/explain"
	"checkfence/infer"
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
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "model", Value: "relaxed", Usage: "serial, sc, tso, pso, rmo, relaxed, a comma-separated list, or all (sc, tso, pso, rmo, relaxed)"},
			&cli.BoolFlag{Name: "explain", Usage: "for a test that passes on a weak model, name a minimal set of the orderings its proof needs (fences, atomic blocks, program-order pairs the model keeps)"},
			&cli.BoolFlag{Name: "infer", Usage: "for a failing test, suggest the fences of an optimal placement for it (fences --infer on that test) instead of a minimal cause, and say which of them the counterexample needs"},
			&cli.StringFlag{Name: "html", Usage: "write a self-contained HTML report of each failing or inconclusive test into this directory (TEST-MODEL.html, one per model checked)"},
			&cli.StringFlag{Name: "dot", Usage: "write the execution graph of each failing or inconclusive test to this Graphviz file (one digraph each, named TEST on MODEL)"},
		}, pipelineFlags()...),
		Action: func(c *cli.Context) error {
			models, err := modelList(c.String("model"))
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
			if opt.Cache == nil && len(models) > 1 {
				opt.Cache = mining.NewMemoryCache() // one mining per test
			}
			out := c.App.Writer
			pics, err := newPictures(c.String("html"), c.String("dot"))
			if err != nil {
				return err
			}
			defer pics.close()
			failed, inconclusive := false, false
			for _, t := range j.tests {
				for _, m := range models {
					scope, topt := newTestScope(c, opt)
					res, err := mining.CheckTest(scope.ctx, j.prog, j.spec, t, m, topt)
					var cause *explain.Cause
					var causeErr error
					var sugg *infer.Suggestion
					if err == nil && res.Verdict == mining.Fail && !res.SerialBug && c.Bool("infer") {
						topt.Progress("%s on %s: inferring the fences the test needs", t.Name, m.Name)
						sugg, err = suggestFences(scope.ctx, j, t, m, topt)
						var ns noSlotsError
						if errors.As(err, &ns) {
							// the verdict stands; only the suggestion is lost
							fmt.Fprintf(c.App.ErrWriter, "checkfence: warning: %s on %s: fence inference is impossible for this code: %s\n", t.Name, m.Name, ns)
							sugg, err = nil, nil
						}
						if _, _, ok := scope.limitReached(err); ok {
							// the check found the failure within its
							// limits: the verdict stands, the trace
							// shows its cause instead of a placement
							fmt.Fprintf(c.App.ErrWriter, "checkfence: warning: %s on %s: %s\n", t.Name, m.Name, scope.notFound("no fence placement was inferred", err))
							sugg, err = nil, nil
						}
						if err == nil && sugg != nil && len(sugg.Placed) == 0 {
							sugg.Inference.NameMacro(os.ReadFile, j.copts.IncludeDirs)
							fmt.Fprintf(c.App.ErrWriter, "checkfence: warning: %s on %s: no fence placement was found (%s): %s\n", t.Name, m.Name, sugg.Inference.Verdict, sugg.Inference.Why)
						}
					}
					if err == nil && res.Verdict == mining.Fail && !res.SerialBug && (sugg == nil || len(sugg.Placed) == 0) {
						topt.Progress("%s on %s: finding the reorderings the failure needs", t.Name, m.Name)
						cause, causeErr = explain.FailureCause(scope.ctx, res, topt.Encode)
					}
					var proof *explain.Proof
					if err == nil && c.Bool("explain") && res.Verdict == mining.Pass && !m.SerialOps && res.Unrolled != nil && res.Spec != nil {
						topt.Progress("%s on %s: finding the orderings the proof needs", t.Name, m.Name)
						var perr error
						if proof, perr = explain.PassReasons(scope.ctx, res.Unrolled, m, res.Spec, topt.Encode); perr != nil {
							fmt.Fprintf(c.App.ErrWriter, "checkfence: warning: %s on %s: %s\n", t.Name, m.Name, scope.notFound("the proof's orderings were not found", perr))
						}
					}
					done()
					scope.cancel()
					if kind, why, ok := scope.limitReached(err); ok {
						inconclusive = true
						if err := pics.inconclusive(t.Name, m.Name, why); err != nil {
							return err
						}
						if err := writeLimit(c, t.Name, m.Name, scope, kind, why); err != nil {
							return err
						}
						continue
					}
					if err != nil {
						return pipelineError(c.Context, t.Name, err)
					}
					if res.Verdict == mining.Pass && res.Spec != nil && len(res.Spec.Outcomes) == 0 {
						// nothing to compare with: vacuous (SEMANTICS.md:
						// executions that block or are assumed away do
						// not exist, and livelock is not reported)
						fmt.Fprintf(c.App.ErrWriter, "checkfence: warning: %s on %s passes vacuously: no execution completes (each blocks on a lock, waits forever, or is assumed away), so the test checks nothing\n", t.Name, m.Name)
					}
					var tr *trace.Trace
					switch res.Verdict {
					case mining.Fail:
						failed = true
						tr = trace.Build(res.Encoding, res.Counterexample, res.Spec.Outcomes)
						switch {
						case sugg != nil && len(sugg.Placed) > 0:
							// the counterexample of the check the placement's
							// fences are placed in (the same test, with
							// the fence slots)
							x := sugg.Check
							tr = trace.Build(x.Encoding, x.Counterexample, x.Spec.Outcomes)
							tr.SetPlacement(sugg.Inference.Cost, placedFences(sugg.Placed))
						case cause != nil:
							tr.SetCause(cause, res.Counterexample)
						case causeErr != nil:
							// the verdict stands; only its explanation is missing
							fmt.Fprintf(c.App.ErrWriter, "checkfence: warning: %s on %s: %s\n", t.Name, m.Name, scope.notFound("the failure's cause was not found", causeErr))
						}
					case mining.Inconclusive:
						inconclusive = true
						if res.Exceeding != nil && res.Encoding != nil && res.Loop != nil {
							tr = trace.Build(res.Encoding, res.Exceeding, nil)
							tr.PastBound = fmt.Sprintf("loop %s (%s) past its bound of %d iterations", res.Loop.ID, res.Loop.Pos, res.Loop.Bound)
						}
					}
					if tr != nil && tr.Model != m.Name {
						// the mining under serial ended the check: the
						// pictures are still this model's, and say so
						tr.Checked = m.Name
						switch {
						case res.ReferenceBug:
							tr.Note = fmt.Sprintf("The reference implementation (--spec) fails under %s, where the specification is mined: the bug is the reference's, and %s is not checked.", tr.Model, m.Name)
						case res.Verdict == mining.Fail:
							tr.Note = fmt.Sprintf("The failure happens under %s already, where the specification is mined: a bug regardless of the memory model, and %s is not checked.", tr.Model, m.Name)
						default:
							tr.Note = fmt.Sprintf("The loop runs past its bound under %s, where the specification is mined: without a specification, %s is checked for errors only, and %s.", tr.Model, m.Name, errorsOnlyOutcome(res))
						}
					}
					if l := res.SpecLoop; tr != nil && l != nil && res.Verdict == mining.Fail {
						tr.Note = fmt.Sprintf("No specification: under serial, where it is mined, loop %s (%s) can run more than %d iterations. %s is checked for errors only, which fail whatever the observations.", l.ID, l.Pos, l.Bound, m.Name)
					}
					if kind, why, ok := limitKind(res.SpecLimit); tr != nil && ok && res.Verdict == mining.Fail {
						tr.Note = fmt.Sprintf("No specification: under serial, where it is mined, the mining reached the %s (%s). %s is checked for errors only, which fail whatever the observations.", kind, why, m.Name)
					}
					switch {
					case tr != nil:
						if err := pics.add(tr); err != nil {
							return err
						}
					case res.Verdict == mining.Inconclusive:
						if err := pics.inconclusive(t.Name, m.Name, inconclusiveWhy(res)); err != nil {
							return err
						}
					}
					if c.Bool("json") {
						rec := checkRecord(res, tr)
						if proof != nil {
							rec["proof"] = proofRecord(proof, m.Name)
						}
						if err := json.NewEncoder(out).Encode(rec); err != nil {
							return err
						}
						continue
					}
					writeCheckText(out, res, tr)
					if proof != nil {
						writeProof(out, proof, m.Name)
					}
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
			if err := pics.close(); err != nil {
				return err
			}
			return j.finish()
		},
	}
}

// pictures writes the HTML reports (--html DIR) and the Graphviz graphs
// (--dot FILE) of the traces it is given.
type pictures struct {
	htmlDir string
	dot     *os.File
	sources map[string][]string
}

func newPictures(htmlDir, dotFile string) (*pictures, error) {
	p := &pictures{htmlDir: htmlDir, sources: map[string][]string{}}
	if htmlDir != "" {
		if err := os.MkdirAll(htmlDir, 0o755); err != nil {
			return nil, err
		}
	}
	if dotFile != "" {
		f, err := os.Create(dotFile)
		if err != nil {
			return nil, err
		}
		p.dot = f
	}
	return p, nil
}

func (p *pictures) add(tr *trace.Trace) error {
	if p.dot != nil {
		if err := tr.WriteDOT(p.dot); err != nil {
			return err
		}
	}
	if p.htmlDir == "" {
		return nil
	}
	var b bytes.Buffer
	if err := tr.WriteHTML(&b, p.sourceLine); err != nil {
		return err
	}
	model := tr.Model
	if tr.Checked != "" {
		model = tr.Checked
	}
	return p.writeHTML(tr.Test, model, b.Bytes())
}

// writeHTML writes the page of test on model: TEST-MODEL.html.
func (p *pictures) writeHTML(test, model string, page []byte) error {
	name := strings.NewReplacer("/", "_", " ", "_").Replace(test + "-" + model + ".html")
	return os.WriteFile(filepath.Join(p.htmlDir, name), page, 0o644)
}

// inconclusive writes the pictures of a test that is inconclusive without
// an execution to show (out of time or memory, a value limit): a page and
// a graph that say so and why, so that each inconclusive test has them.
func (p *pictures) inconclusive(test, model, why string) error {
	if p.dot != nil {
		subject := test + " on " + model
		if _, err := fmt.Fprintf(p.dot, "digraph %q {\n  label=%q;\n  labelloc=t;\n}\n", subject, subject+": inconclusive: "+why); err != nil {
			return err
		}
	}
	if p.htmlDir == "" {
		return nil
	}
	var b bytes.Buffer
	if err := inconclusivePage.Execute(&b, map[string]string{"Test": test, "Model": model, "Why": why}); err != nil {
		return err
	}
	return p.writeHTML(test, model, b.Bytes())
}

var inconclusivePage = template.Must(template.New("inconclusive").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Test}} on {{.Model}}: inconclusive</title>
<style>
body { font-family: sans-serif; margin: 1.5em; }
</style></head>
<body>
<h1>{{.Test}} on {{.Model}}: inconclusive</h1>
<p>The check reached no verdict: {{.Why}}.</p>
<p>There is no execution to show.</p>
</body></html>
`))

// sourceLine returns the line a position ("file:line:col") names, reading
// each file once.
func (p *pictures) sourceLine(pos string) string {
	parts := strings.Split(pos, ":")
	if len(parts) < 3 {
		return ""
	}
	file := strings.Join(parts[:len(parts)-2], ":")
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		return ""
	}
	lines, ok := p.sources[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		p.sources[file] = lines
	}
	if line < 1 || line > len(lines) {
		return ""
	}
	return lines[line-1]
}

func (p *pictures) close() error {
	if p.dot == nil {
		return nil
	}
	err := p.dot.Close()
	p.dot = nil
	return err
}

// writeLimit reports a test stopped by a limit: inconclusive, and why.
func writeLimit(c *cli.Context, test, model string, scope *testScope, kind, why string) error {
	out := c.App.Writer
	if c.Bool("json") {
		rec := scope.record(kind, why)
		// no specification was mined: 0 observations (CLI.md: a number)
		rec["test"], rec["model"], rec["spec_size"], rec["stats"] = test, model, 0, map[string]any{}
		return json.NewEncoder(out).Encode(rec)
	}
	_, err := fmt.Fprintf(out, "%-12s %s on %s  (%s)\n", mining.Inconclusive, test, model, why)
	return err
}

// inconclusiveWhy says why a check without a limit reached is
// inconclusive.
func inconclusiveWhy(res *mining.TestResult) string {
	if res.Unmodelled != "" {
		return res.Unmodelled
	}
	return fmt.Sprintf("loop %s (%s) can run more than %d iterations", res.Loop.ID, res.Loop.Pos, res.Loop.Bound)
}

// errorsOnlyOutcome says how the check for errors only of a test without
// a specification ended without one: none was found, or a limit stopped
// it first.
func errorsOnlyOutcome(res *mining.TestResult) string {
	if kind, why, ok := limitKind(res.ErrorsStopped); ok {
		return fmt.Sprintf("the search was stopped by the %s before it found one: %s", kind, why)
	}
	return "none was found"
}

// writeCheckText prints a verdict line, what explains it, and the trace.
func writeCheckText(out io.Writer, res *mining.TestResult, tr *trace.Trace) {
	st := res.Stats
	spec := fmt.Sprintf("spec %d observations", st.SpecSize)
	switch {
	case res.SpecLoop != nil || res.SpecLimit != nil:
		spec = "no spec"
	case res.SpecCached:
		spec += ", cached"
	}
	fmt.Fprintf(out, "%-12s %s on %s  (%s; %d instrs, %d loads, %d stores; %d vars, %d clauses; %.2f s)\n",
		res.Verdict, res.Test.Name, res.Model.Name, spec, st.Instrs, st.Loads, st.Stores, st.Vars, st.Clauses, st.Total.Seconds())
	switch {
	case res.Verdict == mining.Inconclusive:
		fmt.Fprintf(out, "  %s\n", inconclusiveWhy(res))
	case res.ReferenceBug:
		fmt.Fprintf(out, "  the reference implementation (--spec) fails under serial: the bug is the reference's, and there is no specification to check the implementation against\n")
	case res.SerialBug:
		fmt.Fprintf(out, "  the failure happens under serial already: a bug regardless of the memory model\n")
	}
	switch l := res.SpecLoop; {
	case l == nil:
	case res.Verdict == mining.Fail:
		fmt.Fprintf(out, "  no specification: under serial, loop %s (%s) can run more than %d iterations; %s was checked for errors only, which fail whatever the observations\n", l.ID, l.Pos, l.Bound, res.Model.Name)
	default:
		fmt.Fprintf(out, "  (under serial, where the specification is mined; %s was checked for errors only, and %s)\n", res.Model.Name, errorsOnlyOutcome(res))
	}
	if kind, why, ok := limitKind(res.SpecLimit); ok {
		fmt.Fprintf(out, "  no specification: under serial, the mining reached the %s (%s); %s was checked for errors only, which fail whatever the observations\n", kind, why, res.Model.Name)
	}
	if tr != nil {
		tr.WriteText(out)
	}
}

// writeProof says why a test passes: the orderings its proof needs.
func writeProof(out io.Writer, p *explain.Proof, model string) {
	if p.WithinBounds {
		fmt.Fprintf(out, "  (an execution runs past the loop bounds checked: what follows is of the executions within them)\n")
	}
	if len(p.Orderings) == 0 {
		fmt.Fprintf(out, "  why it passes: it needs no ordering (it passes with every access free to reorder as %s's same-address rules allow)\n", model)
		return
	}
	needed := "each of them is needed"
	if p.Loops {
		needed = "each of them is needed, as without it an execution fails or runs past the loop bounds checked"
	}
	fmt.Fprintf(out, "  why it passes: these orderings suffice, and with the others of the %d considered left out, %s (others may do the same job):\n", p.Candidates, needed)
	for _, o := range p.Orderings {
		if o.ForBounds {
			fmt.Fprintf(out, "    %s (only to keep the loops within the bounds checked, within which none fails without it: at larger bounds it may or may not be needed)\n", o.Describe(model))
		} else {
			fmt.Fprintf(out, "    %s\n", o.Describe(model))
		}
	}
}

func proofRecord(p *explain.Proof, model string) map[string]any {
	var os []map[string]any
	for _, o := range p.Orderings {
		r := map[string]any{"fence": o.Fence.String(), "text": o.Describe(model)}
		if o.ForBounds {
			r["for_bounds"] = true
		}
		switch o.Kind {
		case explain.CodeFence:
			r["kind"], r["pos"] = "fence", o.Pos.String()
		case explain.AtomicBlock:
			r["kind"], r["pos"] = "atomic block", o.Pos.String()
		default:
			r["kind"], r["pos"], r["access"] = "model order", o.Site.Pos.String(), o.Site.Kind()
		}
		os = append(os, r)
	}
	return map[string]any{"orderings": os, "candidates": p.Candidates, "sat_calls": p.SatCalls}
}

// checkRecord is the JSON object of one test (CLI.md's fields and more).
func checkRecord(res *mining.TestResult, tr *trace.Trace) map[string]any {
	st := res.Stats
	rec := map[string]any{
		"test": res.Test.Name, "model": res.Model.Name, "verdict": string(res.Verdict),
		"spec_size": st.SpecSize, "serial_bug": res.SerialBug, "reference_bug": res.ReferenceBug, "spec_cached": res.SpecCached,
		"vacuous": res.Verdict == mining.Pass && res.Spec != nil && len(res.Spec.Outcomes) == 0,
		"stats": map[string]any{
			"instrs": st.Instrs, "loads": st.Loads, "stores": st.Stores, "bounds": st.Bounds,
			"vars": st.Vars, "clauses": st.Clauses, "sat_calls": st.SatCalls,
			"encode_s": st.EncodeTime.Seconds(), "solve_s": st.SolveTime.Seconds(),
			"mining_s": st.MiningTime.Seconds(), "explicit_states": st.ExplicitStates, "total_s": st.Total.Seconds(),
			"interchangeable": st.Interchangeable,
		},
	}
	switch {
	case tr != nil && tr.PastBound != "":
		rec["past_bound"] = tr
	case tr != nil:
		rec["counterexample"] = tr
	}
	if res.Loop != nil {
		rec["loop"] = map[string]any{"id": res.Loop.ID, "pos": res.Loop.Pos.String(), "bound": res.Loop.Bound}
	}
	if l := res.SpecLoop; l != nil {
		// no specification was mined: why
		rec["spec_loop"] = map[string]any{"id": l.ID, "pos": l.Pos.String(), "bound": l.Bound}
	}
	if kind, why, ok := limitKind(res.SpecLimit); ok {
		// no specification was mined: why
		rec["spec_limit"] = map[string]any{"reason": kind, "detail": why}
	}
	if kind, why, ok := limitKind(res.ErrorsStopped); ok {
		// the check for errors only was stopped, not answered
		rec["errors_stopped"] = map[string]any{"reason": kind, "detail": why}
	}
	if res.Unmodelled != "" {
		rec["reason"], rec["detail"] = "memory reuse", res.Unmodelled
	}
	return rec
}

// suggestFences infers an optimal placement for failing test t on m
// (check --infer), compiling the implementation with its fence slots once
// per job.
func suggestFences(ctx context.Context, j *job, t *tests.Test, m *memmodel.Model, opt mining.PipelineOptions) (*infer.Suggestion, error) {
	if j.slotted == nil && j.slottedErr == nil {
		opts := j.copts
		opts.FenceSlots = true
		slotted, err := compileC(j.cfiles, opts)
		if err != nil {
			// code that compiles but has no fence slots (a #line
			// directive): compiled once, refused once per test
			j.slottedErr = noSlotsError{err}
		}
		j.slotted = slotted
	}
	if j.slottedErr != nil {
		return nil, j.slottedErr
	}
	spec := j.spec
	if spec == nil {
		spec = j.prog
	}
	s, err := infer.Suggest(ctx, j.slotted, spec, t, m, opt)
	if err != nil {
		return nil, err
	}
	if s.Check.Verdict != mining.Fail {
		// the same test with empty fence slots: the verdicts must agree
		return nil, fmt.Errorf("%s on %s: fails, but %s with fence slots: %w", t.Name, m.Name, s.Check.Verdict, mining.ErrInternal)
	}
	return s, nil
}

// noSlotsError: the code cannot be compiled with fence slots, so no
// fences can be inferred for it; it reads as the compiler's diagnostics.
type noSlotsError struct{ err error }

func (e noSlotsError) Error() string {
	var ie inputError
	if errors.As(e.err, &ie) {
		var msgs []string
		for _, x := range ie.errs {
			msgs = append(msgs, x.Error())
		}
		return strings.Join(msgs, "; ")
	}
	return e.err.Error()
}

// placedFences gives the trace what it shows of a placement.
func placedFences(ps []infer.Placed) []trace.PlacedFence {
	var out []trace.PlacedFence
	for _, p := range ps {
		out = append(out, trace.PlacedFence{Kind: p.Kind, Pos: p.Pos, Needed: p.Needed, Restores: p.Restores, VerdictWithout: string(p.Result.Verdict)})
	}
	return out
}
