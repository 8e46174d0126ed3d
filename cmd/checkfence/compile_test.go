package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestCompileCommand(t *testing.T) {
	msn := "../../../shared/examples/msn_nofence_lsl.c"
	if _, err := os.Stat(msn); err != nil {
		t.Skip("no shared examples")
	}
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stdout []string
		stderr string
	}{
		// msn's enqueue links the node with a 64-bit CAS on tail->next:
		// an atomic block comparing and storing one location.
		{"msn", []string{msn}, 0, []string{"proc enqueue(queue, value) -> ()", "proc dequeue(queue, pvalue) -> (", "atomic "}, ""},
		{"bundled example", []string{"../../examples/c/mp.c"}, 0, []string{"global data @1", "global flag @2", "proc recv() -> ()"}, ""},
		{"unsupported C", []string{"testdata/float.c"}, 2, nil, "testdata/float.c:4:11: floating point is not supported"},
		{"not C", []string{"testdata/sb.lsl"}, 2, nil, "not a C file"},
		{"no files", nil, 2, nil, "no C files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"checkfence", "compile"}, tc.args...), &stdout, &stderr)
			if code != tc.status {
				t.Errorf("status %d, want %d; stderr %s", code, tc.status, stderr.String())
			}
			for _, w := range tc.stdout {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("output lacks %q", w)
				}
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tc.stderr)
			}
		})
	}
}

// C the parser crashed on, called an internal error or reported without a
// position is refused with status 2 and one line "file:line:col:
// message" on standard error.
func TestCompileRefusesAtAPosition(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"void f(int char);\n", "p.c:1:12: two or more data types in declaration specifiers\n"},
		{"#if \"x\"\n#endif\n", "p.c:1:5: token \"x\" is not valid in preprocessor expressions\n"},
		{"struct s { ; x; };\n", "p.c:1:14: member x has no type (expected a type before it)\n"},
		{"int n(void) = 0;\n", "p.c:1:5: function n is initialized like a variable\n"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(dir+"/p.c", []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"checkfence", "compile", dir + "/p.c"}, &stdout, &stderr)
		if got := strings.ReplaceAll(stderr.String(), dir+"/", ""); code != exitUsage || got != tc.want {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", tc.src, code, got, tc.want)
		}
	}
}
