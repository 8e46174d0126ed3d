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

// patch -p1 refuses to write through a symbolic link ("not a regular
// file") and follows no link to a directory outside the working
// directory: a file named through a link is named in the diff by its own
// path when that is under the working directory (also when the working
// directory itself is reached through a link), and refused otherwise.
func TestPatchPathThroughLinks(t *testing.T) {
	top := t.TempDir()
	work := filepath.Join(top, "work")
	for _, d := range []string{"work/sub", "outside"} {
		os.MkdirAll(filepath.Join(top, d), 0o755)
	}
	for _, f := range []string{"work/mp.c", "work/sub/f.c", "outside/x.c"} {
		os.WriteFile(filepath.Join(top, f), []byte("int x;\n"), 0o644)
	}
	for link, to := range map[string]string{
		"work/link.c":   "mp.c",
		"work/sub/up.c": "../mp.c",
		"work/abs.c":    filepath.Join(work, "mp.c"),
		"work/ldir":     "sub",
		"work/out":      "../outside",
		"work/far.c":    "../outside/x.c",
		"worklink":      "work",
	} {
		if err := os.Symlink(to, filepath.Join(top, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	realWork, _ := filepath.EvalSymlinks(work)
	for _, wd := range []string{work, filepath.Join(top, "worklink")} {
		t.Chdir(wd)
		for _, c := range []struct{ in, want string }{
			{"mp.c", "mp.c"},
			{"sub/f.c", "sub/f.c"},
			{"link.c", "mp.c"},
			{"sub/up.c", "mp.c"},
			{"abs.c", "mp.c"},
			{"ldir/f.c", "sub/f.c"},
			{filepath.Join(wd, "link.c"), "mp.c"},
			{filepath.Join(realWork, "sub", "f.c"), "sub/f.c"},
			{"out/x.c", ""},
			{"far.c", ""},
			{"../outside/x.c", ""},
		} {
			got, err := PatchPath(c.in)
			if got != c.want || (err == nil) != (c.want != "") {
				t.Errorf("in %s: PatchPath(%q) = %q, %v; want %q", wd, c.in, got, err, c.want)
			}
			if err != nil && (!strings.Contains(err.Error(), c.in) || !strings.Contains(err.Error(), "run the command from a directory above")) {
				t.Errorf("in %s: PatchPath(%q): %v", wd, c.in, err)
			}
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
