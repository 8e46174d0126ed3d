//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A header that two files reach by different paths is one place for
// fences (SEMANTICS.md, "Fence placement"): publish in h.h, called by
// send in a.c and send2 in b.c, needs one store-store fence on pso, cost
// 1, whatever the spelling; the patch edits h.h once, so that patch -p1
// applies it (testdata/slotpaths: infer.txt, fix.diff; DIR is the
// working directory), and fences lists the fence once after.
func TestFencesOneSlotPerPlace(t *testing.T) {
	figures := regexp.MustCompile(`\(\d+ rounds?, \d+ checks?; [^)]*\)`)
	wantOut, err := os.ReadFile("testdata/slotpaths/infer.txt")
	if err != nil {
		t.Fatal(err)
	}
	wantDiff, err := os.ReadFile("testdata/slotpaths/fix.diff")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range []string{"a.c", "b.c", "h.h", "t.tests"} {
		if files[f], err = os.ReadFile(filepath.Join("testdata/slotpaths", f)); err != nil {
			t.Fatal(err)
		}
	}
	setup := func(include string) string {
		dir := t.TempDir()
		for f, text := range files {
			if f == "b.c" {
				text = []byte(strings.Replace(string(text), `#include "h.h"`, "#include "+include, 1))
			}
			if err := os.WriteFile(filepath.Join(dir, f), text, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		os.Mkdir(filepath.Join(dir, "other"), 0o755)
		os.Symlink("h.h", filepath.Join(dir, "hl.h"))
		os.Symlink(".", filepath.Join(dir, "inc"))
		os.Symlink("../h.h", filepath.Join(dir, "other", "h.h"))
		t.Chdir(dir)
		return dir
	}
	for _, c := range []struct {
		include string
		args    []string // DIR for the working directory
	}{
		{`"h.h"`, []string{"DIR/a.c", "b.c"}},
		{`"h.h"`, []string{"a.c", "DIR/b.c"}},
		{"<h.h>", []string{"-I", "DIR", "a.c", "b.c"}},
		{`"./h.h"`, []string{"a.c", "b.c"}},
		{`"hl.h"`, []string{"a.c", "b.c"}},
		{`"inc/h.h"`, []string{"a.c", "b.c"}},
		{`"other/h.h"`, []string{"a.c", "b.c"}},
	} {
		dir := setup(c.include)
		args := []string{"fences", "--infer", "--no-cache", "--model", "pso", "--patch", "fix.diff"}
		for _, a := range c.args {
			args = append(args, strings.Replace(a, "DIR", dir, 1))
		}
		code, out, errs := runCmd(t, append(args, "t.tests")...)
		diff, _ := os.ReadFile("fix.diff")
		if code != exitPass || !strings.Contains(out, "placement on pso: 1 fence added, cost 1, optimal") || string(diff) != string(wantDiff) {
			t.Errorf("%s %v: status %d, stderr %s\n%s\n%s", c.include, c.args, code, errs, out, diff)
		}
		if c.args[0] == "DIR/a.c" {
			if got := figures.ReplaceAllString(strings.ReplaceAll(out, dir, "DIR"), "(figures)"); got != string(wantOut) {
				t.Errorf("output differs from testdata/slotpaths/infer.txt:\n%s", got)
			}
		}
	}

	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch command")
	}
	dir := setup(`"h.h"`)
	code, _, errs := runCmd(t, "fences", "--infer", "--no-cache", "--model", "pso", "--patch", "fix.diff", filepath.Join(dir, "a.c"), "b.c", "t.tests")
	if out, err := exec.Command("patch", "-p1", "--batch", "-i", "fix.diff").CombinedOutput(); code != exitPass || err != nil {
		t.Fatalf("status %d, stderr %s; patch -p1: %v\n%s", code, errs, err, out)
	}
	code, out, errs := runCmd(t, "fences", "--no-cache", "--model", "pso", filepath.Join(dir, "a.c"), "b.c", "t.tests")
	var verdicts []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "needed") || strings.HasPrefix(l, "not needed") {
			verdicts = append(verdicts, strings.ReplaceAll(l, dir, "DIR"))
		}
	}
	want := "needed       store-store fence at DIR/h.h:6:5: without it, T0 fails on pso"
	if code != exitPass || len(verdicts) != 1 || verdicts[0] != want {
		t.Errorf("fences after the patch: status %d, stderr %s; verdicts %q, want [%q]\n%s", code, errs, verdicts, want, out)
	}
}
