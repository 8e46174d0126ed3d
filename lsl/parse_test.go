package lsl

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The -update flag rewrites the golden files. It is registered only if
// absent, since another test file of the package may define it too.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func updateGolden() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	b, _ := g.Get().(bool)
	return b
}

// Round trips compare structures with reflect.DeepEqual and need no
// normalisation: the generator builds values in the form Parse produces.
const roundTripSeeds = 400

func TestRoundTripPrograms(t *testing.T) {
	for seed := range uint64(roundTripSeeds) {
		for _, valid := range []bool{true, false} {
			p := newRandGen(seed, valid).program()
			text := p.String()
			q, err := Parse("gen.lsl", []byte(text))
			if err != nil {
				t.Fatalf("seed %d valid=%v: %v\n%s", seed, valid, err, text)
			}
			if !reflect.DeepEqual(p, q) {
				t.Fatalf("seed %d valid=%v: parsed program differs\n%s\n%s", seed, valid, text, diffIR(p, q))
			}
			if again := q.String(); again != text {
				t.Fatalf("seed %d valid=%v: reprinted text differs\n--- printed\n%s--- reprinted\n%s", seed, valid, text, again)
			}
			if valid {
				if err := Validate(p); err != nil {
					t.Fatalf("seed %d: valid program rejected:\n%v\n%s", seed, err, text)
				}
			}
		}
	}
}

func TestRoundTripTests(t *testing.T) {
	for seed := range uint64(roundTripSeeds) {
		for _, valid := range []bool{true, false} {
			p := newRandGen(seed, valid).test()
			text := p.String()
			q, err := ParseTest("gen.lsl", []byte(text))
			if err != nil {
				t.Fatalf("seed %d valid=%v: %v\n%s", seed, valid, err, text)
			}
			if !reflect.DeepEqual(p, q) {
				t.Fatalf("seed %d valid=%v: parsed test differs\n%s\n%s", seed, valid, text, diffIR(p, q))
			}
			if again := q.String(); again != text {
				t.Fatalf("seed %d valid=%v: reprinted text differs\n--- printed\n%s--- reprinted\n%s", seed, valid, text, again)
			}
			if valid {
				if err := ValidateTest(p); err != nil {
					t.Fatalf("seed %d: valid test rejected:\n%v\n%s", seed, err, text)
				}
			}
		}
	}
}

// diffIR names the first place where a and b differ, to make a
// failing round trip readable.
func diffIR(a, b any) string {
	var walk func(path string, x, y reflect.Value) string
	walk = func(path string, x, y reflect.Value) string {
		if !x.IsValid() || !y.IsValid() {
			if x.IsValid() != y.IsValid() {
				return path + ": one side missing"
			}
			return ""
		}
		if x.Type() != y.Type() {
			return fmt.Sprintf("%s: %v vs %v", path, x.Type(), y.Type())
		}
		switch x.Kind() {
		case reflect.Pointer, reflect.Interface:
			if x.IsNil() || y.IsNil() {
				if x.IsNil() != y.IsNil() {
					return fmt.Sprintf("%s: nil %v vs nil %v", path, x.IsNil(), y.IsNil())
				}
				return ""
			}
			return walk(path, x.Elem(), y.Elem())
		case reflect.Slice:
			if x.IsNil() != y.IsNil() {
				return fmt.Sprintf("%s: nil slice %v vs %v", path, x.IsNil(), y.IsNil())
			}
			if x.Len() != y.Len() {
				return fmt.Sprintf("%s: len %d vs %d", path, x.Len(), y.Len())
			}
			for i := range x.Len() {
				if d := walk(fmt.Sprintf("%s[%d]", path, i), x.Index(i), y.Index(i)); d != "" {
					return d
				}
			}
		case reflect.Struct:
			if x.Type() == reflect.TypeFor[Value]() {
				if xv, yv := x.Interface().(Value), y.Interface().(Value); xv != yv {
					return fmt.Sprintf("%s: %v vs %v", path, xv, yv)
				}
				return ""
			}
			for i := range x.NumField() {
				if d := walk(path+"."+x.Type().Field(i).Name, x.Field(i), y.Field(i)); d != "" {
					return d
				}
			}
		default:
			if x.CanInterface() && !reflect.DeepEqual(x.Interface(), y.Interface()) {
				return fmt.Sprintf("%s: %#v vs %#v", path, x.Interface(), y.Interface())
			}
		}
		return ""
	}
	return walk("", reflect.ValueOf(a), reflect.ValueOf(b))
}

