package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fences --infer prints each added fence with its reason and a summary,
// side by side for several models, and exits 0 (the patch:
// TestFencesPatchPaths); on a test that fails on sc it says no placement
// helps and exits 1.
func TestFencesInfer(t *testing.T) {
	code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", "--model", "tso,relaxed", "../../examples/c/mp.c", "../../examples/c/mp.tests")
	if code != exitPass {
		t.Fatalf("status %d; stderr %s", code, errs)
	}
	for _, w := range []string{
		"no fence needed on tso",
		"added        store-store fence at ../../examples/c/mp.c:12: without it, T0 fails on relaxed",
		"added        load-load fence at ../../examples/c/mp.c:18: without it, T0 fails on relaxed",
		"placement on relaxed: 2 fences added, cost 2, optimal",
		"load-load at ../../examples/c/mp.c:18:5                 -    added",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	code, out, _ = runCmd(t, "fences", "--infer", "--json", "--no-cache", "../../examples/c/mp.c", "../../examples/c/mp.tests")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitPass || len(lines) != 3 {
		t.Fatalf("--json: status %d, %d lines:\n%s", code, len(lines), out)
	}
	var fence, sum map[string]any
	json.Unmarshal([]byte(lines[0]), &fence)
	json.Unmarshal([]byte(lines[2]), &sum)
	if fence["verdict"] != "added" || fence["kind"] != "store-store" || fence["line"] != 12.0 || fence["test"] != "T0" || fence["model"] != "relaxed" {
		t.Errorf("fence record %v", fence)
	}
	if sum["verdict"] != "found" || sum["fences"] != 2.0 || sum["cost"] != 2.0 {
		t.Errorf("summary record %v", sum)
	}

	dir := t.TempDir()
	racy := filepath.Join(dir, "racy.c")
	os.WriteFile(racy, []byte("#include \"lsl_protos.h\"\nint x;\nvoid init(void) { x = 0; }\nvoid inc(void) {\n    int v = x;\n    lsl_observe_output(\"v\", v);\n    x = v + 1;\n}\n"), 0o644)
	tests := filepath.Join(dir, "racy.tests")
	os.WriteFile(tests, []byte("test T = init ( inc | inc )\n"), 0o644)
	code, out, _ = runCmd(t, "fences", "--infer", "--no-cache", racy, tests)
	if code != exitFail || !strings.Contains(out, "impossible   no placement on relaxed: T fails on sc, in an execution that reorders nothing") {
		t.Errorf("racy: status %d:\n%s", code, out)
	}
	// no placement, no cost (not that of an abandoned trial placement)
	code, out, _ = runCmd(t, "fences", "--infer", "--json", "--no-cache", racy, tests)
	var none map[string]any
	json.Unmarshal([]byte(strings.TrimSpace(out)), &none)
	if code != exitFail || none["verdict"] != "impossible" || none["cost"] != 0.0 || none["fences"] != 0.0 {
		t.Errorf("racy --json: status %d, summary %v", code, none)
	}
}

// A test that fails on sc is said to, even when the counterexample that
// ends the inference reorders accesses that no slot separates (the ABA
// stack's double free: SEMANTICS.md, "Fence placement").
func TestFencesInferFailsOnSC(t *testing.T) {
	code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", "--test", "T0", "../../examples/structures/aba/aba.c", "../../examples/structures/aba/aba.tests")
	if code != exitFail || !strings.Contains(out, "impossible   no placement on relaxed: T0 fails on sc") {
		t.Errorf("status %d; stderr %s\n%s", code, errs, out)
	}
}

// Two stores of one expansion of a macro have no fence slot between them
// (a patch cannot put a fence inside an expansion): fences --infer finds
// no placement and exits 1, the status of a failing test (README), though
// the test passes on sc; its reason, in text and JSON, and check
// --infer's warning name the macro, where it is used and defined, and the
// fence its definition needs.
func TestFencesInferInAMacro(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "mp.c")
	os.WriteFile(src, []byte("#include <stdatomic.h>\n#include \"lsl_protos.h\"\nstatic atomic_int flag; static int data;\n"+
		"#define PUBLISH(v) do { data = (v); atomic_store_explicit(&flag, 1, memory_order_relaxed); } while (0)\n"+
		"void init(void) { flag = 0; data = 0; }\nvoid w(void) { PUBLISH(1); }\n"+
		"void r(void) { int f = atomic_load_explicit(&flag, memory_order_acquire); int d = data; if (f) lsl_assert(d == 1); }\n"), 0o644)
	tests := filepath.Join(dir, "mp.tests")
	os.WriteFile(tests, []byte("test T = init ( w | r )\n"), 0o644)
	want := fmt.Sprintf("the macro PUBLISH (used at %s:6:16, defined at %s:4:9): no fence slot of the C text separates them, "+
		"and a patch cannot put a fence inside an expansion; a store-store fence between them in the definition of PUBLISH", src, src)
	code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", src, tests)
	if code != exitFail || !strings.Contains(out, "impossible   no placement on relaxed: T fails in an execution that reorders two accesses of one expansion of "+want) {
		t.Errorf("status %d; stderr %s\n%s", code, errs, out)
	}
	code, out, _ = runCmd(t, "fences", "--infer", "--json", "--no-cache", src, tests)
	var sum map[string]any
	json.Unmarshal([]byte(strings.TrimSpace(out)), &sum)
	if why, _ := sum["why"].(string); code != exitFail || sum["verdict"] != "impossible" || !strings.Contains(why, want) {
		t.Errorf("--json: status %d, summary %v", code, sum)
	}
	if code, _, errs = runCmd(t, "check", "--infer", "--no-cache", src, tests); code != exitFail || !strings.Contains(errs, want) {
		t.Errorf("check --infer: status %d, stderr %s", code, errs)
	}
}

