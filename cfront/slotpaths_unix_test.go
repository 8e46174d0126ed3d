//go:build unix

package cfront

import (
	"os"
	"slices"
	"strings"
	"testing"

	"checkfence/lsl"
)

// One header reached by several paths is one file: its positions carry one
// name, the first path it was read by (command-line order, then include
// order), and the inline function it defines has the same fence slots in
// every file that includes it (SEMANTICS.md, "Fence placement": a slot is
// a point of the source). "..." includes of the header are still looked
// for in the directory of the path that reached it, as gcc does. DIR
// stands for the temporary directory, the working directory.
func TestSlotsOneNamePerFile(t *testing.T) {
	const publish = "extern int data, flag;\nstatic inline void publish(int v)\n{\n    data = v;\n    flag = 1;\n}\n"
	const a = "#include \"h.h\"\nint data, flag;\nvoid send(void) { publish(1); }\n"
	inc := func(name string) string { return "#include " + name + "\nvoid send2(void) { publish(2); }\n" }
	for _, c := range []struct {
		name  string
		b     string   // b.c
		args  []string // the C files
		incs  []string // -I
		links [][2]string
		want  string // the header's name in positions
	}{
		{name: "absolute then relative", b: inc(`"h.h"`), args: []string{"DIR/a.c", "b.c"}, want: "DIR/h.h"},
		{name: "relative then absolute", b: inc(`"h.h"`), args: []string{"a.c", "DIR/b.c"}, want: "h.h"},
		{name: "quotes and -I DIR", b: inc("<h.h>"), args: []string{"a.c", "b.c"}, incs: []string{"DIR"}, want: "h.h"},
		{name: "-I DIR first", b: inc("<h.h>"), args: []string{"b.c", "a.c"}, incs: []string{"DIR"}, want: "DIR/h.h"},
		{name: "./h.h", b: inc(`"./h.h"`), args: []string{"a.c", "b.c"}, want: "h.h"},
		{name: "./ on the command line", b: inc(`"h.h"`), args: []string{"./a.c", "./b.c"}, want: "h.h"},
		{name: "symlink beside it", b: inc(`"hl.h"`), args: []string{"a.c", "b.c"}, links: [][2]string{{"h.h", "hl.h"}}, want: "h.h"},
		{name: "symlink first", b: inc(`"hl.h"`), args: []string{"b.c", "a.c"}, links: [][2]string{{"h.h", "hl.h"}}, want: "hl.h"},
		{name: "symlinked directory", b: inc(`"inc/h.h"`), args: []string{"a.c", "b.c"}, links: [][2]string{{".", "inc"}}, want: "h.h"},
		{name: "symlink in another directory", b: inc(`"other/h.h"`), args: []string{"a.c", "b.c"}, links: [][2]string{{"../h.h", "other/h.h"}}, want: "h.h"},
		{name: "a header including from its directory", b: inc(`"other/h.h"`), args: []string{"a.c", "b.c"}, links: [][2]string{{"../h.h", "other/h.h"}}, want: "h.h"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			header, own := publish, strings.HasPrefix(c.name, "a header including")
			if own {
				// g.h beside each path: G is 1 through h.h, 2 through other/h.h
				header = "#include \"g.h\"\n" + strings.Replace(publish, "data = v;", "data = v + G;", 1)
			}
			os.Mkdir("other", 0o755)
			for name, text := range map[string]string{"h.h": header, "a.c": a, "b.c": c.b, "g.h": "#define G 1\n", "other/g.h": "#define G 2\n"} {
				if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, l := range c.links {
				if err := os.Symlink(l[0], l[1]); err != nil {
					t.Fatal(err)
				}
			}
			abs := func(s []string) []string {
				var out []string
				for _, x := range s {
					out = append(out, strings.Replace(x, "DIR", dir, 1))
				}
				return out
			}
			prog, err := Compile(abs(c.args), Options{IncludeDirs: abs(c.incs), FenceSlots: true})
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(c.want, "DIR", dir, 1)
			var slots [][]int
			var gs []string
			for _, p := range prog.Procs {
				if !strings.HasPrefix(p.Name, "publish") {
					continue
				}
				var ss []int
				lsl.Walk(p.Body, func(s lsl.Stmt) bool {
					if pos := s.Position(); pos.File != want {
						t.Errorf("%s: %T at %s, want it in %s", p.Name, s, pos, want)
					}
					if f, ok := s.(*lsl.Fence); ok && f.Slot != 0 {
						ss = append(ss, f.Slot)
					}
					if k, ok := s.(*lsl.Const); ok && own && k.Pos.Line == 5 && k.Pos.Col == 16 {
						gs = append(gs, k.Val.String())
					}
					return true
				})
				slots = append(slots, ss)
			}
			// publish has three slots: before each assignment, and at
			// the end of its body
			if len(slots) != 2 || len(slots[0]) != 3 || !slices.Equal(slots[0], slots[1]) {
				t.Errorf("slots of publish in a.c and b.c: %v, want the same three", slots)
			}
			if own && !slices.Equal(gs, []string{"1", "2"}) {
				t.Errorf("G in publish of a.c and b.c: %v, want [1 2] (g.h beside the path that reached h.h)", gs)
			}
		})
	}
}

// An error in a header reached by a second path, in another directory,
// names the header by its first path.
func TestSlotsErrorOneName(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("other", 0o755)
	for name, text := range map[string]string{
		"h.h":       "#include \"g.h\"\nextern int data;\nstatic inline void publish(int v) { data = v + H; }\n",
		"g.h":       "#define G 1\n",
		"other/g.h": "#define G 2\n",
		"b.c":       "#include \"other/h.h\"\nvoid send2(void) { publish(2); }\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile("a.c", []byte("int data;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("../h.h", "other/h.h")
	for _, args := range [][]string{{"other/h.h", "b.c"}, {"h.h", "b.c"}} {
		_, err := Compile(append([]string{"a.c"}, args...), Options{FenceSlots: true})
		if err == nil || !strings.HasPrefix(err.Error(), args[0]+":3:") || strings.ContainsAny(err.Error(), "\x01\x02") {
			t.Errorf("%v: %q, want an error at %s:3", args, err, args[0])
		}
	}
}

// #pragma once knows a header by its one name: reached by a second path,
// in one translation unit, it is not read again.
func TestPragmaOnceOneName(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("other", 0o755)
	os.WriteFile("h.h", []byte("#pragma once\nint x = 1;\n"), 0o644)
	os.Symlink("../h.h", "other/h.h")
	os.Symlink("h.h", "hl.h")
	for _, inc := range []string{"hl.h", "other/h.h", "./h.h"} {
		os.WriteFile("a.c", []byte("#include \"h.h\"\n#include \""+inc+"\"\nint y;\n"), 0o644)
		if _, err := Compile([]string{"a.c"}, Options{}); err != nil {
			t.Errorf("h.h and %s: %v", inc, err)
		}
	}
}
