package cfront

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// deepSources are generated inputs nested far beyond the limits of
// nesting.go: each crashed cc's parser (or its checker) with a fatal Go
// stack overflow.
func deepSources(n int) []struct{ name, src, want string } {
	rep := strings.Repeat
	var labels strings.Builder
	for i := range n {
		fmt.Fprintf(&labels, "l%d: ", i)
	}
	return []struct{ name, src, want string }{
		{"parentheses", "int x = " + rep("(", n) + "1" + rep(")", n) + ";\n",
			"e.c:1:1009: nesting too deep: more than 1000 levels of parentheses, brackets and braces"},
		{"negated parentheses", "int f(void) { return " + rep("-(", n) + "1" + rep(")", n) + "; }\n",
			"e.c:1:2021: nesting too deep: more than 1000 levels of parentheses, brackets and braces"},
		{"braces", "void f(void) " + rep("{", n) + rep("}", n) + "\n",
			"e.c:1:1014: nesting too deep: more than 1000 levels of parentheses, brackets and braces"},
		{"unary minus", "int f(void) { return " + rep("- ", n) + "1; }\n",
			"e.c:1:8204: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"casts", "int f(void) { return " + rep("(int)", n) + "1; }\n",
			"e.c:1:20473: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"sum", "int a;\nint f(void) { return a" + rep("+a", n) + "; }\n",
			"e.c:2:4113: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"assignments", "int a;\nvoid f(void) { " + rep("a=", n) + "1; }\n",
			"e.c:2:4108: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"conditionals", "int a;\nint f(void) { return " + rep("a?1:", n) + "0; }\n",
			"e.c:2:4113: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"unbraced ifs", "int a;\nvoid f(void) { " + rep("if (a) ", n) + "a++; }\n",
			"e.c:2:14335: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"else if chain", "int a;\nvoid f(void) { if (a) a++;" + rep(" else if (a) a++;", n) + " }\n",
			"e.c:2:13926: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"labels", "int a;\nvoid f(void) { " + labels.String() + "a++; }\n",
			"e.c:2:13228: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
		{"pointer declarator", "int " + rep("*", n) + "p;\n",
			"e.c:1:4100: nesting too deep: a chain of more than 4096 tokens (operators, declarators or statements without braces)"},
	}
}

// TestNestingLimits checks that input nested too deeply for the parser is
// refused at its place before cc parses it.
func TestNestingLimits(t *testing.T) {
	// With a small stack, a regression crashes here rather than take the
	// default gigabyte of stack first.
	defer debug.SetMaxStack(debug.SetMaxStack(16 << 20))
	for _, tc := range deepSources(30000) {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := CompileSources([]Source{{Name: "e.c", Text: tc.src}}, Options{})
			if err == nil {
				t.Fatal("no error")
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("error\n%s\nwant\n%s", got, tc.want)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestNestingAfterMacroExpansion checks nesting that only macro expansion
// makes deep: the raw text is shallow, so the error names the file.
func TestNestingAfterMacroExpansion(t *testing.T) {
	src := "#define O10 ((((((((((\n#define C10 ))))))))))\n" +
		"#define O100 O10 O10 O10 O10 O10 O10 O10 O10 O10 O10\n#define C100 C10 C10 C10 C10 C10 C10 C10 C10 C10 C10\n" +
		"#define O1000 O100 O100 O100 O100 O100 O100 O100 O100 O100 O100\n#define C1000 C100 C100 C100 C100 C100 C100 C100 C100 C100 C100\n" +
		"int x = O1000 O1000 1 C1000 C1000;\n"
	_, err := CompileSources([]Source{{Name: "e.c", Text: src}}, Options{})
	want := "e.c: nesting too deep: more than 1000 levels of parentheses, brackets and braces, after macro expansion"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// TestNestingWithinLimits compiles input at the limits.
func TestNestingWithinLimits(t *testing.T) {
	rep := strings.Repeat
	for name, src := range map[string]string{
		"999 parentheses":                       "int f(void) { return " + rep("(", 999) + "1" + rep(")", 999) + "; }\n",
		"sum of 1500":                           "int a;\nint f(void) { return a" + rep("+a", 1499) + "; }\n",
		"long statement lists and initializers": "int t[2000] = {" + rep("1,", 2000) + "};\nint a;\nvoid f(void) {" + rep(" a++;", 2000) + " }\n",
		"else if chain of 300":                  "int a;\nvoid f(void) { if (a) a++;" + rep(" else if (a) a++;", 300) + " }\n",
	} {
		if _, err := CompileSources([]Source{{Name: "e.c", Text: src}}, Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestFileSizeLimit checks that files over maxFileSize, the main file or
// a header, are refused.
func TestFileSizeLimit(t *testing.T) {
	defer func(n int64) { maxFileSize = n }(maxFileSize)
	maxFileSize = 1000
	dir := t.TempDir()
	big := "int x;\n" + strings.Repeat("/* padding */\n", 100)
	files := map[string]string{
		"big.h":  big,
		"big.c":  big,
		"main.c": "#include \"big.h\"\nint y;\n",
		"ok.h":   "int z;\n",
		"ok.c":   "#include \"ok.h\"\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ file, want string }{
		{"big.c", "DIR/big.c: DIR/big.c is larger than 1000 bytes"},
		{"main.c", `DIR/main.c:1:10: cannot include "big.h": DIR/big.h is larger than 1000 bytes`},
	} {
		_, err := Compile([]string{filepath.Join(dir, tc.file)}, Options{})
		want := strings.ReplaceAll(tc.want, "DIR", filepath.ToSlash(dir))
		if err == nil || filepath.ToSlash(err.Error()) != want {
			t.Errorf("%s: error %v, want %s", tc.file, err, want)
		}
	}
	if _, err := Compile([]string{filepath.Join(dir, "ok.c")}, Options{}); err != nil {
		t.Errorf("ok.c: %v", err)
	}
}

// TestHeaderNesting checks that deep nesting in a header is reported at
// its place in the header.
func TestHeaderNesting(t *testing.T) {
	dir := t.TempDir()
	h := "int x = " + strings.Repeat("(", 3000) + "1" + strings.Repeat(")", 3000) + ";\n"
	if err := os.WriteFile(filepath.Join(dir, "deep.h"), []byte(h), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := CompileSources([]Source{{Name: "e.c", Text: "#include \"deep.h\"\n"}}, Options{IncludeDirs: []string{dir}})
	want := filepath.Join(dir, "deep.h") + ":1:1009: nesting too deep: more than 1000 levels of parentheses, brackets and braces"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// TestIncludeCount checks that headers included exponentially often
// (each includes the next twice, without guards) are refused.
func TestIncludeCount(t *testing.T) {
	defer func(n int) { maxIncludes = n }(maxIncludes)
	maxIncludes = 100
	dir := t.TempDir()
	for i := range 30 {
		text := fmt.Sprintf("#include \"h%d.h\"\n#include \"h%d.h\"\n", i+1, i+1)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("h%d.h", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "h30.h"), []byte("int x;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := CompileSources([]Source{{Name: "e.c", Text: "#include \"h0.h\"\n"}}, Options{IncludeDirs: []string{dir}})
	want := filepath.Join(dir, "h28.h") + ":1:10: too many #include: more than 100 files included"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}
