package cfront

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/lsl"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// sharedExamples is where the project's reference inputs are, seen from
// this package's directory.
const sharedExamples = "../../shared/examples"

// TestGolden pins the LSL text (lsl.Print) of small C files, one per
// construct, and of the example inputs. The golden files were reviewed by
// hand against the C semantics; run with -update after a deliberate
// change and review the difference.
func TestGolden(t *testing.T) {
	type tc struct {
		src, golden string
	}
	var cases []tc
	small, err := filepath.Glob("testdata/golden/*.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range small {
		cases = append(cases, tc{f, strings.TrimSuffix(f, ".c") + ".lsl"})
	}
	for _, name := range []string{"msn_nofence_lsl.c", "checkfence-stmgc/c4/test1.c", "checkfence-stmgc/c7/unshare_page.c", "checkfence-stmgc/c6/test1.c"} {
		g := strings.ReplaceAll(strings.TrimSuffix(name, ".c"), "/", "_")
		g = strings.TrimPrefix(g, "checkfence-stmgc_")
		cases = append(cases, tc{filepath.Join(sharedExamples, name), filepath.Join("testdata", "examples", g+".lsl")})
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.golden), func(t *testing.T) {
			text, err := os.ReadFile(c.src)
			if err != nil {
				t.Fatal(err)
			}
			// The base name keeps positions independent of where the
			// file lies.
			prog, err := CompileSources([]Source{{Name: filepath.Base(c.src), Text: string(text)}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := prog.String()
			checkRoundTrip(t, prog, got)
			if *update {
				if err := os.MkdirAll(filepath.Dir(c.golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(c.golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(c.golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("LSL differs from %s:\n%s", c.golden, lineDiff(string(want), got))
			}
		})
	}
}

// checkRoundTrip checks that the program validates and that its text
// parses back to the same text.
func checkRoundTrip(t *testing.T, prog *lsl.Program, text string) {
	t.Helper()
	if err := lsl.Validate(prog); err != nil {
		t.Errorf("validate: %v", err)
	}
	back, err := lsl.Parse("golden.lsl", []byte(text))
	if err != nil {
		t.Errorf("parse of the printed program: %v", err)
		return
	}
	if again := back.String(); again != text {
		t.Errorf("print(parse(print(p))) differs from print(p):\n%s", lineDiff(text, again))
	}
}

// lineDiff shows the first differing lines of two texts.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n- " + a + "\n+ " + b
		}
	}
	return "(no difference)"
}

// TestExamples compiles every C file of the shared examples.
func TestExamples(t *testing.T) {
	var files []string
	err := filepath.WalkDir(sharedExamples, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".c") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatalf("the shared examples are needed beside the repository: %v", err)
	}
	if len(files) < 7 {
		t.Errorf("found only %d example C files", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			prog, err := Compile([]string{f}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, prog, prog.String())
			if len(prog.Procs) == 0 {
				t.Errorf("no procedures")
			}
		})
	}
}
