package cfront

import (
	"strings"
	"testing"
)

// TestLabelledAtomicMarkers: in C a label on lsl_atomic_begin(); or
// lsl_atomic_end(); comes before the call, so the labelled call means the
// label on an empty statement followed by the call: the begin call's
// label is before the atomic block (a goto to it enters the block at its
// start), the end call's inside it. Each source is compiled beside the
// same text with "L: " written "L:;" (same columns, so same positions),
// and must translate to the same program.
func TestLabelledAtomicMarkers(t *testing.T) {
	const head = "#include \"lsl_protos.h\"\nint x;\n"
	tests := []struct{ name, src, ref string }{
		{"label on begin",
			"void f(void) { L: lsl_atomic_begin(); x = x + 1; lsl_atomic_end(); }\n",
			"void f(void) { L:;lsl_atomic_begin(); x = x + 1; lsl_atomic_end(); }\n"},
		{"label on end",
			"void f(void) { lsl_atomic_begin(); x = x + 1; E: lsl_atomic_end(); }\n",
			"void f(void) { lsl_atomic_begin(); x = x + 1; E:;lsl_atomic_end(); }\n"},
		{"retry loop back to the begin",
			"void f(void) { int i = 0; L: lsl_atomic_begin(); x = x + 1; i++; lsl_atomic_end(); if (i < 2) goto L; }\n",
			"void f(void) { int i = 0; L:;lsl_atomic_begin(); x = x + 1; i++; lsl_atomic_end(); if (i < 2) goto L; }\n"},
		{"forward to the begin",
			"void f(void) { if (x) goto L; x = 5; L: lsl_atomic_begin(); x = x + 1; lsl_atomic_end(); }\n",
			"void f(void) { if (x) goto L; x = 5; L:;lsl_atomic_begin(); x = x + 1; lsl_atomic_end(); }\n"},
		{"two labels, a loop and a forward goto",
			"void f(void) { int i = 0; if (x) goto L; x = 5; L: M: lsl_atomic_begin(); x = x + 1; E: lsl_atomic_end(); if (++i < 2) goto M; }\n",
			"void f(void) { int i = 0; if (x) goto L; x = 5; L: M:;lsl_atomic_begin(); x = x + 1; E:;lsl_atomic_end(); if (++i < 2) goto M; }\n"},
		{"in a case of a switch",
			"void f(void) { switch (x) { case 1: L: lsl_atomic_begin(); x = x + 1; lsl_atomic_end(); if (x < 3) goto L; break; default: x = 0; } }\n",
			"void f(void) { switch (x) { case 1: L:;lsl_atomic_begin(); x = x + 1; lsl_atomic_end(); if (x < 3) goto L; break; default: x = 0; } }\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out [2]string
			for i, src := range []string{tc.src, tc.ref} {
				prog, err := CompileSources([]Source{{Name: "a.c", Text: head + src}}, Options{})
				if err != nil {
					t.Fatalf("%s: %v", src, err)
				}
				out[i] = prog.String()
			}
			if out[0] != out[1] {
				t.Errorf("differs from the empty statement's form:\n%s", lineDiff(out[1], out[0]))
			}
			if !strings.Contains(out[0], "atomic @") {
				t.Errorf("no atomic block:\n%s", out[0])
			}
		})
	}
}
