package infer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An absolute path inside the working directory is written relative to
// it, so that patch -p1 applies the diff from there (CLI.md); a file
// outside it has no name patch -p1 accepts, and is refused.
func TestPatchPath(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{"a.c", "a.c"},
		{"./dir/../b.c", "b.c"},
		{"my dir/c.c", "my dir/c.c"},
		{filepath.Join(wd, "sub", "c.c"), "sub/c.c"},
		{"/elsewhere/d.c", ""},
		{"../e.c", ""},
		{"sub/../../f.c", ""},
		{filepath.Join(filepath.Dir(wd), "g.c"), ""},
	} {
		got, err := PatchPath(c.in)
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("PatchPath(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
		if err != nil && (!strings.Contains(err.Error(), c.in) || !strings.Contains(err.Error(), "run the command from a directory above")) {
			t.Errorf("PatchPath(%q): %v", c.in, err)
		}
	}
}

// The patch declares lsl_fence unless the file includes lsl_protos.h; a
// mention of the header in a comment is no include.
func TestIncludesProtos(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"#include \"lsl_protos.h\"\nint x;\n", true},
		{"int x;\n  #  include <lsl_protos.h>\n", true},
		{"#include \"../include/lsl_protos.h\"\n", true},
		{"/* does not need lsl_protos.h */\n#include <stdatomic.h>\n", false},
		{"// #include \"lsl_protos.h\" would declare it\n", false},
		{"#include \"my_lsl_protos.h.in\"\n", false},
	} {
		if got := includesProtos.MatchString(tc.src); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.src, got, tc.want)
		}
	}
}
