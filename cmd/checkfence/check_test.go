package main

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// Message passing in C: the reader may see the flag without the data when
// store→store or load→load order is lost (pso: the stores; relaxed: both),
// never on sc or tso; the fenced version is correct everywhere.
func TestCheckCommand(t *testing.T) {
	const dir = "../../examples/c/"
	for _, tc := range []struct {
		file, model string
		status      int
		want        []string
	}{
		{"mp.c", "sc", 0, []string{"pass         T0 on sc"}},
		{"mp.c", "tso", 0, []string{"pass         T0 on tso"}},
		// the cause: on pso the writer's stores alone; on relaxed also
		// the reader's loads (both orders are needed for flag=1 data=0)
		{"mp.c", "pso", 1, []string{"fail         T0 on pso", "recv(flag=1 data=0)",
			"cause: with these fences", "  store-store fence before the store at ../../examples/c/mp.c:12:10\n    thread 0: store flag"}},
		{"mp.c", "relaxed", 1, []string{"fail         T0 on relaxed", "recv(flag=1 data=0)",
			"  store-store fence before the store at ../../examples/c/mp.c:12:10\n", "  load-load fence after the load at ../../examples/c/mp.c:17:13\n"}},
		{"mp-fenced.c", "relaxed", 0, []string{"pass         T0 on relaxed"}},
		{"mp-fenced.c", "pso", 0, []string{"pass         T0 on pso"}},
	} {
		t.Run(tc.file+" "+tc.model, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"checkfence", "check", "--model", tc.model, dir + tc.file, dir + "mp.tests"}, &stdout, &stderr)
			if code != tc.status {
				t.Errorf("status %d, want %d; stderr %s", code, tc.status, stderr.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, stdout.String())
				}
			}
		})
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"checkfence", "check", "--test", "T9", dir + "mp.c", dir + "mp.tests"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `no test named "T9"`) {
		t.Errorf("unknown test: status %d, want 2; stderr %q", code, stderr.String())
	}
}

// check --explain on msn-fenced.c T0: on relaxed the proof needs the
// three fences algorithms/msn/fences.tsv says T0 needs (l. 60 and 82
// store-store, l. 101 load-load); on tso it needs none of the code's
// fences, only orders tso keeps, one for each of those fences.
func TestCheckExplainPass(t *testing.T) {
	const dir = "../../algorithms/msn/"
	for _, tc := range []struct {
		model string
		want  []string
	}{
		{"relaxed", []string{
			"the store-store fence at " + dir + "msn-fenced.c:60:",
			"the store-store fence at " + dir + "msn-fenced.c:82:",
			"the load-load fence at " + dir + "msn-fenced.c:101:",
		}},
		{"tso", []string{"tso keeps the stores up to the one at", "tso keeps the loads up to the one at"}},
	} {
		code, out, errs := runCmd(t, "check", "--explain", "--no-cache", "--model", tc.model, "--test", "T0", dir+"msn-fenced.c", dir+"msn.tests")
		if code != exitPass {
			t.Fatalf("%s: status %d: %s", tc.model, code, errs)
		}
		if !strings.Contains(out, "why it passes:") {
			t.Fatalf("%s: no explanation:\n%s", tc.model, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the explanation lacks %q:\n%s", tc.model, w, out)
			}
		}
		lines := strings.Count(out[strings.Index(out, "why it passes:"):], "\n    ")
		if lines != 3 {
			t.Errorf("%s: %d orderings, want 3 (one per fence T0 needs on relaxed):\n%s", tc.model, lines, out)
		}
		if tc.model == "tso" && strings.Contains(out, "fence at") {
			t.Errorf("tso needs none of the code's fences:\n%s", out)
		}
	}
}

