package cfront

import (
	"os"
	"slices"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
)

// TestC11TableMatchesSpec reads the mapping table of SEMANTICS.md ("C11
// and GCC atomics") and checks c11Table against it cell by cell, so that
// the table in the code is a transcription, not a second opinion.
func TestC11TableMatchesSpec(t *testing.T) {
	text, err := os.ReadFile("../../shared/spec/SEMANTICS.md")
	if err != nil {
		t.Fatalf("the shared spec is needed beside the repository: %v", err)
	}
	sec := string(text)
	start := strings.Index(sec, "## C11 and GCC atomics")
	if start < 0 {
		t.Fatal("no section \"C11 and GCC atomics\" in SEMANTICS.md")
	}
	sec = sec[start:]
	if end := strings.Index(sec[3:], "\n## "); end >= 0 {
		sec = sec[:end+3]
	}
	ops := map[string]atomicOp{"load": opLoad, "store": opStore, "RMW": opRMW, "fence": opFence, "signal fence": opSignalFence}
	orders := map[string]memoryOrder{"relaxed": orderRelaxed, "acquire": orderAcquire, "release": orderRelease, "acq_rel": orderAcqRel, "seq": orderSeqCst}
	var header []string
	seen := map[c11Key]bool{}
	for _, line := range strings.Split(sec, "\n") {
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if header == nil {
			header = cells
			want := []string{"operation", "sc", "tso", "pso, rmo, relaxed"}
			if !slices.Equal(header, want) {
				t.Fatalf("table header %q, want %q", header, want)
			}
			continue
		}
		opName, orderName, _ := strings.Cut(cells[0], ", ")
		op, ok := ops[opName]
		if !ok {
			t.Fatalf("unknown operation in row %q", line)
		}
		keys := []c11Key{}
		if op == opSignalFence && orderName == "" {
			for o := orderRelaxed; o <= orderSeqCst; o++ {
				if o != orderConsume {
					keys = append(keys, c11Key{op, o})
				}
			}
		} else {
			o, ok := orders[orderName]
			if !ok {
				t.Fatalf("unknown order in row %q", line)
			}
			keys = append(keys, c11Key{op, o})
		}
		if specCell(t, cells[1]) != (fenceSet{}).String() {
			t.Errorf("row %q: the sc column is expected empty", line)
		}
		for _, k := range keys {
			seen[k] = true
			row, ok := c11Table[k]
			if !ok {
				t.Errorf("c11Table has no row for %q", cells[0])
				continue
			}
			for col := range c11Columns {
				if got, want := row[col].String(), specCell(t, cells[col+2]); got != want {
					t.Errorf("%s, column %v: table has %s, SEMANTICS.md %s", cells[0], c11Columns[col], got, want)
				}
			}
		}
	}
	for k := range c11Table {
		// C11 7.17.4.1: a relaxed fence has no effects; the spec's table
		// has no row for it.
		if row := c11Table[k]; k == (c11Key{opFence, orderRelaxed}) && row[0].String() == "–" && row[1].String() == "–" {
			continue
		}
		if !seen[k] {
			t.Errorf("c11Table row %v %v is not in SEMANTICS.md", k.op, k.order)
		}
	}
	// Every model is in exactly one column, or is one where fences order
	// nothing.
	var inColumns []string
	for _, c := range c11Columns {
		inColumns = append(inColumns, c...)
	}
	for _, m := range memmodel.Names() {
		n := 0
		for _, c := range inColumns {
			if c == m {
				n++
			}
		}
		if want := map[bool]int{true: 0, false: 1}[m == "sc" || m == "serial"]; n != want {
			t.Errorf("model %s is in %d columns of the C11 table, want %d", m, n, want)
		}
	}
}

// String renders a cell as SEMANTICS.md writes it.
func (s fenceSet) String() string {
	names := func(ks []lsl.FenceKind) string {
		var out []string
		for _, k := range ks {
			out = append(out, k.String())
		}
		return strings.Join(out, ", ")
	}
	var parts []string
	if len(s.before) > 0 {
		parts = append(parts, "before: "+names(s.before))
	}
	if len(s.after) > 0 {
		parts = append(parts, "after: "+names(s.after))
	}
	if len(parts) == 0 {
		return "–"
	}
	return strings.Join(parts, "; ")
}

// specCell normalises a cell of SEMANTICS.md's table: a fence row lists
// its fences bare, which fenceSet keeps as "after".
func specCell(t *testing.T, cell string) string {
	if strings.HasPrefix(cell, "–") {
		return "–"
	}
	if !strings.Contains(cell, ":") {
		return "after: " + cell
	}
	return cell
}

