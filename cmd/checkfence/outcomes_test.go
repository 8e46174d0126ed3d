package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestOutcomesCommand(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stdout []string // lines that must appear
		stderr string
	}{
		// SB on sc: every interleaving lets at least one load see 1.
		{"sb on sc", []string{"outcomes", "--model", "sc", "testdata/sb.lsl"}, 0, []string{
			"SB on sc: 3 outcomes",
			"t0.0{output a=0} | t1.0{output b=1}",
			"t0.0{output a=1} | t1.0{output b=0}",
			"t0.0{output a=1} | t1.0{output b=1}",
		}, ""},
		// on tso the store buffers add a=0, b=0
		{"sb on tso", []string{"outcomes", "--model", "tso", "testdata/sb.lsl"}, 0, []string{
			"SB on tso: 4 outcomes", "t0.0{output a=0} | t1.0{output b=0}"}, ""},
		// a test with more values than the analysis tracks is
		// inconclusive (status 3, as in check), and the next is listed
		{"value limit", []string{"outcomes", "--model", "sc", "testdata/toomany.lsl", "testdata/sb.lsl"}, 3, []string{
			"WIDE on sc: inconclusive: testdata/toomany.lsl:8:5: test WIDE: choose 0 9999: range too large to analyse, more than the 4096 values the range analysis tracks; reduce the range",
			"SB on sc: 3 outcomes"}, ""},
		{"malformed", []string{"outcomes", "testdata/bad.lsl"}, 2, nil, "testdata/bad.lsl:5:3: expected register"},
		{"no files", []string{"outcomes"}, 2, nil, "no LSL files"},
		// what the validation finds points into the file, as parse errors do
		{"invalid register", []string{"outcomes", "testdata/invalid.lsl"}, 2, nil, "testdata/invalid.lsl:7:5: thread 0: register py is read but never assigned"},
		{"invalid label", []string{"outcomes", "testdata/invalid.lsl"}, 2, nil, "testdata/invalid.lsl:9:5: thread 0, op P0: observe label \"l\" has a register"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"checkfence"}, tc.args...), &stdout, &stderr)
			if code != tc.status {
				t.Errorf("status %d, want %d; stderr %s", code, tc.status, stderr.String())
			}
			for _, l := range tc.stdout {
				if !strings.Contains(stdout.String(), l+"\n") {
					t.Errorf("stdout lacks %q:\n%s", l, stdout.String())
				}
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tc.stderr)
			}
		})
	}
}
