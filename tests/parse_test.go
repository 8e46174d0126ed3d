package tests

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"checkfence/lsl"
)

// examplesDir holds the test files of the original CheckFence, next to the
// C files whose functions they name.
var examplesDir = filepath.Join("..", "..", "shared", "examples", "checkfence-stmgc")

// exampleFiles are the test files under examplesDir.
var exampleFiles = []string{
	"c4/test1.lsl",
	"c6/test1.lsl",
	"c6/test2.lsl",
	"c6/test3.lsl",
	"c6/test4.lsl",
	"c7/unshare_page.lsl",
}

// shape is a test without positions other than the name's: what a table
// can state compactly.
type shape struct {
	name      string
	line, col int // of the name
	init      []string
	threads   [][]string
}

func shapeOf(t *Test) shape {
	s := shape{name: t.Name, line: t.Pos.Line, col: t.Pos.Col, init: opNames(t.Init)}
	for _, th := range t.Threads {
		s.threads = append(s.threads, opNames(th))
	}
	return s
}

func opNames(ops []OpCall) []string {
	var names []string
	for _, op := range ops {
		names = append(names, op.Name)
	}
	return names
}

func equalShape(a, b shape) bool {
	return a.name == b.name && a.line == b.line && a.col == b.col &&
		slices.Equal(a.init, b.init) &&
		slices.EqualFunc(a.threads, b.threads, slices.Equal)
}

func checkShapes(t *testing.T, got []*Test, want []shape) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d tests, want %d: %v", len(got), len(want), got)
	}
	for i := range want {
		if g := shapeOf(got[i]); !equalShape(g, want[i]) {
			t.Errorf("test %d: got %+v, want %+v", i, g, want[i])
		}
	}
}

func readExample(t testing.TB, file string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(examplesDir, file))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("example %s not present: %v", file, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// The expectations are read off the files by hand; the commented-out
// tests of c6/test1.lsl and c6/test2.lsl must not appear.
func TestParseExamples(t *testing.T) {
	cases := []struct {
		file string
		want []shape
	}{
		{"c4/test1.lsl", []shape{
			{"T0", 2, 6, []string{"i"}, [][]string{{"W1"}, {"W1"}}},
		}},
		{"c6/test1.lsl", []shape{
			{"T2", 6, 6, []string{"SETUP100"}, [][]string{{"W0INC1"}, {"W0INC1"}}},
		}},
		{"c6/test2.lsl", []shape{
			{"T2", 4, 6, []string{"SETUP100"}, [][]string{{"W0INC1"}, {"W0INC1", "R0"}}},
		}},
		{"c6/test3.lsl", []shape{
			{"T1", 2, 6, []string{"SETUP100"}, [][]string{{"R0"}, {"R0"}}},
			{"T2", 4, 6, []string{"SETUP100"}, [][]string{{"W0INC1"}, {"W0INC1"}}},
			{"T3", 6, 6, []string{"SETUP100"}, [][]string{{"UPD", "R0", "UPD", "R0"}, {"W0INC1"}}},
		}},
		{"c6/test4.lsl", []shape{
			{"T1", 2, 6, []string{"SETUP100"}, [][]string{{"R0"}, {"R0"}}},
			{"T2", 4, 6, []string{"SETUP100"}, [][]string{{"W0INC1"}, {"W0INC1"}}},
			{"T3", 6, 6, []string{"SETUP100"}, [][]string{{"UPD", "R0", "UPD", "R0"}, {"W0INC1"}}},
		}},
		{"c7/unshare_page.lsl", []shape{
			{"T1", 2, 6, []string{"INIT"}, [][]string{
				{"PRIV_X86", "PRIV_X86"}, {"PRIV_X86", "PRIV_X86"}, {"PRIV_X86", "PRIV_X86"}}},
			{"T2", 3, 6, []string{"INIT"}, [][]string{
				{"PRIV_GEN", "PRIV_GEN"}, {"PRIV_GEN", "PRIV_GEN"}, {"PRIV_GEN", "PRIV_GEN"}}},
		}},
	}
	if len(cases) != len(exampleFiles) {
		t.Fatalf("%d cases for %d example files", len(cases), len(exampleFiles))
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			src := readExample(t, c.file)
			got, err := Parse(c.file, src)
			if err != nil {
				t.Fatal(err)
			}
			checkShapes(t, got, c.want)
			for _, test := range got {
				if test.Pos.File != c.file {
					t.Errorf("%s: position in file %q, want %q", test.Name, test.Pos.File, c.file)
				}
			}
		})
	}
}