// TestCheckInferWithinBudget: a failure the check finds within the memory
// budget stays a failure when the fence inference that follows needs more
// (its checks of the test with fence slots are larger): status 1, the
// trace with the failure's cause, and a warning that no placement was
// inferred. It was inconclusive, the budget's error replacing the
// verdict.
func TestCheckInferWithinBudget(t *testing.T) {
	const c, tests = "../../mining/testdata/sweepbudget.c", "testdata/sweepbudget.tests"
	code, out, errs := runCmd(t, "check", "--infer", "--no-cache", "--model", "rmo", "--max-memory", "768KiB", c, tests)
	if code != exitFail {
		t.Fatalf("status %d, want %d (fail):\n%s\n%s", code, exitFail, out, errs)
	}
	if !strings.HasPrefix(out, "fail") {
		t.Errorf("output does not start with the failure:\n%s", out)
	}
	if !strings.Contains(errs, "no fence placement was inferred: test A is too large to encode within the memory budget") {
		t.Errorf("no warning that the inference met the budget:\n%s", errs)
	}
}

// TestCheckInferSuggests: check --infer suggests the fences of an optimal
// placement for the failing test and says which of them its
// counterexample needs. Message passing needs a store-store fence between
// the sender's stores on pso and relaxed, and a load-load fence between
// the receiver's loads on relaxed only (pso keeps loads in order); tso
// keeps both, so the test passes there.
func TestCheckInferSuggests(t *testing.T) {
	const dir = "../../examples/c/"
	for _, tc := range []struct {
		model string
		code  int
		want  []string // kind@line of the placement
	}{
		{"relaxed", exitFail, []string{"store-store@12", "load-load@18"}},
		{"pso", exitFail, []string{"store-store@12"}},
		{"tso", exitPass, nil},
	} {
		code, out, errs := runCmd(t, "check", "--infer", "--json", "--no-cache", "--model", tc.model, dir+"mp.c", dir+"mp.tests")
		if code != tc.code {
			t.Fatalf("%s: status %d, want %d: %s", tc.model, code, tc.code, errs)
		}
		var rec struct {
			Verdict string `json:"verdict"`
			Trace   *struct {
				Reordered []struct {
					Cause bool `json:"cause"`
				} `json:"reordered"`
				Cause     any `json:"cause"`
				Placement *struct {
					Cost   int `json:"cost"`
					Fences []struct {
						Kind     string `json:"kind"`
						Pos      string `json:"pos"`
						Needed   bool   `json:"needed"`
						Restores []int  `json:"restores"`
					} `json:"fences"`
				} `json:"placement"`
			} `json:"counterexample"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%s: %v\n%s", tc.model, err, out)
		}
		if tc.want == nil {
			if rec.Trace != nil {
				t.Errorf("%s: a trace for a passing test:\n%s", tc.model, out)
			}
			continue
		}
		if rec.Trace == nil || rec.Trace.Placement == nil {
			t.Fatalf("%s: no placement in the trace:\n%s", tc.model, out)
		}
		p := rec.Trace.Placement
		if rec.Trace.Cause != nil {
			t.Errorf("%s: both a minimal cause and a placement:\n%s", tc.model, out)
		}
		var got []string
		needed := 0
		for _, f := range p.Fences {
			line, _, _ := strings.Cut(strings.TrimPrefix(f.Pos, dir+"mp.c:"), ":")
			got = append(got, f.Kind+"@"+line)
			if f.Needed {
				needed++
				if len(f.Restores) == 0 {
					t.Errorf("%s: the needed fence %s at %s restores no pair", tc.model, f.Kind, f.Pos)
				}
			} else if len(f.Restores) != 0 {
				t.Errorf("%s: the fence %s at %s is not needed but restores pairs", tc.model, f.Kind, f.Pos)
			}
			for _, i := range f.Restores {
				if i >= len(rec.Trace.Reordered) || !rec.Trace.Reordered[i].Cause {
					t.Errorf("%s: the fence at %s restores pair %d, not a cause pair", tc.model, f.Pos, i)
				}
			}
		}
		if !slices.Equal(got, tc.want) || p.Cost != len(tc.want) {
			t.Errorf("%s: placement %v of cost %d, want %v", tc.model, got, p.Cost, tc.want)
		}
		if needed == 0 {
			t.Errorf("%s: the counterexample needs none of the placement's fences", tc.model)
		}
	}
	// the text says the same
	_, out, _ := runCmd(t, "check", "--infer", "--no-cache", "--model", "pso", dir+"mp.c", dir+"mp.tests")
	for _, w := range []string{"fences: an optimal placement for this test (cost 1)", "store-store fence at " + dir + "mp.c:12:5: this execution needs it; it restores", "store flag (" + dir + "mp.c:12:10) went before store data (" + dir + "mp.c:11:10)"} {
		if !strings.Contains(out, w) {
			t.Errorf("pso text lacks %q:\n%s", w, out)
		}
	}
}

// TestCheckReportsInterchangeable: the JSON stats name the threads whose
// symmetry the check broke, and none with --no-symmetry.
func TestCheckReportsInterchangeable(t *testing.T) {
	const dir = "../../examples/structures/casctr/"
	for _, tc := range []struct {
		test string
		flag string
		want [][]int
	}{
		{"inc2", "", [][]int{{0, 1}}},
		{"inc2", "--no-symmetry", nil},
		{"incget2", "", nil},
	} {
		args := []string{"check", "--json", "--no-cache", "--model", "sc", "--test", tc.test}
		if tc.flag != "" {
			args = append(args, tc.flag)
		}
		code, out, errs := runCmd(t, append(args, dir+"casctr-fenced.c", dir+"casctr.tests")...)
		if code != exitPass {
			t.Fatalf("%s %s: status %d: %s", tc.test, tc.flag, code, errs)
		}
		var rec struct {
			Stats struct {
				Interchangeable [][]int `json:"interchangeable"`
			} `json:"stats"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if !slices.EqualFunc(rec.Stats.Interchangeable, tc.want, slices.Equal) {
			t.Errorf("%s %s: interchangeable %v, want %v", tc.test, tc.flag, rec.Stats.Interchangeable, tc.want)
		}
	}
}

// TestCheckReportsExplicitMining: the JSON stats say how many states the
// mining by running the serial executions visited, none with
// --solver-mining, and the two find the same observation set.
func TestCheckReportsExplicitMining(t *testing.T) {
	const dir = "../../examples/structures/casctr/"
	specs := map[string]int{}
	for _, flag := range []string{"", "--solver-mining"} {
		args := []string{"check", "--json", "--no-cache", "--model", "relaxed", "--test", "inc3"}
		if flag != "" {
			args = append(args, flag)
		}
		code, out, errs := runCmd(t, append(args, dir+"casctr-fenced.c", dir+"casctr.tests")...)
		if code != exitPass {
			t.Fatalf("%s: status %d: %s", flag, code, errs)
		}
		var rec struct {
			SpecSize int `json:"spec_size"`
			Stats    struct {
				ExplicitStates int `json:"explicit_states"`
			} `json:"stats"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if (rec.Stats.ExplicitStates > 0) != (flag == "") {
			t.Errorf("%q: %d explicit states", flag, rec.Stats.ExplicitStates)
		}
		specs[flag] = rec.SpecSize
	}
	// three increments, two in one thread: the second thread's one
	// increment sees 0, 1 or 2, and the other two the rest in order
	if specs[""] != 3 || specs["--solver-mining"] != 3 {
		t.Errorf("observation sets of %v outcomes, want 3 either way", specs)
	}
}

// check --infer on code with a #line directive (README: it can be
// checked, but not given fences by inference): the failing verdict stands
// (status 1), and a warning says why no fences are suggested, with the
// directive's position as file:line:col.
func TestCheckInferLineDirective(t *testing.T) {
	src, err := os.ReadFile("../../examples/c/mp.c")
	if err != nil {
		t.Fatal(err)
	}
	tsrc, _ := os.ReadFile("../../examples/c/mp.tests")
	c, tests := writeInputs(t, "#line 100 \"other.c\"\n"+string(src), string(tsrc))
	code, out, errs := runCmd(t, "check", "--infer", "--no-cache", "--model", "relaxed", c, tests)
	if code != exitFail || !strings.HasPrefix(out, "fail         T0 on relaxed") {
		t.Errorf("status %d, want 1; stderr %s\n%s", code, errs, out)
	}
	want := "checkfence: warning: T0 on relaxed: fence inference is impossible for this code: " + c + ":1:1: #line directive:"
	if !strings.Contains(errs, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errs)
	}
}

// TestSpecUnknownOperation: with --spec, an operation that one of the two
// programs lacks is refused at its place in the test, naming the program
// that lacks it (both, when both do); status 2.
func TestSpecUnknownOperation(t *testing.T) {
	const (
		full = "#include \"lsl_protos.h\"\nstatic int c;\nvoid i(void) { c = 0; }\nvoid inc(void) { c = c + 1; }\n"
		part = "#include \"lsl_protos.h\"\nstatic int c;\nvoid i(void) { c = 0; }\n"
	)
	for _, tc := range []struct {
		name      string
		impl, ref string
		want      []string // in the error output, with D for the directory
		not       []string
	}{
		{"the reference lacks it", full, part,
			[]string{`D/t.tst:1:14: unknown operation "inc": the reference D/ref.c does not define it`},
			[]string{"the implementation"}},
		{"the implementation lacks it", part, full,
			[]string{`D/t.tst:1:14: unknown operation "inc": the implementation D/impl.c does not define it`},
			[]string{"the reference"}},
		{"both lack it", part, part,
			[]string{`D/t.tst:1:14: unknown operation "inc": the implementation D/impl.c does not define it`,
				`D/t.tst:1:14: unknown operation "inc": the reference D/ref.c does not define it`}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			impl, ref, tf := dir+"/impl.c", dir+"/ref.c", dir+"/t.tst"
			for f, text := range map[string]string{impl: tc.impl, ref: tc.ref, tf: "test T = i ( inc | inc )\n"} {
				if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, _, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "--spec", ref, impl, tf)
			if code != exitUsage {
				t.Errorf("status %d, want %d", code, exitUsage)
			}
			for _, w := range tc.want {
				if w = strings.ReplaceAll(w, "D/", dir+"/"); !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(errs, w) {
					t.Errorf("stderr names %s:\n%s", w, errs)
				}
			}
		})
	}
}

// TestSpecOnSerial: with --spec, a check on serial checks the
// implementation's serial executions against the reference's observations,
// as on any other model. The reference increments x atomically: its serial
// (and sc) observations of inc | inc are v=0 then v=1, in either thread
// order. fences and fences --infer on serial check the same way.
func TestSpecOnSerial(t *testing.T) {
	const (
		head = "#include \"lsl_protos.h\"\nint x;\n"
		ref  = head + "void inc(void) { lsl_atomic_begin(); int v = x; x = v + 1; lsl_atomic_end(); lsl_observe_output(\"v\", v); }\n"
	)
	for _, tc := range []struct {
		name, impl string
		serial, sc string // verdicts
		status     int    // of check and of fences (with and without --infer) on serial
	}{
		// the first inc reads 0 whatever the order: the assertion fails
		// in every execution
		{"assertion", head + "void inc(void) { int v = x; x = v + 1; lsl_assert(v == 5); lsl_observe_output(\"v\", v); }\n",
			"fail", "fail", exitFail},
		// serially v=0 then v=2: outside the reference's
		{"other observations", head + "void inc(void) { lsl_atomic_begin(); int v = x; x = v + 2; lsl_atomic_end(); lsl_observe_output(\"v\", v); }\n",
			"fail", "fail", exitFail},
		// the same observations as the reference, on every model
		{"fetch-and-add", head + "void inc(void) { int v = __sync_fetch_and_add(&x, 1); lsl_observe_output(\"v\", v); }\n",
			"pass", "pass", exitPass},
		// serially the reference's; on sc both may read 0
		{"unlocked increment", head + "void inc(void) { int v = x; x = v + 1; lsl_observe_output(\"v\", v); }\n",
			"pass", "fail", exitPass},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			impl, rf, tf := dir+"/impl.c", dir+"/ref.c", dir+"/t.tests"
			for f, text := range map[string]string{impl: tc.impl, rf: ref, tf: "test T = ( inc | inc )\n"} {
				if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, out, errs := runCmd(t, "check", "--no-cache", "--json", "--model", "serial,sc", "--spec", rf, impl, tf)
			type rec struct {
				Model, Verdict string
				SerialBug      bool `json:"serial_bug"`
				Stats          struct{ Instrs int }
			}
			got := map[string]rec{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var r rec
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("%v: %s\nstderr %s", err, line, errs)
				}
				got[r.Model] = r
			}
			s, c := got["serial"], got["sc"]
			if s.Verdict != tc.serial || c.Verdict != tc.sc {
				t.Errorf("serial %q, sc %q; want %q, %q\n%s", s.Verdict, c.Verdict, tc.serial, tc.sc, out)
			}
			// a failure on serial is one on every model
			if s.SerialBug != (tc.serial == "fail") {
				t.Errorf("serial_bug %v on serial\n%s", s.SerialBug, out)
			}
			// the implementation's unrolling on both (no loops), not the
			// reference's
			if s.Stats.Instrs != c.Stats.Instrs {
				t.Errorf("%d instructions on serial, %d on sc\n%s", s.Stats.Instrs, c.Stats.Instrs, out)
			}
			for _, args := range [][]string{
				{"check", "--model", "serial"},
				{"fences", "--model", "serial"},
				{"fences", "--infer", "--model", "serial"},
			} {
				code, out, errs := runCmd(t, append(args, "--no-cache", "--spec", rf, impl, tf)...)
				if code != tc.status {
					t.Errorf("%s: status %d, want %d; stderr %s\n%s", strings.Join(args, " "), code, tc.status, errs, out)
				}
			}
		})
	}
}

// TestLabelledAtomicBlock: a label on lsl_atomic_begin(); or
// lsl_atomic_end(); is C's label before the call, so each labelled form
// has the verdicts of the same code with the label on an empty statement
// ("L: ;") before the call. Thread a changes x, thread b observes it; the
// specification is the serial observations.
func TestLabelledAtomicBlock(t *testing.T) {
	const head = "#include \"lsl_protos.h\"\nint x;\nvoid init(void) { x = 0; }\n" +
		"void b(void) { int r = x; lsl_observe_output(\"x\", r); }\n"
	for _, tc := range []struct {
		name        string
		a, ref      string // the body of a, labelled and with "L: ;"
		unroll1, sc string // verdicts on sc at --max-unroll 1 and 2
	}{
		// b sees 0 or 1, serially and on sc
		{"label on begin", "L: lsl_atomic_begin(); x = x + 1; lsl_atomic_end();",
			"L: ; lsl_atomic_begin(); x = x + 1; lsl_atomic_end();", "pass", "pass"},
		{"label on end", "lsl_atomic_begin(); x = x + 1; E: lsl_atomic_end();",
			"lsl_atomic_begin(); x = x + 1; E: ; lsl_atomic_end();", "pass", "pass"},
		// two increments: serially b sees 0 or 2, on sc also the 1
		// between them; the loop runs twice, past a bound of 1
		{"retry loop", "int i = 0; L: lsl_atomic_begin(); x = x + 1; i++; lsl_atomic_end(); if (i < 2) goto L;",
			"int i = 0; L: ; lsl_atomic_begin(); x = x + 1; i++; lsl_atomic_end(); if (i < 2) goto L;", "inconclusive", "fail"},
		// x = 5 then 6, or 1 if a jumps past the store; serially b sees
		// 0, 1 or 6, on sc also 5
		{"forward goto", "if (lsl_choose(0, 1)) goto L; x = 5; L: lsl_atomic_begin(); x = x + 1; lsl_atomic_end();",
			"if (lsl_choose(0, 1)) goto L; x = 5; L: ; lsl_atomic_begin(); x = x + 1; lsl_atomic_end();", "fail", "fail"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tf := dir + "/t.tests"
			if err := os.WriteFile(tf, []byte("test T = init ( a | b )\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			for i, body := range []string{tc.a, tc.ref} {
				c := dir + "/" + [2]string{"labelled.c", "ref.c"}[i]
				if err := os.WriteFile(c, []byte(head+"void a(void) { "+body+" }\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				for _, u := range []struct{ unroll, want string }{{"1", tc.unroll1}, {"2", tc.sc}} {
					_, out, errs := runCmd(t, "check", "--no-cache", "--json", "--model", "sc", "--max-unroll", u.unroll, c, tf)
					var r struct{ Verdict string }
					if err := json.Unmarshal([]byte(out), &r); err != nil {
						t.Fatalf("%s: %v: %s\nstderr %s", body, err, out, errs)
					}
					if r.Verdict != u.want {
						t.Errorf("%s at --max-unroll %s: %q, want %q\n%s", body, u.unroll, r.Verdict, u.want, out)
					}
				}
			}
		})
	}
}
