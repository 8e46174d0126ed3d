package infer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/lsl"
)

// The lines the patch inserts (a fence's own line, the include) end as the
// file's lines do: in a file written with CRLF a bare LF would leave it
// with mixed line endings. Lines edited in place keep their own ending.
// Each case's patch is applied with patch -p1 and gives the file written
// by hand.
func TestPatchLineEndings(t *testing.T) {
	const recv = "void recv(void) { int f = flag; int d = data; }"
	inLine := strings.Index(recv, "int d") + 1
	for _, tc := range []struct {
		name, src string
		fences    []Candidate
		want      string
	}{
		{"crlf",
			"#include \"lsl_protos.h\"\r\nvoid send(void)\r\n{\r\n\tdata = 42;\r\n\tflag = 1;\r\n}\r\n" + recv + "\r\n",
			[]Candidate{{Slot: 1, Kind: lsl.StoreStore, Pos: lsl.Pos{Line: 5, Col: 2}}, {Slot: 2, Kind: lsl.LoadLoad, Pos: lsl.Pos{Line: 7, Col: inLine}}},
			"#include \"lsl_protos.h\"\r\nvoid send(void)\r\n{\r\n\tdata = 42;\r\n\tlsl_fence(\"store-store\");\r\n\tflag = 1;\r\n}\r\n" +
				strings.Replace(recv, "int d", "lsl_fence(\"load-load\"); int d", 1) + "\r\n"},
		{"crlf, no include, last line unended",
			"void send(void)\r\n{\r\n\tdata = 42;\r\n\tflag = 1;\r\n}",
			[]Candidate{{Slot: 1, Kind: lsl.StoreStore, Pos: lsl.Pos{Line: 4, Col: 2}}, {Slot: 2, Kind: lsl.LoadLoad, Pos: lsl.Pos{Line: 5, Col: 1}}},
			"#include \"lsl_protos.h\"\r\nvoid send(void)\r\n{\r\n\tdata = 42;\r\n\tlsl_fence(\"store-store\");\r\n\tflag = 1;\r\n\tlsl_fence(\"load-load\");\r\n}"},
		{"lf",
			"void send(void)\n{\n\tdata = 42;\n\tflag = 1;\n}\n",
			[]Candidate{{Slot: 1, Kind: lsl.StoreStore, Pos: lsl.Pos{Line: 4, Col: 2}}},
			"#include \"lsl_protos.h\"\nvoid send(void)\n{\n\tdata = 42;\n\tlsl_fence(\"store-store\");\n\tflag = 1;\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := range tc.fences {
				tc.fences[i].Pos.File = "e.c"
			}
			diff, err := Patch(tc.fences, func(string) ([]byte, error) { return []byte(tc.src), nil })
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "e.c"), []byte(tc.src), 0o644)
			t.Chdir(dir)
			applyPatch(t, diff)
			got, _ := os.ReadFile("e.c")
			if string(got) != tc.want {
				t.Errorf("patched file %q, want %q\ndiff:\n%s", got, tc.want, diff)
			}
		})
	}
}
