package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// twoTests writes a test file of two message-passing tests, so that a
// test after a cache failure is seen to run.
func twoTests(t *testing.T) string {
	f := filepath.Join(t.TempDir(), "two.tests")
	if err := os.WriteFile(f, []byte("test T0 = init ( send | recv )\ntest T1 = init ( recv | send )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// verdicts returns test → verdict and spec size of JSON Lines output.
func verdicts(t *testing.T, out string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %q", err, l)
		}
		m[r["test"].(string)] = r["verdict"].(string) + " " + string(must(json.Marshal(r["spec_size"])))
	}
	return m
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestCacheUnwritableWarns: a cache that cannot be written is one warning
// on standard error, with or without --json, and every test is checked
// with the verdicts and status of a run without a cache (CLI.md).
func TestCacheUnwritableWarns(t *testing.T) {
	tfile := twoTests(t)
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{"../../examples/c/mp.c", tfile}
	wantCode, wantOut, _ := runCmd(t, append([]string{"check", "--json", "--no-cache"}, files...)...)
	want := verdicts(t, wantOut)
	if wantCode != exitFail || len(want) != 2 {
		t.Fatalf("without a cache: status %d, %v", wantCode, want)
	}
	for _, tc := range []struct {
		name  string
		flags []string
		home  bool // HOME and XDG_CACHE_HOME name a regular file
	}{
		{"--cache under a file", []string{"--cache", filepath.Join(file, "sub")}, false},
		{"--cache a file", []string{"--cache", file}, false},
		{"user cache under a file", nil, true},
	} {
		for _, js := range []bool{false, true} {
			t.Run(tc.name+map[bool]string{true: " --json"}[js], func(t *testing.T) {
				if tc.home {
					t.Setenv("HOME", file)
					t.Setenv("XDG_CACHE_HOME", file)
				}
				args := append([]string{"check"}, tc.flags...)
				if js {
					args = append(args, "--json")
				}
				code, out, errs := runCmd(t, append(args, files...)...)
				if code != wantCode {
					t.Errorf("status %d, want %d; stderr:\n%s", code, wantCode, errs)
				}
				if n := strings.Count(errs, "checkfence: warning:"); n != 1 || !strings.Contains(errs, "checkfence: warning: cannot write the observation-set cache") {
					t.Errorf("%d warnings, want 1 of the cache; stderr:\n%s", n, errs)
				}
				if js {
					if got := verdicts(t, out); len(got) != 2 || got["T0"] != want["T0"] || got["T1"] != want["T1"] {
						t.Errorf("verdicts %v, want %v", got, want)
					}
				} else if !strings.Contains(out, "fail         T0 on relaxed") || !strings.Contains(out, "T1 on relaxed") {
					t.Errorf("output lacks a verdict:\n%s", out)
				}
			})
		}
	}
}

// TestCacheTamperedEntry: an entry edited to allow the failing outcome
// does not hide the failure; --progress says why it is ignored.
func TestCacheTamperedEntry(t *testing.T) {
	dir := t.TempDir()
	args := []string{"check", "--cache", dir, "../../examples/c/mp.c", "../../examples/c/mp.tests"}
	if code, _, errs := runCmd(t, args...); code != exitFail {
		t.Fatalf("status %d; stderr:\n%s", code, errs)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(entries) != 1 {
		t.Fatalf("entries %v", entries)
	}
	b, err := os.ReadFile(entries[0])
	if err != nil {
		t.Fatal(err)
	}
	// the outcome flag=1 data=42 becomes the failing flag=1 data=0
	bad := strings.Replace(string(b), `"Val": "42"`, `"Val": "0"`, 1)
	if bad == string(b) {
		t.Fatalf("no value 42 in the entry:\n%s", b)
	}
	if err := os.WriteFile(entries[0], []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, append([]string{"check", "--progress"}, args[1:]...)...)
	if code != exitFail || !strings.HasPrefix(out, "fail ") || strings.Contains(out, "cached") {
		t.Errorf("status %d, output:\n%s", code, out)
	}
	if !strings.Contains(errs, "T0: cached observation set ignored (its checksum does not match its content)") {
		t.Errorf("no note of the ignored entry; stderr:\n%s", errs)
	}
}
