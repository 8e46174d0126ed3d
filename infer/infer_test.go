package infer

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"checkfence/cfront"
	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestCandidateKinds(t *testing.T) {
	cases := map[string][]lsl.FenceKind{
		"serial":  nil,
		"sc":      nil,
		"tso":     {lsl.StoreLoad},
		"pso":     {lsl.StoreStore, lsl.StoreLoad, lsl.Full},
		"rmo":     {lsl.LoadLoad, lsl.LoadStore, lsl.StoreStore, lsl.StoreLoad, lsl.Full},
		"relaxed": {lsl.LoadLoad, lsl.LoadStore, lsl.StoreStore, lsl.StoreLoad, lsl.Full},
	}
	for name, want := range cases {
		if got := CandidateKinds(memmodel.MustByName(name)); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

// The hitting-set solver against all subsets, on small instances.
func TestMinCostHittingSet(t *testing.T) {
	cost := []int{1, 1, 3, 1, 3, 1}
	cases := [][][]int{
		{{0, 2}, {1, 2}},          // 2 (0 and 1) beats 3 (2)
		{{2}, {2, 4}},             // 3
		{{0}, {1}, {3}, {5}},      // 4
		{{0, 1}, {1, 3}, {3, 5}},  // 2
		{{4, 2}, {2, 0}, {4}, {}}, // nothing hits the empty set
		{},
	}
	for _, sets := range cases {
		got, total, ok := minCostHittingSet(sets, cost, 0, nil)
		want, wantOK := bruteHittingSet(sets, cost)
		if ok != wantOK || ok && total != want {
			t.Errorf("%v: cost %d (ok %v), want %d (ok %v)", sets, total, ok, want, wantOK)
			continue
		}
		for _, s := range sets {
			if ok && !slices.ContainsFunc(s, func(e int) bool { return slices.Contains(got, e) }) {
				t.Errorf("%v: %v misses %v", sets, got, s)
			}
		}
	}
}

// Among the sets of least cost the solver takes one with the fewest
// elements not marked shared (against all subsets); the cost is that
// without marks.
func TestMinCostHittingSetShared(t *testing.T) {
	cost := []int{1, 1, 3, 1, 3, 1}
	for _, tc := range []struct {
		sets   [][]int
		shared []int
	}{
		{[][]int{{0, 1}}, []int{1}},
		{[][]int{{0, 2}, {1, 2}}, []int{2}}, // 2 is shared, but dearer
		{[][]int{{0, 1}, {1, 3}, {3, 5}}, []int{0, 5}},
		{[][]int{{0, 1}, {1, 3}, {3, 5}}, []int{0, 3}},
		{[][]int{{2, 4}, {4, 0}}, []int{2}},
		{[][]int{{2, 4}}, []int{4}},
		{[][]int{{0}, {1}, {3, 5}}, nil},
	} {
		shared := make([]bool, len(cost))
		for _, e := range tc.shared {
			shared[e] = true
		}
		got, total, ok := minCostHittingSet(tc.sets, cost, 0, shared)
		wantCost, _ := bruteHittingSet(tc.sets, cost)
		wantUnshared := -1
		for mask := 0; mask < 1<<len(cost); mask++ {
			c, n, hits := 0, 0, true
			for _, s := range tc.sets {
				hits = hits && slices.ContainsFunc(s, func(e int) bool { return mask&(1<<e) != 0 })
			}
			for e := range cost {
				if mask&(1<<e) != 0 {
					c += cost[e]
					if !shared[e] {
						n++
					}
				}
			}
			if hits && c == wantCost && (wantUnshared < 0 || n < wantUnshared) {
				wantUnshared = n
			}
		}
		unshared := 0
		for _, e := range got {
			if !shared[e] {
				unshared++
			}
		}
		if !ok || total != wantCost || unshared != wantUnshared {
			t.Errorf("%v, shared %v: %v, cost %d, %d unshared; want cost %d, %d unshared", tc.sets, tc.shared, got, total, unshared, wantCost, wantUnshared)
		}
		for _, s := range tc.sets {
			if !slices.ContainsFunc(s, func(e int) bool { return slices.Contains(got, e) }) {
				t.Errorf("%v: %v misses %v", tc.sets, got, s)
			}
		}
	}
}

func bruteHittingSet(sets [][]int, cost []int) (int, bool) {
	best, ok := -1, false
	for mask := 0; mask < 1<<len(cost); mask++ {
		hits := true
		for _, s := range sets {
			if !slices.ContainsFunc(s, func(e int) bool { return mask&(1<<e) != 0 }) {
				hits = false
				break
			}
		}
		if !hits {
			continue
		}
		c := 0
		for e := range cost {
			if mask&(1<<e) != 0 {
				c += cost[e]
			}
		}
		if !ok || c < best {
			best, ok = c, true
		}
	}
	return best, ok
}

// Inference on the message-passing example: nothing on tso, the writer's
// store-store fence on pso, and the reader's load-load fence too on rmo
// and relaxed; the patch applies with patch -p1 and the patched file passes.
func TestMessagePassing(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../examples/c/mp.c")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mp.c"), src, 0o644)
	tsrc, _ := os.ReadFile("../examples/c/mp.tests")
	ts, err := tests.Parse("mp.tests", tsrc)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	slotted, err := cfront.Compile([]string{"mp.c"}, cfront.Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := cfront.Compile([]string{"mp.c"}, cfront.Options{})
	want := map[string][]string{
		"tso":     nil,
		"pso":     {"store-store fence at mp.c:12:5"},
		"rmo":     {"store-store fence at mp.c:12:5", "load-load fence at mp.c:18:5"},
		"relaxed": {"store-store fence at mp.c:12:5", "load-load fence at mp.c:18:5"},
	}
	var relaxed *Result
	for _, mn := range []string{"tso", "pso", "rmo", "relaxed"} {
		r, err := Infer(context.Background(), slotted, spec, ts, memmodel.MustByName(mn), mining.PipelineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range r.Added {
			got = append(got, a.Candidate.String())
			if a.Test != "T0" || a.Before == nil || a.After == nil {
				t.Errorf("%s: %s has no reason (test %q)", mn, a.Candidate, a.Test)
			}
		}
		if r.Verdict != Found || !slices.Equal(got, want[mn]) || r.Cost != len(want[mn]) {
			t.Errorf("%s: %s, cost %d, %v; want %v", mn, r.Verdict, r.Cost, got, want[mn])
		}
		relaxed = r
	}
	var fences []Candidate
	for _, a := range relaxed.Added {
		fences = append(fences, a.Candidate)
	}
	diff, err := Patch(fences, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "mp.diff", diff)
	applyPatch(t, diff)
	patched, err := cfront.Compile([]string{"mp.c"}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := mining.CheckTest(context.Background(), patched, nil, ts[0], memmodel.MustByName("relaxed"), mining.PipelineOptions{})
	if err != nil || r.Verdict != mining.Pass {
		t.Fatalf("patched mp.c on relaxed: %v %v", r.Verdict, err)
	}
}

// A test that fails on sc: no placement helps, and the result says so.
func TestImpossible(t *testing.T) {
	src := `#include "lsl_protos.h"
int x;
void init(void) { x = 0; }
void inc(void) {
    int v = x;
    lsl_observe_output("v", v);
    x = v + 1;
}
`
	tsrc := "test T = init ( inc | inc )"
	slotted, err := cfront.CompileSources([]cfront.Source{{Name: "racy.c", Text: src}}, cfront.Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := cfront.CompileSources([]cfront.Source{{Name: "racy.c", Text: src}}, cfront.Options{})
	ts, err := tests.Parse("t.tests", []byte(tsrc))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Infer(context.Background(), slotted, spec, ts, memmodel.MustByName("relaxed"), mining.PipelineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Impossible || !strings.Contains(r.Why, "fails on sc") || r.Failure == nil {
		t.Errorf("%s: %q", r.Verdict, r.Why)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(testdataDir, name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != string(got) {
		t.Errorf("%s differs:\n--- want\n%s--- got\n%s", name, want, got)
	}
}

// testdataDir is the package's testdata, found before any test changes
// the working directory.
var testdataDir = func() string {
	wd, _ := os.Getwd()
	return filepath.Join(wd, "testdata")
}()

// Peterson's lock on tso needs a store-load fence in each thread, before
// it reads the other's flag (and nothing else): store buffering is tso's
// only relaxation.
func TestPetersonOnTSO(t *testing.T) {
	files := []string{"../examples/c/peterson.c"}
	slotted, err := cfront.Compile(files, cfront.Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := cfront.Compile(files, cfront.Options{})
	tsrc, _ := os.ReadFile("../examples/c/peterson.tests")
	ts, err := tests.Parse("peterson.tests", tsrc)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Infer(context.Background(), slotted, spec, ts, memmodel.MustByName("tso"), mining.PipelineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range r.Added {
		got = append(got, a.Candidate.String())
	}
	want := []string{"store-load fence at ../examples/c/peterson.c:18:5", "store-load fence at ../examples/c/peterson.c:30:5"}
	if r.Verdict != Found || r.Cost != 6 || !slices.Equal(got, want) {
		t.Errorf("%s, cost %d: %v; want %v", r.Verdict, r.Cost, got, want)
	}
}

// A structure written in a header (static inline functions) gets its
// fences in the header: the slots are in the file that defines each
// function, the patch edits the header, and the patched program passes.
// Two files include it, each with its own copy of publish; a slot is a
// place in the source, so one fence there serves both copies (cost 2,
// not 3 with the store-store fence paid per copy).
func TestHeaderOnlyStructure(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"mp.c", "mp2.c", "mp.h", "mp.tests"} {
		b, err := os.ReadFile(filepath.Join("testdata/header", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	tsrc, _ := os.ReadFile(filepath.Join(dir, "mp.tests"))
	ts, err := tests.Parse("mp.tests", tsrc)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	slotted, err := cfront.Compile([]string{"mp.c", "mp2.c"}, cfront.Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	inHeader := 0
	for _, p := range slotted.Procs {
		lsl.Walk(p.Body, func(s lsl.Stmt) bool {
			if f, ok := s.(*lsl.Fence); ok && f.Slot != 0 && f.Pos.File == "mp.h" {
				inHeader++
			}
			return true
		})
	}
	if inHeader == 0 {
		t.Errorf("no fence slot in mp.h")
	}
	m := memmodel.MustByName("relaxed")
	fences := inferWant(t, slotted, []string{"mp.c", "mp2.c"}, ts, m, "store-store fence at mp.h:9:2", "load-load fence at mp.h:16:2")
	diff, err := Patch(fences, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(diff), "--- a/mp.h\n") || strings.Contains(string(diff), "a/mp.c") || strings.Count(string(diff), "lsl_fence") != 2 {
		t.Errorf("the patch does not edit the header alone:\n%s", diff)
	}
	applyPatch(t, diff)
	patched, err := cfront.Compile([]string{"mp.c", "mp2.c"}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range ts {
		res, err := mining.CheckTest(context.Background(), patched, nil, test, m, mining.PipelineOptions{})
		if err != nil || res.Verdict != mining.Pass {
			t.Fatalf("patched mp.h, %s on relaxed: %v %v", test.Name, res.Verdict, err)
		}
	}
}

// applyPatch applies diff with patch -p1 in the working directory, as
// CLI.md says a user does; the test is skipped where patch is missing.
func applyPatch(t *testing.T, diff []byte) {
	t.Helper()
	cmd := exec.Command("patch", "-p1", "--batch", "--quiet")
	cmd.Stdin = strings.NewReader(string(diff))
	if out, err := cmd.CombinedOutput(); err != nil {
		if _, lerr := exec.LookPath("patch"); lerr != nil {
			t.Skip("no patch command")
		}
		t.Fatalf("patch: %v\n%s", err, out)
	}
}

// A loop body written without braces has the slots of a loop body's start
// and end (SEMANTICS.md): the load-load fence the reader needs on rmo goes
// at the start or the end of the body a[i] = x[i]; (either orders the
// loads of the two iterations, at the same cost), and the patch adds the
// braces it needs to stay in the loop. Without these slots inference
// called the program unfixable; the patched program compiles and passes.
func TestBracelessLoopBody(t *testing.T) {
	dir := t.TempDir()
	src := `int x[2];
void init(void) { x[0] = 0; x[1] = 0; }
void w(void)
{
    x[1] = 1;
    x[0] = 1;
}
void r(void)
{
    int a[2];
    for (int i = 0; i < 2; i++)
        a[i] = x[i];
    lsl_observe_output("f", a[0]);
    if (a[0])
        lsl_observe_output("d", a[1]);
}
`
	os.WriteFile(filepath.Join(dir, "loop.c"), []byte(src), 0o644)
	ts, err := tests.Parse("loop.tests", []byte("test T = init ( w | r )\n"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	slotted, err := cfront.Compile([]string{"loop.c"}, cfront.Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	m := memmodel.MustByName("rmo")
	fences := inferWant(t, slotted, []string{"loop.c"}, ts, m, "store-store fence at loop.c:6:5", "load-load fence at loop.c:12:9|loop.c:12:21")
	diff, err := Patch(fences, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	braced := "+        { lsl_fence(\"load-load\"); a[i] = x[i]; }\n"
	if fences[1].Pos.Col == 21 {
		braced = "+        { a[i] = x[i]; lsl_fence(\"load-load\"); }\n"
	}
	if !strings.Contains(string(diff), braced) {
		t.Errorf("the body does not get its braces:\n%s", diff)
	}
	applyPatch(t, diff)
	patched, err := cfront.Compile([]string{"loop.c"}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := mining.CheckTest(context.Background(), patched, nil, ts[0], m, mining.PipelineOptions{})
	if err != nil || res.Verdict != mining.Pass {
		t.Fatalf("patched, on rmo: %v %v", res.Verdict, err)
	}
}

// Patch puts a fence at the end of a loop body without braces inside the
// braces it adds, and one at the same column that belongs after the loop
// (the next statement starting right after the body's ';') after them.
func TestPatchBodyEndAndAfter(t *testing.T) {
	src := "#include \"lsl_protos.h\"\nvoid f(void) {\n  for (k = 0; k < n; k++) d[k] = 1;flag = 1;\n}\n"
	//        columns of line 3:  body starts at 27, its ';' at 35, flag at 36
	fences := []Candidate{
		{Slot: 2, Kind: lsl.LoadLoad, Pos: lsl.Pos{File: "f.c", Line: 3, Col: 36}, Brace: lsl.Pos{File: "f.c", Line: 3, Col: 27}},
		{Slot: 3, Kind: lsl.StoreStore, Pos: lsl.Pos{File: "f.c", Line: 3, Col: 36}},
	}
	diff, err := Patch(fences, func(string) ([]byte, error) { return []byte(src), nil })
	if err != nil {
		t.Fatal(err)
	}
	want := "+  for (k = 0; k < n; k++) { d[k] = 1; lsl_fence(\"load-load\"); }lsl_fence(\"store-store\"); flag = 1;\n"
	if !strings.Contains(string(diff), want) {
		t.Errorf("patch:\n%s\nwant the line\n%s", diff, want)
	}
}

// inferWant infers a placement for the tests ts of files (compiled with
// slots as slotted) on m and fails unless it adds the fences want, each of
// cost 1; it returns them. A want may list positions that are equally
// good, "kind at p1|p2": the fence added must be at one of them.
func inferWant(t *testing.T, slotted *lsl.Program, files []string, ts []*tests.Test, m *memmodel.Model, want ...string) []Candidate {
	t.Helper()
	spec, err := cfront.Compile(files, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Infer(context.Background(), slotted, spec, ts, m, mining.PipelineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var fences []Candidate
	for i, a := range r.Added {
		s := a.Candidate.String()
		// "load-load fence at f.c:1:2|f.c:1:9": either position, both optimal
		if i < len(want) {
			if kind, at, ok := strings.Cut(want[i], " at "); ok && strings.HasPrefix(s, kind+" at ") && slices.Contains(strings.Split(at, "|"), strings.TrimPrefix(s, kind+" at ")) {
				s = want[i]
			}
		}
		got = append(got, s)
		fences = append(fences, a.Candidate)
	}
	if r.Verdict != Found || !slices.Equal(got, want) || r.Cost != len(want) {
		t.Fatalf("%s: %v, cost %d; want %v, cost %d", r.Verdict, got, r.Cost, want, len(want))
	}
	return fences
}

// A loop that comes from a macro has no slots in its body: its body's
// end may lie in the macro's use (the ';' after FILL(i)), where braces
// and a fence would come after the whole loop, not in every iteration.
// Two stores of consecutive iterations then have no slot between them,
// and no placement can help on pso (before, a placement was "optimal"
// whose patch left the program failing).
func TestLoopFromAMacro(t *testing.T) {
	for _, tc := range []struct{ name, define, use string }{
		{"whole loop", "#define FILL(i) for (i = 0; i < 2; i++) x[i] = 1", "FILL(i);"},
		{"body an argument", "#define FOR2(i, s) for (i = 0; i < 2; i++) s", "FOR2(i, x[i] = 1);"},
		{"while loop", "#define FILL(i) while (i < 2) { x[i] = 1; i++; }", "i = 0; FILL(i)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#include \"lsl_protos.h\"\nint x[2];\n" + tc.define + `
void init(void) { x[0] = 0; x[1] = 0; }
void send(void)
{
    int i;
    ` + tc.use + `
}
void recv(void)
{
    int a = x[1];
    lsl_fence("load-load");
    int b = x[0];
    lsl_observe_output("bad", a && !b);
}
`
			slotted, err := cfront.CompileSources([]cfront.Source{{Name: "mac.c", Text: src}}, cfront.Options{FenceSlots: true})
			if err != nil {
				t.Fatal(err)
			}
			spec, _ := cfront.CompileSources([]cfront.Source{{Name: "mac.c", Text: src}}, cfront.Options{})
			ts, err := tests.Parse("t.tests", []byte("test T = init ( send | recv )"))
			if err != nil {
				t.Fatal(err)
			}
			r, err := Infer(context.Background(), slotted, spec, ts, memmodel.MustByName("pso"), mining.PipelineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != Impossible {
				var got []string
				for _, a := range r.Added {
					got = append(got, a.Candidate.String())
				}
				t.Errorf("%s %v: want impossible (no slot between the iterations' stores)", r.Verdict, got)
			}
		})
	}
}

// A statement that is the use of a macro expanding to nothing (BARRIER;
// or NOP(); leave the empty statement ';') has its slot where the use
// starts, so that the fence goes before it: at the ';' the patch wrote
// BARRIERlsl_fence(...); ;, which does not compile. A macro whose
// expansion cfront cannot tell there (defined twice, differently) keeps
// the slot at the ';', and the patch puts a blank before the fence. Each
// patched program compiles and passes on pso.
func TestPatchAfterEmptyMacro(t *testing.T) {
	const defs = "#define BARRIER\n#define NOP()\n#define TWICE BARRIER BARRIER\n" +
		"#define SETFLAG flag = 1\n#define SET(v, x) v = x\n#define REDEF 1\n#undef REDEF\n#define REDEF\n"
	for _, tc := range []struct {
		name, body string
		want       string // where the fence goes
		line       string // the line the patch writes for it
	}{
		{"object-like", "\tdata = 42;\n\tBARRIER;\n\tflag = 1;\n", "m.c:14:2",
			"\tlsl_fence(\"store-store\");\n"},
		{"function-like", "\tdata = 42;\n\tNOP();\n\tflag = 1;\n", "m.c:14:2",
			"\tlsl_fence(\"store-store\");\n"},
		{"after a statement", "\tdata = 42; BARRIER; flag = 1;\n", "m.c:13:13",
			"\tdata = 42; lsl_fence(\"store-store\"); BARRIER; flag = 1;\n"},
		{"function-like, a comment before its ';'", "\tdata = 42; NOP( ) /* none */ ; flag = 1;\n", "m.c:13:13",
			"\tdata = 42; lsl_fence(\"store-store\"); NOP( ) /* none */ ; flag = 1;\n"},
		{"expanding to empty macros", "\tdata = 42;TWICE;flag = 1;\n", "m.c:13:12",
			"\tdata = 42;lsl_fence(\"store-store\"); TWICE;flag = 1;\n"},
		{"an expression statement", "\tdata = 42;\n\tSETFLAG;\n", "m.c:14:2",
			"\tlsl_fence(\"store-store\");\n"},
		{"with arguments", "\tSET(data, 42); SET(flag, 1);\n", "m.c:13:17",
			"\tSET(data, 42); lsl_fence(\"store-store\"); SET(flag, 1);\n"},
		{"defined twice", "\tdata = 42; REDEF; flag = 1;\n", "m.c:13:18",
			"\tdata = 42; REDEF lsl_fence(\"store-store\"); ; flag = 1;\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			// the include and defs are lines 1-9, send's body starts on
			// line 13
			src := "#include \"lsl_protos.h\"\n" + defs + "int data, flag;\nvoid init(void) { data = 0; flag = 0; }\nvoid send(void) {\n" +
				tc.body + "}\nvoid recv(void) {\n\tint f = flag;\n\tint d = data;\n" +
				"\tlsl_observe_output(\"f\", f);\n\tif (f) lsl_observe_output(\"d\", d);\n}\n"
			os.WriteFile(filepath.Join(dir, "m.c"), []byte(src), 0o644)
			ts, err := tests.Parse("m.tests", []byte("test T = init ( send | recv )\n"))
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir)
			slotted, err := cfront.Compile([]string{"m.c"}, cfront.Options{FenceSlots: true})
			if err != nil {
				t.Fatal(err)
			}
			m := memmodel.MustByName("pso")
			fences := inferWant(t, slotted, []string{"m.c"}, ts, m, "store-store fence at "+tc.want)
			diff, err := Patch(fences, os.ReadFile)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(diff), "\n+"+tc.line) {
				t.Errorf("patch:\n%s\nwant the line\n%s", diff, tc.line)
			}
			applyPatch(t, diff)
			patched, err := cfront.Compile([]string{"m.c"}, cfront.Options{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := mining.CheckTest(context.Background(), patched, nil, ts[0], m, mining.PipelineOptions{})
			if err != nil || res.Verdict != mining.Pass {
				t.Fatalf("patched, on pso: %v %v", res.Verdict, err)
			}
		})
	}
}

// explain gives a fence the reason a failed check has when it is the only
// fence of the placement that forbids its execution, rather than an
// inconclusive one (then the test only fails or is inconclusive without
// it), and a core that another placed fence hits only when none is left.
func TestExplainPrefersAFailure(t *testing.T) {
	cands := []Candidate{{Slot: 1, Kind: lsl.LoadLoad, Pos: lsl.Pos{Line: 1}}, {Slot: 2, Kind: lsl.LoadLoad, Pos: lsl.Pos{Line: 2}}}
	fail, inconclusive := &mining.TestResult{Verdict: mining.Fail}, &mining.TestResult{Verdict: mining.Inconclusive}
	pair := [][2]*encode.Access{{{}, {}}}
	pairs := [][2]*encode.Access{{{}, {}}, {{}, {}}}
	for _, tc := range []struct {
		name  string
		cores []core
		want  []string // per chosen candidate 0, 1: the test of its reason
	}{
		{"failure after", []core{{"I", inconclusive, []int{0}, pair}, {"F", fail, []int{0}, pair}, {"G", fail, []int{1}, pair}}, []string{"F", "G"}},
		{"inconclusive alone", []core{{"F", fail, []int{0, 1}, pairs}, {"I", inconclusive, []int{0}, pair}, {"G", fail, []int{1}, pair}}, []string{"I", "G"}},
		{"first alone failure", []core{{"F", fail, []int{0}, pair}, {"F2", fail, []int{0}, pair}, {"G", inconclusive, []int{1}, pair}}, []string{"F", "G"}},
	} {
		var got []string
		for _, a := range explain(cands, []int{0, 1}, tc.cores) {
			got = append(got, a.Test)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: reasons from %v, want %v", tc.name, got, tc.want)
		}
	}
}
