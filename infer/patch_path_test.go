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
