package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/litmus"
	"checkfence/memmodel"
	"checkfence/mining"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestMessagePassingTrace: with MP's sequentially consistent outcomes as the
// specification, the only failing execution on relaxed observes EAX=1,
// EBX=0, which needs a reordering: of the stores in thread 0 or of the
// loads in thread 1. The trace must name it; golden files pin the text
// and the JSON.
func TestMessagePassingTrace(t *testing.T) {
	src, err := os.ReadFile("../../shared/litmus/tests/MP.litmus")
	if err != nil {
		t.Skip("no litmus corpus")
	}
	f, err := litmus.Parse("MP.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	test, err := f.Test()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	spec, _, err := mining.Enumerate(ctx, test, memmodel.MustByName("sc"), mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if spec.Len() != 3 {
		t.Fatalf("MP has %d outcomes on sc, want 3: %v", spec.Len(), spec.Keys())
	}
	model := memmodel.MustByName("relaxed")
	enc, err := mining.Prepare(ctx, test, model, mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := mining.CheckEncoding(ctx, enc, spec)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pass {
		t.Fatal("MP passes on relaxed")
	}
	tr := Build(enc, res.Counterexample, spec.Outcomes)
	if want := "thread 1: P1(EAX=1 EBX=0)"; !strings.Contains(tr.Observation, want) {
		t.Errorf("observation %q, want %q", tr.Observation, want)
	}
	if len(tr.Reordered) == 0 {
		t.Fatal("no reordered pair in the trace")
	}
	// Whatever mix the solver found, the reordering is a pair of stores in
	// thread 0 or of loads in thread 1.
	for _, r := range tr.Reordered {
		ok := r.Thread == "thread 0" && r.Fence == "store-store" || r.Thread == "thread 1" && r.Fence == "load-load"
		if !ok {
			t.Errorf("unexpected reordering %+v", r)
		}
	}
	var text bytes.Buffer
	tr.WriteText(&text)
	golden(t, "mp-relaxed.txt", text.Bytes())
	js, err := json.MarshalIndent(tr, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "mp-relaxed.json", append(js, '\n'))
}

func golden(t *testing.T, name string, got []byte) {
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
		t.Fatalf("%v (run with -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, diffLines(string(want), string(got)))
	}
}

func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("- " + a + "\n+ " + c + "\n")
		}
	}
	return b.String()
}
