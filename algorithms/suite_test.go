package algorithms

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"checkfence/cfront"
	"checkfence/internal/longtest"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
	"checkfence/trace"
)

// roots are the folders of suites: the published algorithms and the small
// data structures of examples/structures and examples/c11.
var roots = []string{".", "../examples/structures", "../examples/c11"}

func loadSuites(t testing.TB) []*Suite {
	t.Helper()
	var all []*Suite
	for _, r := range roots {
		s, err := LoadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, s...)
	}
	if len(all) == 0 {
		t.Fatal("no suites found")
	}
	return all
}

// compiler compiles each C file once.
type compiler map[string]*lsl.Program

// The tests of the package share the compiled files and the mined
// observation sets (keyed by the program's text and the test), so that
// TestFencesNecessary does not mine again what TestExpected mined. The
// tests do not run in parallel.
var (
	compiled  = compiler{}
	specCache = mining.NewMemoryCache()
)

func (c compiler) get(t testing.TB, path string) *lsl.Program {
	t.Helper()
	if p, ok := c[path]; ok {
		return p
	}
	p, err := cfront.Compile([]string{path}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c[path] = p
	return p
}

func testNamed(t testing.TB, s *Suite, name string) *tests.Test {
	t.Helper()
	for _, x := range s.Tests {
		if x.Name == name {
			return x
		}
	}
	t.Fatalf("%s: no test %s", s.Name, name)
	return nil
}

// TestExpected checks every quick=yes row of every expected.tsv, and with
// CHECKFENCE_LONG=1 the quick=long ones too: the verdict the semantics
// predicts. A failure that is not a bug under serial must come with a
// trace that names a reordering (paper Section 4.2); one that is must
// say so.
func TestExpected(t *testing.T) {
	cc := compiled
	opt := mining.PipelineOptions{Cache: specCache}
	long := longtest.Enabled()
	ran, skipped := 0, 0
	defer func() {
		if skipped > 0 {
			t.Logf("%d rows checked; %d quick=long rows not run (%s=1 runs them)", ran, skipped, longtest.Env)
		}
	}()
	for _, s := range loadSuites(t) {
		for _, e := range s.Expected {
			if !e.Quick {
				continue
			}
			if e.Long && !long {
				skipped++
				continue
			}
			ran++
			t.Run(s.Name+"/"+e.File+"/"+e.Test+"/"+e.Model, func(t *testing.T) {
				prog := cc.get(t, s.Path(e.File))
				res, err := mining.CheckTest(context.Background(), prog, nil, testNamed(t, s, e.Test), memmodel.MustByName(e.Model), opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != e.Verdict {
					t.Fatalf("%s:%d: verdict %s, expected %s (%s)", filepath.Join(s.Dir, "expected.tsv"), e.Line, res.Verdict, e.Verdict, e.Reason)
				}
				if res.Verdict != mining.Fail {
					return
				}
				// A failure that sc does not have comes from a reordering,
				// and the trace must name it.
				if res.SerialBug || s.failsOnSC(e.File, e.Test) {
					return
				}
				tr := trace.Build(res.Encoding, res.Counterexample, res.Spec.Outcomes)
				if len(tr.Faults) == 0 && len(tr.Reordered) == 0 {
					t.Errorf("a failure on %s that sc does not have names no reordering", e.Model)
				}
			})
		}
	}
}

// TestFencesNecessary removes each fence of each fenced file in turn:
// the row's test must then not pass on relaxed (paper Section 4.2: the
// fences are necessary). Rows marked quick=long in fences.tsv run only
// with CHECKFENCE_LONG=1.
func TestFencesNecessary(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	cc := compiled
	relaxed := memmodel.MustByName("relaxed")
	opt := mining.PipelineOptions{Cache: specCache}
	long := longtest.Enabled()
	for _, s := range loadSuites(t) {
		for _, f := range s.Fences {
			if f.Long && !long {
				t.Logf("%s:%d (the %s fence, shown by %s) not run: quick=long (%s=1 runs it)", s.FencedFile, f.Line, f.Kind, f.Test, longtest.Env)
				continue
			}
			t.Run(s.Name+"/"+s.FencedFile+":"+itoa(f.Line), func(t *testing.T) {
				prog := cc.get(t, s.Path(s.FencedFile))
				removed := 0
				without := prog.WithoutFences(func(x *lsl.Fence) bool {
					if filepath.Base(x.Pos.File) == s.FencedFile && x.Pos.Line == f.Line {
						removed++
						return true
					}
					return false
				})
				if removed == 0 {
					t.Fatalf("no fence compiled from line %d", f.Line)
				}
				res, err := mining.CheckTest(context.Background(), without, prog, testNamed(t, s, f.Test), relaxed, opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != f.Verdict {
					t.Errorf("without the %s fence on line %d, %s is %s on relaxed, want %s (%s)", f.Kind, f.Line, f.Test, res.Verdict, f.Verdict, f.Reason)
				}
			})
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// failsOnSC reports whether the suite expects file to fail test on sc.
func (s *Suite) failsOnSC(file, test string) bool {
	for _, e := range s.Expected {
		if e.File == file && e.Test == test && e.Model == "sc" {
			return e.Verdict == mining.Fail
		}
	}
	return false
}

// TestReuseFenceNecessary: msn-reuse-fenced.c's load-store fence between
// dequeue's read of the value and its CAS on the head, which Fig. 9 lacks,
// is necessary once nodes are reused: without it, Ti2 fails on relaxed
// (the node is freed, taken by an enqueue and overwritten before the late
// read). The other seven fences are Fig. 9's; algorithms/README.md reports
// the fences command showing each of them necessary too.
func TestReuseFenceNecessary(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	s, err := Load("msn")
	if err != nil {
		t.Fatal(err)
	}
	const file = "msn-reuse-fenced.c"
	lines, err := FenceLines(s.Path(file))
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for l, kind := range lines {
		if kind == "load-store" {
			line = l
		}
	}
	if line == 0 {
		t.Fatal("no load-store fence in " + file)
	}
	prog := compiled.get(t, s.Path(file))
	removed := 0
	without := prog.WithoutFences(func(x *lsl.Fence) bool {
		if filepath.Base(x.Pos.File) == file && x.Pos.Line == line {
			removed++
			return true
		}
		return false
	})
	if removed == 0 {
		t.Fatalf("no fence compiled from line %d", line)
	}
	opt := mining.PipelineOptions{Cache: specCache}
	res, err := mining.CheckTest(context.Background(), without, prog, testNamed(t, s, "Ti2"), memmodel.MustByName("relaxed"), opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != mining.Fail {
		t.Errorf("without the load-store fence on line %d, Ti2 is %s on relaxed, want fail", line, res.Verdict)
	}
}
