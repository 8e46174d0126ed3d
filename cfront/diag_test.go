package cfront

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"modernc.org/cc/v4"
)

// Constructs the C parser reported without a position, crashed on, called
// an internal error, or accepted while tracing on standard error, are
// refused at their place (gcc's column, or the declaration's or
// statement's where only the type checker sees the error), and nothing is
// written to standard error.
func TestRefusedAtTheirPlace(t *testing.T) {
	tests := []struct {
		name, src string
		at        string // position prefix
		want      string // in the message
	}{
		{"two types in a parameter", "void f(int char);\n", "e.c:1:12: ", "two or more data types in declaration specifiers"},
		{"two types in a definition's parameter", "void f(int int) {}\n", "e.c:1:12: ", "two or more data types"},
		{"two types in a member", "struct s { int char a; };\n", "e.c:1:16: ", "two or more data types"},
		{"two types in a declaration", "int char x;\n", "e.c:1:5: ", "two or more data types"},
		{"signed and unsigned", "void f(void) { unsigned signed x; }\n", "e.c:1:25: ", "both 'unsigned' and 'signed'"},
		{"long long long", "long long long x;\n", "e.c:1:11: ", "'long long long' is too long"},
		{"short char", "short char c;\n", "e.c:1:7: ", "both 'short' and 'char'"},
		{"assignment to a string literal", "int x = \"a\" = 1;\n", "e.c:1:13: ", "assignment to expression with array type"},
		{"compound assignment to a string literal", "void f(void) { (\"a\") += 1; }\n", "e.c:1:22: ", "assignment to expression with array type"},
		// at the operator, as the other operands that are no lvalue
		{"increment of a string literal", "void f(void) { \"a\"++; }\n", "e.c:1:19: ", "lvalue required as increment operand"},
		{"initialized function", "int n(void) = 0;\n", "e.c:1:5: ", "function n is initialized like a variable"},
		{"initialized local function", "void *g(void);\nvoid f(void) { int *n (void*) = g(); }\n", "e.c:2:21: ", "function n is initialized like a variable"},
		// only the type checker knows the type: the declaration's place
		{"initialized function of a typedef", "typedef int F(void);\nint a;\nF n = 0;\n", "e.c:3:1: ", "construct not supported by the C type checker"},
		{"struct value for a pointer", "typedef struct { int a; } T;\nT *cur;\nvoid f(void) { T *old = __atomic_exchange_n(cur, cur, 5); }\n", "e.c:3:16: ", "incompatible types when initializing pointer to T using T"},
		{"struct value for a pointer, a later statement", "struct s { int a; } v;\nint x;\nvoid f(void) {\n  x = 1;\n  int *p = v;\n  x = 2;\n}\n", "e.c:5:3: ", "incompatible types when initializing pointer to int using struct s"},
		{"string literal in #if", "#if \"x\"\n#endif\nint x;\n", "e.c:1:5: ", `token "x" is not valid in preprocessor expressions`},
		{"string literal in #if after an operator", "#if 'a' + \"b\"\n#endif\n", "e.c:1:11: ", `token "b" is not valid in preprocessor expressions`},
		{"member without a type", "struct s { ; x; };\n", "e.c:1:14: ", "member x has no type"},
		{"member without a type after one", "struct s { int a; x; };\n", "e.c:1:19: ", "member x has no type"},
		{"member without a type in a global", "struct s { ; x; } g;\nvoid op(void) { g.x = 5; }\n", "e.c:1:14: ", "member x has no type"},
		{"pragma pack through a macro", "#define P(x) _Pragma(#x)\nP(pack(1))\nstruct s { char c; int x; } g;\n", "e.c:1:14: ", "#pragma pack is not supported"},
		{"__builtin_choose_expr on a variable", "int f(int x) { return __builtin_choose_expr(x, 1, 2); }\n", "e.c:1:45: ", "expected an integer constant expression"},
	}
	stderr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = stderr
	defer func() { os.Stderr = saved }()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := CompileSources([]Source{{Name: "e.c", Text: tc.src}}, Options{})
			if err == nil {
				t.Fatalf("no error")
			}
			got := err.Error()
			if !strings.HasPrefix(got, tc.at) || !strings.Contains(got, tc.want) || strings.Contains(got, "internal error") || strings.Contains(got, "cc.") {
				t.Errorf("error\n%s\nwant %q...%q", got, tc.at, tc.want)
			}
		})
	}
	stderr.Close()
	if b, _ := os.ReadFile(stderr.Name()); len(b) > 0 {
		t.Errorf("standard error has\n%s", b)
	}
}