// TestGeneratorCoverage checks that the round-trip corpus contains every
// construct of the language, so that the round-trip tests mean something.
func TestGeneratorCoverage(t *testing.T) {
	stmtKinds := map[string]bool{}
	ops := map[string]bool{}
	fences := map[FenceKind]bool{}
	obs := map[ObsKind]bool{}
	features := map[string]bool{}
	var visit func(body []Stmt, depth int, labels []string)
	visit = func(body []Stmt, depth int, labels []string) {
		for _, s := range body {
			stmtKinds[fmt.Sprintf("%T", s)] = true
			features["position with file"] = features["position with file"] || s.Position().File != ""
			features["position without file"] = features["position without file"] || s.Position().IsValid() && s.Position().File == ""
			features["no position"] = features["no position"] || !s.Position().IsValid()
			switch s := s.(type) {
			case *Prim:
				ops[s.Op.String()] = true
				for _, r := range s.Args {
					features["quoted register"] = features["quoted register"] || !IsIdent(string(r))
				}
				features["operation without operands"] = features["operation without operands"] || len(s.Args) == 0
			case *Fence:
				fences[s.Kind] = true
			case *Observe:
				obs[s.Kind] = true
			case *Block:
				features["nested block"] = features["nested block"] || depth >= 2
				visit(s.Body, depth+1, append(labels, s.Label))
			case *Atomic:
				features["atomic nofence"] = features["atomic nofence"] || s.NoFence
				visit(s.Body, depth+1, labels)
			case *Break:
				if n := len(labels); n >= 2 && s.Label == labels[0] && s.Label != labels[n-1] {
					features["break to an outer block"] = true
				}
				features["conditional break"] = features["conditional break"] || s.Cond != ""
				features["loop test break"] = features["loop test break"] || s.LoopTest
			case *Continue:
				features["conditional continue"] = features["conditional continue"] || s.Cond != ""
			case *Alloc:
				features["alloc with shape"] = features["alloc with shape"] || s.Shape != nil
			case *Free:
				features["free "+s.Kind.Keyword()] = true
			case *Const:
				features["pointer constant"] = features["pointer constant"] || s.Val.IsPtr()
			}
		}
	}
	shapes := func(gs []*Global) {
		for _, g := range gs {
			if g.Shape != nil && g.Shape.Elem != nil && g.Shape.Elem.Fields != nil {
				features["array of structs"] = true
			}
			if g.Shape != nil && g.Shape.Fields != nil {
				for _, f := range g.Shape.Fields {
					features["struct with nested shape"] = features["struct with nested shape"] || f.Shape != nil
				}
			}
			features["initial values"] = features["initial values"] || len(g.Init) > 0
		}
	}
	for seed := range uint64(roundTripSeeds) {
		for _, valid := range []bool{true, false} {
			p := newRandGen(seed, valid).program()
			shapes(p.Globals)
			for _, proc := range p.Procs {
				visit(proc.Body, 0, nil)
			}
			tst := newRandGen(seed, valid).test()
			shapes(tst.Globals)
			features["final locations"] = features["final locations"] || len(tst.Final) > 0
			features["init"] = features["init"] || len(tst.Init) > 0
			features["two threads"] = features["two threads"] || len(tst.Threads) >= 2
			for _, th := range append([][]*Invocation{tst.Init}, tst.Threads...) {
				for _, inv := range th {
					visit(inv.Body, 0, nil)
				}
			}
		}
	}
	for _, s := range []Stmt{&Const{}, &Prim{}, &Load{}, &Store{}, &Fence{}, &Atomic{}, &Call{},
		&Block{}, &Break{}, &Continue{}, &Assert{}, &Assume{}, &Observe{}, &Alloc{}, &Free{},
		&Choose{}, &ThreadID{}, &BoundExceeded{}} {
		if name := fmt.Sprintf("%T", s); !stmtKinds[name] {
			t.Errorf("no %s generated", name)
		}
	}
	for op := OpInvalid + 1; op < numOps; op++ {
		if !ops[op.String()] {
			t.Errorf("no operation %s generated", op)
		}
	}
	for _, k := range genFenceKinds {
		if !fences[k] {
			t.Errorf("no fence %s generated", k)
		}
	}
	for _, k := range []ObsKind{ObsInput, ObsOutput, ObsLabel} {
		if !obs[k] {
			t.Errorf("no observation %s generated", k)
		}
	}
	for _, f := range []string{"position with file", "position without file", "no position",
		"quoted register", "operation without operands", "nested block", "break to an outer block",
		"conditional break", "loop test break", "conditional continue", "alloc with shape", "free noreuse", "free stable", "free ",
		"pointer constant", "array of structs", "struct with nested shape", "initial values",
		"final locations", "init", "two threads", "atomic nofence"} {
		if !features[f] {
			t.Errorf("generator never made: %s", f)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
		test            bool // parse with ParseTest
	}{
		{"missing register", "proc f() -> () {\n  store a,\n}", `x.lsl:3:1: expected register, found "}"`, false},
		{"missing operand of load", "proc f() -> () {\n  r = load }", `x.lsl:2:12: expected register, found "}"`, false},
		{"unterminated body", "proc f() -> () {\n  r = 1", `x.lsl:2:8: expected statement, found end of file`, false},
		{"unknown statement", "proc f() -> () { jump L }", `x.lsl:1:18: expected statement, found "jump"`, false},
		{"unknown operation", "proc f() -> () { r = frob a }", `x.lsl:1:22: unknown operation frob`, false},
		{"bad type", "proc f() -> () { r = add.x32 a, b }", `x.lsl:1:22: invalid type "x32"`, false},
		{"type too wide", "proc f() -> () { r = add.i256 a, b }", `x.lsl:1:22: invalid type "i256"`, false},
		{"unknown fence", "proc f() -> () { fence load-full }", `x.lsl:1:24: unknown fence kind load-full`, false},
		{"fence without second half", "proc f() -> () { fence load }", `x.lsl:1:29: expected "-", found "}"`, false},
		{"brace without column", "proc f() -> () { fence full slot 1 brace 3 }", `x.lsl:1:44: expected ":", found "}"`, false},
		{"brace at line 0", "proc f() -> () { fence full slot 1 brace 0:4 }", `x.lsl:1:42: expected line:column, found "0"`, false},
		{"bad observation kind", "proc f() -> () { observe result \"x\" r }", `x.lsl:1:26: expected input, output or label, found "result"`, false},
		{"missing label", "proc f() -> () { break if c }", `x.lsl:1:27: expected statement, found "c"`, false},
		{"top level junk", "\n\n  r = 1", `x.lsl:3:3: expected global, value or proc, found "r"`, false},
		{"value of undeclared global", "global x @1\nvalue y[] = 0", `x.lsl:2:7: value of undeclared global y`, false},
		{"bad value", "global x @1\nvalue x[] = load", `x.lsl:2:13: expected value, found "load"`, false},
		{"empty pointer", "global x @1\nvalue x[] = []", `x.lsl:2:14: expected base address, found "]"`, false},
		{"value inside a scalar", "global x @1\nvalue x [3] = 5", `x.lsl:2:9: value x[3]: no word of global x: inside a scalar`, false},
		{"value of a whole struct", "global x @1 {a, b}\nvalue x[] = 5", `x.lsl:2:8: value x[]: no word of global x: an aggregate, not a word`, false},
		{"value past the fields", "global x @1 {a, b}\nvalue x[2] = 5", `x.lsl:2:8: value x[2]: no word of global x: no such field`, false},
		{"value past the array", "global x @1 [2]\nvalue x[-1] = 5", `x.lsl:2:8: value x[-1]: no word of global x: index out of bounds`, false},
		{"value of the last global of its name", "global x @1 [2]\nglobal x @2\nvalue x[1] = 5", `x.lsl:3:8: value x[1]: no word of global x: inside a scalar`, false},
		{"value in a test", "test A\nglobal x @1\nvalue x [3] = 5\nthread { op P { } }", `x.lsl:3:9: value x[3]: no word of global x: inside a scalar`, true},
		{"global without base", "global x {a}", `x.lsl:1:10: expected "@", found "{"`, false},
		{"bad shape", "global x @1 [a]", `x.lsl:1:14: expected array length, found "a"`, false},
		{"shape field list", "global x @1 {a b}", `x.lsl:1:16: expected ",", found "b"`, false},
		{"position line zero", "proc f() -> () @0:1 {}", `x.lsl:1:17: line number 0 out of range`, false},
		{"position without column", "proc f() -> () @3 {}", `x.lsl:1:19: expected ":", found "{"`, false},
		{"unterminated string", "proc \"f() {}", `x.lsl:1:6: string literal not terminated`, false},
		{"newline in string", "proc \"f\n\"() {}", `x.lsl:1:6: newline in string literal`, false},
		{"bad escape", `proc "\q"() {}`, `x.lsl:1:6: invalid string literal "\q"`, false},
		{"unexpected character", "proc f() -> () { r = 1 ; }", `x.lsl:1:24: unexpected character ';'`, false},
		{"non-ASCII outside string", "proc é() {}", `x.lsl:1:6: unexpected character 'é'`, false},
		{"invalid byte", "proc \xff() {}", `x.lsl:1:6: unexpected byte 0xff`, false},
		{"integer overflow", "proc f() -> () { r = 9223372036854775808 }", `x.lsl:1:22: integer 9223372036854775808 out of range`, false},
		{"malformed number", "proc f() -> () { r = 12ab }", `x.lsl:1:22: malformed number`, false},
		{"call without arguments", "proc f() -> () { call g }", `x.lsl:1:25: expected "(", found "}"`, false},
		{"choose with one bound", "proc f() -> () { r = choose 1 }", `x.lsl:1:31: expected upper bound, found "}"`, false},
		{"alloc without size", "proc f() -> () { r = alloc noreuse x }", `x.lsl:1:36: expected allocation size, found "x"`, false},
		{"source not a string", "source queue.c", `x.lsl:1:8: expected file name, found "queue.c"`, false},
		{"source twice", "source \"a\"\nsource \"b\"", `x.lsl:2:1: expected global, value or proc, found "source"`, false},
		{"test in a program", "test t", `x.lsl:1:1: expected global, value or proc, found "test"`, false},
		{"program as a test", "proc f() -> () {}", `x.lsl:1:1: expected "test", found "proc"`, true},
		{"test without name", "test {", `x.lsl:1:6: expected test name, found "{"`, true},
		{"two init blocks", "test t\ninit {}\ninit {}", `x.lsl:3:1: duplicate init block`, true},
		{"thread without op", "test t\nthread { r = 1 }", `x.lsl:2:10: expected "op", found "r"`, true},
		{"final without value", "test t\nfinal x =", `x.lsl:2:10: expected value, found end of file`, true},
		// A UTF-8 byte order mark is skipped; columns count from after it.
		{"byte order mark, then an error", "\ufeffglobal x {a}", `x.lsl:1:10: expected "@", found "{"`, false},
		{"byte order mark in a test", "\ufefftest {", `x.lsl:1:6: expected test name, found "{"`, true},
		{"byte order mark inside the file", "global x @1\n\ufeffglobal y @2", `x.lsl:2:1: unexpected character '\ufeff'`, false},
		{"deep nesting", "proc f() -> () " + strings.Repeat("{ L: ", maxDepth) + "{", `x.lsl:1:5016: nesting too deep`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.test {
				_, err = ParseTest("x.lsl", []byte(tt.src))
			} else {
				_, err = Parse("x.lsl", []byte(tt.src))
			}
			if err == nil {
				t.Fatalf("no error, want %s", tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T is not an *Error", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n  %s\nwant\n  %s", err, tt.want)
			}
		})
	}
}