// fences without --infer: code that fails with all its fences is reported
// as such (status 1), not as needing every fence.
func TestFencesFailingCode(t *testing.T) {
	code, out, _ := runCmd(t, "fences", "--no-cache", "../../examples/c/mp.c", "../../examples/c/mp.tests")
	if code != exitFail || !strings.HasPrefix(out, "fail         T0 on relaxed with all the fences of the code") {
		t.Errorf("status %d:\n%s", code, out)
	}
	code, out, _ = runCmd(t, "fences", "--no-cache", "--model", "tso", "../../examples/c/mp-fenced.c", "../../examples/c/mp.tests")
	if code != exitPass || !strings.Contains(out, "together    the 2 fences not needed can all go at once: every test passes on tso without them") {
		t.Errorf("tso: status %d:\n%s", code, out)
	}
}

// fences names a pair's iterations: testdata/looppairs.c reads flag in
// two iterations of a loop, and without its load-load fence data may be
// read before either (the counterexample says which); the pairs it lists
// must name their iterations and so read apart, and the last iteration's
// load, the one the assertion reads, is among them.
func TestFencesPairsOfIterations(t *testing.T) {
	code, out, _ := runCmd(t, "fences", "--no-cache", "testdata/looppairs.c", "testdata/looppairs.tests")
	if code != exitPass || !strings.Contains(out, "needed       load-load fence at testdata/looppairs.c:14:5: without it, T0 fails on relaxed\n") {
		t.Fatalf("status %d:\n%s", code, out)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "  thread 1: load flag") {
			continue
		}
		if seen[line] || !strings.Contains(line, " [iteration ") {
			t.Errorf("pair listed twice or without its iteration: %q", line)
		}
		seen[line] = true
	}
	last := "  thread 1: load flag (testdata/looppairs.c:13:33) [iteration 2] executes after load data (testdata/looppairs.c:15:13)"
	if !seen[last] {
		t.Errorf("no line %q in\n%s", last, out)
	}
}

// check --model all: one line per test and model, in the order sc, tso,
// pso, rmo, relaxed; message passing fails where stores may reorder.
func TestCheckAllModels(t *testing.T) {
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "all", "../../examples/c/mp.c", "../../examples/c/mp.tests")
	if code != exitFail {
		t.Fatalf("status %d; stderr %s", code, errs)
	}
	var got []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[1] == "T0" && f[2] == "on" {
			got = append(got, f[0]+" "+f[3])
		}
	}
	want := []string{"pass sc", "pass tso", "fail pso", "fail rmo", "fail relaxed"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("verdicts %v, want %v", got, want)
	}
}