// A struct with an extra ';' among its members (a GNU extension) has the
// members written, as with gcc: the ';' was a hidden int member.
func TestEmptyMemberDropped(t *testing.T) {
	prog, err := CompileSources([]Source{{Name: "e.c", Text: "struct s { int a; ; int b; } g;\nint n = sizeof(struct s);\n"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range prog.Globals {
		if g.Name == "n" && (len(g.Init) != 1 || g.Init[0].Val.String() != "8") {
			t.Errorf("sizeof(struct s) = %v, want 8", g.Init)
		}
	}
}

// The rewrites of an extra ';' among members and of an array parameter
// (int a[] as (*a)) address the text by the tokens' offsets: a #line
// directive, before or after them, renumbers their lines, and must not
// move the rewrite onto other text (the ';' of if (c) ; below, the extra
// ';' staying a hidden int member).
func TestRewritesUnderLineDirectives(t *testing.T) {
	tests := []struct {
		name, src string
		want      int // the constant f stores into n
	}{
		{"empty member after #line", "int c;\nvoid g(void) { if (c) ; c = 2; }\n#line 2\nstruct s { int a;     ; };\nint n;\nvoid f(void) { n = sizeof(struct s); }\n", 4},
		{"empty member before #line", "struct s { int a; ; };\n#line 40\nstruct t { int b; ; int c; };\nint n;\nvoid f(void) { n = sizeof(struct s) + sizeof(struct t); }\n", 12},
		{"empty member after #line naming a file", "#line 7 \"other.c\"\nstruct s { int a; ; };\nint n;\nvoid f(void) { n = sizeof(struct s); }\n", 4},
		{"empty member after a line marker", "int c;\n# 1 \"e.c\"\nstruct s { int a; ; };\nint n;\nvoid f(void) { n = sizeof(struct s); }\n", 4},
		{"array parameter after #line", "int n;\nint c[3];\n#line 2\nvoid f(int a[]) { n = sizeof(a); }\n", 8},
		{"array parameter before #line", "int n;\nvoid f(int *a[]) { n = sizeof(a); }\n#line 30\nvoid h(int b[]) { n = sizeof(b); }\n", 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := compiledF(t, tc.src)
			if !strings.Contains(f, fmt.Sprintf(" = %d @", tc.want)) {
				t.Errorf("f stores no %d:\n%s", tc.want, f)
			}
		})
	}
}

// A member without a name is a member only for a struct or union without
// a tag (C11's anonymous members); with a tag it declares no member (gcc
// drops it), which is refused at the member, not made a hidden member.
func TestMembersWithoutName(t *testing.T) {
	f := compiledF(t, "struct a { struct { int x; }; struct { int z; char c; }; int y; } g;\nint n;\nvoid f(void) { g.x = 1; g.z = 2; g.y = 3; n = sizeof(struct a); }\n")
	if !strings.Contains(f, " = 16 @") {
		t.Errorf("sizeof(struct a) is not 16:\n%s", f)
	}
	for _, tc := range []struct{ src, at, tag string }{
		{"struct a { struct b { int x; }; int y; };\n", "e.c:1:12: ", "struct b"},
		{"struct a {\n  int y;\n  union u { int x; char c; };\n} g;\nvoid f(void) { g.x = 1; }\n", "e.c:3:3: ", "union u"},
		{"struct a { struct b; int y; };\nstruct a g;\n", "e.c:1:12: ", "struct b"},
		{"struct b { int x; };\nunion a { const struct b; int y; };\n", "e.c:2:11: ", "struct b"},
	} {
		_, err := CompileSources([]Source{{Name: "e.c", Text: tc.src}}, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), tc.at+tc.tag+" declares no member") {
			t.Errorf("%q: error %v, want %s%s declares no member", tc.src, err, tc.at, tc.tag)
		}
	}
}

// locate finds the first declaration, and in a function the first
// statement, whose prefix makes the check fail, at its position in the
// file (as #line numbers it).
func TestLocate(t *testing.T) {
	src := "int a;\nint b;\nvoid f(void) {\n  a = 1;\n  b = 2; /* X */\n  a = 3;\n}\n#line 20\nint c;\n"
	abi, err := cc.NewABI("linux", "amd64")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &cc.Config{ABI: abi, PragmaHandler: func([]cc.Token) error { return nil }}
	sources := []cc.Source{{Name: "<predefined>", Value: "int __predefined_declarator;\n"}, {Name: "l.c", Value: wrapSource("l.c", src)}}
	parsed, err := cc.Parse(cfg, sources)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	if err := cc.Preprocess(cfg, sources, &text); err != nil {
		t.Fatal(err)
	}
	pp, err := cc.Parse(cfg, []cc.Source{{Name: "<preprocessed>", Value: text.String()}})
	if err != nil {
		t.Fatal(err)
	}
	u := unit{parsed, pp, text.String()}
	for _, tc := range []struct{ mark, want string }{
		{"int b", "l.c:2:1"},
		{"b = 2", "l.c:5:3"},
		{"void f", "l.c:3:1"},
		{"int c", "l.c:20:1"},
	} {
		pos, ok := locate(u, func(text string) bool { return strings.Contains(text, tc.mark) })
		if !ok || pos.String() != tc.want {
			t.Errorf("%s: %v %v, want %s", tc.mark, pos, ok, tc.want)
		}
	}
}

// An error the type checker reports without a position is placed at its
// declaration or statement also in a header, and after #line.
func TestCheckerErrorsInHeadersAndAfterLine(t *testing.T) {
	const h = "struct s { int a; } v;\nint *p = v;\n"
	const msg = "incompatible types when initializing pointer to int using struct s"
	for _, tc := range []struct {
		name, src, at string
	}{
		{"header alone", "#include \"h.h\"\n", "h.h:2:1: "},
		{"header after a declaration", "int a;\n#include \"h.h\"\n", "h.h:2:1: "},
		{"header before a declaration", "#include \"h.h\"\nint a;\n", "h.h:2:1: "},
		{"statement after #line", "struct s { int a; } v;\nvoid f(void) {\n  int a; a = 1;\n#line 100\n  int *p = v;\n}\n", "e.c:100:3: "},
		{"declaration after #line naming a file", "struct s { int a; } v;\nint a;\n#line 7 \"g.c\"\nint *p = v;\n", "g.c:7:1: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := CompileSources([]Source{{Name: "e.c", Text: tc.src}, {Name: "h.h", Text: h}}, Options{})
			if err == nil || !strings.HasPrefix(err.Error(), tc.at) || !strings.Contains(err.Error(), msg) {
				t.Errorf("error %v, want %s...%s", err, tc.at, msg)
			}
		})
	}
}
