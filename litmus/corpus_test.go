package litmus

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"checkfence/lsl"
)

// corpusDir returns the directory of the shared litmus corpus, skipping the
// test when the checkout has no ../shared beside it.
func corpusDir(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(wd, "..", "..", "shared", "litmus")
	if _, err := os.Stat(filepath.Join(dir, "tests")); os.IsNotExist(err) {
		t.Skipf("no litmus corpus at %s", dir)
	}
	return dir
}

// corpus reads the corpus's test files, by base name.
func corpus(t testing.TB) map[string][]byte {
	t.Helper()
	dir := filepath.Join(corpusDir(t), "tests")
	names, err := filepath.Glob(filepath.Join(dir, "*.litmus"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(n)] = src
	}
	return files
}

// TestCorpusParses parses and translates every corpus file; each names
// itself as its file does and is a row of expected.tsv.
func TestCorpusParses(t *testing.T) {
	files := corpus(t)
	if len(files) != 45 {
		t.Errorf("corpus has %d files, README.md says 45", len(files))
	}
	var names []string
	for base, src := range files {
		f, err := Parse(base, src)
		if err != nil {
			t.Errorf("Parse: %v", err)
			continue
		}
		if want := strings.TrimSuffix(base, ".litmus"); f.Name != want {
			t.Errorf("%s: name %q, want %q", base, f.Name, want)
		}
		if f.Cond.Quant != Exists {
			t.Errorf("%s: quantifier %v, every corpus test uses exists", base, f.Cond.Quant)
		}
		lt, err := f.Test()
		if err != nil {
			t.Errorf("%s: Test: %v", base, err)
			continue
		}
		if err := lsl.ValidateTest(lt); err != nil {
			t.Errorf("%s: invalid translation: %v", base, err)
		}
		names = append(names, f.Name)
	}
	sort.Strings(names)
	var want []string
	for name := range readExpected(t) {
		want = append(want, name)
	}
	sort.Strings(want)
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("corpus tests %v\nexpected.tsv rows %v", names, want)
	}
}

// TestExpectedColumns checks expected.tsv itself: every row has a verdict
// for each model of `--model all`, and a condition allowed on a model is
// allowed on every weaker one (sc, tso, pso, rmo, relaxed: each model
// allows every execution of the one before it, SEMANTICS.md).
func TestExpectedColumns(t *testing.T) {
	chain := []string{"sc", "tso", "pso", "rmo", "relaxed"}
	exp := readExpected(t)
	if len(exp) != 45 {
		t.Errorf("expected.tsv has %d rows, want 45", len(exp))
	}
	for name, row := range exp {
		allowed := false
		for _, m := range chain {
			v := row[m]
			if v != "allowed" && v != "forbidden" {
				t.Errorf("%s on %s: verdict %q", name, m, v)
				continue
			}
			if allowed && v == "forbidden" {
				t.Errorf("%s: forbidden on %s but allowed on a stronger model", name, m)
			}
			allowed = v == "allowed"
		}
	}
}

