package algorithms

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

// Suite is one data type's folder.
type Suite struct {
	Dir  string
	Name string // the folder's name
	// TestFile is the folder's .tests file; Tests are its tests.
	TestFile string
	Tests    []*tests.Test
	// Expected are the rows of expected.tsv, in file order.
	Expected []Expectation
	// FencedFile is the NAME-fenced.c file; Fences are the rows of
	// fences.tsv about it.
	FencedFile string
	Fences     []FenceRow
}

// Expectation is one row of expected.tsv: the verdict of a test of a file
// on a model.
type Expectation struct {
	Line    int // in expected.tsv
	File    string
	Test    string
	Model   string
	Verdict mining.Verdict
	// Quick rows (quick=yes or quick=long) run in checkfence bench
	// --quick; go test runs the quick=yes rows, and the quick=long ones
	// (more than about half a second each) only with CHECKFENCE_LONG=1.
	Quick  bool
	Long   bool // quick=long
	Reason string
}

// FenceRow is one row of fences.tsv: without the fence at Line of the
// fenced file, Test gets Verdict (fail unless said otherwise) on relaxed.
type FenceRow struct {
	Row     int // in fences.tsv
	Line    int // of the fence in FencedFile
	Kind    string
	Test    string
	Verdict mining.Verdict
	// Long is quick=long in the optional quick column (yes if absent):
	// go test checks the row only with CHECKFENCE_LONG=1.
	Long   bool
	Reason string
}

// Path returns the path of a file of the suite.
func (s *Suite) Path(file string) string { return filepath.Join(s.Dir, file) }

// Load reads the suite in dir and checks that its tables are well formed
// and name existing files, tests, models and fence lines.
func Load(dir string) (*Suite, error) {
	s := &Suite{Dir: dir, Name: filepath.Base(dir)}
	tfiles, _ := filepath.Glob(filepath.Join(dir, "*.tests"))
	if len(tfiles) != 1 {
		return nil, fmt.Errorf("%s: want one .tests file, found %d", dir, len(tfiles))
	}
	s.TestFile = tfiles[0]
	src, err := os.ReadFile(s.TestFile)
	if err != nil {
		return nil, err
	}
	if s.Tests, err = tests.Parse(s.TestFile, src); err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, t := range s.Tests {
		known[t.Name] = true
	}
	exp := filepath.Join(dir, "expected.tsv")
	rows, err := readTSV(exp, "file", "test", "model", "verdict", "quick", "reason")
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		e := Expectation{Line: r.line, File: r.f["file"], Test: r.f["test"], Model: r.f["model"],
			Verdict: mining.Verdict(r.f["verdict"]), Reason: r.f["reason"]}
		at := fmt.Sprintf("%s:%d", exp, r.line)
		switch r.f["quick"] {
		case "yes":
			e.Quick = true
		case "long":
			e.Quick, e.Long = true, true
		case "no":
		default:
			return nil, fmt.Errorf("%s: quick is %q, want yes, long or no", at, r.f["quick"])
		}
		if _, err := os.Stat(s.Path(e.File)); err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		if !known[e.Test] {
			return nil, fmt.Errorf("%s: no test %q in %s", at, e.Test, s.TestFile)
		}
		if _, err := memmodel.ByName(e.Model); err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		if err := checkVerdict(e.Verdict, e.Reason); err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		s.Expected = append(s.Expected, e)
	}
	// The suite's fenced file is NAME-fenced.c (NAME the folder's name);
	// if there is none, the only *-fenced.c file. Others (variants such as
	// msn-reuse-fenced.c) are files like any other.
	fenced := []string{filepath.Join(dir, s.Name+"-fenced.c")}
	if _, err := os.Stat(fenced[0]); err != nil {
		fenced, _ = filepath.Glob(filepath.Join(dir, "*-fenced.c"))
		if len(fenced) > 1 {
			return nil, fmt.Errorf("%s: more than one -fenced.c file, none named %s-fenced.c", dir, s.Name)
		}
	}
	if len(fenced) == 0 {
		return s, nil
	}
	s.FencedFile = filepath.Base(fenced[0])
	fpath := filepath.Join(dir, "fences.tsv")
	frows, err := readTSV(fpath, "line", "kind", "test", "reason")
	if err != nil {
		return nil, err
	}
	for _, r := range frows {
		at := fmt.Sprintf("%s:%d", fpath, r.line)
		line, err := strconv.Atoi(r.f["line"])
		if err != nil {
			return nil, fmt.Errorf("%s: line %q is not a number", at, r.f["line"])
		}
		f := FenceRow{Row: r.line, Line: line, Kind: r.f["kind"], Test: r.f["test"], Verdict: mining.Fail, Reason: r.f["reason"]}
		if v, ok := r.f["verdict"]; ok {
			f.Verdict = mining.Verdict(v)
		}
		switch q := r.f["quick"]; q {
		case "", "yes":
		case "long":
			f.Long = true
		default:
			return nil, fmt.Errorf("%s: quick is %q, want yes or long", at, q)
		}
		if !known[f.Test] {
			return nil, fmt.Errorf("%s: no test %q in %s", at, f.Test, s.TestFile)
		}
		if f.Verdict == mining.Pass {
			return nil, fmt.Errorf("%s: a fence whose removal passes is not shown necessary", at)
		}
		if err := checkVerdict(f.Verdict, f.Reason); err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		s.Fences = append(s.Fences, f)
	}
	// Every fence of the fenced file has its row, and every row its fence.
	lines, err := FenceLines(s.Path(s.FencedFile))
	if err != nil {
		return nil, err
	}
	rowOf := map[int]bool{}
	for _, f := range s.Fences {
		rowOf[f.Line] = true
		if lines[f.Line] == "" {
			return nil, fmt.Errorf("%s:%d: no lsl_fence on line %d of %s", fpath, f.Row, f.Line, s.FencedFile)
		}
		if lines[f.Line] != f.Kind {
			return nil, fmt.Errorf("%s:%d: the fence on line %d is %s, not %s", fpath, f.Row, f.Line, lines[f.Line], f.Kind)
		}
	}
	for l := range lines {
		if !rowOf[l] {
			return nil, fmt.Errorf("%s:%d: fence without a row in %s", s.Path(s.FencedFile), l, fpath)
		}
	}
	return s, nil
}

