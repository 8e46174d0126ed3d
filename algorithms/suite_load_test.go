package algorithms

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadQuickColumn reads the quick column of expected.tsv (yes, long,
// no) and the optional one of fences.tsv (yes or long, yes if absent),
// and rejects other values.
func TestLoadQuickColumn(t *testing.T) {
	write := func(dir, name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	suite := func(quick, fenceQuick string) string {
		dir := t.TempDir()
		write(dir, "x.tests", "test T0 = ( f )\n")
		write(dir, "x.c", "void f() {}\n")
		write(dir, "x-fenced.c", "void f() {\n  lsl_fence(\"store-store\");\n}\n")
		write(dir, "expected.tsv", "file\ttest\tmodel\tverdict\tquick\treason\n"+
			"x.c\tT0\tsc\tpass\tyes\t-\n"+
			"x.c\tT0\ttso\tpass\t"+quick+"\t-\n"+
			"x.c\tT0\tpso\tpass\tno\t-\n")
		fences := "line\tkind\ttest\treason\n2\tstore-store\tT0\tbecause\n"
		if fenceQuick != "" {
			fences = "line\tkind\ttest\tquick\treason\n2\tstore-store\tT0\t" + fenceQuick + "\tbecause\n"
		}
		write(dir, "fences.tsv", fences)
		return dir
	}
	for _, tc := range []struct {
		quick, fenceQuick string
		long, fenceLong   bool
	}{
		{"yes", "", false, false},
		{"long", "", true, false},
		{"yes", "yes", false, false},
		{"long", "long", true, true},
	} {
		s, err := Load(suite(tc.quick, tc.fenceQuick))
		if err != nil {
			t.Fatalf("quick=%s, fences quick=%q: %v", tc.quick, tc.fenceQuick, err)
		}
		var got []string
		for _, e := range s.Expected {
			got = append(got, e.Model+":"+map[bool]string{true: "quick", false: "-"}[e.Quick]+map[bool]string{true: ",long", false: ""}[e.Long])
		}
		want := "sc:quick tso:quick pso:-"
		if tc.long {
			want = "sc:quick tso:quick,long pso:-"
		}
		if strings.Join(got, " ") != want {
			t.Errorf("quick=%s: rows %q, want %q", tc.quick, strings.Join(got, " "), want)
		}
		if len(s.Fences) != 1 || s.Fences[0].Long != tc.fenceLong {
			t.Errorf("fences quick=%q: %+v, want one row with Long %v", tc.fenceQuick, s.Fences, tc.fenceLong)
		}
	}
	if _, err := Load(suite("maybe", "")); err == nil || !strings.Contains(err.Error(), "quick is \"maybe\"") {
		t.Errorf("expected.tsv quick=maybe: error %v", err)
	}
	if _, err := Load(suite("yes", "no")); err == nil || !strings.Contains(err.Error(), "quick is \"no\"") {
		t.Errorf("fences.tsv quick=no: error %v", err)
	}
}