func TestStronger(t *testing.T) {
	tests := []struct{ a, b, want memoryOrder }{
		{orderRelaxed, orderRelaxed, orderRelaxed},
		{orderAcquire, orderRelaxed, orderAcquire},
		{orderRelease, orderRelaxed, orderRelease},
		{orderRelease, orderAcquire, orderAcqRel},
		{orderConsume, orderRelease, orderAcqRel},
		{orderAcqRel, orderAcquire, orderAcqRel},
		{orderSeqCst, orderRelaxed, orderSeqCst},
		{orderRelaxed, orderSeqCst, orderSeqCst},
	}
	for _, tc := range tests {
		if got := stronger(tc.a, tc.b); got != tc.want {
			t.Errorf("stronger(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestAtomicTypedefScopes: whether an increment is a read-modify-write
// (an atomic block) follows C's scopes for typedef names, parenthesised
// declarators, and _Atomic given with -D; the pointers declared make cc
// drop the type attribute (see isAtomicType).
func TestAtomicTypedefScopes(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		defines []string
		atomic  bool
	}{
		{"a block's atomic typedef ends with the block",
			"typedef int T;\nstatic void unused(void) { typedef _Atomic int T; T z = 0; (void)z; }\ntypedef T U;\nU *p;\nU u;\nvoid inc(void) { u++; }\n", nil, false},
		{"a block's plain typedef ends with the block",
			"typedef _Atomic int A;\nstatic void unused(void) { typedef int A; A z = 0; (void)z; }\ntypedef A B;\nB *p;\nstruct S { int pad; B f; } s;\nvoid inc(void) { s.f++; }\n", nil, true},
		{"a parenthesised declarator",
			"typedef _Atomic int (counter_t);\ncounter_t *p;\ncounter_t g;\nvoid inc(void) { g++; }\n", nil, true},
		{"a pointer typedef is no atomic object",
			"typedef _Atomic int *(ptr_t);\nptr_t *p;\nptr_t g;\nint x;\nvoid inc(void) { g = &x; }\n", nil, false},
		{"_Atomic from -D",
			"ATOMIC int flag;\nvoid inc(void) { flag++; }\n", []string{"ATOMIC=_Atomic"}, true},
		{"_Atomic(T) from -D",
			"ATOMIC_T(int) flag;\nvoid inc(void) { flag++; }\n", []string{"ATOMIC_T=_Atomic"}, true},
		{"_Atomic(T) from a macro",
			"#define A _Atomic\nA(int) flag;\nvoid inc(void) { flag++; }\n", nil, true},
		{"_Atomic T from a macro",
			"#define A _Atomic\nA int flag;\nvoid inc(void) { flag++; }\n", nil, true},
		{"a plain int beside them",
			"#define A _Atomic\nA int flag;\nint plain;\nvoid inc(void) { plain++; }\n", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := CompileSources([]Source{{Name: "a.c", Text: tc.src}}, Options{Defines: tc.defines})
			if err != nil {
				t.Fatal(err)
			}
			text := p.String()
			if got := strings.Contains(text, "atomic @") || strings.Contains(text, "fence full"); got != tc.atomic {
				t.Errorf("atomic access %v, want %v:\n%s", got, tc.atomic, text)
			}
		})
	}
}

// TestAtomicEveryDeclarator: the specifiers of a declaration apply to each
// of its declarators (C11 6.7p6), so _Atomic int *pa, *pb; points both to
// _Atomic int: an access through any of them is atomic (an increment one
// read-modify-write, an atomic block; a read a seq load, with its fences),
// and an object declared after a pointer in the same declaration, or whose
// type __typeof__ takes, stays atomic. Nothing plain becomes atomic: the
// pointers themselves, a plain declaration beside an atomic one, plain
// types through typeof and typedefs. f holds the one access looked at.
func TestAtomicEveryDeclarator(t *testing.T) {
	tests := []struct {
		name, src string
		atomic    bool
	}{
		// atomic objects
		{"second pointer declarator",
			"_Atomic int a, b;\n_Atomic int *pa, *pb;\nvoid f(void) { (*pb)++; }\n", true},
		{"first pointer declarator",
			"_Atomic int a, b;\n_Atomic int *pa, *pb;\nvoid f(void) { (*pa)++; }\n", true},
		{"third pointer declarator, read",
			"_Atomic int a;\n_Atomic int *pa, *pb, *pc;\nvoid f(void) { int v = *pc; (void)v; }\n", true},
		{"_Atomic(T) specifier",
			"_Atomic(int) *pa, *pb;\nvoid f(void) { (*pb)++; }\n", true},
		{"volatile _Atomic",
			"volatile _Atomic int *pa, *pb;\nvoid f(void) { (*pb)++; }\n", true},
		{"an object after a pointer",
			"_Atomic int *pa, c;\nvoid f(void) { c++; }\n", true},
		{"an object before a pointer",
			"_Atomic int c, *pa;\nvoid f(void) { c++; }\n", true},
		{"an object whose type typeof takes for a pointer",
			"_Atomic int a;\n__typeof__(a) *t1;\nvoid f(void) { a++; }\n", true},
		{"local declaration",
			"_Atomic int a, b;\nvoid f(void) { _Atomic int *x = &a, *y = &b; (*y)++; (void)x; }\n", true},
		{"for-init declaration",
			"_Atomic int a, b;\nvoid f(void) { for (_Atomic int *p = &a, *q = &b; p; p = 0) (*q)++; }\n", true},
		{"typedef with several declarators",
			"_Atomic int b;\ntypedef _Atomic int *PA1, *PA2;\nPA2 pb;\nvoid f(void) { (*pb)++; }\n", true},
		{"typeof of an object, second declarator",
			"_Atomic int a, b;\n__typeof__(b) *t2, *t3;\nvoid f(void) { (*t3)++; }\n", true},
		{"typeof of an address after a typeof pointer",
			"_Atomic int a;\n__typeof__(a) *t1;\n__typeof__(&a) u1;\nvoid f(void) { (*u1)++; }\n", true},
		{"arrays of pointers",
			"_Atomic int *p[2], *q[2];\nvoid f(void) { (*q[1])++; }\n", true},
		{"pointers to pointers",
			"_Atomic int **p, **q;\nvoid f(void) { (**q)++; }\n", true},
		{"parenthesised declarator",
			"_Atomic int *p, (*q);\nvoid f(void) { (*q)++; }\n", true},
		{"atomic_int typedef",
			"#include <stdatomic.h>\natomic_int *pa, *pb;\nvoid f(void) { (*pb)++; }\n", true},
		// plain objects
		{"the second pointer itself",
			"_Atomic int a, b;\n_Atomic int *pa, *pb;\nvoid f(void) { pb = &b; }\n", false},
		{"the first pointer itself",
			"_Atomic int a, b;\n_Atomic int *pa, *pb;\nvoid f(void) { pa = &a; }\n", false},
		{"one pointer copied to another",
			"_Atomic int a, b;\n_Atomic int *pa, *pb;\nvoid f(void) { pa = pb; }\n", false},
		{"plain pointer declared after an atomic one",
			"_Atomic int *pa;\nint *pb;\nvoid f(void) { (*pb)++; }\n", false},
		{"plain pointers",
			"int *pa, *pb;\nvoid f(void) { (*pb)++; }\n", false},
		{"plain declaration beside an atomic one",
			"_Atomic int *pa, *pb;\nint c, *pc;\nvoid f(void) { c++; (*pc)++; }\n", false},
		{"typeof of a plain object",
			"int b;\n__typeof__(b) *t2, *t3;\nvoid f(void) { (*t3)++; }\n", false},
		{"typeof of a plain address after an atomic typeof",
			"_Atomic int a;\nint b;\n__typeof__(a) *t1;\n__typeof__(&b) u1, u2;\nvoid f(void) { (*u2)++; }\n", false},
		{"typeof of an atomic pointer's pointer",
			"_Atomic int a;\n_Atomic int *pa, *pb;\n__typeof__(pb) t1, t2;\nvoid f(void) { t2 = &a; t1 = t2; }\n", false},
		{"plain typedef with several declarators",
			"typedef int *P1, *P2;\nP2 pb;\nvoid f(void) { (*pb)++; }\n", false},
		{"atomic typedef's pointer objects",
			"_Atomic int b;\ntypedef _Atomic int *PA1, *PA2;\nPA2 pb;\nvoid f(void) { pb = &b; }\n", false},
		{"local pointers themselves",
			"_Atomic int a, b;\nvoid f(void) { static _Atomic int *x, *y; y = &b; x = y; }\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := CompileSources([]Source{{Name: "a.c", Text: tc.src}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := p.String()
			i := strings.Index(text, "proc f(")
			if i < 0 {
				t.Fatalf("no proc f:\n%s", text)
			}
			body := text[i:]
			if j := strings.Index(body, "\n}\n"); j >= 0 {
				body = body[:j]
			}
			if got := strings.Contains(body, "atomic") || strings.Contains(body, "fence"); got != tc.atomic {
				t.Errorf("atomic access %v, want %v:\n%s", got, tc.atomic, body)
			}
		})
	}
}

// TestAtomicInitializerIsPlain: initialising an _Atomic object is no
// atomic operation (C11 7.17.2.1p2; gcc -O0 emits a plain store), so
// every initializer of one in memory is plain stores without fences, as
// atomic_init is (README). f holds the declaration looked at; its address
// is taken so that the object is in memory. A read of an _Atomic object
// in the initializer stays a seq load (the last rows).
func TestAtomicInitializerIsPlain(t *testing.T) {
	const decls = "#include <stdatomic.h>\n" +
		"struct S { int a; _Atomic int b; };\n" +
		"struct P { int a, b; };\n" +
		"struct N { struct S s; _Atomic int c[2]; };\n" +
		"struct P gp;\n_Atomic int ga;\n_Atomic struct P gap;\n" +
		"struct P mkp(void) { struct P r = {1, 2}; return r; }\n"
	tests := []struct {
		name, body string
		stores     int  // plain stores the initializer makes at least
		atomic     bool // an atomic access remains (a read of one)
	}{
		{"scalar", "_Atomic int x = 0; (void)&x;", 1, false},
		{"_Atomic(T)", "_Atomic(int) x = 1; (void)&x;", 1, false},
		{"atomic_int", "atomic_int x = 2; (void)&x;", 1, false},
		{"ATOMIC_VAR_INIT", "atomic_int x = ATOMIC_VAR_INIT(3); (void)&x;", 1, false},
		{"pointer", "static int y; _Atomic(int *) x = &y; (void)&x;", 1, false},
		{"atomic_flag", "atomic_flag x = ATOMIC_FLAG_INIT; (void)&x;", 1, false},
		{"two declarators", "_Atomic int x = 1, z = 2; (void)&x; (void)&z;", 2, false},
		{"for-init", "for (_Atomic int x = 0; &x == 0; ) ;", 1, false},
		{"struct with an _Atomic field", "struct S s = {1, 2}; (void)&s;", 2, false},
		{"struct, field left 0", "struct S s = {1}; (void)&s;", 2, false},
		{"struct, designated", "struct S s = {.b = 4}; (void)&s;", 2, false},
		{"nested lists", "struct N n = {{1, 2}, {3, 4}}; (void)&n;", 4, false},
		{"nested, brace elision", "struct N n = {1, 2, 3}; (void)&n;", 4, false},
		{"array", "_Atomic int a[3] = {1, 2}; (void)&a;", 3, false},
		{"array, designated", "_Atomic int a[2] = {[1] = 5}; (void)&a;", 2, false},
		{"_Atomic struct from a list", "_Atomic struct P s = {1, 2}; (void)&s;", 2, false},
		{"_Atomic struct from a plain struct", "_Atomic struct P s = gp; (void)&s;", 2, false},
		{"_Atomic struct from a call", "_Atomic struct P s = mkp(); (void)&s;", 2, false},
		{"struct holding an _Atomic struct", "struct { _Atomic struct P p; } s = {{1, 2}}; (void)&s;", 2, false},
		{"compound literal", "struct S *p = &(struct S){1, 2}; (void)p;", 2, false},
		{"atomic_int compound literal", "atomic_int *p = &(atomic_int){7}; (void)p;", 1, false},
		{"_Atomic struct compound literal", "_Atomic struct P *p = &(_Atomic struct P){1, 2}; (void)p;", 2, false},
		{"read of an _Atomic global", "_Atomic int x = ga; (void)&x;", 1, true},
		{"read of an _Atomic struct", "struct P s = gap; (void)&s;", 2, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := decls + "void f(void) { " + tc.body + " }\n"
			body := compiledF(t, src)
			if got := strings.Contains(body, "atomic") || strings.Contains(body, "fence"); got != tc.atomic {
				t.Errorf("atomic access or fence %v, want %v:\n%s", got, tc.atomic, body)
			}
			if n := strings.Count(body, "  store "); n < tc.stores {
				t.Errorf("%d stores, want at least %d:\n%s", n, tc.stores, body)
			}
		})
	}
}

