package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the bundled report (examples/c/report)")

// browser returns a headless Chromium, or skips the test saying so on
// standard error (go test hides t.Skip's message without -v).
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	fmt.Fprintf(os.Stderr, "%s: SKIPPED: no Chromium to render the HTML report (apt-get install chromium)\n", t.Name())
	t.Skip("no Chromium")
	return ""
}

// TestHTMLReportInBrowser writes the HTML report of message passing on
// relaxed with check --html, loads it from disk in headless Chromium and
// checks the rendered page: the cause's two fences (a store-store fence
// in the writer, a load-load fence in the reader: flag=1 data=0 needs
// both reorderings), the threads with their C source lines, the memory
// order, and links that all lead somewhere on the page.
func TestHTMLReportInBrowser(t *testing.T) {
	chrome := browser(t)
	dir := t.TempDir()
	dotFile := filepath.Join(dir, "mp.dot")
	code, _, errs := runCmd(t, "check", "--model", "relaxed", "--html", dir, "--dot", dotFile, "../../examples/c/mp.c", "../../examples/c/mp.tests")
	if code != exitFail {
		t.Fatalf("status %d, want %d: %s", code, exitFail, errs)
	}
	page := filepath.Join(dir, "T0-relaxed.html")
	if _, err := os.Stat(page); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chrome, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+page)
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	text := string(dom)
	for _, want := range []string{
		"counterexample for T0 on relaxed",
		"recv(flag=1 data=0)",
		"a store-store fence before the store at <code>../../examples/c/mp.c:12:10</code>",
		"a load-load fence after the load at <code>../../examples/c/mp.c:17:13</code>",
		"thread 0", "thread 1", "send#1", "recv#1",
		"flag = 1;",     // the C source line of the store of the flag
		"int d = data;", // and of the load of the data
		`id="m6"`,       // six events in memory order
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered page lacks %q", want)
		}
	}
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(text, -1) {
		ids[m[1]] = true
	}
	links := regexp.MustCompile(` href="#([^"]+)"`).FindAllStringSubmatch(text, -1)
	if len(links) < 10 {
		t.Errorf("only %d links in the page", len(links))
	}
	for _, m := range links {
		if !ids[m[1]] {
			t.Errorf("link to #%s leads nowhere", m[1])
		}
	}
	if !strings.Contains(text, `class="cause"`) {
		t.Error("nothing is marked as the cause")
	}
	if dot, err := os.ReadFile(dotFile); err != nil || !strings.Contains(string(dot), `[color=red, penwidth=2, label="went first"]`) {
		t.Errorf("the DOT file lacks the cause's edge (%v)", err)
	}
}

// TestBundledReport keeps the report the README links to
// (examples/c/report: the HTML page and the DOT graph of message passing
// on relaxed) equal to what check --html and --dot write now; -update
// rewrites it.
func TestBundledReport(t *testing.T) {
	t.Chdir("../..") // the README's paths are from the repository's root
	dir := t.TempDir()
	code, _, errs := runCmd(t, "check", "--model", "relaxed", "--html", dir, "--dot", filepath.Join(dir, "mp.dot"), "examples/c/mp.c", "examples/c/mp.tests")
	if code != exitFail {
		t.Fatalf("status %d, want %d: %s", code, exitFail, errs)
	}
	for _, name := range []string{"T0-relaxed.html", "mp.dot"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("examples/c/report", name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s differs from what check writes now (go test ./cmd/checkfence -run TestBundledReport -update)", path)
		}
	}
}

