package infer

import (
	"os"
	"path/filepath"
	"testing"
)

// An absolute path inside the working directory is written relative to
// it, so that patch -p1 applies the diff from there (CLI.md).
func TestPatchPath(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{"a.c", "a.c"},
		{"./dir/../b.c", "b.c"},
		{filepath.Join(wd, "sub", "c.c"), "sub/c.c"},
		{"/elsewhere/d.c", "/elsewhere/d.c"},
	} {
		if got := patchPath(c.in); got != c.want {
			t.Errorf("patchPath(%q) = %q, want %q", c.in, got, c.want)
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