// fences --json without --infer ends, for each model, with a summary
// object (CLI.md): the verdict of the tests with the code's fences, and
// the number and cost of those needed; in every case, also when the code
// fails with all its fences, has none needed, or runs out of time.
func TestFencesJSONSummary(t *testing.T) {
	for _, tc := range []struct {
		args            []string
		code            int
		verdict         string
		fences, cost    float64
		objectsBeforeIt int
	}{
		{[]string{"--model", "relaxed", "../../examples/c/mp-fenced.c"}, exitPass, "pass", 2, 2, 2},
		{[]string{"--model", "tso", "../../examples/c/mp-fenced.c"}, exitPass, "pass", 0, 0, 2},
		{[]string{"--model", "relaxed", "../../examples/c/mp.c"}, exitFail, "fail", 0, 0, 1},
		// the test out of time has its record, as in check
		{[]string{"--timeout", "1ns", "../../examples/c/mp-fenced.c"}, exitInconclusive, "inconclusive", 0, 0, 1},
		// --infer's summary too has them, also when nothing is decided
		{[]string{"--infer", "--timeout", "1ns", "--model", "relaxed", "../../examples/c/mp.c"}, exitInconclusive, "inconclusive", 0, 0, 0},
	} {
		args := append(append([]string{"fences", "--json", "--no-cache"}, tc.args...), "../../examples/c/mp.tests")
		code, out, errs := runCmd(t, args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var sum map[string]any
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
			t.Fatalf("%v: %v\n%s", tc.args, err, out)
		}
		if code != tc.code || len(lines) != tc.objectsBeforeIt+1 || sum["verdict"] != tc.verdict || sum["fences"] != tc.fences || sum["cost"] != tc.cost {
			t.Errorf("%v: status %d, %d lines, summary %v\n%s", tc.args, code, len(lines), sum, errs)
		}
	}
}