// TestParseVariations checks that hand-written text, laid out freely, reads
// as the printer's canonical text does.
func TestParseVariations(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			"comments, blank lines and indentation",
			"// a comment\n\n\tproc f(a)->(b)   // trailing\n{\n\n  b=add.i32 a,a\n\t}\n",
			"\nproc f(a) -> (b) {\n  b = add.i32 a, a\n}\n",
		},
		{
			"statements on one line",
			"proc f() -> () { L: { r = 1 break L if r continue L } atomic { store r, r } }",
			"\nproc f() -> () {\n  L: {\n    r = 1\n    break L if r\n    continue L\n  }\n  atomic {\n    store r, r\n  }\n}\n",
		},
		{
			"results and call results may be left out",
			"proc f(a) { call f(a) }",
			"\nproc f(a) -> () {\n  call f(a) -> ()\n}\n",
		},
		{
			"keywords as registers and labels",
			"proc store(load) -> (if) { if = load load store if, load break: { break break if if } free noreuse }",
			"\nproc store(load) -> (if) {\n  if = load load\n  store if, load\n  break: {\n    break break if if\n  }\n  free noreuse\n}\n",
		},
		{
			"unsigned before a name and a register is the keyword, alone it is a name",
			"proc f(r) { observe output unsigned \"v\" r\n observe input unsigned r\n observe output unsigned unsigned r }",
			"\nproc f(r) -> () {\n  observe output unsigned \"v\" r\n  observe input \"unsigned\" r\n  observe output unsigned \"unsigned\" r\n}\n",
		},
		{
			"unsigned before a register is the keyword of an access, alone it is a register",
			"proc f(p, v) { a = load unsigned p\n b = load unsigned\n store unsigned p, v\n store unsigned, v\n store unsigned unsigned, v }",
			"\nproc f(p, v) -> () {\n  a = load unsigned p\n  b = load unsigned\n  store unsigned p, v\n  store unsigned, v\n  store unsigned unsigned, v\n}\n",
		},
		{
			"a local's storage",
			"proc f() { p = alloc local 8 q = alloc noreuse 8 }",
			"\nproc f() -> () {\n  p = alloc local 8\n  q = alloc noreuse 8\n}\n",
		},
		{
			"free noreuse of a register",
			"proc f(p) { free noreuse noreuse free noreuse p\n}",
			"\nproc f(p) -> () {\n  free noreuse noreuse\n  free noreuse p\n}\n",
		},
		{
			"quoted genNames print plain when they can",
			"proc \"f\"(\"a\") -> () { \"b\" = mov \"a\" \"my label\": { break \"my label\" } }",
			"\nproc f(a) -> () {\n  b = mov a\n  \"my label\": {\n    break \"my label\"\n  }\n}\n",
		},
		{
			"raw strings and plain observation genNames",
			"proc f(v) { observe input `v` v observe label done\n bound_exceeded `loop 1` }",
			"\nproc f(v) -> () {\n  observe input \"v\" v\n  observe label \"done\"\n  bound_exceeded \"loop 1\"\n}\n",
		},
		{
			"operands do not continue on the next line",
			"proc f() { r = mov\n  s = lnot\n  fence full }",
			"\nproc f() -> () {\n  r = mov \n  s = lnot \n  fence full\n}\n",
		},
		{
			"an operation may spread over lines after a comma",
			"proc f(a) { r = add.u8 a,\n  a }",
			"\nproc f(a) -> () {\n  r = add.u8 a, a\n}\n",
		},
		{
			"shapes",
			"global q @1 {head, tail word, arr [2]word, nodes [3][2]{next, \"the value\"}, e {}}\nglobal w @2 word\nproc f() { r = alloc 8 [2] s = alloc noreuse 4 word }",
			"global q @1 {head, tail, arr [2], nodes [3][2]{next, \"the value\"}, e {}}\nglobal w @2\n\nproc f() -> () {\n  r = alloc 8 [2]\n  s = alloc noreuse 4\n}\n",
		},
		{
			"shapes with byte offsets and sizes",
			"global q @1 {a at 0 size 4, b at 8 [2]word size 8, c at 24 size 16 {x at 0 size 8} size 8} size 40\nglobal w @2 [2] size 8\nproc f() { r = alloc 16 [2]{n at 0 size 8} size 8 s = alloc 8 word size 8\n size = mov }",
			"global q @1 {a at 0 size 4, b at 8 [2]word size 8, c at 24 size 16 {x at 0 size 8} size 8} size 40\nglobal w @2 [2] size 8\n\nproc f() -> () {\n  r = alloc 16 [2]{n at 0 size 8} size 8\n  s = alloc 8 word size 8\n  size = mov \n}\n",
		},
		{
			"values",
			"global x @3\nvalue x[] = -12\nglobal y @4 [3] {a, b}\nvalue y[0 1] = [3  0 -1]\nvalue x[] = [7]\nvalue y[2 0] = undefined",
			"global x @3\nvalue x[] = -12\nvalue x[] = [7]\nglobal y @4 [3]{a, b}\nvalue y[0 1] = [3 0 -1]\nvalue y[2 0] = undefined\n",
		},
		{
			"byte order mark",
			"\ufeffglobal x @3\nvalue x[] = 1",
			"global x @3\nvalue x[] = 1\n",
		},
		{
			"types are printed in canonical form",
			"proc f(a) { r = conv.i008 a s = add a, a t = eq.i32 a, a }",
			"\nproc f(a) -> () {\n  r = conv.i8 a\n  s = add.u0 a, a\n  t = eq.i32 a, a\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse("x.lsl", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestParsePositions checks which file a position annotation names.
func TestParsePositions(t *testing.T) {
	tests := []struct {
		name, src string
		want      Pos // of the first statement of f
	}{
		{"no annotation", "proc f() { r = 1 }", Pos{}},
		{"no source directive", "proc f() { r = 1 @3:4 }", Pos{Line: 3, Col: 4}},
		{"source directive", "source \"q.c\"\nproc f() { r = 1 @3:4 }", Pos{File: "q.c", Line: 3, Col: 4}},
		{"explicit file", "source \"q.c\"\nproc f() { r = 1 @\"q.h\":3:4 }", Pos{File: "q.h", Line: 3, Col: 4}},
		{"explicit empty file", "source \"q.c\"\nproc f() { r = 1 @\"\":3:4 }", Pos{Line: 3, Col: 4}},
		{"column zero", "proc f() { r = 1 @3:0 }", Pos{Line: 3}},
		{"annotation on the next line", "proc f() { r = 1\n @3:4 }", Pos{Line: 3, Col: 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse("x.lsl", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Procs[0].Body[0].Position(); got != tt.want {
				t.Errorf("position %#v, want %#v", got, tt.want)
			}
		})
	}
}

// TestGolden parses the files under testdata/golden and compares the
// printed result with the .golden file next to each. Files named test_*
// are Tests.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.lsl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			if strings.HasPrefix(filepath.Base(file), "test_") {
				tst, err := ParseTest(file, src)
				if err != nil {
					t.Fatal(err)
				}
				if err := ValidateTest(tst); err != nil {
					t.Errorf("invalid: %v", err)
				}
				got = tst.String()
			} else {
				p, err := Parse(file, src)
				if err != nil {
					t.Fatal(err)
				}
				if err := Validate(p); err != nil {
					t.Errorf("invalid: %v", err)
				}
				got = p.String()
			}
			golden := strings.TrimSuffix(file, ".lsl") + ".golden"
			if updateGolden() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("printed text differs from %s:\n%s", golden, got)
			}
			// The canonical text is a fixed point.
			if !bytes.Equal(want, reprintGolden(t, file, want)) {
				t.Errorf("%s does not reprintGolden as itself", golden)
			}
		})
	}
}