func checkVerdict(v mining.Verdict, reason string) error {
	switch v {
	case mining.Pass:
	case mining.Fail, mining.Inconclusive:
		if reason == "" || reason == "-" {
			return fmt.Errorf("a %s verdict needs a reason", v)
		}
	default:
		return fmt.Errorf("verdict %q, want pass, fail or inconclusive", v)
	}
	return nil
}

var fenceCall = regexp.MustCompile(`lsl_fence\s*\(\s*"([a-z-]+)"\s*\)`)

// FenceLines returns the lines of a C file that call lsl_fence, with the
// fence kind. Comments are skipped roughly (// to the end of the line and
// lines inside /* */), which is enough for the suite's files.
func FenceLines(path string) (map[int]string, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[int]string{}
	inComment := false
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		code := ""
		for len(line) > 0 {
			if inComment {
				i := strings.Index(line, "*/")
				if i < 0 {
					line = ""
					break
				}
				line, inComment = line[i+2:], false
				continue
			}
			i := strings.Index(line, "/*")
			j := strings.Index(line, "//")
			if j >= 0 && (i < 0 || j < i) {
				code += line[:j]
				line = ""
				break
			}
			if i < 0 {
				code += line
				break
			}
			code += line[:i]
			line, inComment = line[i+2:], true
		}
		if m := fenceCall.FindStringSubmatch(code); m != nil {
			out[n] = m[1]
		}
	}
	return out, sc.Err()
}

// LoadAll loads every suite in the subfolders of root that has an
// expected.tsv, sorted by name.
func LoadAll(root string) ([]*Suite, error) {
	matches, err := filepath.Glob(filepath.Join(root, "*", "expected.tsv"))
	if err != nil {
		return nil, err
	}
	sort.Strings(matches)
	var out []*Suite
	for _, m := range matches {
		s, err := Load(filepath.Dir(m))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

type tsvRow struct {
	line int
	f    map[string]string
}

// readTSV reads a tab-separated table whose header names at least the
// required columns; "#" lines and blank lines are skipped.
func readTSV(path string, required ...string) ([]tsvRow, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var header []string
	var rows []tsvRow
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		if header == nil {
			header = cells
			have := map[string]bool{}
			for _, h := range header {
				have[h] = true
			}
			for _, r := range required {
				if !have[r] {
					return nil, fmt.Errorf("%s:%d: header lacks column %q", path, n, r)
				}
			}
			continue
		}
		if len(cells) != len(header) {
			return nil, fmt.Errorf("%s:%d: %d cells, the header has %d", path, n, len(cells), len(header))
		}
		r := tsvRow{line: n, f: map[string]string{}}
		for i, h := range header {
			r.f[h] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, r)
	}
	if header == nil {
		return nil, fmt.Errorf("%s: empty table", path)
	}
	return rows, sc.Err()
}
