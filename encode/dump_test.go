package encode

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"checkfence/internal/sat"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// Options.DumpDir writes each slow question as a DIMACS file that, solved
// afresh, gives the question's answer: the clauses the solver was given
// and the assumptions as units. Here every question counts as slow.
func TestDumpDir(t *testing.T) {
	defer func(d time.Duration) { dumpSlowerThan = d }(dumpSlowerThan)
	dumpSlowerThan = 0
	dir := t.TempDir()
	lt := largeTest(1, 2, 4)
	ra, err := rangeanalysis.Analyze(context.Background(), lt)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Encode(context.Background(), lt, ra, memmodel.MustByName("relaxed"), Options{DumpDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	answers := []int{
		e.Solve(context.Background(), e.Assumptions()...),
		e.Solve(context.Background(), append(e.Assumptions(), e.True(), e.True().Not())...),
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.cnf"))
	if len(files) != len(answers) {
		t.Fatalf("%d files for %d questions: %v", len(files), len(answers), files)
	}
	for i, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		nv, cls, err := sat.ReadDIMACS(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := sat.New()
		for range nv {
			s.NewVar()
		}
		for _, c := range cls {
			s.AddClause(c...)
		}
		if got := s.Solve(context.Background()); got != answers[i] {
			t.Errorf("%s: %d afresh, %d when asked", name, got, answers[i])
		}
	}
}
