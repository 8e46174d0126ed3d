package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sharedLitmus = "../../../shared/litmus"

// TestLitmusCorpus runs the whole corpus under all five models through the
// command line and compares every verdict with expected.tsv, whose
// verdicts come from herd7 and from exhaustive enumeration of the axioms.
func TestLitmusCorpus(t *testing.T) {
	if _, err := os.Stat(sharedLitmus); err != nil {
		t.Skipf("no litmus corpus: %v", err)
	}
	checkLitmusDir(t, sharedLitmus, 45)
}

// TestBundledLitmus checks the examples the README runs. Their verdicts
// follow from SEMANTICS.md: message passing needs store-store and
// load-load order (lost on pso, rmo and relaxed); the fenced and the
// full-fenced variants are forbidden everywhere.
func TestBundledLitmus(t *testing.T) {
	checkLitmusDir(t, "../../examples/litmus", 3)
}

func checkLitmusDir(t *testing.T, dir string, n int) {
	tsv, err := os.ReadFile(filepath.Join(dir, "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	expected := map[[2]string]string{}
	lines := strings.Split(strings.TrimSpace(string(tsv)), "\n")
	header := strings.Split(lines[0], "\t")
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		for i, m := range header[1:] {
			expected[[2]string{f[0], m}] = f[i+1]
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.litmus"))
	if more, _ := filepath.Glob(filepath.Join(dir, "tests", "*.litmus")); len(more) > 0 {
		files = more
	}
	if len(files) != n {
		t.Fatalf("found %d litmus files, want %d", len(files), n)
	}
	var stdout, stderr bytes.Buffer
	args := append([]string{"checkfence", "litmus", "--model", "all", "--json"}, files...)
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr.String())
	}
	seen := 0
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var rec struct{ Test, Model, Verdict string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		want, ok := expected[[2]string{rec.Test, rec.Model}]
		if !ok {
			t.Errorf("%s %s: not in expected.tsv", rec.Test, rec.Model)
			continue
		}
		seen++
		if rec.Verdict != want {
			t.Errorf("%s on %s: %s, expected %s", rec.Test, rec.Model, rec.Verdict, want)
		}
	}
	if seen != n*5 {
		t.Errorf("checked %d verdicts, want %d", seen, n*5)
	}
}

func TestLitmusExitStatus(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.litmus")
	os.WriteFile(bad, []byte("X86 bad\n{ }\n P0 ;\n ADD EAX,$1 ;\nexists (0:EAX=1)\n"), 0o644)
	good := filepath.Join(sharedLitmus, "tests", "SB.litmus")
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"ok", []string{"litmus", good}, 0, ""},
		{"malformed", []string{"litmus", bad}, 2, bad + ":4:2: "},
		{"missing file", []string{"litmus", filepath.Join(dir, "none.litmus")}, 2, "none.litmus"},
		{"no files", []string{"litmus"}, 2, "no litmus files"},
		{"unknown model", []string{"litmus", "--model", "power", good}, 2, "unknown memory model"},
		{"unknown flag", []string{"litmus", "--frobnicate", good}, 2, "frobnicate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(good); err != nil {
				t.Skip("no litmus corpus")
			}
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"checkfence"}, tc.args...), &stdout, &stderr)
			if code != tc.status {
				t.Errorf("status %d, want %d (stderr %q)", code, tc.status, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), tc.stderr)
			}
		})
	}
}

// An inconclusive litmus record has the fields CLI.md lists for litmus,
// "outcomes" among them (none enumerated: empty), and a timeout names the
// phase the test was in.
func TestLitmusInconclusiveJSON(t *testing.T) {
	code, out, errs := runCmd(t, "litmus", "--timeout", "1ns", "--json", "../../examples/litmus/dekker-entry.litmus")
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v: %q (stderr %q)", err, out, errs)
	}
	outcomes, ok := rec["outcomes"].([]any)
	if code != exitInconclusive || rec["verdict"] != "inconclusive" || rec["test"] != "dekker-entry" || rec["model"] != "relaxed" || !ok || len(outcomes) != 0 {
		t.Errorf("status %d, record %v", code, rec)
	}
	if phase, _ := rec["phase"].(string); !strings.HasPrefix(phase, "dekker-entry on relaxed: encoding") {
		t.Errorf("phase %q, want the encoding of dekker-entry on relaxed", rec["phase"])
	}
}
