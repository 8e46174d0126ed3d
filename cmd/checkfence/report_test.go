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
