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
			n := strings.Count(got, atomicQualMacro) + strings.Count(got, atomicSpecMacro)
			if n != tc.marked {
				t.Errorf("%d marked, want %d:\n%s", n, tc.marked, got)
			}
			if len(got) != len(tc.text) {
				t.Errorf("length %d, want %d: columns move", len(got), len(tc.text))
			}
		})
	}
}