// A fence slot lies before a labelled statement that no forward goto
// reaches (SEMANTICS.md: a point between two statements): the store-store
// fence message passing needs on pso goes there, where inference used to
// find no slot and call the program unfixable (the fence helper's report).
func TestFencesInferBeforeALabel(t *testing.T) {
	cf, tf := writeInputs(t, `int data, flag;
void init(void) { data = 0; flag = 0; }
void send(void)
{
    data = 42;
again:
    flag = 1;
}
void recv(void)
{
    int f = flag;
    lsl_fence("load-load");
    int d = data;
    lsl_observe_output("flag", f);
    if (f)
        lsl_observe_output("data", d);
}
`, "test T0 = init ( send | recv )\n")
	code, out, errs := runCmd(t, "fences", "--infer", "--model", "pso", cf, tf)
	if code != 0 || !strings.Contains(out, "store-store fence at "+cf+":6:") || !strings.Contains(out, "cost 1, optimal") {
		t.Errorf("status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	// a label a forward goto reaches: the slot is on the path that falls
	// through to it, which the goto skips, as in C
	cf, tf = writeInputs(t, `int data, flag;
void w(void) {
    int c = lsl_choose(0, 1);
    lsl_observe_input("c", c);
    if (c) goto L;
    data = 1;
L:  flag = 1;
}
void r(void) {
    int f = flag;
    lsl_observe_output("f", f);
    if (f) {
        int d = data;
        lsl_observe_output("d", d);
    }
}
`, "test T = ( w | r )\n")
	code, out, errs = runCmd(t, "fences", "--no-cache", "--infer", "--model", "pso", cf, tf)
	if code != 0 || !strings.Contains(out, "store-store fence at "+cf+":7:") || !strings.Contains(out, "cost 1, optimal") {
		t.Errorf("forward goto: status %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// A failing test outweighs an inconclusive one (CLI.md: status 1), also
// when the inconclusive test comes first: fences and fences --infer go on
// to the later tests (as check does), and the status of several models
// does not depend on their order.
func TestFencesFailAfterInconclusive(t *testing.T) {
	c, tests := writeInputs(t, `int x, y;
void init(void) { x = 0; }
void loop(void) { for (int i = 0; i < 3; i++) y = i; }
void bad(void) { int v = x; lsl_observe_output("old", v); x = v + 1; }
`, "test A = init ( loop )\ntest B = init ( bad | bad )\n")
	for _, args := range [][]string{
		{"fences", "--model", "sc"},
		{"fences", "--model", "sc", "--json"},
		{"fences", "--model", "sc,relaxed"},
		{"fences", "--model", "relaxed,sc"},
		{"fences", "--infer", "--model", "sc"},
		{"fences", "--infer", "--model", "sc", "--json"},
		{"fences", "--infer", "--model", "relaxed,sc"},
	} {
		code, out, errs := runCmd(t, append(args, "--no-cache", "--max-unroll", "2", c, tests)...)
		if code != exitFail || !strings.Contains(out, "B") {
			t.Errorf("%v: status %d, want 1; stderr %s\n%s", args, code, errs, out)
		}
	}
	for _, tc := range []struct{ a, b, want int }{
		{exitFail, exitInconclusive, exitFail},
		{exitInconclusive, exitFail, exitFail},
		{exitPass, exitInconclusive, exitInconclusive},
		{exitPass, exitPass, exitPass},
	} {
		if got := worse(tc.a, tc.b); got != tc.want {
			t.Errorf("worse(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// fences --infer --patch: a file whose name has a blank gets headers that
// end in a TAB, as diff -u writes them, so that patch -p1 applies the
// diff from the directory the command ran in; a file outside that
// directory has no name patch -p1 would take there, and is refused
// (status 2) before inferring.
func TestFencesPatchPaths(t *testing.T) {
	src, err := os.ReadFile("../../examples/c/mp.c")
	if err != nil {
		t.Fatal(err)
	}
	tsrc, _ := os.ReadFile("../../examples/c/mp.tests")
	top := t.TempDir()
	dir := filepath.Join(top, "work", "my dir")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "mp.c"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "mp.tests"), tsrc, 0o644)
	t.Chdir(filepath.Join(top, "work"))
	code, _, errs := runCmd(t, "fences", "--infer", "--no-cache", "--patch", "fix.diff", "my dir/mp.c", "my dir/mp.tests")
	diff, _ := os.ReadFile("fix.diff")
	if code != exitPass || !strings.HasPrefix(string(diff), "--- a/my dir/mp.c\t\n+++ b/my dir/mp.c\t\n") || !strings.Contains(string(diff), "+    lsl_fence(\"load-load\");") {
		t.Fatalf("status %d, stderr %s\n%s", code, errs, diff)
	}
	if _, err := exec.LookPath("patch"); err == nil {
		if out, err := exec.Command("patch", "-p1", "--dry-run", "--batch", "-i", "fix.diff").CombinedOutput(); err != nil {
			t.Errorf("patch -p1: %v\n%s", err, out)
		}
	}
	t.Chdir(dir)
	for _, f := range []string{"../mp.c", filepath.Join(top, "mp.c")} {
		os.WriteFile(filepath.Join(top, "mp.c"), src, 0o644)
		os.WriteFile(filepath.Join(top, "work", "mp.c"), src, 0o644)
		code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", "--patch", "fix2.diff", f, "mp.tests")
		if code != exitUsage || out != "" || !strings.Contains(errs, f+": --patch: the file is outside the working directory") {
			t.Errorf("%s: status %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
}

// fences --infer --patch on a C file named through a symbolic link: the
// diff names the file the link leads to, which patch -p1 patches (it
// refuses to write through a link); a link to a file outside the working
// directory is refused (status 2) before inferring.
func TestFencesPatchThroughALink(t *testing.T) {
	src, err := os.ReadFile("../../examples/c/mp.c")
	if err != nil {
		t.Fatal(err)
	}
	tsrc, _ := os.ReadFile("../../examples/c/mp.tests")
	top := t.TempDir()
	dir := filepath.Join(top, "work")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "mp.c"), src, 0o644)
	os.WriteFile(filepath.Join(top, "far.c"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "mp.tests"), tsrc, 0o644)
	if err := os.Symlink("mp.c", filepath.Join(dir, "link.c")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink("../far.c", filepath.Join(dir, "far.c"))
	t.Chdir(dir)
	code, _, errs := runCmd(t, "fences", "--infer", "--no-cache", "--patch", "fix.diff", "link.c", "mp.tests")
	diff, _ := os.ReadFile("fix.diff")
	if code != exitPass || !strings.HasPrefix(string(diff), "--- a/mp.c\n+++ b/mp.c\n") {
		t.Fatalf("status %d, stderr %s\n%s", code, errs, diff)
	}
	if _, err := exec.LookPath("patch"); err == nil {
		if out, err := exec.Command("patch", "-p1", "--batch", "-i", "fix.diff").CombinedOutput(); err != nil {
			t.Errorf("patch -p1: %v\n%s", err, out)
		}
		if got, _ := os.ReadFile("mp.c"); !strings.Contains(string(got), "lsl_fence(\"load-load\");") {
			t.Errorf("mp.c not patched:\n%s", got)
		}
	}
	code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", "--patch", "fix2.diff", "far.c", "mp.tests")
	realTop, _ := filepath.EvalSymlinks(top)
	if code != exitUsage || out != "" || !strings.Contains(errs, "far.c: --patch: the file is "+filepath.Join(realTop, "far.c")) {
		t.Errorf("far.c: status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// The seqlock reader of testdata/seqread.c, whose iterations that read an
// odd seq change nothing: fences --infer finds on each model the optimal
// placement the file derives from SEMANTICS.md (two fences with one slot
// of a choice of two), and check without fences passes or fails, never
// inconclusive.
func TestInferSeqlockReader(t *testing.T) {
	code, out, errs := runCmd(t, "fences", "--infer", "--json", "--no-cache", "--model", "all", "testdata/seqread.c", "testdata/seqread.tests")
	if code != exitPass {
		t.Fatalf("status %d, want 0; stderr %s\n%s", code, errs, out)
	}
	type placement struct {
		verdict string
		cost    float64
		fences  []string
	}
	got := map[string]*placement{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Model, Verdict, Kind string
			Line                 int
			Cost                 float64
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		p := got[rec.Model]
		if p == nil {
			p = &placement{}
			got[rec.Model] = p
		}
		if rec.Verdict == "added" {
			p.fences = append(p.fences, fmt.Sprintf("%s %d", rec.Kind, rec.Line))
		} else {
			p.verdict, p.cost = rec.Verdict, rec.Cost
		}
	}
	// sorted: the reader's, then the writer's
	all := []string{"load-load (31|32)", "load-load 34", "store-store 22", "store-store 24"}
	want := map[string][]string{"sc": nil, "tso": nil, "pso": all[2:], "rmo": all, "relaxed": all}
	for m, fences := range want {
		p := got[m]
		if p == nil || p.verdict != "found" || p.cost != float64(len(fences)) || len(p.fences) != len(fences) {
			t.Errorf("%s: placement %+v, want %d fences %v\n%s", m, p, len(fences), fences, out)
			continue
		}
		slices.Sort(p.fences)
		for i, f := range fences {
			if ok, _ := regexp.MatchString("^"+f+"$", p.fences[i]); !ok {
				t.Errorf("%s: fences %v, want %v", m, p.fences, fences)
				break
			}
		}
	}

	code, out, _ = runCmd(t, "check", "--no-cache", "--model", "all", "testdata/seqread.c", "testdata/seqread.tests")
	for _, v := range []string{"pass         S on sc  (", "pass         S on tso  (", "fail         S on pso  (", "fail         S on rmo  (", "fail         S on relaxed  ("} {
		if !strings.Contains(out, v) {
			t.Errorf("check: no line %q (status %d):\n%s", v, code, out)
		}
	}
}

// A fence without which a test is inconclusive, not failing (stale.c: a
// loop that relaxed can keep running by reordering its loads, while every
// execution that ends is allowed), is said to be needed for that, as
// fences says it of the fence once placed; in text (testdata/stale-infer.txt)
// and JSON (stale-infer.json, "verdict_without" as fences writes it), and
// in check --infer's placement, where a failing test needs other fences.
// A load-load fence anywhere in the loop body bounds the loop, so which
// column of line 9 inference picks is not pinned: the fence is placed
// where it says and fences must find the same verdict there.
func TestInferVerdictWithout(t *testing.T) {
	figures := regexp.MustCompile(`\(\d+ rounds?, \d+ checks?; [^)]*\)`)
	code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", "--model", "relaxed", "testdata/stale.c", "testdata/stale.tests")
	want, _ := os.ReadFile("testdata/stale-infer.txt")
	if got := figures.ReplaceAllString(out, "(figures)"); code != exitPass || got != string(want) {
		t.Errorf("status %d, stderr %s; output differs from testdata/stale-infer.txt:\n%s", code, errs, got)
	}
	code, out, _ = runCmd(t, "fences", "--infer", "--json", "--no-cache", "--model", "relaxed", "testdata/stale.c", "testdata/stale.tests")
	var got strings.Builder
	col := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if c, ok := rec["col"].(float64); ok {
			col = int(c)
		}
		for _, k := range []string{"check_s", "choose_s", "checks", "rounds", "candidates", "col"} {
			delete(rec, k)
		}
		b, _ := json.Marshal(rec)
		got.Write(append(b, '\n'))
	}
	want, _ = os.ReadFile("testdata/stale-infer.json")
	if code != exitPass || got.String() != string(want) {
		t.Errorf("--json: status %d; differs from testdata/stale-infer.json:\n%s", code, got.String())
	}

	// the placed fence, where inference put it, checked by fences: the
	// same verdict
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/stale.c")
	lines := strings.Split(string(src), "\n")
	if col < 1 || col > len(lines[8]) {
		t.Fatalf("--json: column %d, not on line 9 of stale.c", col)
	}
	lines[8] = lines[8][:col-1] + `lsl_fence("load-load"); ` + lines[8][col-1:]
	os.WriteFile(filepath.Join(dir, "stale.c"), []byte(strings.Join(lines, "\n")), 0o644)
	code, out, _ = runCmd(t, "fences", "--no-cache", "--model", "relaxed", filepath.Join(dir, "stale.c"), "testdata/stale.tests")
	if code != exitPass || !strings.Contains(out, ": without it, T0 is inconclusive on relaxed\n") {
		t.Errorf("fences on the placement at 9:%d: status %d:\n%s", col, code, out)
	}

	code, out, _ = runCmd(t, "check", "--infer", "--no-cache", "--model", "relaxed", "testdata/stalemp.c", "testdata/stalemp.tests")
	line := "  load-load fence at testdata/stalemp.c:19:7: without it the test is inconclusive: an execution that runs a loop past its bound needs it (this one reorders nothing across it)\n"
	if code != exitFail || !strings.Contains(out, line) {
		t.Errorf("check --infer: status %d, want the line\n%s\n%s", code, line, out)
	}
	code, out, _ = runCmd(t, "check", "--infer", "--json", "--no-cache", "--model", "relaxed", "testdata/stalemp.c", "testdata/stalemp.tests")
	var rec struct {
		Counterexample struct {
			Placement struct {
				Fences []struct {
					Pos            string `json:"pos"`
					VerdictWithout string `json:"verdict_without"`
				} `json:"fences"`
			} `json:"placement"`
		} `json:"counterexample"`
	}
	json.Unmarshal([]byte(out), &rec)
	without := map[string]string{}
	for _, f := range rec.Counterexample.Placement.Fences {
		without[f.Pos] = f.VerdictWithout
	}
	wantWithout := map[string]string{"testdata/stalemp.c:8:2": "fail", "testdata/stalemp.c:13:2": "fail", "testdata/stalemp.c:19:7": "inconclusive"}
	if code != exitFail || !maps.Equal(without, wantWithout) {
		t.Errorf("check --infer --json: status %d, verdicts without each fence %v, want %v", code, without, wantWithout)
	}
}

// A test that no placement decides (testdata/setaside.c: T1 has more
// values than the range analysis tracks) is set aside by fences --infer,
// as README says: the status stays 3 (inconclusive), and the placement for
// the other tests is printed, named as such, with the test set aside and
// why (testdata/setaside-infer.txt), given in JSON (its summary names the
// test in "set_aside"), and written as the patch, with which T0 passes.
// Before, one such test threw the others' placement away: no fence, an
// empty patch.
func TestFencesInferSetsTestAside(t *testing.T) {
	figures := regexp.MustCompile(`\(\d+ rounds?, \d+ checks?; [^)]*\)`)
	src, _ := os.ReadFile("testdata/setaside.c")
	tsrc, _ := os.ReadFile("testdata/setaside.tests")
	golden, _ := os.ReadFile("testdata/setaside-infer.txt")
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "testdata"), 0o755)
	os.WriteFile(filepath.Join(dir, "testdata", "setaside.c"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "testdata", "setaside.tests"), tsrc, 0o644)
	t.Chdir(dir)
	files := []string{"testdata/setaside.c", "testdata/setaside.tests"}
	code, out, errs := runCmd(t, append([]string{"fences", "--infer", "--no-cache", "--patch", "fix.diff"}, files...)...)
	if got := figures.ReplaceAllString(out, "(figures)"); code != exitInconclusive || got != string(golden) {
		t.Errorf("status %d, want %d; stderr %s; output differs from testdata/setaside-infer.txt:\n%s", code, exitInconclusive, errs, got)
	}
	code, out, _ = runCmd(t, append([]string{"fences", "--infer", "--no-cache", "--json"}, files...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var sum map[string]any
	json.Unmarshal([]byte(lines[len(lines)-1]), &sum)
	if code != exitInconclusive || len(lines) != 3 || sum["verdict"] != "inconclusive" || sum["fences"] != 2.0 || sum["cost"] != 2.0 ||
		fmt.Sprint(sum["set_aside"]) != "[T1]" || !strings.HasPrefix(fmt.Sprint(sum["why"]), "T1: testdata/setaside.c:22:13: ") {
		t.Errorf("--json: status %d, summary %v\n%s", code, sum, out)
	}
	diff, _ := os.ReadFile("fix.diff")
	if strings.Count(string(diff), "\n+    lsl_fence(") != 2 {
		t.Fatalf("the patch does not add the two fences:\n%s", diff)
	}
	if _, err := exec.LookPath("patch"); err != nil {
		return
	}
	if out, err := exec.Command("patch", "-p1", "--batch", "-i", "fix.diff").CombinedOutput(); err != nil {
		t.Fatalf("patch -p1: %v\n%s", err, out)
	}
	code, out, _ = runCmd(t, "check", "--no-cache", "--test", "T0", "testdata/setaside.c", "testdata/setaside.tests")
	if code != exitPass {
		t.Errorf("patched, T0: status %d\n%s", code, out)
	}
}

// fences --infer --patch with several models: the patch makes the tests
// pass on every model, and holds no fence that no model needs (each
// model's search prefers, at equal cost, the fences chosen before it; the
// union loses what the others make unnecessary); the side-by-side table
// has one row per fence, a kind at a slot (its column, and the end of a
// loop body told from its start), and a patch column, so that the rows
// marked inserted are the fences the patch inserts (the golden files).
// Checked on the patched file: fences says each inserted fence is needed
// on some model, and the tests pass on all. Before, peterson's patch on
// tso,relaxed had a store-load and a full fence at one slot, and
// loopbody's on pso,relaxed a fence at both ends of the loop body, under
// one row of the table.
func TestFencesInferPatchOfSeveralModels(t *testing.T) {
	fenceLine := regexp.MustCompile(`^\+.*lsl_fence\("([a-z-]+)"\)`)
	for _, tc := range []struct {
		file, models, golden string
	}{
		{"../../examples/c/peterson", "tso,relaxed", "infer-peterson-tso-relaxed.txt"},
		{"../../examples/c/peterson", "relaxed,tso", "infer-peterson-relaxed-tso.txt"},
		{"testdata/loopbody", "pso,relaxed", "infer-loopbody-pso-relaxed.txt"},
		{"testdata/loopbody", "relaxed,pso", "infer-loopbody-relaxed-pso.txt"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			src, err := os.ReadFile(tc.file + ".c")
			if err != nil {
				t.Fatal(err)
			}
			tsrc, _ := os.ReadFile(tc.file + ".tests")
			golden, _ := os.ReadFile(filepath.Join("testdata", tc.golden))
			base := filepath.Base(tc.file)
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, base+".c"), src, 0o644)
			os.WriteFile(filepath.Join(dir, base+".tests"), tsrc, 0o644)
			t.Chdir(dir)
			code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", "--model", tc.models, "--patch", "fix.diff", base+".c", base+".tests")
			table := out[strings.Index(out, "\nfence ")+1:]
			if code != exitPass || table != string(golden) {
				t.Errorf("status %d, stderr %s; the table differs from testdata/%s:\n%s", code, errs, tc.golden, table)
			}
			// the rows marked inserted are the patch's fences
			var inserted, patched []string
			for _, row := range strings.Split(table, "\n") {
				if f := strings.Fields(row); len(f) > 0 && f[len(f)-1] == "inserted" {
					inserted = append(inserted, f[0])
				}
			}
			diff, _ := os.ReadFile("fix.diff")
			for _, l := range strings.Split(string(diff), "\n") {
				for _, m := range regexp.MustCompile(`lsl_fence\("([a-z-]+)"\)`).FindAllStringSubmatch(l, -1) {
					if fenceLine.MatchString(l) {
						patched = append(patched, m[1])
					}
				}
			}
			slices.Sort(inserted)
			slices.Sort(patched)
			if !slices.Equal(inserted, patched) {
				t.Errorf("rows marked inserted %v, the patch inserts %v\n%s", inserted, patched, diff)
			}
			if _, err := exec.LookPath("patch"); err != nil {
				return
			}
			if out, err := exec.Command("patch", "-p1", "--batch", "-i", "fix.diff").CombinedOutput(); err != nil {
				t.Fatalf("patch -p1: %v\n%s", err, out)
			}
			code, out, _ = runCmd(t, "fences", "--json", "--no-cache", "--model", tc.models, base+".c", base+".tests")
			needed := map[string]bool{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var rec struct {
					Pos, Kind, Verdict string
					Needed             *bool
				}
				json.Unmarshal([]byte(line), &rec)
				if rec.Needed != nil {
					needed[rec.Kind+" at "+rec.Pos] = needed[rec.Kind+" at "+rec.Pos] || *rec.Needed
				} else if rec.Verdict != "pass" {
					t.Errorf("patched: %s", line)
				}
			}
			if code != exitPass || len(needed) != len(patched) {
				t.Errorf("patched: status %d, fences %v, want the %d inserted\n%s", code, needed, len(patched), out)
			}
			for f, n := range needed {
				if !n {
					t.Errorf("patched: no model needs the %s", f)
				}
			}
		})
	}
}

// The side-by-side table of several models says "none" for a model with
// no placement, not a cost of 0 (which says no fence is needed): the two
// stores of message passing are written by one macro, so no slot lies
// between them, and pso, which reorders them, has no placement; tso
// needs no fence.
func TestFencesInferSideBySideNone(t *testing.T) {
	cf, tf := writeInputs(t, `#include "lsl_protos.h"
int x, y;
#define PUB(a, b) do { a = 1; b = 1; } while (0)
void w(void) { PUB(x, y); }
void r(void) { int a = y; if (a) { lsl_fence("load-load"); int b = x; lsl_observe_output("b", b); } }
`, "test MP = ( w | r )\n")
	code, out, errs := runCmd(t, "fences", "--infer", "--no-cache", "--model", "tso,pso", cf, tf)
	if code != exitFail {
		t.Fatalf("status %d, want %d; stderr %s\n%s", code, exitFail, errs, out)
	}
	var cost string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "cost ") {
			cost = strings.Join(strings.Fields(line), " ")
		}
	}
	if cost != "cost 0 none" {
		t.Errorf("cost row %q, want \"cost 0 none\"\n%s", cost, out)
	}
}
