package lsl

import (
	"errors"
	"strings"
	"testing"
)

// Each case holds one mistake (in text, or built in Go where the text
// format cannot express it) and the exact diagnostics it must produce.
func TestValidate(t *testing.T) {
	p := func(body string) string { return "source \"x.c\"\nproc f(a) -> (r) {\n" + body + "\n}\n" }
	tests := []struct {
		name string
		src  string
		prog *Program // used instead of src if set
		want []string // nil: valid
	}{
		{name: "valid", src: p("r = mov a @3:1\nL: { M: { break L if r } }\nL: { continue L }")},
		{name: "sibling blocks may share a label", src: p("r = 1\nL: {}\nL: { break L }")},
		{name: "recursion", src: p("call f(a) -> (r)")},
		{
			name: "break to a label that is not enclosing",
			src:  p("r = 1\nL: {}\nbreak L @4:1"),
			want: []string{"x.c:4:1: proc f: break L: L does not label an enclosing block"},
		},
		{
			name: "continue to an unknown label",
			src:  p("r = 1\nL: { continue M if r @3:7 }"),
			want: []string{"x.c:3:7: proc f: continue M: M does not label an enclosing block"},
		},
		{
			name: "duplicate label in nested scope",
			src:  p("r = 1\nL: @3:1 { M: { L: @3:15 {} } }"),
			want: []string{"x.c:3:15: proc f: label L already labels the enclosing block at x.c:3:1"},
		},
		{
			name: "call of unknown procedure",
			src:  p("call g(a) -> (r) @5:2"),
			want: []string{"x.c:5:2: proc f: call of unknown procedure g"},
		},
		{
			name: "call with too many arguments",
			src:  p("call f(a, a) -> (r) @5:2"),
			want: []string{"x.c:5:2: proc f: call f: 2 arguments, want 1"},
		},
		{
			name: "call with too few results",
			src:  p("call f(a) @5:2\nr = 0"),
			want: []string{"x.c:5:2: proc f: call f: 0 results, want 1"},
		},
		{
			name: "operation with wrong arity",
			src:  p("r = add.i32 a @6:1"),
			want: []string{"x.c:6:1: proc f: add: 1 operands, want 2"},
		},
		{
			name: "typed operation with invalid type",
			src:  p("r = add.i7 a, a @6:1"),
			want: []string{"x.c:6:1: proc f: add: invalid type i7"},
		},
		{
			name: "typed operation without type",
			src:  p("r = neg a @6:1"),
			want: []string{"x.c:6:1: proc f: neg: invalid type u0"},
		},
		{
			name: "untyped operation with type",
			src:  p("r = eq.i32 a, a @6:1"),
			want: []string{"x.c:6:1: proc f: eq: untyped operation has type i32"},
		},
		{
			name: "register read but never assigned, reported once",
			src:  p("r = 1\nstore b, a @7:3\nassert b @8:1"),
			want: []string{"x.c:7:3: proc f: register b is read but never assigned"},
		},
		{name: "nested atomic blocks alike", src: p("r = 1\natomic nofence { atomic nofence { r = 2 } }\natomic { atomic { r = 3 } }")},
		{
			name: "atomic block nested in one that differs in nofence",
			src:  p("r = 1\natomic nofence { atomic @4:17 { r = 2 } }\natomic { atomic nofence @5:10 { r = 3 } }"),
			want: []string{
				"x.c:4:17: proc f: atomic block nested in one that differs in nofence",
				"x.c:5:10: proc f: atomic block nested in one that differs in nofence",
			},
		},
		{
			name: "register assigned after its read is fine",
			src:  p("L: { store a, b\nb = 1\nr = 1 }"),
		},
		{
			name: "missing register",
			src:  p("\"\" = 1\nr = 1 @9:9"),
			want: []string{"proc f: missing register"},
		},
		{
			name: "duplicate global name",
			src:  "source \"x.c\"\nglobal g @1 @1:1\nglobal g @2 @2:1",
			want: []string{"x.c:2:1: duplicate global g"},
		},
		{
			name: "duplicate base",
			src:  "source \"x.c\"\nglobal g @1 @1:1\nglobal h @1 @2:1",
			want: []string{"x.c:2:1: global h: base address 1 is also that of global g"},
		},
		{
			name: "base below one",
			src:  "source \"x.c\"\nglobal g @0 @1:1",
			want: []string{"x.c:1:1: global g: base address 0 is less than 1"},
		},
		{
			name: "negative array length",
			src:  "source \"x.c\"\nglobal g @1 {a [-1]} @1:1",
			want: []string{"x.c:1:1: global g: negative array length -1"},
		},
		{
			name: "duplicate procedure",
			src:  "source \"x.c\"\nproc f() @1:1 {}\nproc f() @2:1 {}",
			want: []string{"x.c:2:1: duplicate procedure f"},
		},
		{
			name: "choose from an empty range",
			src:  p("r = choose 3 1 @4:4"),
			want: []string{"x.c:4:4: proc f: choose from empty range 3 1"},
		},
		{
			name: "alloc of negative size",
			src:  p("r = alloc -8 @4:4"),
			want: []string{"x.c:4:4: proc f: alloc of negative size -8"},
		},
		{
			name: "observe label with a register",
			src:  p("r = 1\nobserve label \"here\" a @4:4"),
			want: []string{`x.c:4:4: proc f: observe label "here" has a register`},
		},
		{
			name: "observe output without a register",
			src:  p("r = 1\nobserve output \"v\" @4:4"),
			want: []string{`x.c:4:4: proc f: observe output "v" has no register`},
		},
		{
			name: "invalid fence kind",
			prog: &Program{Procs: []*Proc{{Name: "f", Body: []Stmt{
				&Fence{Pos: Pos{"x.c", 2, 2}, Kind: LoadLoad | StoreStore}}}}},
			want: []string{"x.c:2:2: proc f: invalid fence kind fence(0x9)"},
		},
		{
			name: "invalid observation kind",
			prog: &Program{Procs: []*Proc{{Name: "f", Body: []Stmt{
				&Observe{Pos: Pos{"x.c", 2, 2}, Kind: 7, Name: "v"}}}}},
			want: []string{"x.c:2:2: proc f: invalid observation kind 7"},
		},
		{
			name: "invalid operation",
			prog: &Program{Procs: []*Proc{{Name: "f", Body: []Stmt{
				&Prim{Pos: Pos{"x.c", 2, 2}, Dst: "r", Op: numOps}}}}},
			want: []string{"x.c:2:2: proc f: invalid operation op26"},
		},
		{
			name: "shape both array and struct",
			prog: &Program{Globals: []*Global{{Pos: Pos{"x.c", 1, 1}, Name: "g", Base: 1,
				Shape: &Shape{Fields: []Field{{Name: "a"}}, Elem: &Shape{}, Len: 2}}}},
			want: []string{"x.c:1:1: global g: shape is both an array and a struct"},
		},
		{
			name: "initial value of no word",
			prog: &Program{Globals: []*Global{
				{Pos: Pos{"x.c", 1, 1}, Name: "g", Base: 1, Init: []InitVal{{Offsets: []int64{3}, Val: Int(5)}}},
				{Pos: Pos{"x.c", 2, 1}, Name: "h", Base: 2, Shape: &Shape{Fields: []Field{{Name: "a"}}},
					Init: []InitVal{{Offsets: []int64{0}, Val: Int(1)}, {Val: Int(2)}}},
			}},
			want: []string{
				"x.c:1:1: value g[3]: no word of global g: inside a scalar",
				"x.c:2:1: value h[]: no word of global h: an aggregate, not a word",
			},
		},
		{
			name: "nil statements",
			prog: &Program{Procs: []*Proc{{Name: "f", Body: []Stmt{nil, (*Block)(nil)}}}},
			want: []string{"proc f: nil statement", "proc f: nil statement"},
		},
		{
			name: "several problems, sorted by position",
			src:  p("r = 1\nassert z @9:1\nbreak L @4:2\nfence full\nr = choose 2 1 @4:1"),
			want: []string{
				"x.c:4:1: proc f: choose from empty range 2 1",
				"x.c:4:2: proc f: break L: L does not label an enclosing block",
				"x.c:9:1: proc f: register z is read but never assigned",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := tt.prog
			if prog == nil {
				var err error
				if prog, err = Parse("x.lsl", []byte(tt.src)); err != nil {
					t.Fatal(err)
				}
			}
			checkValidateErrors(t, Validate(prog), tt.want)
		})
	}
}

