package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// valueLimitSrc has operations whose values the range analysis cannot
// track (big: a product of more than 4096 values; wide: a choice of
// 100001 values) or the encoder cannot tabulate (pair: 301*301 operand
// combinations), beside small ones and one that fails under serial.
var valueLimitSrc = []string{
	"int x;",
	`void ok(void) { x = 1; lsl_observe_output("v", x); }`,
	`void big(void) { x = lsl_choose(0, 1000); x = x * x * x; lsl_observe_output("v", x); }`,
	`void wide(void) { x = lsl_choose(0, 100000); lsl_observe_output("v", x); }`,
	`void pair(void) { int a = lsl_choose(0, 300); int b = lsl_choose(0, 300); x = a & b; lsl_observe_output("v", x); }`,
	`void bad(void) { int y = 5; int z = y / 0; lsl_observe_output("v", z); }`,
}

const valueLimitTests = "test A = ( ok )\ntest Bg = ( big )\ntest C = ( ok | ok )\ntest W = ( wide )\ntest P = ( pair )\ntest D = ( bad )\n"

// at is the position "file:line:col" of the first occurrence of what in
// line (1-based) of valueLimitSrc. In big it is the first '*': the
// analysis does not relate the operands of x * x, so their products are
// every product of two of x's 1001 values.
func at(file string, line int, what string) string {
	return fmt.Sprintf("%s:%d:%d", file, line, strings.Index(valueLimitSrc[line-1], what)+1)
}

// A test whose values are too many for the range analysis or the encoder
// has reached a limit of the tool, not made its input invalid: it is
// inconclusive (CLI.md, status 3), saying where and why, and the tests
// after it are still checked; a failing test still gives status 1.
func TestValueLimitIsInconclusive(t *testing.T) {
	cf, tf := writeInputs(t, strings.Join(valueLimitSrc, "\n")+"\n", valueLimitTests)
	bigAt, wideAt, pairAt := at(cf, 3, "*"), at(cf, 4, "lsl_choose"), at(cf, 5, "&")
	for _, tc := range []struct {
		args []string
		code int
		// verdicts by test, and what the inconclusive one's reason says
		verdicts map[string]string
		reason   []string
	}{
		{[]string{"check", "--model", "sc", "--test", "A", "--test", "Bg", "--test", "C"}, exitInconclusive,
			map[string]string{"A": "pass", "Bg": "inconclusive", "C": "pass"}, []string{bigAt, "test Bg", "more than 4096 values"}},
		{[]string{"check", "--model", "sc", "--test", "W", "--test", "C"}, exitInconclusive,
			map[string]string{"W": "inconclusive", "C": "pass"}, []string{wideAt, "test W", "range too large", "4096 values"}},
		{[]string{"check", "--model", "sc", "--test", "P", "--test", "C"}, exitInconclusive,
			map[string]string{"P": "inconclusive", "C": "pass"}, []string{pairAt, "90601 combinations"}},
		{[]string{"check", "--model", "sc,relaxed", "--test", "Bg", "--test", "D"}, exitFail,
			map[string]string{"Bg": "inconclusive", "D": "fail"}, []string{bigAt}},
		{[]string{"mine", "--test", "A", "--test", "Bg", "--test", "W", "--test", "C"}, exitInconclusive,
			map[string]string{"A": "pass", "Bg": "inconclusive", "W": "inconclusive", "C": "pass"}, []string{bigAt, wideAt}},
		{[]string{"fences", "--model", "sc", "--test", "Bg", "--test", "C"}, exitInconclusive, nil, []string{bigAt, "Bg"}},
		{[]string{"fences", "--model", "sc", "--test", "Bg", "--test", "D"}, exitFail, nil, []string{bigAt, "Bg"}},
		{[]string{"fences", "--model", "sc", "--test", "P", "--test", "C"}, exitInconclusive, nil, []string{pairAt, "P"}},
		{[]string{"fences", "--infer", "--model", "sc", "--test", "Bg", "--test", "C"}, exitInconclusive, nil, []string{bigAt, "Bg"}},
		{[]string{"fences", "--infer", "--model", "sc", "--test", "Bg", "--test", "D"}, exitFail, nil, nil},
	} {
		for _, jsonOut := range []bool{false, true} {
			args := append([]string{tc.args[0], "--no-cache"}, tc.args[1:]...)
			if jsonOut {
				args = append(args, "--json")
			}
			name := strings.Join(args, " ")
			code, out, errs := runCmd(t, append(args, cf, tf)...)
			if code != tc.code {
				t.Errorf("%s: status %d, want %d\nstdout:\n%s\nstderr:\n%s", name, code, tc.code, out, errs)
				continue
			}
			for _, w := range tc.reason {
				if !strings.Contains(out, w) {
					t.Errorf("%s: stdout lacks %q:\n%s", name, w, out)
				}
			}
			if tc.verdicts == nil {
				continue
			}
			got := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				if !jsonOut {
					if f := strings.Fields(line); len(f) > 2 && f[2] == "on" {
						got[f[1]] = f[0]
					}
					continue
				}
				var rec map[string]any
				if err := json.Unmarshal([]byte(line), &rec); err != nil {
					t.Fatalf("%s: %v: %s", name, err, line)
				}
				test, _ := rec["test"].(string)
				got[test], _ = rec["verdict"].(string)
				if rec["verdict"] != "inconclusive" {
					continue
				}
				// CLI.md's fields, and the reason as for the other limits
				detail, _ := rec["detail"].(string)
				_, stats := rec["stats"].(map[string]any)
				if rec["reason"] != "value limit" || !strings.Contains(detail, cf+":") || rec["spec_size"] != 0.0 || !stats || rec["model"] == nil {
					t.Errorf("%s: record %v", name, rec)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.verdicts) {
				t.Errorf("%s: verdicts %v, want %v\n%s", name, got, tc.verdicts, out)
			}
		}
	}
}

