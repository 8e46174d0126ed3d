package main

import (
	"bytes"
	"strings"
	"testing"
)

// Message passing in C: the reader may see the flag without the data when
// store→store or load→load order is lost (pso: the stores; relaxed: both),
// never on sc or tso; the fenced version is correct everywhere.
func TestCheckCommand(t *testing.T) {
	const dir = "../../examples/c/"
	for _, tc := range []struct {
		file, model string
		status      int
		want        []string
	}{
		{"mp.c", "sc", 0, []string{"pass         T0 on sc"}},
		{"mp.c", "tso", 0, []string{"pass         T0 on tso"}},
		// the cause: on pso the writer's stores alone; on relaxed also
		// the reader's loads (both orders are needed for flag=1 data=0)
		{"mp.c", "pso", 1, []string{"fail         T0 on pso", "recv(flag=1 data=0)",
			"cause: with these fences", "  store-store fence before the store at ../../examples/c/mp.c:12:10\n    thread 0: store flag"}},
		{"mp.c", "relaxed", 1, []string{"fail         T0 on relaxed", "recv(flag=1 data=0)",
			"  store-store fence before the store at ../../examples/c/mp.c:12:10\n", "  load-load fence after the load at ../../examples/c/mp.c:17:13\n"}},
		{"mp-fenced.c", "relaxed", 0, []string{"pass         T0 on relaxed"}},
		{"mp-fenced.c", "pso", 0, []string{"pass         T0 on pso"}},
	} {
		t.Run(tc.file+" "+tc.model, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"checkfence", "check", "--model", tc.model, dir + tc.file, dir + "mp.tests"}, &stdout, &stderr)
			if code != tc.status {
				t.Errorf("status %d, want %d; stderr %s", code, tc.status, stderr.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, stdout.String())
				}
			}
		})
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"checkfence", "check", "--test", "T9", dir + "mp.c", dir + "mp.tests"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `no test named "T9"`) {
		t.Errorf("unknown test: status %d, want 2; stderr %q", code, stderr.String())
	}
}
