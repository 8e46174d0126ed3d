package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAmbiguousOperation: a test that names a static function defined in
// two files (or a static and an external one) is refused at the name,
// with both definitions, and the other tests still run; one static
// function of the name is the operation.
func TestAmbiguousOperation(t *testing.T) {
	const (
		static1 = "#include \"lsl_protos.h\"\nstatic void st(void) { lsl_observe_output(\"f\", 1); }\nvoid one(void) { st(); }\n"
		static2 = "#include \"lsl_protos.h\"\nstatic void st(void) { lsl_observe_output(\"f\", 2); }\nvoid two(void) { st(); }\n"
		extern3 = "#include \"lsl_protos.h\"\nvoid st(void) { lsl_observe_output(\"f\", 3); }\n"
		other   = "#include \"lsl_protos.h\"\nvoid two(void) { lsl_observe_output(\"f\", 2); }\n"
	)
	tests := []struct {
		name  string
		files []string // a.c, b.c, …
		tests string
		code  int
		want  string // in the error output, with D for the directory
	}{
		{"static in two files", []string{static1, static2}, "test T = ( st )\n", exitUsage,
			`D/t.tests:1:12: operation "st" is ambiguous: functions of that name are defined at D/a.c:2:13 and D/b.c:2:13`},
		{"static and external", []string{extern3, static2}, "test T = ( two | st )\ntest U = ( two )\n", exitUsage,
			`D/t.tests:1:18: operation "st" is ambiguous: functions of that name are defined at D/a.c:2:6 and D/b.c:2:13`},
		{"in the init and twice", []string{static1, static2}, "test T = st ( st | two )\n", exitUsage,
			"D/t.tests:1:10: operation \"st\" is ambiguous: functions of that name are defined at D/a.c:2:13 and D/b.c:2:13 (a static function is its file's own: rename one)\n" +
				"D/t.tests:1:15: operation \"st\" is ambiguous"},
		{"one static function", []string{static1, other}, "test T = ( st | two )\n", exitPass, ""},
		{"statics not named by the test", []string{static1, static2}, "test T = ( one | two )\n", exitPass, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var args []string
			for i, text := range tc.files {
				f := filepath.Join(dir, string(rune('a'+i))+".c")
				if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				args = append(args, f)
			}
			tf := filepath.Join(dir, "t.tests")
			if err := os.WriteFile(tf, []byte(tc.tests), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := runCmd(t, append([]string{"check", "--no-cache", "--model", "sc"}, append(args, tf)...)...)
			if code != tc.code {
				t.Fatalf("status %d, want %d\nstdout %s\nstderr %s", code, tc.code, out, errs)
			}
			if want := strings.ReplaceAll(tc.want, "D/", dir+string(filepath.Separator)); !strings.Contains(errs, want) {
				t.Errorf("stderr\n%s\nlacks\n%s", errs, want)
			}
			if tc.name == "static and external" && !strings.Contains(out, "pass         U on sc") {
				t.Errorf("the other test did not run:\n%s", out)
			}
		})
	}
}