// Input that is invalid stays bad input (status 2), limits or not: an
// empty lsl_choose range is no test too large.
func TestEmptyChoiceStaysBadInput(t *testing.T) {
	cf, tf := writeInputs(t, "int x;\nvoid f(void) { x = lsl_choose(3, 1); lsl_observe_output(\"v\", x); }\n", "test T = ( f )\n")
	code, out, errs := runCmd(t, "check", "--no-cache", "--model", "sc", cf, tf)
	if code != exitUsage || !strings.Contains(errs, cf+":2:") {
		t.Errorf("status %d, want 2; stdout %s; stderr %s", code, out, errs)
	}
}

// bench goes on past a test that reaches a value limit: its row is
// inconclusive, which differs from no verdict of the table (status 3, as
// a timed-out row), and the message says where.
func TestBenchValueLimit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "vl")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"vl.c":         strings.Join(valueLimitSrc, "\n") + "\n",
		"vl.tests":     valueLimitTests,
		"expected.tsv": "file\ttest\tmodel\tverdict\tquick\treason\nvl.c\tA\tsc\tpass\tyes\t-\nvl.c\tBg\tsc\tpass\tyes\t-\nvl.c\tC\tsc\tpass\tyes\t-\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runCmd(t, "bench", "--model", "sc", "--files", "all", dir)
	if code != exitInconclusive {
		t.Errorf("status %d, want 3; stderr %s\n%s", code, errs, out)
	}
	for _, w := range []string{" A ", " C ", " inconclusive "} {
		if !strings.Contains(out, w) {
			t.Errorf("stdout lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "!=") {
		t.Errorf("an inconclusive row is no mismatch:\n%s", out)
	}
	if !strings.Contains(errs, at(filepath.Join(dir, "vl.c"), 3, "*")) {
		t.Errorf("stderr lacks the position of the limit: %s", errs)
	}
	code, out, errs = runCmd(t, "bench", "--json", "--model", "sc", "--files", "all", dir)
	var recs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s (stderr %s)", err, line, errs)
		}
		recs = append(recs, rec)
	}
	if code != exitInconclusive || len(recs) != 3 || recs[1]["verdict"] != "inconclusive" || recs[1]["reason"] != "value limit" || recs[2]["verdict"] != "pass" {
		t.Errorf("--json: status %d, records %v", code, recs)
	}
}

// A loop whose later iterations have more values than the range analysis
// tracks ends the lazy unrolling as a loop at --max-unroll does: a failure
// within the bounds reached before is still found (every execution of
// early fails its first assertion, g being 0), and only a test without one
// is inconclusive. late fails only in the eighth iteration, beyond the
// limit, so it stays inconclusive too.
func TestFailureBeforeValueLimit(t *testing.T) {
	src := `#include "lsl_protos.h"
int g;
void i(void) { g = 0; }
void early(void) {
  lsl_assert(g == 1);
  int x = 0;
  for (int k = 0; k < 8; k++) x = x * 4 + lsl_choose(0, 3);
  lsl_observe_output("x", x);
}
void none(void) {
  int x = 0;
  for (int k = 0; k < 8; k++) x = x * 4 + lsl_choose(0, 3);
  lsl_observe_output("x", x);
}
void late(void) {
  int x = 0;
  for (int k = 0; k < 8; k++) { x = x * 4 + lsl_choose(0, 3); if (k == 7) lsl_assert(x < 0); }
  lsl_observe_output("x", x);
}
`
	cf, tf := writeInputs(t, src, "test E = i ( early )\ntest N = i ( none )\ntest L = i ( late )\n")
	for _, tc := range []struct {
		args []string
		test string
		code int
		want string
	}{
		{[]string{"check", "--model", "sc"}, "E", exitFail, "fail         E on sc"},
		{[]string{"check", "--model", "relaxed"}, "E", exitFail, "fail         E on relaxed"},
		{[]string{"mine"}, "E", exitFail, "fail         E on serial"},
		{[]string{"check", "--model", "sc"}, "N", exitInconclusive, "inconclusive N on sc"},
		{[]string{"check", "--model", "sc"}, "L", exitInconclusive, "inconclusive L on sc"},
		{[]string{"mine"}, "L", exitInconclusive, "inconclusive L on serial"},
	} {
		args := append([]string{tc.args[0], "--no-cache", "--test", tc.test}, tc.args[1:]...)
		code, out, errs := runCmd(t, append(args, cf, tf)...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("%s: status %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, tc.code, tc.want, out, errs)
		}
	}
}
