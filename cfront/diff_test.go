package cfront

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"checkfence/lsl"
)

// The differential test: every program in testdata/diff defines
// void run(void), which reports its results with lsl_observe_output. Each
// is compiled by gcc (with testdata/diff/native/lsl_protos.h, which prints
// the observations) and run natively, and compiled by cfront and run by
// the LSL interpreter; the two must observe the same values in the same
// order. gcc runs with -fwrapv, so that signed overflow wraps as in LSL.

// observeTyped makes the cfront side of an observation carry whether its
// value is unsigned 64-bit, the one type whose canonical LSL form (the
// bit pattern, as int64) does not print as its C value.
var observeTyped = []string{
	`lsl_observe_output(n, v)=(lsl_observe_output)(_Generic((v), unsigned long: "u64:" n, unsigned long long: "u64:" n, default: n), v)`,
	`lsl_observe_input(n, v)=(lsl_observe_input)(_Generic((v), unsigned long: "u64:" n, unsigned long long: "u64:" n, default: n), v)`,
}

func TestDiff(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not installed")
	}
	files, err := filepath.Glob("testdata/diff/*.c")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 60 {
		t.Errorf("only %d differential programs", len(files))
	}
	tmp := t.TempDir()
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".c")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want := runNative(t, gcc, f, filepath.Join(tmp, name))
			got := runLSL(t, f)
			if want == nil || got == nil {
				return
			}
			if len(want) == 0 {
				t.Errorf("the program observes nothing")
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("observations differ\n--- gcc\n%s\n--- cfront + interpreter\n%s",
					strings.Join(want, "\n"), strings.Join(got, "\n"))
			}
		})
	}
}

func runNative(t *testing.T, gcc, file, exe string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, gcc, "-std=gnu11", "-O0", "-fwrapv", "-w",
		"-I", filepath.Join("testdata", "diff", "native"), "-o", exe, file)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("gcc: %v\n%s", err, out)
		return nil
	}
	out, err := exec.CommandContext(ctx, exe).Output()
	if err != nil {
		t.Errorf("running %s: %v", exe, err)
		return nil
	}
	return strings.Split(strings.TrimRight(string(out), "\n"), "\n")
}

func runLSL(t *testing.T, file string) []string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := CompileSources([]Source{{Name: filepath.Base(file), Text: string(src)}},
		Options{Defines: observeTyped})
	if err != nil {
		t.Errorf("cfront: %v", err)
		return nil
	}
	if err := lsl.Validate(prog); err != nil {
		t.Errorf("the program does not validate: %v\n%s", err, prog)
		return nil
	}
	in := lsl.NewInterp(prog, lsl.InterpOptions{})
	if _, err := in.Call("run"); err != nil {
		t.Errorf("interpreter: %v\n%s", err, prog)
		return nil
	}
	var lines []string
	for _, o := range in.Observations() {
		prefix := ""
		if o.Kind == lsl.ObsInput {
			prefix = "in "
		}
		switch {
		case o.Kind == lsl.ObsLabel:
			lines = append(lines, "label "+o.Name)
		case strings.HasPrefix(o.Name, "u64:") && o.Val.IsInt():
			lines = append(lines, prefix+strings.TrimPrefix(o.Name, "u64:")+"="+strconv.FormatUint(uint64(o.Val.IntVal()), 10))
		default:
			lines = append(lines, prefix+o.Name+"="+o.Val.String())
		}
	}
	return lines
}

// TestOnePastObject: the pointer one past an object that is no array
// element (C11 6.5.6p7; testdata/diff/091_one_past_objects.c has the valid
// uses) may not be dereferenced, and no pointer lies before it or further
// than one past it: each is an error of the execution.
func TestOnePastObject(t *testing.T) {
	tests := []struct {
		name, body string
		want       lsl.Fault
	}{
		{"load one past", "int *e = &d + 1; return *e;", lsl.FaultAddress},
		{"store one past", "*(&d + 1) = 2; return 0;", lsl.FaultAddress},
		{"before", "int *e = &d - 1; return e != 0;", lsl.FaultPointer},
		{"two past", "int *e = &d + 2; return e != 0;", lsl.FaultPointer},
		{"beyond one past", "int *e = &d + 1; e++; return e != 0;", lsl.FaultPointer},
		{"struct one past", "struct pair *e = &s + 1; return e->a;", lsl.FaultAddress},
		{"struct before", "struct pair *e = &s - 1; return e != 0;", lsl.FaultPointer},
		{"malloc'd one past", "struct pair *h = malloc(sizeof *h); return h[1].b;", lsl.FaultAddress},
		{"malloc'd two past", "struct pair *h = malloc(sizeof *h); return (h + 2) != 0;", lsl.FaultPointer},
		{"local one past", "int x = 1; int *e = &x + 1; return *e;", lsl.FaultAddress},
		{"last field one past", "int *e = &s.b + 1; return *e;", lsl.FaultAddress},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "#include <stdlib.h>\nstruct pair { int a, b; };\nint d;\nstruct pair s;\nint f(void) { " + tc.body + " }\n"
			prog, err := CompileSources([]Source{{Name: "p.c", Text: src}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = lsl.NewInterp(prog, lsl.InterpOptions{}).Call("f")
			var fe *lsl.FaultError
			if !errors.As(err, &fe) || fe.Fault != tc.want {
				t.Errorf("f() = %v; want the fault %q", err, tc.want)
			}
		})
	}
}

// TestOnePastObjectInGlobals: a global's initializer may point one past an
// object that is no array element (&x + 1 is an address constant, C11
// 6.6p9), with the meaning it has in a function body.
func TestOnePastObjectInGlobals(t *testing.T) {
	src := `#include "lsl_protos.h"
struct pair { int a, b; };
int x = 3;
int *p = &x + 1;
struct pair s = {1, 2};
struct pair *ps = 1 + &s;
int *pb = &s.b + 1;
int arr[3] = {4, 5, 6};
int *end = arr + 3;
long n = (long)(&x + 1 - 1);
int ok(void) {
  return p == &x + 1 && p - &x == 1 && *(p - 1) == 3 && p != &x &&
    ps - &s == 1 && pb - &s.a == 2 && end - arr == 3 && end[-1] == 6 && (int *)n == &x;
}
int past(void) { return *p; }
`
	prog, err := CompileSources([]Source{{Name: "g.c", Text: src}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := lsl.NewInterp(prog, lsl.InterpOptions{})
	if res, err := in.Call("ok"); err != nil || res[0] != lsl.Int(1) {
		t.Errorf("ok() = %v, %v; want 1", res, err)
	}
	_, err = in.Call("past")
	var fe *lsl.FaultError
	if !errors.As(err, &fe) || fe.Fault != lsl.FaultAddress {
		t.Errorf("past() = %v; want the fault %q", err, lsl.FaultAddress)
	}
}