// TestAtomicMemberCopyIsPlain: a struct with _Atomic members copied whole
// (assigned, initialised, passed or returned) is copied as plain memory,
// as gcc copies it: no seq load or store of a member, no fence. An access
// to the member itself stays seq (the last rows).
func TestAtomicMemberCopyIsPlain(t *testing.T) {
	const decls = "#include <stdatomic.h>\n" +
		"struct S { int a; _Atomic int b; };\n" +
		"struct N { struct S s; _Atomic int c[2]; };\n" +
		"struct S gs, *ps;\nstruct N gn;\n" +
		"int use(struct S s) { return s.a; }\n"
	tests := []struct {
		name, fn string // the function looked at
		loads    int    // plain loads at least
		atomic   bool   // an atomic access remains
	}{
		{"assignment from memory", "void f(void) { struct S t; (void)&t; t = gs; }", 2, false},
		{"assignment to memory", "void f(struct S v) { gs = v; }", 0, false},
		{"assignment through pointers", "void f(void) { *ps = gs; }", 3, false},
		{"initializer", "void f(void) { struct S t = gs; (void)&t; }", 2, false},
		{"nested struct and array", "void f(void) { struct N t; (void)&t; t = gn; }", 4, false},
		{"argument", "int f(void) { return use(gs); }", 2, false},
		{"return value", "struct S f(void) { return gs; }", 2, false},
		{"store to the member", "void f(void) { gs.b = 1; }", 0, true},
		{"read of the member", "int f(void) { return gs.b; }", 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := compiledF(t, decls+tc.fn+"\n")
			if got := strings.Contains(body, "atomic") || strings.Contains(body, "fence"); got != tc.atomic {
				t.Errorf("atomic access or fence %v, want %v:\n%s", got, tc.atomic, body)
			}
			if n := strings.Count(body, " = load "); n < tc.loads {
				t.Errorf("%d loads, want at least %d:\n%s", n, tc.loads, body)
			}
		})
	}
}

