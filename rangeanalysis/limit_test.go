package rangeanalysis

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"checkfence/cfront"
	"checkfence/lsl"
	"checkfence/tests"
	"checkfence/unroll"
)

// unrollC compiles src (as file name in a temporary directory) and unrolls
// its test testLine.
func unrollC(t *testing.T, name, src, testLine string) (*lsl.Test, string) {
	t.Helper()
	dir := t.TempDir()
	cf := filepath.Join(dir, name)
	if err := os.WriteFile(cf, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := cfront.Compile([]string{cf}, cfront.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("t.tests", []byte(testLine))
	if err != nil {
		t.Fatal(err)
	}
	u, err := unroll.Unroll(prog, ts[0], unroll.Bounds{})
	if err != nil {
		t.Fatal(err)
	}
	return u.Test, cf
}

// analyzeMeasured runs Analyze and returns its error, time and the bytes
// it allocated.
func analyzeMeasured(test *lsl.Test) (error, time.Duration, uint64) {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	start := time.Now()
	_, err := Analyze(context.Background(), test)
	d := time.Since(start)
	runtime.ReadMemStats(&m1)
	return err, d, m1.TotalAlloc - m0.TotalAlloc
}

// A sum of many loads of a location with spread values has more values
// than MaxSetSize. The analysis used to build every set of a pass before
// checking (hundreds of MB and seconds for 16 terms, 5 GB for more) and
// then named an internal register; it must stop at the '+' that crosses
// the bound, and say where it is in the C source and in the test.
func TestSetLimitNamesExpression(t *testing.T) {
	vals := []int{1, 7, 53, 311, 1999, 12007, 70001, 400009}
	var set []string
	for i, v := range vals {
		set = append(set, fmt.Sprintf("if (c == %d) y = %d;", i, v))
	}
	src := "int y;\n" +
		"void g(void) { int c = lsl_choose(0, 7); " + strings.Join(set, " ") + " }\n" +
		"int f(void) { return " + strings.Repeat("y+", 15) + "y; }\n"
	test, cf := unrollC(t, "sum.c", src, "test T0 = ( f | g )\n")
	err, d, alloc := analyzeMeasured(test)
	t.Logf("%v (%v, %d KiB allocated)", err, d, alloc>>10)
	if err == nil {
		t.Fatal("no error")
	}
	var le *lsl.Error
	if !errors.As(err, &le) || le.Pos.File != cf || le.Pos.Line != 3 || le.Pos.Col == 0 {
		t.Errorf("error %q is not at a column of %s:3", err, cf)
	}
	for _, want := range []string{"test T0, thread 0 (f)", "this '+'", "more than 4096 values"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	// y holds 9 values (0, and the 8 g stores): sums of 6 terms can take
	// C(14, 8) = 3003 values, sums of 7 C(15, 8) = 6435: the 6th '+'.
	line := strings.Split(src, "\n")[2]
	if col := strings.Index(line, "+") + 1 + 2*5; le != nil && le.Pos.Col != col {
		t.Errorf("error at column %d, want %d (the 6th '+')", le.Pos.Col, col)
	}
	if alloc > 64<<20 {
		t.Errorf("the analysis allocated %d MiB before failing", alloc>>20)
	}
}

// A location that too many stores reach: the error names the store that
// crosses the bound and the location, as the program names it.
func TestSetLimitNamesLocation(t *testing.T) {
	src := "struct s { int a; int b; } x;\n" +
		"void g(void) {\n" +
		"  x.b = lsl_choose(0, 3000);\n" +
		"  x.b = lsl_choose(4000, 7000);\n" +
		"}\n"
	test, cf := unrollC(t, "loc.c", src, "test T1 = ( g )\n")
	err, _, alloc := analyzeMeasured(test)
	if err == nil {
		t.Fatal("no error")
	}
	want := cf + ":4:"
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q is not at %s", err, want)
	}
	for _, w := range []string{"test T1, thread 0 (g)", "location x.b", "more than 4096 values"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not say %q", err, w)
		}
	}
	if alloc > 64<<20 {
		t.Errorf("the analysis allocated %d MiB before failing", alloc>>20)
	}
}

// Every set past MaxSetSize, from an operation, a location or a choice,
// is an *lsl.LimitError (a test too large for the analysis, which the
// commands call inconclusive), still positioned as an *lsl.Error.
func TestSetLimitIsLimitError(t *testing.T) {
	for _, tc := range []struct{ name, body string }{
		{"op", "int a = lsl_choose(0, 1000); x = a * a;"},
		{"location", "x = lsl_choose(0, 3000); x = lsl_choose(4000, 7000);"},
		{"choice", "x = lsl_choose(0, 4096);"},
	} {
		src := "int x;\nvoid g(void) { " + tc.body + " }\n"
		test, cf := unrollC(t, tc.name+".c", src, "test T = ( g )\n")
		_, err := Analyze(context.Background(), test)
		var le *lsl.LimitError
		var pe *lsl.Error
		if !errors.As(err, &le) || !errors.As(err, &pe) || pe.Pos.File != cf || pe.Pos.Line != 2 {
			t.Errorf("%s: error %v (%T), want an *lsl.LimitError at %s:2", tc.name, err, err, cf)
		}
	}
	// 4096 values are tracked (x starts at 0)
	test, _ := unrollC(t, "fits.c", "int x;\nvoid g(void) { x = lsl_choose(0, 4095); }\n", "test T = ( g )\n")
	if _, err := Analyze(context.Background(), test); err != nil {
		t.Errorf("4096 values: %v", err)
	}
}