func reprintGolden(t *testing.T, file string, src []byte) []byte {
	t.Helper()
	if strings.HasPrefix(filepath.Base(file), "test_") {
		tst, err := ParseTest(file, src)
		if err != nil {
			t.Fatal(err)
		}
		return []byte(tst.String())
	}
	p, err := Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(p.String())
}

// TestParseTestFilePositions: a hand-written test gets the positions of
// its words where it has no annotations, and keeps its annotations.
func TestParseTestFilePositions(t *testing.T) {
	src := "test T\nglobal x @1\nthread {\n  op P @9:9 {\n    r = 1\n    atomic { store r, r @2:3 }\n    L: { break L }\n  }\n}\nfinal x = [1]\n"
	want := map[string]Pos{
		"global": {File: "h.lsl", Line: 2, Col: 1},
		"op":     {Line: 9, Col: 9},
		"const":  {File: "h.lsl", Line: 5, Col: 5},
		"atomic": {File: "h.lsl", Line: 6, Col: 5},
		"store":  {Line: 2, Col: 3},
		"block":  {File: "h.lsl", Line: 7, Col: 5},
		"break":  {File: "h.lsl", Line: 7, Col: 10},
		"final":  {File: "h.lsl", Line: 10, Col: 1},
	}
	for _, file := range []bool{true, false} {
		parse := ParseTest
		if file {
			parse = ParseTestFile
		}
		tt, err := parse("h.lsl", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		inv := tt.Threads[0][0]
		body := inv.Body
		got := map[string]Pos{
			"global": tt.Globals[0].Pos,
			"op":     inv.Pos,
			"const":  body[0].Position(),
			"atomic": body[1].Position(),
			"store":  body[1].(*Atomic).Body[0].Position(),
			"block":  body[2].Position(),
			"break":  body[2].(*Block).Body[0].Position(),
			"final":  tt.Final[0].Pos,
		}
		for k, g := range got {
			w := want[k]
			if !file && w.File != "" {
				w = Pos{} // ParseTest leaves unannotated positions zero
			}
			if g != w {
				t.Errorf("file=%v %s: position %v, want %v", file, k, g, w)
			}
		}
	}
}

// TestShapeLayoutPrinted: shapes that lsl.SameWords tells apart print
// differently, so that what is keyed by the printed program (the
// observation-set cache) does not take one layout for the other; and
// each prints what it is parsed back to.
func TestShapeLayoutPrinted(t *testing.T) {
	// Layouts as the C front end gives them (LP64).
	scalar := func(size int64) *Shape { return &Shape{Size: size} }
	strct := func(size int64, fields ...Field) *Shape { return &Shape{Fields: fields, Size: size} }
	field := func(name string, off, size int64) Field { return Field{Name: name, Off: off, Size: size} }
	array := func(n int64, elem *Shape) *Shape { return &Shape{Elem: elem, Len: n, Size: n * elem.Size} }
	intLong := strct(16, field("a", 0, 4), field("b", 8, 8))
	for _, tc := range []struct {
		name string
		a, b *Shape
	}{
		{"struct { int a; long b; } / struct { long a; int b; }", intLong, strct(16, field("a", 0, 8), field("b", 8, 4))},
		{"struct { int a; long b; } / struct { long a; long b; }", intLong, strct(16, field("a", 0, 8), field("b", 8, 8))},
		{"struct { char a; int b; } / struct { short a; int b; }", strct(8, field("a", 0, 1), field("b", 4, 4)), strct(8, field("a", 0, 2), field("b", 4, 4))},
		{"int[4] / struct { int a, b, c, d; } (the same words)", array(4, scalar(4)), strct(16, field("a", 0, 4), field("b", 4, 4), field("c", 8, 4), field("d", 12, 4))},
		{"short[4] / int[4]", array(4, scalar(2)), array(4, scalar(4))},
		{"struct { struct { int x; long y; } s; } / struct { struct { long x; int y; } s; }",
			strct(16, Field{Name: "s", Shape: intLong, Off: 0, Size: 16}),
			strct(16, Field{Name: "s", Shape: strct(16, field("x", 0, 8), field("y", 8, 4)), Off: 0, Size: 16})},
		{"struct { int a; long b; }[2] / struct { long a; int b; }[2]", array(2, intLong), array(2, strct(16, field("a", 0, 8), field("b", 8, 4)))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !SameWords(tc.a, tc.b) && tc.a.String() == tc.b.String() {
				t.Errorf("other words, both printed %q", tc.a)
			}
			for _, s := range []*Shape{tc.a, tc.b} {
				g := &Global{Name: "g", Base: 1, Shape: s}
				p, err := Parse("x.lsl", []byte((&Program{Globals: []*Global{g}}).String()))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(p.Globals[0].Shape, s) {
					t.Errorf("%s parses back as %s", s, p.Globals[0].Shape)
				}
			}
		})
	}
	// Random shapes: any two that print alike have the same words.
	g := newRandGen(1, true)
	byText := map[string]*Shape{}
	for range 5000 {
		s := g.shape(0)
		if prev, ok := byText[s.String()]; ok && !SameWords(prev, s) {
			t.Fatalf("%s: two shapes of other words print alike", s)
		}
		byText[s.String()] = s
	}
}
