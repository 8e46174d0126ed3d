package infer

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// A file that starts with a UTF-8 byte order mark keeps it at the start:
// the include the patch adds goes after it (above it, the mark would start
// line 2, where the compiler takes it for a stray character), and the
// columns of line 1, which cfront counts from after the mark, are those of
// the line without it (counted from the raw bytes, the fence landed three
// bytes early, inside a name). Each case's patch (testdata/bom) applies
// with patch -p1, and the patched file, with its one mark first, compiles
// and passes on relaxed.
func TestPatchByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	const recv = "void r(void) {\n    int f = flag;\n    int d = data;\n    if (f) lsl_assert(d == 1);\n}\n"
	const send = "int flag, data;\nvoid init(void) { flag = 0; data = 0; }\n" +
		"void w(void) { data = 1; lsl_fence(\"store-store\"); flag = 1; }\n"
	line1 := "int flag, data; void init(void) { flag = 0; data = 0; } " +
		"void w(void) { data = 1; lsl_fence(\"store-store\"); flag = 1; } " +
		"void r(void) { int f = flag; int d = data; if (f) lsl_assert(d == 1); }\n"
	for _, tc := range []struct {
		name, src string
		want      string // the fence, at line:col
	}{
		// the include goes first, after the mark
		{"include", bom + send + recv, "6:5"},
		// the whole program on line 1: the fence's column counts
		// from after the mark
		{"line1", bom + line1, fmt.Sprintf("1:%d", strings.Index(line1, "int d")+1)},
		// a file with the include on line 1, after the mark, gets no
		// second one
		{"hasinclude", bom + "#include \"lsl_protos.h\"\n" + send + recv, "7:5"},
		{"crlf", bom + strings.ReplaceAll(send+recv, "\n", "\r\n"), "6:5"},
		{"crlf-line1", bom + strings.ReplaceAll(line1, "\n", "\r\n"), fmt.Sprintf("1:%d", strings.Index(line1, "int d")+1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := patchAndCheck(t, "bom", tc.name, tc.src, tc.want)
			got, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(got, []byte(bom)) || bytes.Count(got, []byte(bom)) != 1 {
				t.Fatalf("patched file does not have its one mark first:\n%q", got)
			}
			if n := bytes.Count(got, []byte("lsl_protos.h")); n != 1 {
				t.Errorf("patched file includes lsl_protos.h %d times", n)
			}
		})
	}
}