// TestAtomicStructAssignmentValue: the value of an assignment to an
// _Atomic struct is the value stored, as for an _Atomic scalar (gcc takes
// it from the temporary it stored): the one seq store and no load of the
// object after it, whose seq fences would order the store before later
// accesses and which could see another thread's store. A plain struct's
// assignment is read back from the object, as gcc -O0 does (the last
// rows).
func TestAtomicStructAssignmentValue(t *testing.T) {
	const decls = "#include <stdatomic.h>\n" +
		"struct P { int a, b; };\n" +
		"struct S { int a; _Atomic int b; };\n" +
		"_Atomic struct P X, Y;\nstruct P Z;\nstruct S Q;\n" +
		"int use(struct P p) { return p.a; }\n"
	tests := []struct {
		name, fn string // the function looked at
		atomics  int    // atomic blocks: one per seq access of X or Y
		loads    int    // loads
	}{
		{"assigned", "void f(void) { struct P v = {1, 2}, r; r = (X = v); }", 1, 0},
		{"assigned, no parentheses", "void f(void) { struct P v = {1, 2}, r; r = X = v; }", 1, 0},
		{"initializer", "void f(void) { struct P v = {1, 2}; struct P r = (X = v); }", 1, 0},
		{"argument", "int f(void) { struct P v = {1, 2}; return use(X = v); }", 1, 0},
		{"returned", "struct P f(void) { struct P v = {1, 2}; return X = v; }", 1, 0},
		{"member of the value", "int f(void) { struct P v = {1, 2}; return (X = v).b; }", 1, 0},
		{"chained to an _Atomic struct", "void f(void) { struct P v = {1, 2}; Y = X = v; }", 2, 0},
		{"chained to a plain struct", "void f(void) { struct P v = {1, 2}; Z = X = v; }", 1, 0},
		{"from memory", "void f(void) { struct P r; r = (X = Z); }", 1, 2},
		{"from an _Atomic struct", "void f(void) { struct P r; r = (X = Y); }", 2, 2},
		{"plain struct", "void f(void) { struct P v = {1, 2}, r; r = (Z = v); }", 0, 2},
		{"struct with an _Atomic member", "void f(void) { struct S v = {1, 2}, r; r = (Q = v); }", 0, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := compiledF(t, decls+tc.fn+"\n")
			if n := strings.Count(body, "atomic nofence"); n != tc.atomics {
				t.Errorf("%d atomic blocks, want %d:\n%s", n, tc.atomics, body)
			}
			if n := strings.Count(body, " = load "); n != tc.loads {
				t.Errorf("%d loads, want %d:\n%s", n, tc.loads, body)
			}
		})
	}
}

