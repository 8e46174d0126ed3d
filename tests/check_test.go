package tests

import (
	"errors"
	"strings"
	"testing"

	"checkfence/lsl"
)

// queueProg has the operations of INPUTS.md's queue example (i, e, d), the
// two-parameter enqueue they wrap, and a one-parameter helper.
func queueProg() *lsl.Program {
	return &lsl.Program{Procs: []*lsl.Proc{
		{Name: "init_queue", Params: []lsl.Reg{"q"}},
		{Name: "enqueue", Params: []lsl.Reg{"q", "v"}},
		{Name: "i"},
		{Name: "e"},
		{Name: "d", Results: []lsl.Reg{"ok"}}, // a result is fine
	}}
}

func TestCheck(t *testing.T) {
	cases := []struct {
		name string
		prog *lsl.Program
		src  string
		want []string // one line per error
	}{
		{"paper T0", queueProg(), "test T0 = i ( e | d )", nil},
		{"no init", queueProg(), "test Tpc2 = ( e e | d d )", nil},
		{"unknown operation", queueProg(), "test T = i (\n e | foo )",
			[]string{`t.lsl:2:6: unknown operation "foo"`}},
		{"two parameters", queueProg(), "test T = i ( enqueue | d )",
			[]string{`t.lsl:1:14: operation "enqueue" takes 2 parameters; operations must take none`}},
		{"one parameter", queueProg(), "test T = init_queue ( e | d )",
			[]string{`t.lsl:1:10: operation "init_queue" takes 1 parameter; operations must take none`}},
		// Every offending call is reported, in the order of the file.
		{"all errors", queueProg(), "test T = x i\n( e y | enqueue\n| y )", []string{
			`t.lsl:1:10: unknown operation "x"`,
			`t.lsl:2:5: unknown operation "y"`,
			`t.lsl:2:9: operation "enqueue" takes 2 parameters; operations must take none`,
			`t.lsl:3:3: unknown operation "y"`,
		}},
		{"names are case sensitive", queueProg(), "test T = I ( e | d )",
			[]string{`t.lsl:1:10: unknown operation "I"`}},
		{"empty program", &lsl.Program{}, "test T = ( e )",
			[]string{`t.lsl:1:12: unknown operation "e"`}},
		{"nil procedure skipped", &lsl.Program{Procs: []*lsl.Proc{nil, {Name: "e"}}}, "test T = ( e )", nil},
		// The first definition counts, as in lsl.Program.Proc.
		{"first definition", &lsl.Program{Procs: []*lsl.Proc{{Name: "e"}, {Name: "e", Params: []lsl.Reg{"a"}}}},
			"test T = ( e )", nil},
		{"nil program", nil, "test T = ( e )",
			[]string{`t.lsl:1:6: test "T": no program`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tests, err := Parse("t.lsl", []byte(c.src))
			if err != nil || len(tests) != 1 {
				t.Fatalf("Parse: %v, %v", tests, err)
			}
			checkErrors(t, tests[0].Check(c.prog), c.want)
		})
	}
}

// A test built by hand may be out of position order and have no threads
// or empty ones; Check sorts what it finds and reports the structure.
func TestCheckHandBuilt(t *testing.T) {
	at := func(line, col int) lsl.Pos { return lsl.Pos{File: "h.lsl", Line: line, Col: col} }
	cases := []struct {
		name string
		test *Test
		want []string
	}{
		{"sorted by position", &Test{Pos: at(1, 6), Name: "T", Threads: [][]OpCall{
			{{Pos: at(3, 1), Name: "b"}},
			{{Pos: at(2, 9), Name: "a"}, {Pos: at(2, 4), Name: "enqueue"}},
		}}, []string{
			`h.lsl:2:4: operation "enqueue" takes 2 parameters; operations must take none`,
			`h.lsl:2:9: unknown operation "a"`,
			`h.lsl:3:1: unknown operation "b"`,
		}},
		{"no threads", &Test{Pos: at(1, 6), Name: "T", Init: []OpCall{{Pos: at(1, 10), Name: "i"}}},
			[]string{`h.lsl:1:6: test "T" has no threads`}},
		{"empty thread", &Test{Pos: at(1, 6), Name: "T", Threads: [][]OpCall{{{Pos: at(1, 12), Name: "e"}}, nil}},
			[]string{`h.lsl:1:6: test "T": thread 1 is empty`}},
		{"nil test", nil, []string{"nil test"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkErrors(t, c.test.Check(queueProg()), c.want)
		})
	}
}

// checkErrors compares err, which must be nil or an lsl.ErrorList, with
// want, one message per error.
func checkErrors(t *testing.T, err error, want []string) {
	t.Helper()
	if len(want) == 0 {
		if err != nil {
			t.Fatalf("unexpected error:\n%v", err)
		}
		return
	}
	var list lsl.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error %T %v, want lsl.ErrorList", err, err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("errors\n%s\nwant\n%s", g, w)
	}
	if err.Error() != strings.Join(want, "\n") {
		t.Errorf("Error() = %q", err.Error())
	}
}