// TestCorpusShapes checks a few corpus files against counts made by hand
// from their text.
func TestCorpusShapes(t *testing.T) {
	files := corpus(t)
	tests := []struct {
		file   string
		instrs []int // per thread
		locs   string
		cond   string
	}{
		{"SB.litmus", []int{2, 2}, "x y", `exists (0:EAX=0 /\ 1:EAX=0)`},
		{"CoRWR.litmus", []int{3}, "x", `exists (0:EAX=1 /\ 0:EBX=0)`},
		{"IRIW.litmus", []int{2, 1, 2, 1}, "x y", `exists (0:EAX=1 /\ 0:EBX=0 /\ 2:EAX=1 /\ 2:EBX=0)`},
		{"IRIW+lfences.litmus", []int{3, 1, 3, 1}, "x y", `exists (0:EAX=1 /\ 0:EBX=0 /\ 2:EAX=1 /\ 2:EBX=0)`},
		{"RWC+mfences.litmus", []int{1, 3, 3}, "x y", `exists (1:EAX=1 /\ 1:EBX=0 /\ 2:EAX=0)`},
		{"ISA2+mfences.litmus", []int{3, 3, 3}, "x y z", `exists (1:EAX=1 /\ 2:EAX=1 /\ 2:EBX=0)`},
		{"2+2W+mfence+po.litmus", []int{3, 2}, "x y", `exists (x=2 /\ y=2)`},
		{"R+mfence+rfi-po.litmus", []int{3, 3}, "x y", `exists (y=2 /\ 1:EAX=2 /\ 1:EBX=0)`},
		{"CoWW.litmus", []int{2}, "x", `exists (x=1)`},
		{"WRC+mfence+lfence.litmus", []int{1, 3, 3}, "x y", `exists (1:EAX=1 /\ 2:EAX=1 /\ 2:EBX=0)`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := Parse(tt.file, files[tt.file])
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for _, th := range f.Threads {
				got = append(got, len(th.Instrs))
			}
			if !equalInts(got, tt.instrs) {
				t.Errorf("instructions per thread %v, want %v", got, tt.instrs)
			}
			if g := strings.Join(f.Locations(), " "); g != tt.locs {
				t.Errorf("locations %q, want %q", g, tt.locs)
			}
			if g := f.Cond.String(); g != tt.cond {
				t.Errorf("condition %q, want %q", g, tt.cond)
			}
		})
	}
}

// TestCorpusInstructions checks the instructions and places of MP and of a
// fenced test, read off the files.
func TestCorpusInstructions(t *testing.T) {
	files := corpus(t)
	tests := []struct {
		file    string
		threads [][]string
		at      string // position of thread 1's last instruction
	}{
		{"MP.litmus", [][]string{{"MOV [x],$1", "MOV [y],$1"}, {"MOV EAX,[y]", "MOV EBX,[x]"}}, "MP.litmus:12:15"},
		{"MP+sfence+lfence.litmus", [][]string{{"MOV [x],$1", "SFENCE", "MOV [y],$1"}, {"MOV EAX,[y]", "LFENCE", "MOV EBX,[x]"}}, "MP+sfence+lfence.litmus:7:15"},
		{"SB+mfence+po.litmus", [][]string{{"MOV [x],$1", "MFENCE", "MOV EAX,[y]"}, {"MOV [y],$1", "MOV EAX,[x]"}}, "SB+mfence+po.litmus:12:16"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := Parse(tt.file, files[tt.file])
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Threads) != len(tt.threads) {
				t.Fatalf("%d threads, want %d", len(f.Threads), len(tt.threads))
			}
			for i, th := range f.Threads {
				var got []string
				for _, in := range th.Instrs {
					got = append(got, in.String())
				}
				if strings.Join(got, "; ") != strings.Join(tt.threads[i], "; ") {
					t.Errorf("P%d: %q, want %q", i, got, tt.threads[i])
				}
			}
			last := f.Threads[1].Instrs[len(f.Threads[1].Instrs)-1]
			if last.Pos.String() != tt.at {
				t.Errorf("last instruction of P1 at %s, want %s", last.Pos, tt.at)
			}
		})
	}
}

// TestFormatRoundTrip prints every corpus test and reads it back: the same
// test, printed the same.
func TestFormatRoundTrip(t *testing.T) {
	for base, src := range corpus(t) {
		f, err := Parse(base, src)
		if err != nil {
			t.Fatal(err)
		}
		text := f.Format()
		g, err := Parse(base, []byte(text))
		if err != nil {
			t.Errorf("%s: re-parse: %v\n%s", base, err, text)
			continue
		}
		if g.Format() != text || g.Comment != f.Comment || g.Name != f.Name {
			t.Errorf("%s: round trip changed the test:\n%s\n%s", base, text, g.Format())
		}
	}
}

// TestCRLF reads every corpus file with DOS line endings as it reads the
// file itself.
func TestCRLF(t *testing.T) {
	for base, src := range corpus(t) {
		f, err := Parse(base, src)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Parse(base, bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n")))
		if err != nil {
			t.Errorf("%s with CRLF: %v", base, err)
			continue
		}
		if g.Format() != f.Format() {
			t.Errorf("%s with CRLF reads as\n%s\nwant\n%s", base, g.Format(), f.Format())
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
