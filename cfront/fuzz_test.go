package cfront

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzCompile feeds arbitrary C to the front end: it must never panic (a
// recovered panic shows as an internal error) and every error must carry
// a position.
func FuzzCompile(f *testing.F) {
	var seeds []string
	for _, pat := range []string{"testdata/diff/*.c", "testdata/golden/*.c", sharedExamples + "/*.c", sharedExamples + "/*/*/*.c"} {
		m, _ := filepath.Glob(pat)
		seeds = append(seeds, m...)
	}
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err == nil {
			f.Add(string(b))
		}
	}
	f.Add("int f(int x) { switch (x) { case 1: goto l; default: l: return 2; } }")
	f.Fuzz(func(t *testing.T, src string) {
		start := time.Now()
		prog, err := CompileSources([]Source{{Name: "fuzz.c", Text: src}}, Options{})
		if d := time.Since(start); d > 20*time.Second {
			t.Fatalf("took %v\ninput:\n%s", d, src)
		}
		if err != nil {
			if strings.Contains(err.Error(), "cfront internal error") {
				t.Fatalf("%v\ninput:\n%s", err, src)
			}
			for _, e := range AsErrorList(err) {
				if e.Pos.File == "" {
					t.Errorf("error without a file: %v", e)
				}
			}
			return
		}
		_ = prog.String()
	})
}
