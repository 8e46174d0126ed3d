package rangeanalysis

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"checkfence/cfront"
	"checkfence/tests"
	"checkfence/unroll"
)

// Skipping statements whose inputs did not change must not change the
// fixpoint: on every test of the C suites, unrolled with bounds 1 and 2,
// the sets equal those of evaluating every statement in every pass.
func TestSkippingKeepsFixpoint(t *testing.T) {
	cfiles, _ := filepath.Glob("../examples/structures/*/*.c")
	more, _ := filepath.Glob("../algorithms/*/*-fenced.c")
	cfiles = append(cfiles, more...)
	if len(cfiles) == 0 {
		t.Fatal("no C files")
	}
	n := 0
	for _, cf := range cfiles {
		tf, _ := filepath.Glob(filepath.Join(filepath.Dir(cf), "*.tests"))
		if len(tf) != 1 {
			continue
		}
		prog, err := cfront.Compile([]string{cf}, cfront.Options{})
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(tf[0])
		if err != nil {
			t.Fatal(err)
		}
		ts, err := tests.Parse(tf[0], src)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range ts {
			if len(tc.Threads) > 3 {
				continue // keep the test quick
			}
			u, err := unroll.Unroll(prog, tc, unroll.Bounds{})
			if err != nil {
				t.Fatal(err)
			}
			if u.Stats.Instrs > 1200 {
				continue // the reuse queue's larger tests take seconds each
			}
			fast, err1 := analyze(context.Background(), u.Test, false)
			slow, err2 := analyze(context.Background(), u.Test, true)
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("%s %s: errors differ: %v / %v", cf, tc.Name, err1, err2)
			}
			if err1 == nil && fast.String() != slow.String() {
				t.Errorf("%s %s: skipping changed the sets", cf, tc.Name)
			}
			n++
		}
	}
	t.Logf("%d tests compared", n)
}