func TestValidateTest(t *testing.T) {
	const head = "source \"t.c\"\ntest T\nglobal x @1 {a, b}\nglobal y @3\n"
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{
			name: "valid",
			src: head + "final x.a = [1 0]\nfinal y = [3]\n" +
				"init { op i { r = 1 } }\nthread { op e { r = 2 } op d { L: { break L if r } bound_exceeded \"L\" } }",
		},
		{
			name: "call",
			src:  head + "thread { op e { call f() @2:2 } }",
			want: []string{"t.c:2:2: thread 0, op e: call in straight-line code"},
		},
		{
			name: "continue",
			src:  head + "thread { op e { L: { continue L @2:2 } } }",
			want: []string{"t.c:2:2: thread 0, op e: continue in straight-line code"},
		},
		{
			name: "threadid",
			src:  head + "init { op i { r = threadid @2:2 } }",
			want: []string{"t.c:2:2: init, op i: threadid in straight-line code"},
		},
		{
			name: "register assigned only in another thread",
			src:  head + "thread { op e { r = 1 } }\nthread { op e { } op d { assert r @3:3 } }",
			want: []string{"t.c:3:3: thread 1: register r is read but never assigned"},
		},
		{
			name: "init registers are not a thread's",
			src:  head + "init { op i { r = 1 } }\nthread { op e { assert r @3:3 } }",
			want: []string{"t.c:3:3: thread 0: register r is read but never assigned"},
		},
		{
			name: "break to an unknown label",
			src:  head + "thread { op e { break L @2:2 } }",
			want: []string{"t.c:2:2: thread 0, op e: break L: L does not label an enclosing block"},
		},
		{
			name: "final address not a pointer",
			src:  head + "final x = 1 @4:1",
			want: []string{"t.c:4:1: final x: address 1 is not a pointer into a declared global"},
		},
		{
			name: "final address outside the globals",
			src:  head + "final z = [2 0] @4:1",
			want: []string{"t.c:4:1: final z: address [2 0] is not a pointer into a declared global"},
		},
		{
			name: "duplicate final location",
			src:  head + "final x = [1 0] @4:1\nfinal x = [1 0] @\"u.c\":5:1",
			want: []string{"u.c:5:1: duplicate final location x"},
		},
		{
			name: "final location without a position",
			src:  head + "final x = 1",
			want: []string{"final x: address 1 is not a pointer into a declared global"},
		},
		{
			name: "globals are checked",
			src:  head + "global z @3 @5:5",
			want: []string{"t.c:5:5: global z: base address 3 is also that of global y"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tst, err := ParseTest("t.lsl", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			checkValidateErrors(t, ValidateTest(tst), tt.want)
		})
	}
}

