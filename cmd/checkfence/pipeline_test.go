package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/mining"
)

func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"checkfence"}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// A loop that can run without bound ends in inconclusive (exit 3),
// naming the loop by its C position.
func TestCheckInconclusive(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--model", "sc", "--max-unroll", "3", "testdata/waitstore.c", "testdata/waitstore.tests")
	if code != exitInconclusive {
		t.Fatalf("status %d, want 3; stderr %s", code, errs)
	}
	// and shows an execution that runs the loop past the bound
	for _, w := range []string{"inconclusive W on sc", "waitstore.c:11:", "more than 3 iterations", "an execution of W on serial that runs loop", "past its bound of 3 iterations", "store polls = 3"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// A loop that carries a register assigned on some paths only
// (testdata/carried.c, which derives the verdict) drops the iterations
// that assign none of the registers later code reads: pass on every
// model. Without the reduction the iterations reading x == 1 make it
// inconclusive at any bound.
func TestCheckCarriedRegister(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", "testdata/carried.c", "testdata/carried.tests")
	if code != exitPass {
		t.Fatalf("status %d, want 0; stderr %s\n%s", code, errs, out)
	}
	for _, m := range []string{"sc", "tso", "pso", "rmo", "relaxed"} {
		if !strings.Contains(out, "pass         C on "+m+"  (") {
			t.Errorf("no pass on %s:\n%s", m, out)
		}
	}
	code, out, _ = runCmd(t, "check", "--no-cache", "--no-stutter-reduction", "--max-unroll", "4", "--model", "sc", "testdata/carried.c", "testdata/carried.tests")
	if code != exitInconclusive {
		t.Errorf("--no-stutter-reduction: status %d, want 3:\n%s", code, out)
	}
}

// mine prints the observation set; a second run takes it from the cache,
// and the set is the same.
func TestMineCommand(t *testing.T) {
	cache := t.TempDir()
	args := []string{"mine", "--json", "--cache", cache, "../../examples/c/mp.c", "../../examples/c/mp.tests"}
	var recs []map[string]any
	for range 2 {
		code, out, errs := runCmd(t, args...)
		if code != 0 {
			t.Fatalf("status %d; stderr %s", code, errs)
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		recs = append(recs, rec)
	}
	// Serially, recv sees no flag, or the flag and the data.
	want := []any{"init0{} | t0.0{} | t1.0{output flag=0}", "init0{} | t0.0{} | t1.0{output flag=1 output data=42}"}
	for i, rec := range recs {
		obs, _ := rec["observations"].([]any)
		if len(obs) != 2 || !contains(obs, want[0]) || !contains(obs, want[1]) {
			t.Errorf("run %d: observations %v, want %v", i, obs, want)
		}
		if rec["spec_size"] != 2.0 || rec["model"] != "serial" || rec["verdict"] != "pass" {
			t.Errorf("run %d: %v", i, rec)
		}
	}
	if recs[0]["spec_cached"] != false || recs[1]["spec_cached"] != true {
		t.Errorf("spec_cached %v then %v, want false then true", recs[0]["spec_cached"], recs[1]["spec_cached"])
	}
	code, out, _ := runCmd(t, "mine", "--no-cache", "../../examples/c/mp.c", "../../examples/c/mp.tests")
	if code != 0 || !strings.Contains(out, "t1.0{output flag=1 output data=42}") {
		t.Errorf("text mine: status %d\n%s", code, out)
	}
}

func contains(xs []any, x any) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// fences finds both fences of mp-fenced.c needed on relaxed, and only the
// store-store one on pso (pso keeps load→load order).
func TestFencesCommand(t *testing.T) {
	for _, tc := range []struct {
		model string
		want  []string
	}{
		{"relaxed", []string{"needed       store-store fence at ../../examples/c/mp-fenced.c:", "needed       load-load fence at ../../examples/c/mp-fenced.c:"}},
		{"pso", []string{"needed       store-store fence", "not needed   load-load fence"}},
		{"tso", []string{"not needed   store-store fence", "not needed   load-load fence"}},
	} {
		code, out, errs := runCmd(t, "fences", "--no-cache", "--model", tc.model, "../../examples/c/mp-fenced.c", "../../examples/c/mp.tests")
		if code != 0 {
			t.Fatalf("%s: status %d; %s", tc.model, code, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tc.model, w, out)
			}
		}
	}
}

// bench prints a row per check with the statistics of Fig. 10, and the
// columns without the range analysis when asked.
func TestBenchCommand(t *testing.T) {
	code, out, errs := runCmd(t, "bench", "--quick", "--range-analysis", "both", "--test", "T0", "../../examples/structures/mppub")
	if code != 0 {
		t.Fatalf("status %d; %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 || !strings.Contains(lines[0], "clauses") || !strings.Contains(lines[0], "RA gain") {
		t.Fatalf("no table:\n%s", out)
	}
	if !strings.Contains(lines[1], "mppub") || !strings.Contains(lines[1], "T0") || !strings.Contains(lines[1], "pass") {
		t.Errorf("row: %s", lines[1])
	}
	if !strings.Contains(out, "range analysis:") {
		t.Errorf("no summary:\n%s", out)
	}
}

// Progress goes to standard error on request (a terminal gets it by
// default), never into --json output, and not at all otherwise.
func TestProgress(t *testing.T) {
	files := []string{"../../examples/c/mp.c", "../../examples/c/mp.tests"}
	_, _, errs := runCmd(t, append([]string{"check", "--no-cache", "--progress"}, files...)...)
	for _, w := range []string{"T0 on serial: running every serial execution", "T0: 2 outcomes from", "T0 on relaxed: inclusion check", "bounds all 1"} {
		if !strings.Contains(errs, w) {
			t.Errorf("progress lacks %q:\n%s", w, errs)
		}
	}
	_, _, errs = runCmd(t, append([]string{"check", "--no-cache", "--progress", "--solver-mining"}, files...)...)
	for _, w := range []string{"T0 on serial: error check", "T0: mining the specification under serial", "T0 on relaxed: inclusion check"} {
		if !strings.Contains(errs, w) {
			t.Errorf("progress with --solver-mining lacks %q:\n%s", w, errs)
		}
	}
	if _, _, errs := runCmd(t, append([]string{"check", "--no-cache"}, files...)...); errs != "" {
		t.Errorf("progress without a terminal:\n%s", errs)
	}
}

// Flags after the files are named, not opened as files.
func TestFlagsAfterFiles(t *testing.T) {
	code, _, errs := runCmd(t, "check", "../../examples/c/mp.c", "../../examples/c/mp.tests", "--json")
	if code != exitUsage || !strings.Contains(errs, "--json: flags go before the files") {
		t.Errorf("status %d, stderr %q", code, errs)
	}
}

// bench --range-analysis both flags a test whose verdict or observation
// set changes without the analysis; a timeout compares with nothing.
func TestSameResult(t *testing.T) {
	outcome := func(v int64) lsl.Outcome { return lsl.Outcome{Final: []lsl.Value{lsl.Int(v)}} }
	both := &mining.ObservationSet{Outcomes: []lsl.Outcome{outcome(0), outcome(1)}}
	one := &mining.ObservationSet{Outcomes: []lsl.Outcome{outcome(0)}}
	res := &mining.TestResult{Verdict: mining.Pass, Spec: both}
	for _, tc := range []struct {
		name string
		b    *mining.TestResult
		want bool
	}{
		{"same", &mining.TestResult{Verdict: mining.Pass, Spec: both}, true},
		{"observation set differs", &mining.TestResult{Verdict: mining.Pass, Spec: one}, false},
		{"verdict differs", &mining.TestResult{Verdict: mining.Fail, Spec: both}, false},
		{"no observation set", &mining.TestResult{Verdict: mining.Pass}, false},
		{"timeout", &mining.TestResult{Verdict: "timeout"}, true},
	} {
		if got := sameResult(res, tc.b); got != tc.want {
			t.Errorf("%s: sameResult = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestABATrace: Treiber's stack on a free list without a tag fails on sc
// because of memory reuse, and the trace shows it: the push takes the
// block a pop freed, the delayed pop's CAS succeeds, and a node is freed
// twice. The tagged stack passes.
func TestABATrace(t *testing.T) {
	dir := "../../examples/structures/aba/"
	code, out, errs := runCmd(t, "check", "--model", "sc", "--test", "T0", "--no-cache", dir+"aba.c", dir+"aba.tests")
	if code != 1 {
		t.Fatalf("aba.c T0 on sc: status %d, want 1\n%s%s", code, out, errs)
	}
	for _, want := range []string{"error: double free", "alloc [n from ", "(reused: freed by thread 1 at " + dir + "aba.c:50:5)", "was freed already by thread 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("the trace lacks %q:\n%s", want, out)
		}
	}
	if code, out, errs := runCmd(t, "check", "--model", "sc", "--test", "T0", "--no-cache", dir+"aba-tag.c", dir+"aba.tests"); code != 0 {
		t.Errorf("aba-tag.c T0 on sc: status %d, want 0\n%s%s", code, out, errs)
	}
}

// An unbounded retry that needs two loads of one address out of order
// (relaxed allows it, rmo does not): the C11 counter's CAS loop on
// relaxed. The inconclusive trace shows the loop's iterations, marks the
// values its loads read after the thread had seen them overwritten, and
// suggests rmo; on rmo the test passes.
func TestInconclusiveSuggestsRMO(t *testing.T) {
	const dir = "../../examples/c11/casctr/"
	code, out, errs := runCmd(t, "check", "--model", "relaxed", "--test", "inc2", dir+"casctr.c", dir+"casctr.tests")
	if code != exitInconclusive {
		t.Fatalf("status %d, want %d: %s\n%s", code, exitInconclusive, errs, out)
	}
	for _, w := range []string{"past its bound of 10 iterations", "[iteration 10]", "[stale: #", "try --model rmo"} {
		if !strings.Contains(out, w) {
			t.Errorf("the trace lacks %q:\n%s", w, out)
		}
	}
	if code, out, errs := runCmd(t, "check", "--model", "rmo", "--test", "inc2", dir+"casctr.c", dir+"casctr.tests"); code != exitPass {
		t.Errorf("on rmo: status %d, want 0: %s\n%s", code, errs, out)
	}
}

// A thread that faults and then runs a loop on what follows fails the
// check: the execution is an error one whatever the loop does, so the
// loop's bound must not make the verdict inconclusive (SEMANTICS.md,
// Errors; the loop runs 100 times only on the values after the fault).
func TestFaultBeforeUnboundedLoop(t *testing.T) {
	cf, tf := writeInputs(t, "int x;\nvoid op(void) {\n  lsl_assert(x == 1);\n  while (x != 100) { x = x + 1; }\n}\n",
		"test T0 = ( op )\ntest T1 = ( op | op )\n")
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", cf, tf)
	if code != exitFail || strings.Count(out, "fail ") != 2 || strings.Contains(out, "inconclusive") || !strings.Contains(out, "assertion failed") {
		t.Errorf("status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// The same on relaxed only: the receiver faults when it sees the flag
// before the data, then loops on the value it read. The verdict is fail,
// and --explain names fences: its question reproduces the counterexample,
// which runs past the loop's bound after the fault.
func TestFaultBeforeUnboundedLoopRelaxed(t *testing.T) {
	cf, tf := writeInputs(t, `int data, flag;
void send(void) { data = 1; flag = 1; }
void recv(void) {
  if (flag) {
    int d = data;
    lsl_assert(d == 1);
    while (d != 1) { d = d + 2; }
  }
}
`, "test T0 = ( send | recv )\n")
	if code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", cf, tf); code != exitPass {
		t.Errorf("sc: status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "relaxed", "--explain", cf, tf)
	_, cause, _ := strings.Cut(out, "\ncause:")
	if code != exitFail || !strings.Contains(out, "assertion failed") || !(strings.Contains(cause, " fence before ") || strings.Contains(cause, " fence after ")) {
		t.Errorf("relaxed: status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// A loop that the mining under serial cannot bound leaves no
// specification, but an error execution on the model is still a failed
// check (SEMANTICS.md, Errors): the spin-counting lock fails on relaxed
// and stays inconclusive on sc, where nothing faults; the reader fails on
// both. The JSON records name the loop (spec_loop); fence inference on
// the lock cannot show a placement sufficient (inconclusive, 3), and on
// the reader says no placement helps (it fails on sc, 1).
func TestFaultWithoutSpecification(t *testing.T) {
	type record struct {
		Verdict        string               `json:"verdict"`
		SpecSize       *int                 `json:"spec_size"`
		SpecLoop       *struct{ ID string } `json:"spec_loop"`
		Loop           *struct{ ID string } `json:"loop"`
		Counterexample json.RawMessage      `json:"counterexample"`
		PastBound      json.RawMessage      `json:"past_bound"`
	}
	files := []string{"testdata/spincount.c", "testdata/spincount.tests"}
	for _, tc := range []struct {
		test     string
		code     int
		verdicts []string // on sc, relaxed
		infer    int      // fences --infer's status on relaxed
	}{
		{"L", exitFail, []string{"inconclusive", "fail"}, exitInconclusive},
		{"R", exitFail, []string{"fail", "fail"}, exitFail},
	} {
		t.Run(tc.test, func(t *testing.T) {
			args := append([]string{"check", "--no-cache", "--json", "--max-unroll", "3", "--model", "sc,relaxed", "--test", tc.test}, files...)
			code, out, errs := runCmd(t, args...)
			if code != tc.code {
				t.Fatalf("status %d, want %d; stderr %s\n%s", code, tc.code, errs, out)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != 2 {
				t.Fatalf("%d records, want 2:\n%s", len(lines), out)
			}
			for i, line := range lines {
				var r record
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("%v\n%s", err, line)
				}
				if r.Verdict != tc.verdicts[i] {
					t.Errorf("verdict %s, want %s", r.Verdict, tc.verdicts[i])
				}
				if r.SpecLoop == nil || !strings.Contains(r.SpecLoop.ID, "while") || r.SpecSize == nil || *r.SpecSize != 0 {
					t.Errorf("no loop named as leaving no specification, or a specification: %s", line)
				}
				switch r.Verdict {
				case "fail":
					if r.Counterexample == nil || r.Loop != nil || !strings.Contains(string(r.Counterexample), "assertion failed") {
						t.Errorf("a failure without its assertion's counterexample, or naming a loop: %s", line)
					}
				case "inconclusive":
					if r.PastBound == nil || r.Loop == nil || r.Loop.ID != r.SpecLoop.ID {
						t.Errorf("inconclusive without the serial loop and its execution: %s", line)
					}
				}
			}
			args = append([]string{"fences", "--infer", "--no-cache", "--max-unroll", "3", "--model", "relaxed", "--test", tc.test}, files...)
			if code, out, errs := runCmd(t, args...); code != tc.infer || strings.Contains(out, "added ") {
				t.Errorf("fences --infer: status %d, want %d, and no fence added; stderr %s\n%s", code, tc.infer, errs, out)
			}
		})
	}
}

// A test without a specification is checked for errors only. The lock
// fails on relaxed, though the unrolling after the first exceeds the
// memory budget (mining's TestCheckTestErrorsWithinLimits checks that on
// one core and on two); with its fences it is inconclusive, and the text
// and the JSON record say that the budget stopped the search, not that it
// found none. A mining that reaches a limit leaves no specification too:
// the reader fails on relaxed whatever --max-unroll, and with its fences
// is inconclusive for the limit, as a limit reached is reported.
func TestErrorsOnlyWithinLimits(t *testing.T) {
	files := []string{"../../mining/testdata/budgetlimit.c", "../../mining/testdata/budgetlimit.tests"} // shared with the mining tests
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		want   []string // in the text output
		key    string   // the JSON record's field with the reason: "" for none
		reason string
	}{
		{"lock", []string{"--max-memory", "300KiB", "--max-unroll", "3", "--test", "LOCK"}, exitFail,
			[]string{"fail ", "(no spec;", "relaxed was checked for errors only, which fail whatever the observations", "assertion failed"}, "", ""},
		{"fenced lock", []string{"--max-memory", "300KiB", "--max-unroll", "3", "--test", "LOCKF"}, exitInconclusive,
			[]string{"inconclusive ", "relaxed was checked for errors only, and the search was stopped by the memory budget before it found one: test LOCKF is too large to encode within the memory budget"}, "errors_stopped", "memory budget"},
		{"reader", []string{"--test", "LIM"}, exitFail,
			[]string{"fail ", "(no spec;", "no specification: under serial, the mining reached the value limit (", "; relaxed was checked for errors only, which fail whatever the observations", "assertion failed"}, "spec_limit", "value limit"},
		{"lock, mining past the budget", []string{"--max-memory", "300KiB", "--max-unroll", "8", "--test", "LOCK"}, exitFail,
			[]string{"fail ", "(no spec;", "no specification: under serial, the mining reached the memory budget (test LOCK is too large", "assertion failed"}, "spec_limit", "memory budget"},
		{"fenced reader", []string{"--test", "LIMF"}, exitInconclusive,
			[]string{"inconclusive LIMF on relaxed  (../../mining/testdata/budgetlimit.c:26:18: test LIMF, thread 1 (spf): the value of this expression may take more than"}, "", "value limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"check", "--no-cache", "--model", "relaxed"}, tc.args...), files...)
			code, out, errs := runCmd(t, args...)
			if code != tc.code || strings.Contains(out, "none was found") {
				t.Fatalf("status %d, want %d; stderr %s\n%s", code, tc.code, errs, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in\n%s", w, out)
				}
			}
			args = append(append([]string{"check", "--no-cache", "--json", "--model", "relaxed"}, tc.args...), files...)
			_, out, _ = runCmd(t, args...)
			var r map[string]any
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			for _, k := range []string{"errors_stopped", "spec_limit"} {
				if _, ok := r[k]; ok != (k == tc.key) {
					t.Errorf("%s in the record: %v\n%s", k, ok, out)
				}
			}
			got := r["reason"] // a limit reached, as before
			if f, ok := r[tc.key].(map[string]any); ok {
				got = f["reason"]
			}
			if got == nil {
				got = ""
			}
			if got != tc.reason {
				t.Errorf("reason %q, want %q\n%s", got, tc.reason, out)
			}
		})
	}
}

// abort() is an error of the execution that calls it (an assertion that
// fails at the call), and output statements change nothing: message
// passing passes on sc and fails on relaxed, at the abort.
func TestAbortIsAnError(t *testing.T) {
	cf, tf := writeInputs(t, `#include <stdio.h>
#include <stdlib.h>
int data, flag;
void send(void) { data = 1; printf("sent %d\n", data); flag = 1; }
void recv(void) {
  if (flag) {
    int d = data;
    if (d != 1) {
      fprintf(stderr, "bad data %d\n", d);
      abort();
    }
  }
}
`, "test T0 = ( send | recv )\n")
	if code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", cf, tf); code != exitPass {
		t.Errorf("sc: status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "relaxed", cf, tf)
	if code != exitFail || !strings.Contains(out, "assertion failed") || !strings.Contains(out, ":10:7") {
		t.Errorf("relaxed: status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// Fence instructions in inline assembly are the program's fences: message
// passing with x86's sfence and lfence passes on relaxed, with the pause
// hint (which orders nothing) it fails.
func TestAsmFencesOrder(t *testing.T) {
	for _, tc := range []struct {
		send, recv string
		want       int
	}{
		{"sfence", "lfence", exitPass},
		{"dmb ishst", "dmb ishld", exitPass},
		{"sfence", "pause", exitFail},
		{"pause", "lfence", exitFail},
	} {
		cf, tf := writeInputs(t, `int data, flag;
void send(void) { data = 1; asm volatile("`+tc.send+`" ::: "memory"); flag = 1; }
void recv(void) {
  if (flag) {
    asm volatile("`+tc.recv+`" ::: "memory");
    lsl_assert(data == 1);
  }
}
`, "test T0 = ( send | recv )\n")
		if code, out, errs := runCmd(t, "check", "--no-cache", "--model", "relaxed", cf, tf); code != tc.want {
			t.Errorf("%s / %s: status %d, want %d; stdout:\n%s\nstderr:\n%s", tc.send, tc.recv, code, tc.want, out, errs)
		}
	}
}

// A spin loop that yields the processor is still a spin loop (sched_yield
// does nothing the check observes): conclusive on every model, failing on
// relaxed only.
func TestSpinWithYield(t *testing.T) {
	cf, tf := writeInputs(t, `#include <sched.h>
int data, flag;
void send(void) { data = 1; flag = 1; }
void recv(void) {
  while (flag == 0)
    sched_yield();
  lsl_assert(data == 1);
}
`, "test T0 = ( send | recv )\n")
	for model, want := range map[string]int{"sc": exitPass, "tso": exitPass, "relaxed": exitFail} {
		if code, out, errs := runCmd(t, "check", "--no-cache", "--model", model, cf, tf); code != want {
			t.Errorf("%s: status %d, want %d; stdout:\n%s\nstderr:\n%s", model, code, want, out, errs)
		}
	}
}

// The trace shows each thread's first fault in program order, the later
// ones counted: here a use after free (found with the memory order, so
// listed by the encoder after the thread's own faults) before a failed
// assertion.
func TestTraceShowsFirstFault(t *testing.T) {
	cf, tf := writeInputs(t, `#include <stdlib.h>
int *p;
int done;
void init(void) { p = malloc(sizeof *p); *p = 1; }
void rel(void) { free(p); done = 1; }
void use(void) {
  while (!done)
    ;
  int v = *p;
  lsl_assert(0);
}
`, "test T0 = init ( rel | use )\n")
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", cf, tf)
	first := strings.Index(out, "  fault:")
	if code != exitFail || first < 0 || !strings.HasPrefix(out[first:], "  fault:     use after free in thread 1") ||
		strings.Count(out, "  fault:") != 1 || !strings.Contains(out, "… and 1 more in thread 1, following from its first") {
		t.Errorf("status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// A double free in a loop that runs past every bound allowed is an error
// within the bounds, as any other fault is (SEMANTICS.md, Errors): the
// verdict is fail, not inconclusive, and the fault is not marked past the
// bound; so is a fault of the init phase, which runs before every thread
// (D, E). Double frees are found with the memory order, after the thread's
// own faults; for a reused block (q2) by the allocator's events.
func TestDoubleFreeInALoop(t *testing.T) {
	cf, tf := writeInputs(t, `#include <stdlib.h>
int x;
void a(void) {
  int *q = malloc(4);
  for (int k = 0; k < 12; k++)
    free(q);
}
void b(void) {
  int *q = malloc(4);
  int k = 0;
  while (x == 0) {
    k++;
    if (k == 3) free(q);
    if (k == 4) free(q);
  }
}
void w(void) { x = 1; }
void c(void) {
  int *q = malloc(4);
  free(q);
  int *q2 = malloc(4);
  for (int k = 0; k < 12; k++)
    free(q2);
}
int *p;
void i2(void) { p = malloc(4); free(p); free(p); }
void i3(void) { lsl_assert(x == 1); }
void spin(void) { while (1) { x = x + 1; } }
`, "test A = ( a )\ntest B = ( w | b )\ntest C = ( c )\ntest D = i2 ( spin )\ntest E = i3 ( spin )\n")
	for _, model := range []string{"sc", "relaxed"} {
		code, out, errs := runCmd(t, "check", "--no-cache", "--model", model, cf, tf)
		if code != exitFail || strings.Count(out, "fail         ") != 5 || !strings.Contains(out, "double free") || strings.Contains(out, "[past the bound]") {
			t.Errorf("%s: status %d, stdout:\n%s\nstderr:\n%s", model, code, out, errs)
		}
	}
}

// An observed pointer to a fresh block is compared with the specification
// by which allocation the block is, not by its number: the check unrolls
// the retry loop once more than mining did (on sc the other thread's store
// can make the CAS fail), so the blocks after the loop are numbered one
// higher there, and the serial execution it shows observed "another"
// pointer (the allocation helper's report; status 1 before).
func TestPointerObservationsAcrossUnrollings(t *testing.T) {
	cf, tf := writeInputs(t, `#include <stdlib.h>
typedef struct node { int v; } node_t;
node_t *x;
node_t g;
void i(void) { x = 0; }
void w(void) {
  node_t *a, *o;
  do { a = malloc(sizeof(node_t)); o = x; } while (!lsl_cas_ptr(&x, o, a));
  node_t *q = malloc(sizeof(node_t));
  lsl_observe_output("q", q);
}
void s(void) { x = &g; }
`, "test N = i ( w | s )\n")
	for _, model := range []string{"sc", "tso", "rmo"} {
		if code, out, errs := runCmd(t, "check", "--no-cache", "--model", model, cf, tf); code != exitPass {
			t.Errorf("%s: status %d, stdout:\n%s\nstderr:\n%s", model, code, out, errs)
		}
	}
	// the same through fence inference (the slotted program against the
	// plain one) and a reference implementation that is a copy
	if code, out, errs := runCmd(t, "fences", "--no-cache", "--infer", "--model", "tso", cf, tf); code != 0 || !strings.Contains(out, "no fence needed") {
		t.Errorf("fences --infer: status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	src, _ := os.ReadFile(cf)
	ref := filepath.Join(t.TempDir(), "ref.c")
	os.WriteFile(ref, src, 0o644)
	if code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "--spec", ref, cf, tf); code != exitPass {
		t.Errorf("--spec: status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	// and from the cache, which keeps the blocks' identities
	dir := t.TempDir()
	for run := 0; run < 2; run++ {
		if code, out, errs := runCmd(t, "check", "--cache", dir, "--model", "sc", cf, tf); code != exitPass {
			t.Errorf("run %d with the cache: status %d, stdout:\n%s\nstderr:\n%s", run, code, out, errs)
		}
	}
}

// memset writes bytes: plain stores even into an _Atomic field, with no
// seq_cst fence, so the flag it clears may pass the data stored before it
// on pso and weaker (the new-C helper's report: it passed everywhere).
func TestMemsetIsPlain(t *testing.T) {
	cf, tf := writeInputs(t, `#include <stdatomic.h>
#include <string.h>
struct S { _Atomic int busy; };
struct S s;
int data;
void i(void) { atomic_init(&s.busy, 1); }
void w(void) { data = 1; memset(&s, 0, sizeof s); }
void r(void) { if (atomic_load(&s.busy) == 0) lsl_assert(data == 1); }
`, "test MP = i ( w | r )\n")
	for model, want := range map[string]int{"sc": exitPass, "tso": exitPass, "pso": exitFail, "relaxed": exitFail} {
		if code, out, errs := runCmd(t, "check", "--no-cache", "--model", model, cf, tf); code != want {
			t.Errorf("%s: status %d, want %d; stdout:\n%s\nstderr:\n%s", model, code, want, out, errs)
		}
	}
}

// writeInputs writes a C file and a test file into a fresh directory and
// returns their paths.
func writeInputs(t *testing.T, c, tests string) (cFile, testFile string) {
	t.Helper()
	dir := t.TempDir()
	cFile, testFile = filepath.Join(dir, "impl.c"), filepath.Join(dir, "impl.tests")
	for name, text := range map[string]string{cFile: c, testFile: tests} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return cFile, testFile
}

// A uint64_t value with its top bit set prints as C reads it, in the
// observation set, in the counterexample and in JSON, not as the int64 of
// the same bits; narrower unsigned values print as they are. The reader
// reads in the reverse of the writer's order, so every failing execution on
// sc observes v = 2^64-1 (with w either value), whichever the solver finds.
func TestUnsigned64Observations(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "testdata/unsigned64.c", "testdata/unsigned64.tests")
	if code != exitFail {
		t.Fatalf("status %d, want 1 (g is read after its store, c before its own); stderr %s", code, errs)
	}
	for _, w := range []string{"v=18446744073709551615 w=4294967295 c=255", "observed:  thread 0: set(); thread 1: get(v=18446744073709551615 w="} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "v=-1") {
		t.Errorf("a uint64_t printed as signed:\n%s", out)
	}
	code, out, errs = runCmd(t, "check", "--no-cache", "--json", "--model", "sc", "testdata/unsigned64.c", "testdata/unsigned64.tests")
	if code != exitFail {
		t.Fatalf("--json: status %d; stderr %s", code, errs)
	}
	if !strings.Contains(out, `"name":"v","value":"18446744073709551615"`) || strings.Contains(out, `"name":"v","value":"-1"`) {
		t.Errorf("--json does not print the unsigned value:\n%s", out)
	}
}

// A block from an allocator wrapper may be handed out again to an
// allocation of the same type elsewhere: the Treiber stack's ABA shows, on
// sc, as a double free. A wrapper that returns void * is refused (the
// block would have no layout; cfront's TestErrors).
func TestReuseAcrossLayouts(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "testdata/aba-wrapper.c", "testdata/aba-wrapper.tests")
	if code != exitFail || !strings.Contains(out, "double free") {
		t.Errorf("status %d, want 1 with a double free; stderr %s\n%s", code, errs, out)
	}
}

// ABA through a block handed out again under another type
// (testdata/aba-layout.c): SEMANTICS.md lets the 8-byte allocation after a
// free take the freed pair, and the reader then observes (1, 2), which no
// serial execution gives; the model hands the block only to the same
// words. So Long, with a long allocated after C's free, must never pass:
// it is inconclusive on every model, naming the free and the allocation
// (text and JSON). Pair, with a pair allocated, fails on sc as SEMANTICS.md
// says, with (1, 2): the writer stores in the reverse of the reader's
// order, so that is the only sc outcome outside the specification. Stable
// frees with lsl_free, type-stable memory reused by its own type only, so
// the long is a fresh block and the test passes on sc.
// mine (with a cached observation set too) and fences say the same.
func TestABAThroughAnotherLayout(t *testing.T) {
	const why = "the block allocated at testdata/aba-layout.c:12:23 and freed with free at testdata/aba-layout.c:21:5 may be handed out again to the allocation at testdata/aba-layout.c:23:15, of the same size and another layout"
	for _, model := range []string{"serial", "sc", "relaxed"} {
		code, out, errs := runCmd(t, "check", "--no-cache", "--model", model, "--test", "Long", "testdata/aba-layout.c", "testdata/aba-layout.tests")
		if code != exitInconclusive || !strings.Contains(out, "inconclusive Long on "+model) || !strings.Contains(out, why) {
			t.Errorf("Long on %s: status %d, want 3 with the reason %q; stderr %s\n%s", model, code, why, errs, out)
		}
	}
	// the second run's observation set comes from the cache
	dir := t.TempDir()
	for run := 1; run <= 2; run++ {
		code, out, errs := runCmd(t, "mine", "--cache", dir, "--test", "Long", "testdata/aba-layout.c", "testdata/aba-layout.tests")
		if code != exitInconclusive || !strings.Contains(out, why) {
			t.Errorf("mine, run %d: status %d, want 3 with the reason; stderr %s\n%s", run, code, errs, out)
		}
	}
	code, out, errs := runCmd(t, "fences", "--no-cache", "--model", "relaxed", "--test", "Long", "testdata/aba-layout.c", "testdata/aba-layout.tests")
	if code != exitInconclusive || !strings.Contains(out, why) {
		t.Errorf("fences: status %d, want 3 with the reason; stderr %s\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "check", "--no-cache", "--json", "--model", "sc", "--test", "Long", "testdata/aba-layout.c", "testdata/aba-layout.tests")
	if code != exitInconclusive || !strings.Contains(out, `"verdict":"inconclusive"`) || !strings.Contains(out, `"reason":"memory reuse"`) || !strings.Contains(out, why) {
		t.Errorf("--json: status %d; stderr %s\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "check", "--no-cache", "--model", "sc", "--test", "Pair", "--test", "Stable", "testdata/aba-layout.c", "testdata/aba-layout.tests")
	if code != exitFail || !strings.Contains(out, "fail         Pair on sc") || !strings.Contains(out, "r(v1=1 v2=2)") || !strings.Contains(out, "pass         Stable on sc") {
		t.Errorf("Pair and Stable on sc: status %d, want Pair to fail with (1, 2) and Stable to pass; stderr %s\n%s", code, errs, out)
	}
}

// reuse-impl.c frees a pair it keeps a pointer to and allocates a long of
// its size, then increments x without atomicity; reuse-ref.c increments
// and allocates nothing, so its specification is exact. On sc both incs
// may read x = 0 whichever block malloc returns: a failure, though the
// implementation has a reuse the model does not make. On serial the
// implementation would pass, which that reuse could undo: inconclusive.
func TestReuseInImplementationOnly(t *testing.T) {
	const why = "the block allocated at testdata/reuse-impl.c:6:22 and freed with free at testdata/reuse-impl.c:8:5 may be handed out again to the allocation at testdata/reuse-impl.c:9:15, of the same size and another layout"
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "serial,sc", "--spec", "testdata/reuse-ref.c", "testdata/reuse-impl.c", "testdata/reuse-impl.tests")
	if code != exitFail || !strings.Contains(out, "inconclusive T on serial") || !strings.Contains(out, why) || !strings.Contains(out, "fail         T on sc") || !strings.Contains(out, "inc(v=0); thread 1: inc(v=0)") {
		t.Errorf("status %d, want T inconclusive on serial with %q and failing on sc with v=0 twice; stderr %s\n%s", code, why, errs, out)
	}
}

// t1 allocates a pair, writes data and frees the pair; t2 reads data,
// allocates a long (8 bytes, another layout) and observes its address.
// Nothing but t2's long can reach the freed pair, but the long's address
// tells it from a fresh block: on sc, (d=0, l=t1's block) happens when
// malloc returns the freed pair (SEMANTICS.md), and no serial execution
// gives it, so Long is inconclusive on serial and sc, with mine too, and
// never a pass. With a pair (Pair) the reuse is modelled and fails on sc.
func TestObservedTaker(t *testing.T) {
	const why = "the block allocated at testdata/observed-taker.c:6:22 and freed with free at testdata/observed-taker.c:8:5 may be handed out again to the allocation at testdata/observed-taker.c:13:15, of the same size and another layout"
	for _, model := range []string{"serial", "sc"} {
		code, out, errs := runCmd(t, "check", "--no-cache", "--model", model, "--test", "Long", "testdata/observed-taker.c", "testdata/observed-taker.tests")
		if code != exitInconclusive || !strings.Contains(out, "inconclusive Long on "+model) || !strings.Contains(out, why) {
			t.Errorf("Long on %s: status %d, want 3 with %q; stderr %s\n%s", model, code, why, errs, out)
		}
	}
	code, out, errs := runCmd(t, "mine", "--no-cache", "--test", "Long", "testdata/observed-taker.c", "testdata/observed-taker.tests")
	if code != exitInconclusive || !strings.Contains(out, why) {
		t.Errorf("mine: status %d, want 3 with the reason; stderr %s\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "check", "--no-cache", "--model", "sc", "--test", "Pair", "testdata/observed-taker.c", "testdata/observed-taker.tests")
	if code != exitFail || !strings.Contains(out, "fail         Pair on sc") || !strings.Contains(out, "t2p(d=0 l=[2])") {
		t.Errorf("Pair on sc: status %d, want a failure with d=0 and t1's block; stderr %s\n%s", code, errs, out)
	}
}

// struct { char a; char b; int c; } and struct { int x; char y; char z; }
// have three words each in 8 bytes, but c is at byte 4 where y is: they
// are other layouts, not exchanged. A reader that re-reads &curp->c while
// the writer frees the block and publishes &q->y of a struct s2 observes
// (1, 2) on sc when malloc returns the freed block (C's address equality,
// SEMANTICS.md), which the model cannot give: inconclusive, never a pass.
// With struct s1 again (Same) the ABA is modelled and fails on sc.
func TestLayoutBytes(t *testing.T) {
	const why = "the block allocated at testdata/layout-bytes.c:7:23 and freed with free at testdata/layout-bytes.c:16:5 may be handed out again to the allocation at testdata/layout-bytes.c:18:20, of the same size and another layout"
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "testdata/layout-bytes.c", "testdata/layout-bytes.tests")
	if code != exitFail || !strings.Contains(out, "inconclusive Bytes on sc") || !strings.Contains(out, why) || !strings.Contains(out, "fail         Same on sc") || !strings.Contains(out, "r(v1=1 v2=2)") {
		t.Errorf("status %d, want Bytes inconclusive with %q and Same to fail with (1, 2); stderr %s\n%s", code, why, errs, out)
	}
}

// A block freed as one layout is not handed out to a scalar of another
// with the same size (struct { int v; } as int, two ints as a long, and a
// long as two ints; README, "Memory reuse"), so the scalar's store does
// not fault: each test passes on every model with what C prints (C's free
// lets them take the freed block, but only the allocation can reach it).
// An int freed and an int allocated may share the block: both outcomes
// are mined, by the explicit enumeration and by the solver alike. When
// the freed pointer is compared with the int's (OneIntSame), SEMANTICS.md
// allows same=1, which the model cannot give: inconclusive on every
// model, naming the free and the allocation, never a pass.
func TestScalarReuse(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", "--test", "OneInt", "--test", "TwoLong", "--test", "ArrayLong", "--test", "LongTwo", "--test", "IntInt", "testdata/scalar-reuse.c", "testdata/scalar-reuse.tests")
	if code != exitPass || strings.Contains(out, "fail ") || strings.Contains(out, "inconclusive") || strings.Count(out, "pass         OneInt on ") != 5 {
		t.Errorf("status %d, want every test to pass on every model; stderr %s\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "check", "--no-cache", "--model", "all", "--test", "OneIntSame", "testdata/scalar-reuse.c", "testdata/scalar-reuse.tests")
	const why = "the block allocated at testdata/scalar-reuse.c:57:18 and freed with free at testdata/scalar-reuse.c:58:2 may be handed out again to the allocation at testdata/scalar-reuse.c:59:11, of the same size and another layout"
	if code != exitInconclusive || strings.Count(out, "inconclusive OneIntSame on ") != 5 || !strings.Contains(out, why) {
		t.Errorf("OneIntSame: status %d, want inconclusive on every model with %q; stderr %s\n%s", code, why, errs, out)
	}
	want := []string{"t0.0{output i=3}", "t0.0{output l=3}", "t0.0{output a=1 output b=2}",
		"t0.0{output same=0 output q=3}", "t0.0{output same=1 output q=3}"}
	for _, mining := range []string{"--no-cache", "--solver-mining"} {
		code, out, errs = runCmd(t, "mine", "--no-cache", mining, "--test", "OneInt", "--test", "TwoLong", "--test", "ArrayLong", "--test", "LongTwo", "--test", "IntInt", "testdata/scalar-reuse.c", "testdata/scalar-reuse.tests")
		if code != exitPass || strings.Contains(out, "error") {
			t.Errorf("mine %s: status %d; stderr %s\n%s", mining, code, errs, out)
		}
		for _, w := range want {
			if !strings.Contains(out, "  "+w+"\n") {
				t.Errorf("mine %s lacks %s:\n%s", mining, w, out)
			}
		}
	}
}

// A thread that runs past its loop bound cannot set the flag another
// thread waits for; the bound question still finds it (encode/doc.go,
// "Partial executions"). On sc, b stores g = 3, a counts to 3 and sets f,
// and b's assertion y != 3 fails: a needs three iterations, which the
// lazy unrolling must reach. And the solver's serial mining of S finds
// y = 3 (b1, then a, then b2) as the explicit runs do.
func TestBoundBehindAWait(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc,relaxed", "--test", "T", "testdata/waitcount.c", "testdata/waitcount.tests")
	if code != exitFail || strings.Count(out, "fail         T on") != 2 || !strings.Contains(out, "assertion failed") {
		t.Errorf("status %d, want T to fail on sc and relaxed; stderr %s\n%s", code, errs, out)
	}
	for _, mining := range []string{"--solver-mining", "--no-cache"} {
		code, out, errs = runCmd(t, "mine", "--no-cache", mining, "--test", "S", "testdata/waitcount.c", "testdata/waitcount.tests")
		if code != exitPass || !strings.Contains(out, "output y=3") || !strings.Contains(out, "output y=0") {
			t.Errorf("mine %s: status %d, want y=0 and y=3; stderr %s\n%s", mining, code, errs, out)
		}
	}
}

// Freeing a local's storage is an error (SEMANTICS.md: freeing what is not
// the start of an allocated block); freeing a heap block is not.
func TestFreeOfALocal(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "testdata/freelocal.c", "testdata/freelocal.tests")
	if code != exitFail {
		t.Fatalf("status %d; stderr %s\n%s", code, errs, out)
	}
	for _, w := range []string{"fail         Direct on sc", "fail         Through on sc", "fail         Array on sc", "pass         Heap on sc", "error: invalid address"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// A pointer cut to a narrower integer through an integer variable (kept in
// an int field, stored to an unsigned char) is a fault of the execution,
// found alike by the encoder and by the explicit serial runs; kept in a
// long it converts back.
func TestPointerCutAtRunTime(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc,relaxed", "testdata/pointercut.c", "testdata/pointercut.tests")
	if code != exitFail {
		t.Errorf("check: status %d, want 1; stderr %s\n%s", code, errs, out)
	}
	for _, w := range []string{"fail         Cut on sc", "fail         Byte on relaxed", "pass         Whole on sc", "pass         Whole on relaxed",
		"pointer cut to a narrower integer in thread 0 at testdata/pointercut.c:12:16", "pointer cut to a narrower integer in thread 0 at testdata/pointercut.c:19:23"} {
		if !strings.Contains(out, w) {
			t.Errorf("check: output lacks %q:\n%s", w, out)
		}
	}
	for _, mining := range []string{"--solver-mining", "--no-cache"} {
		_, out, errs = runCmd(t, "mine", "--no-cache", mining, "testdata/pointercut.c", "testdata/pointercut.tests")
		for _, w := range []string{"fail         Cut on serial", "fail         Byte on serial", "output a=5", "error: pointer cut to a narrower integer"} {
			if !strings.Contains(out, w) {
				t.Errorf("mine %s: output lacks %q; stderr %s\n%s", mining, w, errs, out)
			}
		}
	}
}

// An _Atomic object declared through a typedef of atomic_int keeps its
// atomic accesses (C11: g++ is one read-modify-write, plain reads and
// writes are seq_cst), even where a pointer to the typedef is declared.
func TestAtomicThroughTypedefs(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc,relaxed", "testdata/atomic-typedef.c", "testdata/atomic-typedef.tests")
	if code != exitPass {
		t.Errorf("status %d, want every test to pass; stderr %s\n%s", code, errs, out)
	}
}

// A reference implementation (--spec) that fails under serial is said to
// be the one at fault: the implementation was not checked.
func TestBuggyReference(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "--spec", "testdata/ref-doublefree.c", "testdata/ref-impl.c", "testdata/ref.tests")
	if code != exitFail || !strings.Contains(out, "the reference implementation (--spec) fails under serial") || strings.Contains(out, "a bug regardless of the memory model") {
		t.Errorf("status %d; stderr %s\n%s", code, errs, out)
	}
	code, out, _ = runCmd(t, "check", "--no-cache", "--json", "--model", "sc", "--spec", "testdata/ref-doublefree.c", "testdata/ref-impl.c", "testdata/ref.tests")
	if code != exitFail || !strings.Contains(out, `"reference_bug":true`) {
		t.Errorf("--json: status %d\n%s", code, out)
	}
	// the reference checked as the implementation: its own bug
	code, out, _ = runCmd(t, "check", "--no-cache", "--model", "sc", "testdata/ref-doublefree.c", "testdata/ref.tests")
	if code != exitFail || !strings.Contains(out, "a bug regardless of the memory model") || strings.Contains(out, "reference implementation") {
		t.Errorf("without --spec: status %d\n%s", code, out)
	}
}

// The execution shown for an inconclusive test marks what its thread does
// after the bound it runs past: the program would not run it so.
func TestPastBoundMarked(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "--max-unroll", "1", "testdata/pastbound.c", "testdata/pastbound.tests")
	if code != exitInconclusive {
		t.Fatalf("status %d; stderr %s\n%s", code, errs, out)
	}
	var past, within int
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.Contains(line, "[past the bound]") && (strings.Contains(line, "pastbound.c:14:") || strings.Contains(line, "pastbound.c:15:")):
			past++
		case strings.Contains(line, "[past the bound]"):
			t.Errorf("marked, but within the bound: %s", line)
		case strings.Contains(line, "[iteration 1]"):
			within++
		}
	}
	// the load after the loop, in the thread and in memory order, and the
	// assertion's fault
	if past != 3 || within == 0 {
		t.Errorf("%d lines past the bound (want 3), %d within:\n%s", past, within, out)
	}
}

// Two threads that each need the one freed block: no execution completes,
// so the test passes vacuously on every model. The encoding is
// unsatisfiable without assumptions, which the solver must be asked about
// only once (encode's TestUnsatWithoutAssumptionsStays); it was an
// internal error (exit 4).
// So does an assume that init's store makes false, before an assertion,
// and a thread whose choices the solver's proof goes through (encode's
// TestUnsatBlamedOnAnAssumption; also an internal error before).
func TestNoExecutionLeft(t *testing.T) {
	for _, name := range []string{"onefreed", "assumedaway", "blamedassume"} {
		code, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", "testdata/"+name+".c", "testdata/"+name+".tests")
		if code != exitPass || strings.Count(out, "pass         T on") != 5 || strings.Count(errs, "passes vacuously") != 5 {
			t.Errorf("%s: status %d, want a vacuous pass on each of the 5 models; stderr %s\n%s", name, code, errs, out)
		}
	}
}

// A choice that ends at the largest long long: its values are enumerated
// (a loop to v <= MaxInt64 never ended, nor did the check), and a range
// too wide to enumerate is not tried: the test is inconclusive (a limit of
// the range analysis, not invalid input), saying where.
func TestChoiceAtTheTopOfInt64(t *testing.T) {
	code, out, errs := runCmd(t, "mine", "--no-cache", "testdata/choosemax.c", "testdata/choosemax.tests")
	if code != exitPass || strings.Count(out, "output v=") != 3 || !strings.Contains(out, "v=9223372036854775806") || !strings.Contains(out, "v=9223372036854775807") || !strings.Contains(out, "v=0}") {
		t.Errorf("status %d, want the observations v=0, v=MAX-1 and v=MAX; stderr %s\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "check", "--no-cache", "--model", "relaxed", "testdata/choosemax.c", "testdata/choosemax.tests")
	if code != exitPass {
		t.Errorf("check: status %d, want pass; stderr %s\n%s", code, errs, out)
	}
	dir := t.TempDir()
	wide := filepath.Join(dir, "wide.c")
	os.WriteFile(wide, []byte("long long x;\nvoid w(void) { x = lsl_choose(-1LL, 9223372036854775807LL); }\nvoid rd(void) { lsl_observe_output(\"v\", x); }\n"), 0o644)
	code, out, errs = runCmd(t, "check", "--no-cache", wide, "testdata/choosemax.tests")
	if code != exitInconclusive || !strings.Contains(out, "wide.c:2:20: ") || !strings.Contains(out, "range too large") {
		t.Errorf("[-1, MAX]: status %d, want 3 with the range too large at 2:20; stderr %s\n%s", code, errs, out)
	}
}

// A needed fence is explained by reordered pairs it orders: the store-store
// fence before a CAS that sets the flag by the store data going after the
// CAS's store, not by store-load pairs (the minimal cause of the failure
// without it is a store-load fence, with the CAS's atomicity).
func TestNeededFenceExplainedByItsPairs(t *testing.T) {
	code, out, errs := runCmd(t, "fences", "--no-cache", "--model", "relaxed", "testdata/casflag.c", "testdata/casflag.tests")
	if code != exitPass {
		t.Fatalf("status %d; stderr %s", code, errs)
	}
	want := "needed       store-store fence at testdata/casflag.c:7:5: without it, T0 fails on relaxed\n  thread 0: store data (testdata/casflag.c:6:10) executes after store flag (testdata/casflag.c:10:9)\n"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks\n%s\ngot\n%s", want, out)
	}
	if strings.Contains(out, "store data (testdata/casflag.c:6:10) executes after load") {
		t.Errorf("a store-store fence explained by a store-load pair:\n%s", out)
	}
}

// An added fence is explained by the pair of its own thread that it
// orders, found among the accesses although memory order also lists
// allocator events: in testdata/mpfree.c the writer allocates and frees a
// scratch block before message passing, and the store-store fence at
// line 10 is explained by the store of data going after the flag's, not
// by the reader's load going after the free.
func TestAddedFenceExplainedAfterAFree(t *testing.T) {
	want := "thread 0: store data (testdata/mpfree.c:9:10) executes after store flag (testdata/mpfree.c:10:5)"
	code, out, errs := runCmd(t, "fences", "--no-cache", "--infer", "--model", "pso", "testdata/mpfree.c", "testdata/mpfree.tests")
	if code != exitPass || !strings.Contains(out, "added        store-store fence at testdata/mpfree.c:10:") || !strings.Contains(out, "\n  "+want+"\n") {
		t.Errorf("status %d, want the fence at line 10 explained by\n%s\nstderr %s\n%s", code, want, errs, out)
	}
	_, out, errs = runCmd(t, "fences", "--no-cache", "--infer", "--json", "--model", "pso", "testdata/mpfree.c", "testdata/mpfree.tests")
	if !strings.Contains(out, `"reordering":"`+want+`"`) {
		t.Errorf("JSON reordering is not %q; stderr %s\n%s", want, errs, out)
	}
}

// The specifiers _Atomic int apply to every declarator of a declaration
// (C11 6.7p6): through any pointer so declared, an increment is one seq
// read-modify-write (two never both read 0) and store buffering through
// two such pointers never reads 0 twice, on every model (SEMANTICS.md, C11
// and GCC atomics). The second declarator, and those after the first
// pointer, were plain. inc increments Y, the later declarator of a row;
// plain rows must stay plain: a lost update on sc, store buffering on tso.
func TestAtomicEveryDeclaratorVerdicts(t *testing.T) {
	tests := []struct {
		name, decls, init string
		wrap              string // a function's body around %s
		x, y              string // the lvalues of the two objects
		atomic            bool
	}{
		{"pointers in one declaration", "_Atomic int x, y;\n_Atomic int *px, *py;\n", "px = &x; py = &y;", "%s", "*px", "*py", true},
		{"_Atomic(T) pointers in one declaration", "_Atomic(int) x, y;\n_Atomic(int) *px, *py;\n", "px = &x; py = &y;", "%s", "*px", "*py", true},
		{"local declaration", "_Atomic int x, y;\n", "", "_Atomic int *px = &x, *py = &y; %s", "*px", "*py", true},
		{"for-init declaration", "_Atomic int x, y;\n", "", "for (_Atomic int *px = &x, *py = &y; px; px = 0) { %s }", "*px", "*py", true},
		{"typedef with two declarators", "_Atomic int x, y;\ntypedef _Atomic int *PA1, *PA2;\nPA2 px, py;\n", "px = &x; py = &y;", "%s", "*px", "*py", true},
		{"typeof of an object", "_Atomic int x, y;\n__typeof__(y) *px, *py;\n", "px = &x; py = &y;", "%s", "*px", "*py", true},
		{"typeof of an address after a typeof", "_Atomic int x, y;\n__typeof__(x) *t1;\n__typeof__(&x) px, py;\n", "px = &x; py = &y;", "%s", "*px", "*py", true},
		{"objects after pointers", "_Atomic int *p0, x, *p1, y;\n", "", "%s", "x", "y", true},
		{"objects typeof takes", "_Atomic int x, y;\n__typeof__(x) *t1;\n__typeof__(y) *t2, *t3;\n", "", "%s", "x", "y", true},
		{"plain pointers after an atomic one", "_Atomic int a;\nint x, y;\n_Atomic int *pa;\nint *px, *py;\n", "px = &x; py = &y;", "%s", "*px", "*py", false},
		{"typeof of a plain object", "int x, y;\n__typeof__(x) *px, *py;\n", "px = &x; py = &y;", "%s", "*px", "*py", false},
		{"typeof of a plain address after an atomic typeof", "_Atomic int a;\nint x, y;\n__typeof__(a) *pa;\n__typeof__(&x) px, py;\n", "px = &x; py = &y;", "%s", "*px", "*py", false},
		{"plain typedef with two declarators", "int x, y;\ntypedef int *P1, *P2;\nP2 px, py;\n", "px = &x; py = &y;", "%s", "*px", "*py", false},
		{"plain objects after atomic pointers", "_Atomic int *pa, *pb;\nint x, *p0, y;\n", "", "%s", "x", "y", false},
	}
	dir := t.TempDir()
	testsFile := filepath.Join(dir, "t.tests")
	os.WriteFile(testsFile, []byte("test INC = init ( inc | inc )\ntest SB = init ( w0 r0 | w1 r1 )\n"), 0o644)
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := func(s string) string { return strings.Replace(tc.wrap, "%s", s, 1) }
			src := "#include \"lsl_protos.h\"\n" + tc.decls +
				"void init(void) { " + tc.init + " }\n" +
				"void inc(void) { " + body("lsl_observe_output(\"old\", ("+tc.y+")++);") + " }\n" +
				"void w0(void) { " + body(tc.x+" = 1;") + " }\n" +
				"void r0(void) { " + body("lsl_observe_output(\"r0\", "+tc.y+");") + " }\n" +
				"void w1(void) { " + body(tc.y+" = 1;") + " }\n" +
				"void r1(void) { " + body("lsl_observe_output(\"r1\", "+tc.x+");") + " }\n"
			c := filepath.Join(dir, "r"+string(rune('a'+i))+".c")
			os.WriteFile(c, []byte(src), 0o644)
			code, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", c, testsFile)
			if tc.atomic {
				if code != exitPass || strings.Count(out, "pass         INC on") != 5 || strings.Count(out, "pass         SB on") != 5 {
					t.Errorf("status %d, want INC and SB to pass on every model; stderr %s\n%s\n%s", code, errs, src, out)
				}
				return
			}
			for _, w := range []string{"fail         INC on sc", "pass         SB on sc", "fail         SB on tso"} {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q (plain accesses); stderr %s\n%s\n%s", w, errs, src, out)
				}
			}
		})
	}
}

// mine's status follows CLI.md's table as check's does: a test that fails
// under serial (a counterexample) is status 1, also beside an
// inconclusive one; inconclusive alone is 3, and 0 means every test's
// observation set was mined.
func TestMineExitStatus(t *testing.T) {
	cf, tf := writeInputs(t, `int flag, polls;
void init(void) { flag = 0; polls = 0; }
void wait(void) { while (flag == 0) polls = polls + 1; }
void ok(void) { lsl_observe_output("v", 1); }
void bad(void) { int x = 5; int y = x / 0; lsl_observe_output("v", y); }
`, "test A = ( ok )\ntest T = ( bad )\ntest W = init ( wait )\n")
	for _, tc := range []struct {
		tests []string
		code  int
	}{
		{[]string{"A"}, exitPass},
		{[]string{"T"}, exitFail},
		{[]string{"A", "T"}, exitFail},
		{[]string{"W"}, exitInconclusive},
		{[]string{"W", "T"}, exitFail},
		{[]string{"T", "W"}, exitFail},
	} {
		for _, jsonOut := range []bool{false, true} {
			args := []string{"mine", "--no-cache", "--max-unroll", "2"}
			if jsonOut {
				args = append(args, "--json")
			}
			for _, n := range tc.tests {
				args = append(args, "--test", n)
			}
			code, out, errs := runCmd(t, append(args, cf, tf)...)
			if code != tc.code {
				t.Errorf("%v: status %d, want %d; stderr %s\n%s", args, code, tc.code, errs, out)
			}
		}
	}
}

// Faults that follow from one another's threads running past their own
// faults, in a cycle (t0 divides by what t1 wrote after its fault, t1 by
// what t0 wrote after its), are each marked as following from the other;
// a fault that follows from no such run (t2's, with C5) comes first.
func TestFaultCycleMarked(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "relaxed", "testdata/faultcycle.c", "testdata/faultcycle.tests")
	if code != exitFail {
		t.Fatalf("status %d, want 1; stderr %s\n%s", code, errs, out)
	}
	byTest := map[string][]string{}
	test := ""
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "fail ") {
			test = strings.Fields(line)[1]
		}
		if strings.HasPrefix(strings.TrimSpace(line), "fault:") {
			byTest[test] = append(byTest[test], line)
		}
	}
	const mark = "[follows from what thread"
	if fs := byTest["C2"]; len(fs) != 2 || !strings.Contains(fs[0], mark) || !strings.Contains(fs[1], mark) {
		t.Errorf("C2: want both faults marked as following from the other thread's run past its fault:\n%s", strings.Join(fs, "\n"))
	}
	fs := byTest["C5"]
	for _, f := range fs {
		if !strings.Contains(f, mark) && len(fs) > 0 && strings.Contains(fs[0], mark) {
			t.Errorf("C5: a marked fault reported before an unmarked one:\n%s", strings.Join(fs, "\n"))
			break
		}
	}
	if len(fs) == 0 {
		t.Errorf("C5: no fault reported:\n%s", out)
	}
}

// A divisor that may be 0 or a pointer: the execution that divides by the
// integer 0 is a division by zero, not an invalid pointer operation (each
// kind of fault of one operation has its own error point).
func TestFaultKindOfOneOperation(t *testing.T) {
	for _, extra := range [][]string{nil, {"--no-range-analysis"}} {
		args := append([]string{"check", "--no-cache", "--model", "sc"}, extra...)
		code, out, errs := runCmd(t, append(args, "testdata/divptr.c", "testdata/divptr.tests")...)
		if code != exitFail || !strings.Contains(out, "observed:  error: division by zero") || strings.Contains(out, "invalid pointer operation") {
			t.Errorf("%v: status %d, want a division by zero; stderr %s\n%s", extra, code, errs, out)
		}
	}
}

// Initialising an _Atomic object is no atomic operation (C11 7.17.2.1p2):
// an initializer between the stores of message passing, and between its
// loads, orders nothing, so f=1 d=0 is seen where pso reorders the stores
// and relaxed the stores and the loads, as with atomic_init or a plain
// int. The initializers were seq stores, whose fences hid both.
func TestAtomicInitializerOrdersNothing(t *testing.T) {
	for _, decl := range []string{
		"_Atomic int tmp = 0; (void)&tmp;",
		"struct S tmp = {1, 2}; (void)&tmp;",
		"_Atomic int tmp[2] = {1}; (void)&tmp;",
		"struct S *tmp = &(struct S){.b = 1}; (void)tmp;",
		"atomic_int tmp; atomic_init(&tmp, 0);",
	} {
		t.Run(decl, func(t *testing.T) {
			cf, tf := writeInputs(t, `#include "lsl_protos.h"
#include <stdatomic.h>
struct S { int a; _Atomic int b; };
int data, flag;
void init(void) { data = 0; flag = 0; }
void send(void) { data = 1; `+decl+` flag = 1; }
void recv(void) { int f = flag; `+decl+` int d = data;
    lsl_observe_output("f", f); if (f) lsl_observe_output("d", d); }
`, "test T = init ( send | recv )\n")
			_, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc,tso,pso,relaxed", cf, tf)
			for _, w := range []string{"pass         T on sc", "pass         T on tso", "fail         T on pso", "fail         T on relaxed"} {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q; stderr %s\n%s", w, errs, out)
				}
			}
		})
	}
}

// Store buffering over a two-word struct: a thread stores the struct and
// loads the int y, the other stores y and loads the struct, each access
// with the order of the row. Only a fence between a thread's store and
// load forbids both loads reading 0, and by SEMANTICS.md's table the only
// such fences are a seq store's after:full on tso, a seq load's
// before:full on pso, rmo and relaxed, and on tso the locked instruction
// of a read-modify-write. A struct's load or store was one atomic block,
// a full fence on tso, so every row passed there.
func TestAtomicStructSBFences(t *testing.T) {
	tests := []struct {
		name      string
		sx        string // the declaration of sx
		w0, r1    string // the struct's store and load (r1 sets t)
		st, ld    string // the orders of y's store and load
		tso, weak bool   // the test passes on tso; on pso, rmo and relaxed
	}{
		{"relaxed", "struct P sx;", "__atomic_store(&sx, &v, __ATOMIC_RELAXED);", "__atomic_load(&sx, &t, __ATOMIC_RELAXED);",
			"memory_order_relaxed", "memory_order_relaxed", false, false},
		{"release and acquire", "struct P sx;", "__atomic_store(&sx, &v, __ATOMIC_RELEASE);", "__atomic_load(&sx, &t, __ATOMIC_ACQUIRE);",
			"memory_order_release", "memory_order_acquire", false, false},
		{"relaxed stores, seq loads", "struct P sx;", "__atomic_store(&sx, &v, __ATOMIC_RELAXED);", "__atomic_load(&sx, &t, __ATOMIC_SEQ_CST);",
			"memory_order_relaxed", "memory_order_seq_cst", false, true},
		{"seq stores, relaxed loads", "struct P sx;", "__atomic_store(&sx, &v, __ATOMIC_SEQ_CST);", "__atomic_load(&sx, &t, __ATOMIC_RELAXED);",
			"memory_order_seq_cst", "memory_order_relaxed", true, false},
		{"seq", "struct P sx;", "__atomic_store(&sx, &v, __ATOMIC_SEQ_CST);", "__atomic_load(&sx, &t, __ATOMIC_SEQ_CST);",
			"memory_order_seq_cst", "memory_order_seq_cst", true, true},
		{"_Atomic struct, relaxed", "_Atomic struct P sx;", "atomic_store_explicit(&sx, v, memory_order_relaxed);", "__atomic_load(&sx, &t, __ATOMIC_RELAXED);",
			"memory_order_relaxed", "memory_order_relaxed", false, false},
		{"_Atomic struct, release store, plain read", "_Atomic struct P sx;", "atomic_store_explicit(&sx, v, memory_order_release);", "t = sx;",
			"memory_order_release", "memory_order_seq_cst", false, true},
		{"_Atomic struct, plain write and read", "_Atomic struct P sx;", "sx = v;", "t = sx;",
			"memory_order_seq_cst", "memory_order_seq_cst", true, true},
		// The value of the assignment is the value stored, not a seq
		// load of sx after it, whose fences would order the store before
		// the read of y.
		{"_Atomic struct, value of a plain write", "_Atomic struct P sx;", "struct P r; r = (sx = v);", "t = sx;",
			"memory_order_seq_cst", "memory_order_relaxed", true, false},
		{"_Atomic struct, plain write's value as an initializer", "_Atomic struct P sx;", "struct P r = (sx = v); (void)r;", "t = sx;",
			"memory_order_seq_cst", "memory_order_relaxed", true, false},
		{"relaxed read-modify-writes", "struct P sx;", "struct P o; __atomic_exchange(&sx, &v, &o, __ATOMIC_RELAXED);",
			"struct P n = {0, 0}; t = n; __atomic_compare_exchange(&sx, &t, &n, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);",
			"memory_order_relaxed", "memory_order_relaxed", true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := `#include "lsl_protos.h"
#include <stdatomic.h>
struct P { int a, b; };
` + tc.sx + `
atomic_int y;
void init(void) { struct P z = {0, 0}; __atomic_store(&sx, &z, __ATOMIC_RELAXED); atomic_store_explicit(&y, 0, memory_order_relaxed); }
void w0(void) { struct P v = {1, 1}; ` + tc.w0 + ` }
void r0(void) { lsl_observe_output("r0", atomic_load_explicit(&y, ` + tc.ld + `)); }
void w1(void) { atomic_store_explicit(&y, 1, ` + tc.st + `); }
void r1(void) { struct P t; ` + tc.r1 + ` lsl_observe_output("r1", t.a); }
`
			cf, tf := writeInputs(t, src, "test SB = init ( w0 r0 | w1 r1 )\n")
			_, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", cf, tf)
			verdict := map[bool]string{true: "pass", false: "fail"}
			want := []string{"pass         SB on sc", verdict[tc.tso] + "         SB on tso"}
			for _, m := range []string{"pso", "rmo", "relaxed"} {
				want = append(want, verdict[tc.weak]+"         SB on "+m)
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q; stderr %s\n%s", w, errs, out)
				}
			}
		})
	}
}

// The value of an assignment to an _Atomic struct is the value stored
// (as gcc takes it from the temporary it stored), so t0 observes 1 while
// t1 stores 2 to X: every serial execution does, and so does every
// execution on every model. X was read again after the store, which could
// read t1's 2: every model failed.
func TestAtomicStructAssignmentValue(t *testing.T) {
	for _, form := range []string{
		"struct P r = (X = v); a = r.a;",
		"struct P r; r = X = v; a = r.a;",
		"a = aOf(X = v);",
		"a = (X = v).a;",
		"a = set(v).a;",
	} {
		t.Run(form, func(t *testing.T) {
			src := `#include "lsl_protos.h"
#include <stdatomic.h>
struct P { int a; int b; };
_Atomic struct P X;
int aOf(struct P p) { return p.a; }
struct P set(struct P v) { return X = v; }
void init(void) { struct P z = {0, 0}; atomic_init(&X, z); }
void t0(void) { struct P v = {1, 1}; int a; ` + form + ` lsl_observe_output("a", a); }
void t1(void) { struct P v = {2, 2}; X = v; }
`
			cf, tf := writeInputs(t, src, "test T = init ( t0 | t1 )\n")
			_, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", cf, tf)
			for _, m := range []string{"sc", "tso", "pso", "rmo", "relaxed"} {
				if w := "pass         T on " + m; !strings.Contains(out, w) {
					t.Errorf("output lacks %q; stderr %s\n%s", w, errs, out)
				}
			}
		})
	}
}

// Copying a struct with an _Atomic member whole is no atomic operation on
// the member: gcc copies it with plain moves. Store buffering over such
// copies (each thread writes one struct and reads the plain member of the
// other) fails on every model but sc. The member was copied by a seq load
// or store, whose fences ordered the plain members too, so every row
// passed. A direct access to the member stays seq: the last row passes
// everywhere.
func TestAtomicMemberCopyIsPlain(t *testing.T) {
	tests := []struct {
		name      string
		w0, w1    string // the write of g, of h
		r0, r1    string // the read of h.b, of g.b, into x
		weakFails bool
	}{
		{"assignment", "g = v;", "h = v;", "struct S t; t = h; x = t.b;", "struct S t; t = g; x = t.b;", true},
		{"initializer", "g = v;", "h = v;", "struct S t = h; x = t.b;", "struct S t = g; x = t.b;", true},
		{"argument", "put(&g, v);", "put(&h, v);", "x = bOf(h);", "x = bOf(g);", true},
		{"returned value", "g = v;", "h = v;", "x = getH().b;", "x = getG().b;", true},
		{"through pointers", "*pg = v;", "*ph = v;", "struct S t = *ph; x = t.b;", "struct S t = *pg; x = t.b;", true},
		{"direct member access", "g.a = 1;", "h.a = 1;", "x = h.a;", "x = g.a;", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := `#include "lsl_protos.h"
#include <stdatomic.h>
struct S { int b; _Atomic int a; };
struct S g, h, *pg = &g, *ph = &h;
void put(struct S *d, struct S s) { *d = s; }
int bOf(struct S s) { return s.b; }
struct S getG(void) { return g; }
struct S getH(void) { return h; }
void init(void) { struct S z = {0, 0}; g = z; h = z; }
void w0(void) { struct S v = {1, 1}; ` + tc.w0 + ` }
void r0(void) { int x; ` + tc.r0 + ` lsl_observe_output("r0", x); }
void w1(void) { struct S v = {1, 1}; ` + tc.w1 + ` }
void r1(void) { int x; ` + tc.r1 + ` lsl_observe_output("r1", x); }
`
			cf, tf := writeInputs(t, src, "test SB = init ( w0 r0 | w1 r1 )\n")
			_, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", cf, tf)
			verdict := map[bool]string{true: "fail", false: "pass"}
			want := []string{"pass         SB on sc"}
			for _, m := range []string{"tso", "pso", "rmo", "relaxed"} {
				want = append(want, verdict[tc.weakFails]+"         SB on "+m)
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q; stderr %s\n%s", w, errs, out)
				}
			}
		})
	}
}

// A uint64_t location holding UINT64_MAX prints in the counterexample as C
// reads it, 18446744073709551615 (its bits are the int64 -1), in a loop's
// unrolled iterations too, and in the JSON; an unsigned int's 4294967295
// printed so already.
func TestUnsigned64Counterexample(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "u64.c")
	os.WriteFile(src, []byte(`#include "lsl_protos.h"
#include <stdint.h>
uint64_t g;
unsigned h;
void t0(void) {
	for (int i = 0; i < 2; i++)
		g = UINT64_MAX - i;
	h = 0xffffffffu;
	uint64_t v = g;
	lsl_assert(v == 0);
}
`), 0o644)
	tests := filepath.Join(dir, "u64.tests")
	os.WriteFile(tests, []byte("test T = ( t0 )\n"), 0o644)
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", src, tests)
	for _, want := range []string{"store g = 18446744073709551615 ", "store g = 18446744073709551614 ", "load  g -> 18446744073709551614 ", "store h = 4294967295 "} {
		if !strings.Contains(out, want) {
			t.Errorf("status %d: the counterexample lacks %q; stderr %s\n%s", code, want, errs, out)
		}
	}
	if strings.Contains(out, "= -") || strings.Contains(out, "-> -") {
		t.Errorf("a uint64_t value printed as negative:\n%s", out)
	}
	_, out, _ = runCmd(t, "check", "--no-cache", "--json", "--model", "sc", src, tests)
	if !strings.Contains(out, `"value":"18446744073709551615"`) || strings.Contains(out, `"value":"-`) {
		t.Errorf("JSON values of g are not unsigned:\n%s", out)
	}
}

// A use after free through a reordering has a cause: in
// testdata/pubfree.c pub initialises n->v and publishes n with a relaxed
// store, and take frees what it reads; on pso the publishing store may go
// before the store to n->v, which then follows take's free. Only take's
// free touches n->v in take, and a free, ordered in memory order against
// the accesses to its block, sees their order as a load would: the pair
// is listed and its store-store fence is the cause, not "none among the
// reorderings".
func TestUseAfterFreeCause(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "pso", "testdata/pubfree.c", "testdata/pubfree.tests")
	want := []string{
		"use after free in thread 0 at testdata/pubfree.c:9:10",
		"cause: with these fences no execution fails so",
		"  store-store fence before the store at testdata/pubfree.c:10:5\n    thread 0: store shared (testdata/pubfree.c:10:5) went before store [n from pub#1].v (testdata/pubfree.c:9:10)\n",
	}
	for _, w := range want {
		if code != exitFail || !strings.Contains(out, w) {
			t.Errorf("status %d, output lacks %q; stderr %s\n%s", code, w, errs, out)
		}
	}
	_, out, errs = runCmd(t, "check", "--no-cache", "--json", "--model", "pso", "testdata/pubfree.c", "testdata/pubfree.tests")
	var rec struct {
		Counterexample struct {
			Cause struct {
				Found  bool `json:"found"`
				Fences []struct {
					Kind  string `json:"kind"`
					Where string `json:"where"`
					Site  struct {
						Pos string `json:"pos"`
					} `json:"site"`
				} `json:"fences"`
			} `json:"cause"`
		} `json:"counterexample"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &rec); err != nil {
		t.Fatalf("%v; stderr %s\n%s", err, errs, out)
	}
	c := rec.Counterexample.Cause
	if !c.Found || len(c.Fences) != 1 || c.Fences[0].Kind != "store-store" || c.Fences[0].Where != "before" || c.Fences[0].Site.Pos != "testdata/pubfree.c:10:5" {
		t.Errorf("JSON cause %+v, want a store-store fence before testdata/pubfree.c:10:5", c)
	}
}

// Observation names that hold what separates observations ("x label y"
// against the labels x and y; "a=1 output b" against the outputs a and b)
// are other observations: a test of one thread runs only serially, so it
// passes on every model, with both of its outcomes in the observation set,
// whether the set is mined explicitly or with the solver. Both were one
// outcome: a fail on every model, and an internal error with the solver.
func TestObservationNamesWithSeparators(t *testing.T) {
	for _, body := range []string{
		`lsl_observe_label("x"); lsl_observe_label("y"); } else { lsl_observe_label("x label y");`,
		`lsl_observe_output("a", 1); lsl_observe_output("b", 0); } else { lsl_observe_output("a=1 output b", 0);`,
	} {
		src := "#include \"lsl_protos.h\"\nvoid op(void) { if (lsl_choose(0, 1)) { " + body + " } }\n"
		cf, tf := writeInputs(t, src, "test T = ( op )\n")
		for _, mining := range [][]string{nil, {"--solver-mining"}} {
			args := append(append([]string{"check", "--no-cache", "--model", "all"}, mining...), cf, tf)
			code, out, errs := runCmd(t, args...)
			if code != exitPass || strings.Count(out, "pass         T on") != 5 || strings.Count(out, "(spec 2 observations") != 5 {
				t.Errorf("%s %v: status %d, want a pass on the 5 models with 2 observations; stderr %s\n%s", body, mining, code, errs, out)
			}
		}
	}
	// The set mine prints tells the two apart: the name is quoted.
	cf, tf := writeInputs(t, "#include \"lsl_protos.h\"\nvoid op(void) { if (lsl_choose(0, 1)) { lsl_observe_label(\"x\"); lsl_observe_label(\"y\"); } else { lsl_observe_label(\"x label y\"); } }\n", "test T = ( op )\n")
	_, out, _ := runCmd(t, "mine", "--no-cache", cf, tf)
	if !strings.Contains(out, `t0.0{label "x label y"}`) || !strings.Contains(out, "t0.0{label x label y}") {
		t.Errorf("mine does not print both observations:\n%s", out)
	}
}

// A C function whose name has letters outside ASCII, which C and the C
// front end accept, is named in a test file, and so is a test.
func TestUnicodeOperationName(t *testing.T) {
	cf, tf := writeInputs(t, "#include \"lsl_protos.h\"\nvoid größe(void) { lsl_observe_output(\"g\", 1); }\n", "test Größe = ( größe | größe )\n")
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", "--test", "Größe", cf, tf)
	if code != exitPass || !strings.Contains(out, "pass         Größe on sc  (spec 1 observations") {
		t.Errorf("status %d, want a pass of Größe; stderr %s\n%s", code, errs, out)
	}
}

// A fence written inside an atomic block (lsl_fence, or a fence
// instruction in inline assembly, between lsl_atomic_begin and
// lsl_atomic_end) orders the accesses on its two sides in program order,
// not the whole block: testdata/blockfence-sb.c and blockfence-mp.c
// derive their verdicts, and with the fence moved after the block's
// access, that access is ordered before the next operation's and every
// model passes.
func TestFenceInAtomicBlock(t *testing.T) {
	all := []string{"sc", "tso", "pso", "rmo", "relaxed"}
	for _, tc := range []struct {
		name, file, from, to string
		fail                 []string
	}{
		{"sb", "blockfence-sb", "", "", []string{"pso", "rmo", "relaxed"}},
		{"sb-mfence", "blockfence-sb", `lsl_fence("store-load");`, `asm volatile("mfence" ::: "memory");`, []string{"pso", "rmo", "relaxed"}},
		{"sb-fence-after", "blockfence-sb", `lsl_fence("store-load"); x = 1;`, `x = 1; lsl_fence("store-load");`, nil},
		{"mp", "blockfence-mp", "", "", []string{"rmo", "relaxed"}},
		{"mp-fence-after", "blockfence-mp", `lsl_fence("load-load"); f = flag;`, `f = flag; lsl_fence("load-load");`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", tc.file+".c"))
			if err != nil {
				t.Fatal(err)
			}
			tests, err := os.ReadFile(filepath.Join("testdata", tc.file+".tests"))
			if err != nil {
				t.Fatal(err)
			}
			if tc.from != "" {
				if !bytes.Contains(src, []byte(tc.from)) {
					t.Fatalf("%s.c lacks %q", tc.file, tc.from)
				}
				src = bytes.Replace(src, []byte(tc.from), []byte(tc.to), 1)
			}
			cf, tf := writeInputs(t, string(src), string(tests))
			_, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", cf, tf)
			for _, m := range all {
				verdict := "pass"
				if slices.Contains(tc.fail, m) {
					verdict = "fail"
				}
				if w := fmt.Sprintf("%-12s T on %s  (", verdict, m); !strings.Contains(out, w) {
					t.Errorf("no %s on %s:\n%s%s", verdict, m, out, errs)
				}
			}
		})
	}
}

// A model's unrolling over the memory budget while the mining under serial
// still runs: the check cancels the mining, and that cancellation must not
// hide the budget (an internal error, status 4, before).
func TestBudgetWhileMining(t *testing.T) {
	for _, tc := range []struct{ args []string }{
		{[]string{"--max-memory", "1MiB", "--test", "Tpc4"}},
		{[]string{"--solver-mining", "--max-memory", "500KiB", "--test", "Tpc2"}},
	} {
		args := append(append([]string{"check", "--no-cache", "--model", "relaxed"}, tc.args...),
			"../../algorithms/ms2/ms2-fenced.c", "../../algorithms/ms2/ms2.tests")
		code, out, errs := runCmd(t, args...)
		if code != exitInconclusive || !strings.Contains(out, "too large to encode within the memory budget") {
			t.Errorf("%v: status %d, want %d (the memory budget)\n%s%s", tc.args, code, exitInconclusive, out, errs)
		}
	}
}
