package infer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/cfront"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

// Two stores of one expansion of a macro have the position of the
// macro's use, and no fence slot between them: the C text has no place
// for a fence there. No placement is found (the verdict stays impossible,
// exit status 1), and the reason names the macro, where it is used and
// where it is defined (in the file, in a header beside it, in one of the
// include directories), and the fence its definition needs. A macro whose
// definition is not in the files (one given with -D) leaves the reason
// that says which accesses no slot separates.
func TestImpossibleInAMacro(t *testing.T) {
	const publish = "#define PUBLISH(v) do { data = (v); atomic_store_explicit(&flag, 1, memory_order_relaxed); } while (0)\n"
	const rest = "void init(void) { flag = 0; data = 0; }\n" +
		"void w(void) { PUBLISH(1); }\n" +
		"void r(void) { int f = atomic_load_explicit(&flag, memory_order_acquire); int d = data; if (f) lsl_assert(d == 1); }\n"
	const head = "#include <stdatomic.h>\n#include \"lsl_protos.h\"\nstatic atomic_int flag; static int data;\n"
	for _, tc := range []struct {
		name    string
		files   map[string]string
		opts    cfront.Options
		dirs    []string // the include directories NameMacro is given
		want    string
		wantNot string
	}{
		{"in the file", map[string]string{"mp.c": head + publish + rest}, cfront.Options{}, nil,
			"of one expansion of the macro PUBLISH (used at mp.c:6:16, defined at mp.c:4:9): no fence slot of the C text separates them, " +
				"and a patch cannot put a fence inside an expansion; a store-store fence between them in the definition of PUBLISH, added by hand, would forbid this reordering", ""},
		{"in a header beside it", map[string]string{"mp.c": head + "#include \"pub.h\"\n" + rest, "pub.h": "// publish\n" + publish}, cfront.Options{}, nil,
			"the macro PUBLISH (used at mp.c:6:16, defined at pub.h:2:9)", ""},
		{"in an include directory", map[string]string{"mp.c": head + "#include \"pub.h\"\n" + rest, "inc/pub.h": publish}, cfront.Options{IncludeDirs: []string{"inc"}}, []string{"inc"},
			"the macro PUBLISH (used at mp.c:6:16, defined at inc/pub.h:1:9)", ""},
		{"given with -D", map[string]string{"mp.c": head + "\n" + rest},
			cfront.Options{Defines: []string{"PUBLISH(v)=do { data = (v); atomic_store_explicit(&flag, 1, memory_order_relaxed); } while (0)"}}, nil,
			"whose reordered accesses (mp.c:6:16, mp.c:6:16) no fence slot separates", "macro PUBLISH"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			ts, err := tests.Parse("t.tests", []byte("test T = init ( w | r )\n"))
			if err != nil {
				t.Fatal(err)
			}
			opts := tc.opts
			spec, err := cfront.Compile([]string{"mp.c"}, opts)
			if err != nil {
				t.Fatal(err)
			}
			opts.FenceSlots = true
			slotted, err := cfront.Compile([]string{"mp.c"}, opts)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Infer(context.Background(), slotted, spec, ts, memmodel.MustByName("relaxed"), mining.PipelineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			r.NameMacro(os.ReadFile, tc.dirs)
			if r.Verdict != Impossible || r.Failure == nil {
				t.Fatalf("%s (%s), want impossible", r.Verdict, r.Why)
			}
			if !strings.HasPrefix(r.Why, "T fails in an execution ") || !strings.Contains(r.Why, tc.want) {
				t.Errorf("why: %s\nwant it to say: %s", r.Why, tc.want)
			}
			if tc.wantNot != "" && strings.Contains(r.Why, tc.wantNot) {
				t.Errorf("why: %s\nshould not say %s", r.Why, tc.wantNot)
			}
		})
	}
}
