package algorithms

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"checkfence/encode"
	"checkfence/explain"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/trace"
)

var update = flag.Bool("update", false, "rewrite the golden traces in testdata")

// goldenCauses are the traces pinned in testdata (cause-NAME-TEST.txt).
var goldenCauses = map[string]bool{"msn/T0": true, "ms2/T0": true, "snark/D0": true}

// TestCausesOfUnfencedAlgorithms checks each published algorithm and each
// small structure of examples/structures with the fences of its -fenced.c
// deleted, on relaxed, over the tests of its fences.tsv: each fails, and
// the failure's cause (package explain) is one to three fences (logged
// beside the fenced file's; algorithms/README.md compares them). A cause
// need not sit where the fenced file has its fences: a fence orders every
// access before it with every access after it, so one further along can
// do the work of one earlier (check --infer suggests an optimal
// placement's fences instead). Three traces are pinned as golden files.
func TestCausesOfUnfencedAlgorithms(t *testing.T) {
	relaxed := memmodel.MustByName("relaxed")
	opt := mining.PipelineOptions{Cache: specCache}
	var suites []*Suite
	for _, root := range []string{".", "../examples/structures"} {
		ss, err := LoadAll(root)
		if err != nil {
			t.Fatal(err)
		}
		suites = append(suites, ss...)
	}
	checked := 0
	for _, s := range suites {
		if len(s.Fences) == 0 || s.FencedFile == "" {
			continue
		}
		prog := compiled.get(t, s.Path(s.FencedFile))
		unfenced := prog.WithoutFences(func(f *lsl.Fence) bool { return !f.Implied })
		hand, err := FenceLines(s.Path(s.FencedFile))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range s.Fences {
			if !slices.Contains(names, f.Test) {
				names = append(names, f.Test)
			}
		}
		for _, name := range names {
			checked++
			t.Run(s.Name+"/"+name, func(t *testing.T) {
				res, err := mining.CheckTest(context.Background(), unfenced, prog, testNamed(t, s, name), relaxed, opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != mining.Fail {
					t.Fatalf("without its fences, %s is %s on relaxed, want fail (fences.tsv)", name, res.Verdict)
				}
				cause, err := explain.FailureCause(context.Background(), res, encode.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if !cause.Found || len(cause.Fences) == 0 || len(cause.Fences) > 3 {
					t.Errorf("cause %+v: want one to three fences", cause)
				}
				for _, f := range cause.Fences {
					t.Logf("%v (the fenced file's fences: %v)", f, hand)
				}
				if goldenCauses[s.Name+"/"+name] {
					tr := trace.Build(res.Encoding, res.Counterexample, res.Spec.Outcomes)
					tr.SetCause(cause, res.Counterexample)
					var b bytes.Buffer
					tr.WriteText(&b)
					goldenFile(t, "cause-"+s.Name+"-"+name+".txt", b.Bytes())
				}
			})
		}
	}
	if checked < 10 {
		t.Errorf("only %d tests with fences.tsv rows: the suites did not load", checked)
	}
}

func goldenFile(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./algorithms -run TestCausesOfUnfencedAlgorithms -update):\n%s", path, got)
	}
}
