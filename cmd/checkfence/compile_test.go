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
