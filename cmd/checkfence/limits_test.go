package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"4GiB", 4 << 30}, {"500MiB", 500 << 20}, {"2G", 2 << 30}, {"1.5gib", 3 << 29},
		{"4 GiB", 4 << 30}, {"4GB", 4e9}, {"100kb", 1e5}, {"64k", 64 << 10}, {"1048576", 1 << 20}, {"12B", 12},
	} {
		got, err := parseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "GiB", "4XB", "-1G", "1e3", "0.1", "99999999999TiB"} {
		if n, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", in, n)
		}
	}
}

// A test too large for the budget stops with the encoder's message (not
// an internal error, and quickly), on every command that encodes; a size
// that does not parse is a usage error.
func TestMaxMemoryFlag(t *testing.T) {
	dir := t.TempDir()
	cf := filepath.Join(dir, "ops.c")
	os.WriteFile(cf, []byte("int x, y;\nvoid f(void) { x = 1; int a = y; lsl_observe_output(\"a\", a); }\nvoid g(void) { y = 1; int b = x; lsl_observe_output(\"b\", b); }\n"), 0o644)
	tf := filepath.Join(dir, "ops.tests")
	// three threads: the memory order of two kept in program order is an
	// interleaving (encode/interleave.go), much smaller than triangles
	os.WriteFile(tf, []byte("test Big = ( "+strings.Repeat("f ", 40)+"| "+strings.Repeat("g ", 40)+"| "+strings.Repeat("f ", 40)+")\n"), 0o644)
	var lit strings.Builder
	lit.WriteString("X86 BigLit\n{\n}\n P0 | P1 ;\n")
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&lit, " MOV [x],$%d | MOV EAX,[x] ;\n", i%2+1)
	}
	lit.WriteString("exists (x=1)\n")
	lf := filepath.Join(dir, "big.litmus")
	os.WriteFile(lf, []byte(lit.String()), 0o644)

	for _, args := range [][]string{
		{"check", "--no-cache", "--max-memory", "4MiB", cf, tf},
		{"mine", "--no-cache", "--max-memory", "4MiB", cf, tf},
		{"fences", "--no-cache", "--max-memory", "4MiB", cf, tf},
		{"litmus", "--max-memory", "4MiB", lf},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"checkfence"}, args...), &stdout, &stderr)
		// a limit reached: inconclusive, on standard output, and the
		// run goes on
		if code != exitInconclusive || !strings.Contains(stdout.String(), "inconclusive") {
			t.Errorf("%s: status %d, want 3; stdout %s; stderr %s", args[0], code, stdout.String(), stderr.String())
		}
		test := "Big"
		if args[0] == "litmus" {
			test = "BigLit"
		}
		for _, w := range []string{"test " + test + " is too large to encode within the memory budget of 4.0 MiB", "the memory order needs ~", "triangles", "--max-memory"} {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("%s: stdout lacks %q: %s", args[0], w, stdout.String())
			}
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"checkfence", "check", "--max-memory", "4XB", cf, tf}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `--max-memory: "4XB" is not a size`) {
		t.Errorf("bad size: status %d; stderr %s", code, stderr.String())
	}
}
