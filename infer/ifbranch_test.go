package infer

import (
	"context"
	"os"
	"strings"
	"testing"

	"checkfence/cfront"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

// The branches of an if written without braces have the slots of a
// block's start and end, as a loop body without braces does (SEMANTICS.md
// counts a block's statement boundaries; a branch is one without its
// braces): the reader's if (flag) d = data; needs a load-load fence at the
// start of the branch on relaxed, and the patch adds the braces that keep
// the fence in it. Without these slots inference called each program
// impossible (exit 1) although its test passes on sc. Each case's patch
// (testdata/ifbranch) applies with patch -p1, and the patched program
// compiles and passes on relaxed.
func TestIfBranchesWithoutBraces(t *testing.T) {
	const head = "#include <stdatomic.h>\n#include \"lsl_protos.h\"\n" +
		"static atomic_int flag; static int data;\n" +
		"void init(void) { flag = 0; data = 0; }\n" +
		"void w(void) { data = 1; atomic_store_explicit(&flag, 1, memory_order_release); }\n"
	const load = "atomic_load_explicit(&flag, memory_order_relaxed)"
	then := head + "void r(void) {\n    int d = -1;\n    if (" + load + ")\n        d = data;\n    lsl_observe_output(\"d\", d);\n}\n"
	for _, tc := range []struct {
		name, src string
		want      string // the fence, at line:col
	}{
		// the most common reader: the fence goes first in the branch
		{"then", then, "9:9"},
		{"else", head + "void r(void) {\n    int d;\n    if (!" + load + ")\n        d = -1;\n    else\n        d = data;\n    lsl_observe_output(\"d\", d);\n}\n", "11:9"},
		// the else branch is the inner if: data is loaded in its
		// condition, so the fence goes before it, inside the braces
		// around the whole inner if
		{"elseif", head + "void r(void) {\n    int d;\n    if (!" + load + ") d = -1;\n    else if (data) d = 1;\n    else d = 0;\n    lsl_observe_output(\"d\", d);\n}\n", "9:10"},
		// the branch is an if whose else is its own: the braces go
		// around both, so that the else stays the inner if's
		{"nested", head + "void r(void) {\n    int d = -1;\n    if (" + load + ")\n        if (data) d = 1;\n        else d = 0;\n    lsl_observe_output(\"d\", d);\n}\n", "9:9"},
		// a file written with CRLF keeps CRLF in the lines edited
		{"crlf", strings.ReplaceAll(then, "\n", "\r\n"), "9:9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			patchAndCheck(t, "ifbranch", tc.name, tc.src, tc.want)
		})
	}
}

// patchAndCheck writes src as NAME.c in a fresh directory (the current
// one from then on), infers the fences of message passing (test T =
// init ( w | r )) on relaxed, which must be a load-load fence at want
// (line:col), compares the patch with testdata/DIR/NAME.diff, applies it
// with patch -p1, and checks that the patched file passes. It returns the
// file's name.
func patchAndCheck(t *testing.T, dir, name, src, want string) string {
	t.Helper()
	file := name + ".c"
	tmp := t.TempDir()
	if err := os.WriteFile(tmp+"/"+file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(tmp)
	ts, err := tests.Parse("t.tests", []byte("test T = init ( w | r )\n"))
	if err != nil {
		t.Fatal(err)
	}
	slotted, err := cfront.Compile([]string{file}, cfront.Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	m := memmodel.MustByName("relaxed")
	fences := inferWant(t, slotted, []string{file}, ts, m, "load-load fence at "+file+":"+want)
	diff, err := Patch(fences, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, dir+"/"+name+".diff", diff)
	applyPatch(t, diff)
	patched, err := cfront.Compile([]string{file}, cfront.Options{})
	if err != nil {
		t.Fatalf("the patched file: %v", err)
	}
	res, err := mining.CheckTest(context.Background(), patched, nil, ts[0], m, mining.PipelineOptions{})
	if err != nil || res.Verdict != mining.Pass {
		t.Fatalf("patched, on relaxed: %v %v", res.Verdict, err)
	}
	return file
}
