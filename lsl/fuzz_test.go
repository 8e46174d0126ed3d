package lsl

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Seeds: the golden inputs and outputs, and generated texts. Inputs the
// fuzzer found interesting live in testdata/fuzz/<target>.
func addFuzzSeeds(f *testing.F, tests bool) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		if strings.HasPrefix(filepath.Base(file), "test_") != tests {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, src := range fuzzEdgeSeeds {
		if strings.HasPrefix(src, "test") == tests {
			f.Add([]byte(src))
		}
	}
	for seed := range uint64(8) {
		for _, valid := range []bool{true, false} {
			if tests {
				f.Add([]byte(newRandGen(seed, valid).test().String()))
			} else {
				f.Add([]byte(newRandGen(seed, valid).program().String()))
			}
		}
	}
}

// fuzzEdgeSeeds are texts near the ambiguities of the grammar: optional
// operands, keywords used as names, positions and their files.
var fuzzEdgeSeeds = []string{
	"proc f() { r = mov\n fence full free noreuse\n free noreuse noreuse observe label \"l\" x\n }",
	"proc if(if) -> (if) { if = lnot if break: { break break if if } }",
	"source \"a.c\"\nglobal g @1 [2][3]{a, b word}\nvalue g[0 1] = [1 0] proc p() @\"\":1:0 { r = 1 @\"b.c\":2:3 }",
	"proc f() { r = alloc noreuse 8 [2] word = threadid x = eq.i32 a, b y = add.i7 }",
	"test \"t\"\nglobal x @1\nfinal x = [1]\ninit { op i @1:1 { r = 1 } }\nthread { }\nthread { op e { L: { break L if r } } }",
}

// FuzzParse checks that Parse never panics, fails only with an *Error at a
// position in the file, and that what it accepts prints as text that
// parses back to the same program.
func FuzzParse(f *testing.F) {
	addFuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse("fuzz.lsl", src)
		if err != nil {
			checkParseError(t, err)
			return
		}
		_ = Validate(p) // must not panic whatever was parsed
		text := p.String()
		q, err := Parse("fuzz.lsl", []byte(text))
		if err != nil {
			t.Fatalf("printed program does not parse: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("reparsed program differs: %s\n%s", diffIR(p, q), text)
		}
		if again := q.String(); again != text {
			t.Fatalf("reprinted text differs\n--- printed\n%s--- reprinted\n%s", text, again)
		}
	})
}

// FuzzParseTest is FuzzParse for Tests.
func FuzzParseTest(f *testing.F) {
	addFuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, src []byte) {
		tst, err := ParseTest("fuzz.lsl", src)
		if err != nil {
			checkParseError(t, err)
			return
		}
		_ = ValidateTest(tst)
		text := tst.String()
		q, err := ParseTest("fuzz.lsl", []byte(text))
		if err != nil {
			t.Fatalf("printed test does not parse: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(tst, q) {
			t.Fatalf("reparsed test differs: %s\n%s", diffIR(tst, q), text)
		}
		if again := q.String(); again != text {
			t.Fatalf("reprinted text differs\n--- printed\n%s--- reprinted\n%s", text, again)
		}
	})
}

func checkParseError(t *testing.T, err error) {
	t.Helper()
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("error %T is not an *Error: %v", err, err)
	}
	if e.Pos.File != "fuzz.lsl" || e.Pos.Line < 1 || e.Pos.Col < 1 {
		t.Fatalf("error without a position in the file: %v", err)
	}
	if !strings.HasPrefix(err.Error(), e.Pos.String()+": ") {
		t.Fatalf("error text %q does not start with its position", err)
	}
}
