package algorithms

import (
	"context"
	"testing"

	"checkfence/rangeanalysis"
	"checkfence/symmetry"
	"checkfence/unroll"
)

// TestSymmetryPossible checks, on every test of every suite (its fenced
// file or its first expected row's, first unrolling), that symmetry.Possible never rules out classes
// that symmetry.Find finds: the mining under serial skips the analysis
// and Find when Possible says no.
func TestSymmetryPossible(t *testing.T) {
	found := 0
	for _, s := range loadSuites(t) {
		file := s.FencedFile
		if file == "" && len(s.Expected) > 0 {
			file = s.Expected[0].File
		}
		if file == "" {
			continue
		}
		prog := compiled.get(t, s.Path(file))
		for _, x := range s.Tests {
			u, err := unroll.UnrollWith(prog, x, unroll.Options{Bounds: unroll.Bounds{}})
			if err != nil {
				t.Fatalf("%s %s: %v", s.Name, x.Name, err)
			}
			ra, err := rangeanalysis.Analyze(context.Background(), u.Test)
			if err != nil {
				continue // too large to analyse: nothing to compare
			}
			if g := symmetry.Find(u.Test, ra); g != nil {
				found++
				if !symmetry.Possible(u.Test) {
					t.Errorf("%s %s: Find finds classes %v; Possible says none can be", s.Name, x.Name, g.Classes)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no test of the suites has interchangeable threads: the check compared nothing")
	}
	t.Logf("%d tests with interchangeable threads", found)
}
