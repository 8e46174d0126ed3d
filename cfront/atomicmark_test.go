package cfront

import (
	"strings"
	"testing"
)

// markAtomic marks every _Atomic but those of a pointer's qualifier list
// (int * _Atomic p); a directive line is a text of its own, whose last
// '*' qualifies nothing after it, nor a '*' before it anything in it.
func TestMarkAtomicAroundDirectives(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		marked     int // _Atomic keywords marked
	}{
		{"plain", "_Atomic int x;\n", 1},
		{"pointer qualifier", "int * _Atomic p;\n", 0},
		{"qualifier on the next line", "int *\n  _Atomic p;\n", 0},
		{"after a macro ending in *", "#define NODE_PTR struct node *\n_Atomic int x;\n", 1},
		{"after a continued macro ending in *", "#define NODE_PTR \\\n  struct node *\n_Atomic int x;\n", 1},
		{"after a CRLF macro", "#define P int *\r\n_Atomic int x;\r\n", 1},
		{"spec form after a macro", "#define P int *\n_Atomic(int) x;\n", 1},
		{"in a macro after a *", "int *\n#define A _Atomic\nA int x;\n", 1},
		{"qualifier inside a macro", "#define PA int * _Atomic\n", 0},
		{"after an include", "#include \"x.h\" /* a * b */\n_Atomic int x;\n", 1},
		{"stringizing is no directive", "#define S(x) #x * _Atomic\n", 0},
		{"after a macro whose comment spans lines", "#define P struct node /* the\n node */ *\n_Atomic int x;\n", 1},
		{"qualifier after a comment in a macro", "#define P int * /* a\n b */ _Atomic\n", 0},
		{"after a spliced line comment in a macro", "#define P int * // a \\\n *\n_Atomic int x;\n", 1},
		{"after a macro behind a comment", "/**/ #define P int *\n_Atomic int x;\n", 1},
		{"after a macro behind a comment over lines", "/* a\n */ #define P int *\n_Atomic int x;\n", 1},
		{"after a digraph directive", "%:define P int *\n_Atomic int x;\n", 1},
		{"after a macro with an open quote", "#define P int * '\n_Atomic int x;\n", 1},
		{"between two macros", "#define P int *\n#define A _Atomic int\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := markAtomic(tc.text)
			n := 0
			for _, m := range []string{atomicQualMacro, atomicSpecMacro, atomicDirMacro, atomicTypeofMacro} {
				n += strings.Count(got, m)
			}
			if n != tc.marked {
				t.Errorf("%d marked, want %d:\n%s", n, tc.marked, got)
			}
			if len(got) != len(tc.text) {
				t.Errorf("length %d, want %d: columns move", len(got), len(tc.text))
			}
		})
	}
}

// In a type name in parentheses that cc parses only when it does not
// start with an attribute (sizeof, _Alignof, typeof, _Alignas, a macro's
// argument), _Atomic moves after the type specifiers it qualifies; the
// text keeps its length and its lines. Elsewhere it stays in place.
func TestMarkAtomicTypeNames(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"sizeof(_Atomic long long)", "sizeof(long long __cfQ__)"},
		{"_Alignof(_Atomic int)", "_Alignof(int __cfQ__)"},
		{"__alignof__( _Atomic  char )", "__alignof__( char  __cfQ__ )"},
		{"sizeof(_Atomic const unsigned *)", "sizeof(const unsigned __cfQ__ *)"},
		{"sizeof(_Atomic T)", "sizeof(T __cfQ__)"},
		{"sizeof(_Atomic struct S *)", "sizeof(struct S __cfQ__ *)"},
		{"sizeof(_Atomic struct {\n int a; })", "sizeof(struct {\n int a; } __cfQ__)"},
		{"__typeof__(_Atomic int) x;", "__typeof__(int __cfQ__) x;"},
		{"_Alignas(_Atomic int) int g;", "_Alignas(int __cfQ__) int g;"},
		{"SZ(_Atomic short *)", "SZ(short __cfQ__ *)"},
		{"DECL(_Atomic int, x)", "DECL(int __cfQ__, x)"},
		{"#define SZ sizeof(_Atomic int)\n", "#define SZ sizeof(int __cfQ__)\n"},
		// typeof and _Alignas read _Atomic(T) as the qualifier on
		// __typeof__(T); sizeof and _Alignof take it as it is
		{"__typeof__(_Atomic(int)) *p;", "__typeof__(__cfT__(int)) *p;"},
		{"typeof( _Atomic(char *))", "typeof( __cfT__(char *))"},
		{"_Alignas(_Atomic(long)) int g;", "_Alignas(__cfT__(long)) int g;"},
		{"#define T __typeof(_Atomic(short))\n", "#define T __typeof(__cfT__(short))\n"},
		{"_Alignof(_Atomic(long))", "_Alignof(__cfS__(long))"},
		// a directive's body: the use is not known
		{"#define AT _Atomic\nAT int x;\n", "#define AT __cfD__\nAT int x;\n"},
		{"#define AI _Atomic int\n", "#define AI __cfD__ int\n"},
		{"#define AI _Atomic(int)\n", "#define AI __cfS__(int)\n"},
		// stays: a declarator's name, an expression, the spec form, a
		// line break after _Atomic, a pointer qualifier
		{"void f(_Atomic int x);", "void f(__cfQ__ int x);"},
		{"for (_Atomic int i = 0;;)", "for (__cfQ__ int i = 0;;)"},
		{"return (_Atomic int *)p;", "return (__cfQ__ int *)p;"},
		{"sizeof(_Atomic(int))", "sizeof(__cfS__(int))"},
		{"sizeof(_Atomic\nint)", "sizeof(__cfQ__\nint)"},
		{"sizeof(_Atomic struct { _Atomic int a; })", "sizeof(__cfQ__ struct { __cfQ__ int a; })"},
		{"sizeof(int * _Atomic)", "sizeof(int * _Atomic)"},
		{"int * __const__ _Atomic p;", "int * __const__ _Atomic p;"},
		{"int * __volatile _Atomic p;", "int * __volatile _Atomic p;"},
	} {
		if got := markAtomic(tc.text); got != tc.want {
			t.Errorf("markAtomic(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