// TestAtomicStaticInitializer: an _Atomic global's or static local's
// initial value is the program's initial memory, no code.
func TestAtomicStaticInitializer(t *testing.T) {
	src := "struct S { int a; _Atomic int b; };\n_Atomic int g = 1;\nstruct S gs = {2, 3};\n" +
		"int f(void) { static _Atomic int x = 4; static struct S s = {5, 6}; (void)&x; (void)&s; return 0; }\n"
	p, err := CompileSources([]Source{{Name: "a.c", Text: src}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := p.String()
	if body := procText(t, text, "f"); strings.Contains(body, "store") || strings.Contains(body, "fence") {
		t.Errorf("static initializers run as code:\n%s", body)
	}
	for _, v := range []string{"value g[] = 1", "value gs[1] = 3", "value f.x[] = 4", "value f.s[1] = 6"} {
		if !strings.Contains(text, v) {
			t.Errorf("no %q in:\n%s", v, text)
		}
	}
}

// procText is the text of proc name in an LSL program's print.
// compiledF compiles src (as a.c) and returns the text of its function f.
func compiledF(t *testing.T, src string) string {
	t.Helper()
	p, err := CompileSources([]Source{{Name: "a.c", Text: src}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return procText(t, p.String(), "f")
}

func procText(t *testing.T, text, name string) string {
	t.Helper()
	i := strings.Index(text, "proc "+name+"(")
	if i < 0 {
		t.Fatalf("no proc %s:\n%s", name, text)
	}
	body := text[i:]
	if j := strings.Index(body, "\n}\n"); j >= 0 {
		body = body[:j]
	}
	return body
}

// TestGenericAtomic: _Generic chooses by type compatibility (C11
// 6.5.1.1p2, 6.2.7), under which int * and _Atomic int * differ at every
// level, and the controlling type is unqualified (C17: lvalue conversion).
// The C type checker does not tell _Atomic types apart, nor a pointer to a
// pointer from other pointers; where its choice is not C's the selection
// is refused at the _Generic, else the value is C's. want is gcc's value
// (gcc -std=c17), 0 where the selection is refused.
func TestGenericAtomic(t *testing.T) {
	const decls = "#include <stdatomic.h>\n" +
		"int h; _Atomic int g; typedef _Atomic int AI; int *ip; _Atomic int *ap; _Atomic(int *) aptr;\n" +
		"int **pp; atomic_int ag; _Atomic int ga[2]; struct S { int a; _Atomic int b; } s;\n" +
		"typedef _Atomic int *PAI; PAI *pap;\n"
	tests := []struct {
		expr string
		want int
	}{
		// C chooses by _Atomic: refused where the checker's choice differs
		{"_Generic(&h, _Atomic int *: 1, default: 2)", 0},
		{"_Generic(&g, int *: 1, default: 2)", 0},
		{"_Generic(&g, _Atomic int *: 1, default: 2)", 1},
		{"_Generic(&h, int *: 1, default: 2)", 1},
		{"_Generic(&g, _Atomic int *: 1, int *: 3, default: 2)", 1},
		{"_Generic(&h, _Atomic int *: 1, int *: 3, default: 2)", 0},
		{"_Generic(&h, int *: 3, _Atomic int *: 1, default: 2)", 3},
		{"_Generic(&g, int *: 3, _Atomic int *: 1, default: 2)", 0},
		// typedefs
		{"_Generic(&h, AI *: 1, default: 2)", 0},
		{"_Generic(&g, AI *: 1, default: 2)", 1},
		{"_Generic(&ag, AI *: 1, default: 2)", 1},
		{"_Generic(&ag, int *: 1, default: 2)", 0},
		{"_Generic((AI *)0, int *: 1, default: 2)", 0},
		{"_Generic(&h, PAI: 1, default: 2)", 0},
		{"_Generic(&g, PAI: 1, default: 2)", 1},
		{"_Generic(pap, int **: 1, default: 2)", 0},
		{"_Generic(pap, _Atomic int **: 1, default: 2)", 1},
		{"_Generic(&h, __typeof__(&g): 1, default: 2)", 0},
		{"_Generic(&g, __typeof__(&h): 1, default: 2)", 0},
		{"_Generic(&g, __typeof__(&g): 1, default: 2)", 1},
		// casts
		{"_Generic((_Atomic int *)0, int *: 1, default: 2)", 0},
		{"_Generic((int *)0, _Atomic int *: 1, default: 2)", 0},
		// the controlling type is unqualified
		{"_Generic(g, int: 1, default: 2)", 1},
		{"_Generic(h, _Atomic int: 1, default: 2)", 0},
		{"_Generic(g, _Atomic int: 1, default: 2)", 0},
		{"_Generic(aptr, int *: 1, default: 2)", 1},
		// nested pointers
		{"_Generic(&ap, _Atomic int **: 1, default: 2)", 1},
		{"_Generic(&ap, int **: 1, default: 2)", 0},
		{"_Generic(&ip, _Atomic int **: 1, default: 2)", 0},
		{"_Generic(&aptr, int **: 1, default: 2)", 0},
		{"_Generic(&aptr, _Atomic(int *) *: 1, default: 2)", 1},
		// arrays and fields
		{"_Generic(ga, _Atomic int *: 1, default: 2)", 1},
		{"_Generic(ga, int *: 1, default: 2)", 0},
		{"_Generic(&ga, _Atomic int (*)[2]: 1, default: 2)", 1},
		{"_Generic(&ga, int (*)[2]: 1, default: 2)", 0},
		{"_Generic(&s, struct S *: 1, default: 2)", 1},
		{"_Generic(&s.b, _Atomic int *: 1, default: 2)", 1},
		{"_Generic(&s.b, int *: 1, default: 2)", 0},
		// without _Atomic
		{"_Generic(h, int: 1, long: 3, default: 2)", 1},
		{"_Generic(1L, int: 1, long: 3, default: 2)", 3},
		{"_Generic(&h, int *: 1, long *: 3, default: 2)", 1},
		{"_Generic((long *)0, int *: 1, default: 2)", 2},
		{"_Generic(ip, int *: 1, default: 2)", 1},
		{"_Generic(pp, int **: 1, default: 2)", 1},
		{"_Generic(pp, int *: 1, default: 2)", 0},
		{"_Generic(ip, int **: 1, default: 2)", 0},
	}
	for _, tc := range tests {
		t.Run(tc.expr, func(t *testing.T) {
			src := decls + "int f(void) { return " + tc.expr + "; }\n"
			p, err := CompileSources([]Source{{Name: "a.c", Text: src}}, Options{})
			if tc.want == 0 {
				errs := AsErrorList(err)
				if len(errs) != 1 || errs[0].Pos.Line != 5 || errs[0].Pos.Col != 22 || !strings.HasPrefix(errs[0].Msg, "_Generic: ") || !strings.HasSuffix(errs[0].Msg, "not supported") {
					t.Fatalf("got %v, want the selection refused at 5:22", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if body := procText(t, p.String(), "f"); !strings.Contains(body, "ret = "+itoa(tc.want)+" @") {
				t.Errorf("want %d:\n%s", tc.want, body)
			}
		})
	}
}

// TestAtomicTypeNames: _Atomic may start a type name anywhere C allows
// one (C11 6.7.7). want is gcc's value (gcc -std=c17, x86-64).
func TestAtomicTypeNames(t *testing.T) {
	const decls = "struct S { int a, b; }; struct T3 { int a, b, c; };\ntypedef int TI;\n#define SZ(T) sizeof(T)\n" +
		"#define AT _Atomic\n#define AI _Atomic int\n#define AL _Atomic long\n"
	tests := []struct {
		expr string
		want int
	}{
		{"sizeof(_Atomic long long)", 8},
		{"_Alignof(_Atomic int)", 4},
		{"__alignof__(_Atomic char)", 1},
		{"sizeof(_Atomic TI)", 4},
		{"sizeof(_Atomic struct S)", 8},
		{"_Alignof(_Atomic struct S)", 8},
		{"sizeof(_Atomic struct T3)", 12},
		{"sizeof(_Atomic int *)", 8},
		{"sizeof(_Atomic const short)", 2},
		{"sizeof(_Atomic struct { int a; })", 4},
		{"sizeof(_Atomic struct U {\n  int a;\n  long b;\n})", 16},
		{"SZ(_Atomic short)", 2},
		{"SZ(_Atomic short *)", 8},
		{"sizeof(_Atomic(int))", 4},
		// _Atomic from a macro's body, whose use the text does not show
		{"sizeof(AT int)", 4},
		{"sizeof(AI)", 4},
		{"_Alignof(AT int)", 4},
		{"sizeof(AT(long))", 8},
		{"_Alignof(AL)", 8},
		{"sizeof(AT struct T3)", 12},
		{"sizeof(AT int *)", 8},
		// _Atomic(T) in typeof and _Alignas
		{"sizeof(__typeof__(_Atomic(int)))", 4},
		{"sizeof(__typeof__(_Atomic(char) *))", 8},
		{"_Alignof(__typeof__(_Atomic(short)))", 2},
		{"sizeof(typeof(_Atomic(struct T3)))", 12},
		{"sizeof(struct AS { char c; _Alignas(_Atomic(long)) char x; })", 16},
		{"_Alignof(struct AS2 { char c; _Alignas(_Atomic(long)) char x; })", 8},
	}
	for _, tc := range tests {
		t.Run(tc.expr, func(t *testing.T) {
			src := decls + "long f(void) { return " + tc.expr + "; }\n"
			p, err := CompileSources([]Source{{Name: "a.c", Text: src}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if body := procText(t, p.String(), "f"); !strings.Contains(body, "ret = "+itoa(tc.want)+" @") {
				t.Errorf("want %d:\n%s", tc.want, body)
			}
		})
	}
	// Declarations: compiled, with their static assertions checked, and
	// the object an _Atomic type name in a macro's argument declares is
	// atomic, as a cast's pointee is, and one declared with _Atomic from a
	// macro's body or -D once sizeof has read it; an alignment taken from
	// an _Atomic type makes nothing atomic.
	for _, tc := range []struct {
		name, src string
		err       string // the error's prefix, or none
		atomic    bool   // f's access is atomic
		defines   []string
	}{
		{"_Static_assert", "_Static_assert(sizeof(_Atomic int) == 4, \"s\");\nvoid f(void) {}\n", "", false, nil},
		{"_Static_assert failing", "_Static_assert(sizeof(_Atomic int) == 5, \"s\");\nvoid f(void) {}\n", "a.c:1:", false, nil},
		{"_Alignas", "_Alignas(_Atomic long) int g;\nvoid f(void) { g++; }\n", "", false, nil},
		{"macro argument declaring", "#define DECL(T, n) T n\nDECL(_Atomic int, x);\nvoid f(void) { x++; }\n", "", true, nil},
		{"macro argument declaring a pointer", "#define DECL(T, n) T n\nDECL(_Atomic int *, p);\nvoid f(void) { (*p)++; }\n", "", true, nil},
		{"cast", "int *q;\nvoid f(void) { (*(_Atomic int *)q)++; }\n", "", true, nil},
		{"unnamed parameter", "void g(_Atomic int);\nvoid f(void) {}\n", "", false, nil},
		{"typeof of a type name", "__typeof__(_Atomic int) x;\nvoid f(void) {}\n",
			"a.c:1:1: __typeof__ of a type name is not supported in a declaration", false, nil},
		{"typeof of _Atomic(T)", "__typeof__(_Atomic(int)) x;\nvoid f(void) { x = 1; }\n",
			"a.c:1:1: __typeof__ of a type name is not supported in a declaration", false, nil},
		{"_Alignas(_Atomic(T))", "_Alignas(_Atomic(long)) int g;\nvoid f(void) { g++; }\n", "", false, nil},
		{"_Alignas(_Atomic(T)) of a field", "struct S { char c; _Alignas(_Atomic(long)) int n; } s;\n" +
			"_Static_assert(sizeof(struct S) == 16, \"s\");\nvoid f(void) { s.n++; }\n", "", false, nil},
		{"cast to a pointer to typeof of _Atomic(T)", "int *q;\nvoid f(void) { *(__typeof__(_Atomic(int)) *)q = 1; }\n", "", true, nil},
		{"cast to a pointer to typeof of a plain type", "int *q;\nvoid f(void) { *(__typeof__(int) *)q = 1; }\n", "", false, nil},
		{"_Atomic from a macro in sizeof, then declaring",
			"#define AT _Atomic\n_Static_assert(sizeof(AT long) == 8, \"s\");\nAT int x;\nvoid f(void) { x = 1; }\n", "", true, nil},
		{"_Atomic from -D in sizeof, then declaring",
			"_Static_assert(_Alignof(AT long) == 8, \"s\");\nAT int x;\nvoid f(void) { x = 1; }\n", "", true, []string{"AT=_Atomic"}},
		{"_Atomic pointer qualifier from -D", "int a[2];\nint * AQ p;\nvoid f(void) {}\n",
			"a.c:2:7: an _Atomic pointer written T * _Atomic p is not supported", false, []string{"AQ=_Atomic"}},
		{"plain beside _Atomic from a macro in sizeof",
			"#define AT _Atomic\nint x;\nvoid f(void) { x = sizeof(AT int); }\n", "", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := CompileSources([]Source{{Name: "a.c", Text: tc.src}}, Options{Defines: tc.defines})
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("got %v, want an error %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// an increment is an atomic block, a store a seq one (fences)
			body := procText(t, p.String(), "f")
			if got := strings.Contains(body, "atomic") || strings.Contains(body, "fence"); got != tc.atomic {
				t.Errorf("atomic %v, want %v:\n%s", got, tc.atomic, body)
			}
		})
	}
}
