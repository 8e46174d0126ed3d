//go:build unix

package cfront

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestIncludeFiles checks what #include may read: only regular files (a
// device, a FIFO or a directory is refused at the #include, saying what it
// is, instead of being read forever or waiting for a writer), never
// through a symlink loop, and not nested without end (a file that
// includes itself). Absolute names work. DIR stands for the temporary
// directory.
func TestIncludeFiles(t *testing.T) {
	dir := t.TempDir()
	deep := filepath.Join(dir, "a", "b", "c", "d", "e", "f", "g", "h")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.h"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range [][2]string{{"loop1.h", "loop2.h"}, {"loop2.h", "loop1.h"}} {
		if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.h"), 0o755); err != nil {
		t.Fatal(err)
	}
	up := strings.Repeat("../", strings.Count(deep, "/"))
	files := map[string]string{
		"self.h":    "#include \"self.h\"\nint y;\n",
		"cycle1.h":  "int c1;\n#include \"cycle2.h\"\n",
		"cycle2.h":  "#include \"cycle1.h\"\n",
		"guarded.h": "#ifndef GUARDED_H\n#define GUARDED_H\nstruct g { int a; };\n#include \"guarded.h\"\n#endif\n",
		"once.h":    "#pragma once\nstruct o { int a; };\n#include \"once.h\"\n",
		"abs.h":     "#include \"rel.h\"\n#define ABS 40\n",
		"rel.h":     "#define REL 2\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, include, want string
	}{
		{"/dev/zero by a relative name", up + "dev/zero",
			`DIR/e.c:1:10: cannot include "` + up + `dev/zero": /dev/zero is a character device, not a regular file`},
		{"/dev/zero by its absolute name", "/dev/zero",
			`DIR/e.c:1:10: cannot include "/dev/zero": /dev/zero is a character device, not a regular file`},
		{"FIFO", "fifo.h",
			`DIR/e.c:1:10: cannot include "fifo.h": DIR/fifo.h is a named pipe (FIFO), not a regular file`},
		{"directory", "sub.h",
			`DIR/e.c:1:10: cannot include "sub.h": DIR/sub.h is a directory, not a regular file`},
		{"symlink loop", "loop1.h",
			`DIR/e.c:1:10: cannot include "loop1.h": DIR/loop1.h: symlink loop (too many levels of symbolic links)`},
		{"symlink loop by its absolute name", "DIR/loop1.h",
			`DIR/e.c:1:10: cannot include "DIR/loop1.h": DIR/loop1.h: symlink loop (too many levels of symbolic links)`},
		{"missing absolute name", "DIR/nothere.h",
			`DIR/e.c:1:10: include file not found: "DIR/nothere.h"`},
		{"file including itself", "self.h",
			"DIR/self.h:1:10: #include nested more than 200 levels deep (file includes itself?): self.h includes self.h"},
		{"include cycle", "cycle1.h",
			"DIR/cycle1.h:2:10: #include nested more than 200 levels deep (file includes itself?): cycle2.h includes cycle1.h includes cycle2.h"},
		{"guarded header including itself", "guarded.h", ""},
		{"#pragma once header including itself", "once.h", ""},
		{"absolute name", "DIR/abs.h", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			main := filepath.Join(dir, "e.c")
			src := "#include \"" + strings.ReplaceAll(tc.include, "DIR", dir) + "\"\n#include \"guarded.h\"\nint x;\n"
			if err := os.WriteFile(main, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err := Compile([]string{main}, Options{})
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v", d)
			}
			want := strings.ReplaceAll(tc.want, "DIR", dir)
			switch {
			case err == nil && want != "":
				t.Errorf("no error, want %s", want)
			case err != nil && err.Error() != want:
				t.Errorf("error\n%v\nwant\n%s", err, want)
			}
		})
	}
	// The absolute include's own includes are relative to it.
	prog, err := CompileSources([]Source{{Name: "m.c", Text: "#include \"" + dir + "/abs.h\"\nint v = ABS + REL;\n"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g := prog.Globals[0]; len(g.Init) != 1 || g.Init[0].Val.String() != "42" {
		t.Errorf("v = %v, want 42", g.Init)
	}
}

// TestMainFileNotRegular checks that a C file named on the command line
// must be a regular file too.
func TestMainFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.c")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, want string }{
		{fifo, fifo + ": " + fifo + " is a named pipe (FIFO), not a regular file"},
		{"/dev/zero", "/dev/zero: /dev/zero is a character device, not a regular file"},
		{dir, dir + ": " + dir + " is a directory, not a regular file"},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := Compile([]string{tc.file}, Options{})
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || err.Error() != tc.want {
				t.Errorf("%s: error %v, want %s", tc.file, err, tc.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5 s", tc.file)
		}
	}
}