// TestValidateTestFile: what Validate finds in a hand-written test read
// with ParseTestFile is reported at the place in the file it is about.
func TestValidateTestFile(t *testing.T) {
	const head = "test T\nglobal x @1\nglobal s @2 {a, b [2]}\n"
	const body = "thread {\n  op P {\n  }\n}\n"
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{
			name: "valid final locations",
			src:  head + "final x = [1]\nfinal s.a = [2 0]\nfinal s.b1 = [2 1 1]\n" + body,
		},
		{
			name: "final address not a pointer",
			src:  head + "final x = 3\n" + body,
			want: []string{"h.lsl:4:1: final x: address 3 is not a pointer into a declared global"},
		},
		{
			name: "final address outside the globals",
			src:  head + "final x = [1]\n  final y = [7]\n" + body,
			want: []string{"h.lsl:5:3: final y: address [7] is not a pointer into a declared global"},
		},
		{
			name: "duplicate final location",
			src:  head + "final x = [1]\nfinal x = [1]\n" + body,
			want: []string{"h.lsl:5:1: duplicate final location x"},
		},
		{
			name: "final address inside a scalar",
			src:  head + "final x = [1 5]\n" + body,
			want: []string{"h.lsl:4:1: final x: address [1 5] is no word of global x: inside a scalar"},
		},
		{
			name: "final address a whole struct",
			src:  head + "final s = [2]\n" + body,
			want: []string{"h.lsl:4:1: final s: address [2] is no word of global s: an aggregate, not a word"},
		},
		{
			name: "final address past the fields",
			src:  head + "final s = [2 2]\n" + body,
			want: []string{"h.lsl:4:1: final s: address [2 2] is no word of global s: no such field"},
		},
		{
			name: "final address past the array",
			src:  head + "final s = [2 1 2]\n" + body,
			want: []string{"h.lsl:4:1: final s: address [2 1 2] is no word of global s: index out of bounds"},
		},
		{
			name: "final address an array",
			src:  head + "final s = [2 1]\n" + body,
			want: []string{"h.lsl:4:1: final s: address [2 1] is no word of global s: an aggregate, not a word"},
		},
		{
			// columns on the first line count from after the mark
			name: "byte order mark",
			src:  "\ufefftest T global x @1 final x = 3 " + body,
			want: []string{"h.lsl:1:20: final x: address 3 is not a pointer into a declared global"},
		},
		{
			name: "annotation wins",
			src:  head + "final x = 3 @\"g.c\":9:2\n" + body,
			want: []string{"g.c:9:2: final x: address 3 is not a pointer into a declared global"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tst, err := ParseTestFile("h.lsl", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			checkValidateErrors(t, ValidateTest(tst), tt.want)
		})
	}
}

func TestValidateNil(t *testing.T) {
	checkValidateErrors(t, Validate(nil), []string{"nil program"})
	checkValidateErrors(t, ValidateTest(nil), []string{"nil test"})
	checkValidateErrors(t, Validate(&Program{Globals: []*Global{nil}, Procs: []*Proc{nil}}), []string{"nil global", "nil procedure"})
	checkValidateErrors(t, ValidateTest(&Test{Threads: [][]*Invocation{{nil}}}), []string{"thread 0: nil invocation"})
}

// checkValidateErrors compares err with the wanted lines, and checks that it is
// an ErrorList whose elements carry the positions the lines show.
func checkValidateErrors(t *testing.T, err error, want []string) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("unexpected errors:\n%v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("no error, want\n%s", strings.Join(want, "\n"))
	}
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error %T is not an ErrorList", err)
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("errors\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	var first *Error
	if !errors.As(err, &first) || first != list[0] {
		t.Errorf("errors.As does not reach the first *Error")
	}
}