// Every operation carries its own position; c4/test1.lsl's second line is
// "test T0 = i ( W1 | W1 )".
func TestParseOpPositions(t *testing.T) {
	src := readExample(t, "c4/test1.lsl")
	got, err := Parse("c4/test1.lsl", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[0].Init) != 1 || len(got[0].Threads) != 2 {
		t.Fatalf("unexpected tests %v", got)
	}
	at := func(col int) lsl.Pos { return lsl.Pos{File: "c4/test1.lsl", Line: 2, Col: col} }
	cases := []struct {
		what string
		got  lsl.Pos
		want lsl.Pos
	}{
		{"test T0", got[0].Pos, at(6)},
		{"init i", got[0].Init[0].Pos, at(11)},
		{"thread 0 W1", got[0].Threads[0][0].Pos, at(15)},
		{"thread 1 W1", got[0].Threads[1][0].Pos, at(20)},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s at %v, want %v", c.what, c.got, c.want)
		}
	}
}

func TestParseValid(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []shape
	}{
		{"empty file", "", nil},
		{"only comments", "// test T0 = i ( e | d )\n/* test T1 = ( e ) */\n", nil},
		{"paper T0", "test T0 = i ( e | d )", []shape{
			{"T0", 1, 6, []string{"i"}, [][]string{{"e"}, {"d"}}}}},
		{"paper Tpc2, no init", "test Tpc2 = ( e e | d d )", []shape{
			{"Tpc2", 1, 6, nil, [][]string{{"e", "e"}, {"d", "d"}}}}},
		{"one thread", "test S = i ( e d e )", []shape{
			{"S", 1, 6, []string{"i"}, [][]string{{"e", "d", "e"}}}}},
		{"four threads", "test T = ( a | b | c | d )", []shape{
			{"T", 1, 6, nil, [][]string{{"a"}, {"b"}, {"c"}, {"d"}}}}},
		{"no spaces", "test T=i j(a b|c)test U=(d)", []shape{
			{"T", 1, 6, []string{"i", "j"}, [][]string{{"a", "b"}, {"c"}}},
			{"U", 1, 23, nil, [][]string{{"d"}}}}},
		{"spans lines", "\n  test T =\n\ti j\n  ( a b\n  | c\n  )\n", []shape{
			{"T", 2, 8, []string{"i", "j"}, [][]string{{"a", "b"}, {"c"}}}}},
		{"comments between tokens", "test/**/T/*x*/=//c\ni(a/*|*/|b// )\n)", []shape{
			{"T", 1, 9, []string{"i"}, [][]string{{"a"}, {"b"}}}}},
		{"block comment spanning lines moves the column", "/* a\n bc */ test T = ( a )", []shape{
			{"T", 2, 13, nil, [][]string{{"a"}}}}},
		{"stars in a block comment", "/***/ /* * / **/test T = ( a )", []shape{
			{"T", 1, 22, nil, [][]string{{"a"}}}}},
		// A UTF-8 byte order mark is skipped; columns count from after
		// it, as an editor shows them.
		{"byte order mark", "\ufefftest T0 = i ( e | d )", []shape{
			{"T0", 1, 6, []string{"i"}, [][]string{{"e"}, {"d"}}}}},
		{"byte order mark before a comment", "\ufeff// c\r\ntest T0 = ( e )", []shape{
			{"T0", 2, 6, nil, [][]string{{"e"}}}}},
		{"CRLF and tabs", "// x\r\n\ttest T = i\r\n( a | b )\r\n", []shape{
			{"T", 2, 7, []string{"i"}, [][]string{{"a"}, {"b"}}}}},
		{"identifiers", "test _t_9 = _x1 ( A_B | c2 __ )", []shape{
			{"_t_9", 1, 6, []string{"_x1"}, [][]string{{"A_B"}, {"c2", "__"}}}}},
		// C's identifiers as the C front end reads them: Unicode
		// letters and digits, '$'; a column counts bytes, as in C files.
		{"letters outside ASCII", "test Größe = größe ( π | λ$1 _é )", []shape{
			{"Größe", 1, 6, []string{"größe"}, [][]string{{"π"}, {"λ$1", "_é"}}}}},
		{"words starting with the keyword", "test tests = testx ( test_ | Test )", []shape{
			{"tests", 1, 6, []string{"testx"}, [][]string{{"test_"}, {"Test"}}}}},
		{"the same operation everywhere", "test T = a a ( a | a a )", []shape{
			{"T", 1, 6, []string{"a", "a"}, [][]string{{"a"}, {"a", "a"}}}}},
		// Duplicates are all kept, in file order, and numbered from the
		// second definition on.
		{"duplicate names", "test T2 = ( a )\ntest T1 = ( b )\ntest T2 = ( c )\ntest T2 = ( d )\ntest T1 = ( e )", []shape{
			{"T2", 1, 6, nil, [][]string{{"a"}}},
			{"T1", 2, 6, nil, [][]string{{"b"}}},
			{"T2#2", 3, 6, nil, [][]string{{"c"}}},
			{"T2#3", 4, 6, nil, [][]string{{"d"}}},
			{"T1#2", 5, 6, nil, [][]string{{"e"}}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse("t.lsl", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			checkShapes(t, got, c.want)
		})
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want string
	}{
		{"bar in the init operations", "// c\n\ntest T0 = ab | e )",
			`t.lsl:3:14: expected "(" or an operation name, found "|"`},
		{"empty last thread", "test T0 = i ( e | )",
			`t.lsl:1:19: empty thread: expected an operation name, found ")"`},
		{"empty first thread", "test T0 = ( | e )",
			`t.lsl:1:13: empty thread: expected an operation name, found "|"`},
		{"empty middle thread", "test T0 = ( e || d )",
			`t.lsl:1:16: empty thread: expected an operation name, found "|"`},
		{"no threads", "test T0 = i ( )",
			`t.lsl:1:15: test has no threads: expected an operation name, found ")"`},
		{"no threads, no space", "test T0 = ()",
			`t.lsl:1:12: test has no threads: expected an operation name, found ")"`},
		{"missing =", "test T0 ( e )",
			`t.lsl:1:9: expected "=", found "("`},
		{"missing test", "T0 = ( e )",
			`t.lsl:1:1: expected "test", found "T0"`},
		{"missing name", "test = ( e )",
			`t.lsl:1:6: expected a test name, found "="`},
		{"name starts with a digit", "test 1T = ( e )",
			`t.lsl:1:6: expected a test name, found "1T"`},
		{"name is the keyword", "test test = ( e )",
			`t.lsl:1:6: expected a test name, found "test"`},
		{"operation is the keyword", "test T0 = ( test )",
			`t.lsl:1:13: expected an operation name, found "test"`},
		{"operation starts with a digit", "test T0 = ( e | 2d )",
			`t.lsl:1:17: expected an operation name, found "2d"`},
		{"name starts with a Unicode digit", "test ٣T = ( e )",
			`t.lsl:1:6: expected a test name, found "٣T"`},
		{"operation with a symbol outside ASCII", "test T0 = ( e€ )",
			`t.lsl:1:14: expected an operation name, "|" or ")", found "€"`},
		{"operation with an invalid byte", "test T0 = ( e\xff )",
			`t.lsl:1:14: expected an operation name, "|" or ")", found "\xff"`},
		{"name with a minus", "test T-1 = ( e )",
			`t.lsl:1:7: expected "=", found "-"`},
		{"dotted init operation", "test T0 = a.b ( e )",
			`t.lsl:1:12: expected "(" or an operation name, found "."`},
		{"end of file in a thread", "test T0 = ( e | d",
			`t.lsl:1:18: expected an operation name, "|" or ")", found end of file`},
		{"end of file after a newline", "test T0 = ( e | d\n",
			`t.lsl:2:1: expected an operation name, "|" or ")", found end of file`},
		{"end of file in the init operations", "test T0 = i",
			`t.lsl:1:12: expected "(" or an operation name, found end of file`},
		{"end of file after the keyword", "test T0 = i ( e | d ) test",
			`t.lsl:1:27: expected a test name, found end of file`},
		{"missing ) before the next test", "test T0 = ( e | d\ntest T1 = ( a )",
			`t.lsl:2:1: expected an operation name, "|" or ")", found "test"`},
		{"extra )", "test T0 = ( e ) )",
			`t.lsl:1:17: expected "test", found ")"`},
		{"semicolon", "test T0 = ( e ; d )",
			`t.lsl:1:15: expected an operation name, "|" or ")", found ";"`},
		{"C call syntax", "test T0 = ( e() )",
			`t.lsl:1:14: expected an operation name, "|" or ")", found "("`},
		{"unterminated comment in a test", "test T0 = ( e /* d )",
			`t.lsl:1:15: unterminated comment`},
		{"unterminated comment alone", "\n  /* x",
			`t.lsl:2:3: unterminated comment`},
		{"comment opener sharing the slash", "/*/ test T0 = ( e )",
			`t.lsl:1:1: unterminated comment`},
		{"stray */", "test T0 = ( e ) */",
			`t.lsl:1:17: expected "test", found "*"`},
		{"invalid UTF-8", "test T0 = ( \xff )",
			`t.lsl:1:13: expected an operation name, found "\xff"`},
		{"column after a block comment spanning lines", "test T0 = /* a\nb */ ( | e )",
			`t.lsl:2:8: empty thread: expected an operation name, found "|"`},
		{"line after a line comment", "test T0 = ( e // x )\n\t| )",
			`t.lsl:2:4: empty thread: expected an operation name, found ")"`},
		{"CRLF", "test T0 = ( e |\r\n )",
			`t.lsl:2:2: empty thread: expected an operation name, found ")"`},
		{"byte order mark, then an error", "\ufefftest T0 = ( )",
			`t.lsl:1:13: test has no threads: expected an operation name, found ")"`},
		{"byte order mark, then no test", "\ufeffT0 = ( e )",
			`t.lsl:1:1: expected "test", found "T0"`},
		// Only the first character of the file can be a byte order
		// mark; elsewhere it is a stray character.
		{"byte order mark inside the file", "test T0 = ( e )\n\ufefftest T1 = ( e )",
			`t.lsl:2:1: expected "test", found "\ufeff"`},
		{"two byte order marks", "\ufeff\ufefftest T0 = ( e )",
			`t.lsl:1:1: expected "test", found "\ufeff"`},
		// The first error is reported, and no tests with it.
		{"error in the second test", "test T0 = ( e )\ntest T1 = ( )",
			`t.lsl:2:13: test has no threads: expected an operation name, found ")"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse("t.lsl", []byte(c.src))
			if err == nil {
				t.Fatalf("no error; tests %v", got)
			}
			if got != nil {
				t.Errorf("tests %v returned with the error", got)
			}
			var le *lsl.Error
			if !errors.As(err, &le) {
				t.Errorf("error %T, want *lsl.Error", err)
			}
			if err.Error() != c.want {
				t.Errorf("error\n%s\nwant\n%s", err, c.want)
			}
		})
	}
}