// TestReportOfEachTest: --html writes TEST-MODEL.html for each failing or
// inconclusive test and model checked, and --dot a digraph named after
// both, also when the mining under serial ends the check (its execution
// is drawn under each model, saying so) and when there is no execution
// to draw (a value limit, a timeout: the page and the graph say why).
func TestReportOfEachTest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		code  int
		pages map[string][]string // page: what it says
		none  []string            // pages not written
		dot   []string            // the digraphs, in order
	}{
		{"a failure under serial", []string{"--model", "sc,tso", "--test", "D", "testdata/divptr.c", "testdata/divptr.tests"}, exitFail,
			map[string][]string{
				"D-sc.html":  {"counterexample for D on sc (under serial)", "The failure happens under serial already", "sc is not checked"},
				"D-tso.html": {"counterexample for D on tso (under serial)", "tso is not checked"},
			}, []string{"D-serial.html"}, []string{"D on sc (under serial)", "D on tso (under serial)"}},
		{"a failure on serial", []string{"--model", "serial", "--test", "D", "testdata/divptr.c", "testdata/divptr.tests"}, exitFail,
			map[string][]string{"D-serial.html": {"counterexample for D on serial</h1>"}}, nil, []string{"D on serial"}},
		{"a loop past its bound under serial", []string{"--model", "sc", "--max-unroll", "3", "testdata/waitstore.c", "testdata/waitstore.tests"}, exitInconclusive,
			map[string][]string{"W-sc.html": {"W on sc (under serial): an execution that runs loop", "past its bound under serial", "sc is checked for errors only"}},
			[]string{"W-serial.html"}, []string{"W on sc (under serial)"}},
		{"an error without a specification", []string{"--model", "relaxed", "--max-unroll", "3", "--test", "L", "testdata/spincount.c", "testdata/spincount.tests"}, exitFail,
			map[string][]string{"L-relaxed.html": {"counterexample for L on relaxed</h1>", "No specification: under serial", "relaxed is checked for errors only"}},
			[]string{"L-serial.html"}, []string{"L on relaxed"}},
		{"a timeout", []string{"--model", "sc,tso", "--timeout", "1ns", "testdata/divptr.c", "testdata/divptr.tests"}, exitInconclusive,
			map[string][]string{
				"D-sc.html": {"<h1>D on sc: inconclusive</h1>", "not decided within 1ns"}, "D-tso.html": {"D on tso: inconclusive"},
				"D2-sc.html": {"D2 on sc: inconclusive"}, "D2-tso.html": {"D2 on tso: inconclusive"},
			}, nil, []string{"D on sc", "D on tso", "D2 on sc", "D2 on tso"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			dotFile := filepath.Join(dir, "g.dot")
			args := append([]string{"check", "--no-cache", "--html", dir, "--dot", dotFile}, tc.args...)
			if code, out, errs := runCmd(t, args...); code != tc.code {
				t.Fatalf("status %d, want %d\n%s%s", code, tc.code, out, errs)
			}
			for page, wants := range tc.pages {
				b, err := os.ReadFile(filepath.Join(dir, page))
				if err != nil {
					t.Error(err)
					continue
				}
				for _, w := range wants {
					if !strings.Contains(string(b), w) {
						t.Errorf("%s lacks %q:\n%s", page, w, b)
					}
				}
			}
			for _, page := range tc.none {
				if _, err := os.Stat(filepath.Join(dir, page)); err == nil {
					t.Errorf("%s written", page)
				}
			}
			dot, err := os.ReadFile(dotFile)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, m := range regexp.MustCompile(`(?m)^digraph "([^"]*)" \{$`).FindAllStringSubmatch(string(dot), -1) {
				names = append(names, m[1])
			}
			if strings.Join(names, "; ") != strings.Join(tc.dot, "; ") {
				t.Errorf("digraphs %q, want %q", names, tc.dot)
			}
		})
	}
}

// TestInconclusiveReportGolden: the page and the graph of a test with no
// execution to draw (a choice too wide for the range analysis), on two
// models.
func TestInconclusiveReportGolden(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCmd(t, "check", "--no-cache", "--model", "sc,tso", "--html", dir, "--dot", filepath.Join(dir, "widechoice.dot"), "testdata/widechoice.c", "testdata/widechoice.tests")
	if code != exitInconclusive {
		t.Fatalf("status %d, want %d: %s", code, exitInconclusive, errs)
	}
	for got, want := range map[string]string{"W-sc.html": "widechoice-sc.html", "widechoice.dot": "widechoice.dot"} {
		g, err := os.ReadFile(filepath.Join(dir, got))
		if err != nil {
			t.Fatal(err)
		}
		w, err := os.ReadFile(filepath.Join("testdata", want))
		if err != nil {
			t.Fatal(err)
		}
		if string(g) != string(w) {
			t.Errorf("%s:\n%s\nwant (testdata/%s):\n%s", got, g, want, w)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "W-tso.html")); err != nil {
		t.Error(err)
	}
}
