package unroll

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/tests"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// harness builds a tests.Test: init operations, then one list per thread.
func harness(name string, init []string, threads ...[]string) *tests.Test {
	calls := func(ops []string) []tests.OpCall {
		var out []tests.OpCall
		for _, op := range ops {
			out = append(out, tests.OpCall{Name: op})
		}
		return out
	}
	t := &tests.Test{Name: name, Init: calls(init)}
	for _, th := range threads {
		t.Threads = append(t.Threads, calls(th))
	}
	return t
}

func parseFile(t *testing.T, name string) *lsl.Program {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lsl.Parse(name, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := lsl.Validate(prog); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return prog
}

func parseText(t *testing.T, src string) *lsl.Program {
	t.Helper()
	// Positions name the file of the source directive, p.lsl by default.
	if !strings.HasPrefix(strings.TrimSpace(src), "source ") {
		src = `source "p.lsl"` + src
	}
	prog, err := lsl.Parse("p.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// render is the golden form of a result: the loop instances and the
// statistics as comments, then the test.
func render(r *Result) string {
	var b strings.Builder
	b.WriteString("// loops:\n")
	for _, l := range r.Loops {
		kind := fmt.Sprintf("bound %d", l.Bound)
		if l.Spin {
			kind = "spin"
		}
		if l.Stutter {
			kind += ", stutter"
			verb := " watching "
			if l.Assigns {
				verb = " assigning "
			}
			for i, w := range l.Watched {
				kind += map[bool]string{true: verb, false: " "}[i == 0] + string(w)
			}
		}
		fmt.Fprintf(&b, "//   %s  %s\n", l.ID, kind)
	}
	fmt.Fprintf(&b, "// stats: %d instrs, %d loads, %d stores\n", r.Stats.Instrs, r.Stats.Loads, r.Stats.Stores)
	b.WriteString(r.Test.String())
	return b.String()
}

type goldenCase struct {
	name   string // golden file name
	input  string // program file name
	test   *tests.Test
	bounds Bounds
	// noSpin and noStutter turn the reductions off.
	noSpin, noStutter bool
	// want lists what the unrolled test, run sequentially (init, then
	// each thread in turn), observes, one string per invocation; or, if
	// it starts with "exceeded ", the loop ID whose bound is exceeded.
	want []string
	mem  string // the final memory, if not ""
}

var goldenCases = []goldenCase{
	// x = 0, so v = 0, w = 1; maybe(0) assigns 5; none() gives undefined.
	{name: "inline", input: "inline.lsl", test: harness("inline", nil, []string{"op"}),
		want: []string{"output m=5 output n=undefined"}},
	// f(3) = g(3) - 3 = 3; f(3) again = 3.
	{name: "nested", input: "nested.lsl", test: harness("nested", nil, []string{"op"}),
		want: []string{"output c=3"}},
	// x = 2: the loop stores 0 and 1 and leaves in its third iteration.
	{name: "while_b1", input: "while.lsl", test: harness("while_b1", nil, []string{"op"}),
		want: []string{"exceeded t0.e0/op/while1@while.c:6:3"}},
	{name: "while_b3", input: "while.lsl", test: harness("while_b3", nil, []string{"op"}),
		bounds: Bounds{"t0.e0/op/while1@while.c:6:3": 3},
		want:   []string{"output i=2"}, mem: "[1]=1"},
	// g = 0: next() gives 0 and 1 in the two iterations, and 2 in the
	// test after them, which leaves (C's third evaluation of the test):
	// bound 2 suffices, and the test's store leaves g = 3.
	{name: "whilecall_b2", input: "whilecall.lsl", test: harness("whilecall_b2", nil, []string{"op"}),
		bounds: Bounds{"t0.e0/op/while1@whilecall.c:5:3": 2},
		want:   []string{"output v=0 output v=1 output g=3"}, mem: "[1]=3"},
	{name: "whilecall_b1", input: "whilecall.lsl", test: harness("whilecall_b1", nil, []string{"op"}),
		want: []string{"exceeded t0.e0/op/while1@whilecall.c:5:3"}},
	// outer runs 3 iterations (the third leaves at once); inner runs 1
	// (leaves at once) in outer's first and 2 in its second.
	{name: "nestedloops", input: "nestedloops.lsl", test: harness("nestedloops", nil, []string{"op"}),
		bounds: Bounds{"t0.e0/op/outer@nest.c:3:3": 3, "t0.e0/op/outer#2/inner@nest.c:4:5": 2},
		want:   []string{"output j=0"}},
	// flag = 0: the first loop would spin forever, so a sequential run
	// has no execution (its assumption fails).
	{name: "spin", input: "spin.lsl", test: harness("spin", nil, []string{"op"}),
		want: []string{"infeasible"}},
	{name: "spin_off", input: "spin.lsl", test: harness("spin_off", nil, []string{"op"}), noSpin: true, noStutter: true,
		want: []string{"exceeded t0.e0/op/wait@spin.c:5:3"}},
	// ctr = 0: the CAS succeeds at once.
	{name: "casretry", input: "casretry.lsl", test: harness("casretry", nil, []string{"op"}),
		want: []string{"output old=0"}, mem: "[1]=1"},
	{name: "casretry_off", input: "casretry.lsl", test: harness("casretry_off", nil, []string{"op"}), noStutter: true,
		want: []string{"output old=0"}, mem: "[1]=1"},
	// x = 0: s = 0, so a = y = 0, and the loop leaves.
	{name: "carried", input: "carried.lsl", test: harness("carried", nil, []string{"op"}),
		want: []string{"output a=0"}},
	// x = 0: the loop leaves by its break in the first iteration.
	{name: "breakout", input: "breakout.lsl", test: harness("breakout", nil, []string{"op"}),
		want: []string{"label after"}},
	// a = {0, 0, 0}: find(7) fails after 4 iterations (3 to look, 1 to
	// leave); with the bound at 4 it returns -1.
	{name: "returnloop", input: "returnloop.lsl", test: harness("returnloop", nil, []string{"op"}),
		bounds: Bounds{"t0.e0/op/find/for1@ret.c:5:3": 4},
		want:   []string{"output r=-1"}},
	// Init and thread 0 write slot[0] = 0, thread 1 slot[1] = 1.
	// i = 0: f(0) = 5; i = 1: f(1) assigns nothing; i = 2 leaves.
	{name: "freshframe", input: "freshframe.lsl", test: harness("freshframe", nil, []string{"op"}),
		bounds: Bounds{"t0.e0/op/L@fresh.c:8:3": 3},
		want:   []string{"output x=5 output x=undefined"}},
	{name: "threadid", input: "threadid.lsl", test: harness("threadid", []string{"mark"}, []string{"mark"}, []string{"mark"}),
		want: []string{"", "", ""}, mem: "[1 0]=0 [1 1]=1"},
	// The invocations observe undefined (v before its load); cnt ends
	// at 3.
	{name: "persist", input: "persist.lsl", test: harness("persist", []string{"inc"}, []string{"inc", "inc"}),
		want: []string{"input v=undefined", "input v=undefined", "input v=undefined"}, mem: "[1]=3"},
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			prog := parseFile(t, c.input)
			r, err := UnrollWith(prog, c.test, Options{Bounds: c.bounds, NoSpinReduction: c.noSpin, NoStutterReduction: c.noStutter})
			if err != nil {
				t.Fatal(err)
			}
			if err := lsl.ValidateTest(r.Test); err != nil {
				t.Fatalf("ValidateTest: %v", err)
			}
			got := render(r)
			// The printed form must read back as the same test.
			back, err := lsl.ParseTest(c.name, []byte(got))
			if err != nil {
				t.Fatalf("printed test does not parse: %v", err)
			}
			if back.String() != r.Test.String() {
				t.Errorf("printed test does not read back the same")
			}
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (run with -update after review):\n%s", path, got)
			}
			o := runTest(r.Test, lsl.InterpOptions{})
			obs := o.obs
			if o.stop != "" {
				obs = append(obs, o.stop)
			}
			if !equalStrings(obs, c.want) {
				t.Errorf("sequential run observes\n%q\nwant\n%q", obs, c.want)
			}
			if c.mem != "" && o.mem != c.mem {
				t.Errorf("sequential run ends with memory %s, want %s", o.mem, c.mem)
			}
		})
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestErrors(t *testing.T) {
	op := func(name string, line, col int) tests.OpCall {
		return tests.OpCall{Pos: lsl.Pos{File: "t.test", Line: line, Col: col}, Name: name}
	}
	one := func(oc tests.OpCall) *tests.Test {
		return &tests.Test{Name: "t", Threads: [][]tests.OpCall{{oc}}}
	}
	cases := []struct {
		name string
		src  string
		test *tests.Test
		opts Options
		want string
	}{
		{"recursion", `
proc f() @2:1 {
  call f() -> () @3:3
}`, one(op("f", 1, 1)), Options{}, "p.lsl:3:3: recursive call of f"},
		{"mutual recursion", `
proc f() @2:1 {
  call g() -> () @3:3
}
proc g() @5:1 {
  r = 1 @6:3
  call f() -> () @7:3
}
proc op() @9:1 {
  call f() -> () @10:3
}`, one(op("op", 1, 1)), Options{}, "p.lsl:7:3: recursive call of f"},
		{"unknown procedure", `
proc op() @2:1 {
  call nowhere() -> () @3:5
}`, one(op("op", 1, 1)), Options{}, "p.lsl:3:5: call of unknown procedure nowhere"},
		{"too few arguments", `
proc f(a, b) -> (r) @2:1 {
  r = mov a @3:3
}
proc op() @5:1 {
  x = 1 @6:3
  call f(x) -> (y) @7:3
}`, one(op("op", 1, 1)), Options{}, "p.lsl:7:3: call f: 1 arguments, want 2"},
		{"too many results", `
proc f(a) -> (r) @2:1 {
  r = mov a @3:3
}
proc op() @5:1 {
  x = 1 @6:3
  call f(x) -> (y, z) @7:3
}`, one(op("op", 1, 1)), Options{}, "p.lsl:7:3: call f: 2 results, want 1"},
		{"unknown operation", `
proc op() @2:1 {
}`, &tests.Test{Name: "t", Init: []tests.OpCall{op("op", 2, 1)}, Threads: [][]tests.OpCall{{op("op", 3, 1), op("pop", 3, 5)}}},
			Options{}, "t.test:3:5: unknown operation pop"},
		{"operation with parameters", `
proc op(a) @2:1 {
}`, one(op("op", 4, 2)), Options{}, "t.test:4:2: operation op: 1 parameters, want 0"},
		{"break to no block", `
proc op() @2:1 {
  L: @3:3 {
    break M @4:5
  }
}`, one(op("op", 1, 1)), Options{}, "p.lsl:4:5: break M: M does not label an enclosing block"},
		{"break across a call", `
proc f() @2:1 {
  break L @3:3
}
proc op() @5:1 {
  L: @6:3 {
    call f() -> () @7:5
  }
}`, one(op("op", 1, 1)), Options{}, "p.lsl:3:3: break L: L does not label an enclosing block"},
		{"bound below 1", `
proc op() @2:1 {
  L: @3:3 {
    observe label "x" @4:5
    continue L @4:5
  }
}`, one(op("op", 1, 1)), Options{Bounds: Bounds{"t0.e0/op/L@p.lsl:3:3": 0}},
			"p.lsl:3:3: loop t0.e0/op/L@p.lsl:3:3: bound 0 is less than 1"},
		// 2^10 iterations of 2^10 iterations of 4 statements.
		{"too large", `
proc op() @2:1 {
  c = choose 0 1 @3:3
  L: @4:3 {
    M: @5:5 {
      store c, c @6:7
      continue M if c @7:7
    }
    continue L if c @9:5
  }
}`, one(op("op", 1, 1)), Options{DefaultBound: 1024, MaxStmts: 20000},
			"p.lsl:5:5: unrolled code exceeds 20000 statements"},
		{"duplicate procedure", `
proc op() @2:1 {
}
proc op() @4:1 {
}`, one(op("op", 1, 1)), Options{}, "p.lsl:4:1: duplicate procedure op"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := parseText(t, c.src)
			r, err := UnrollWith(prog, c.test, c.opts)
			if c.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q; got\n%s", c.want, r.Test)
			}
			if err.Error() != c.want {
				t.Errorf("error %q, want %q", err, c.want)
			}
			var le *lsl.Error
			if !errors.As(err, &le) {
				t.Errorf("error %T is not an *lsl.Error", err)
			}
		})
	}
}

// TestMalformed feeds programs the parser cannot produce.
func TestMalformed(t *testing.T) {
	pos := lsl.Pos{File: "m.lsl", Line: 2, Col: 3}
	proc := func(body ...lsl.Stmt) *lsl.Program {
		return &lsl.Program{Procs: []*lsl.Proc{{Pos: lsl.Pos{File: "m.lsl", Line: 1, Col: 1}, Name: "op", Body: body}}}
	}
	test := harness("t", nil, []string{"op"})
	cases := []struct {
		name string
		prog *lsl.Program
		test *tests.Test
		want string
	}{
		{"nil program", nil, test, "nil program"},
		{"nil test", proc(), nil, "nil test"},
		{"nil procedure", &lsl.Program{Procs: []*lsl.Proc{nil}}, test, "nil procedure"},
		{"nil statement", proc(nil), test, "m.lsl:1:1: op: nil statement"},
		{"typed nil statement", proc((*lsl.Const)(nil)), test, "m.lsl:1:1: op: nil statement"},
		{"nil in a block", proc(&lsl.Block{Pos: pos, Label: "L", Body: []lsl.Stmt{(*lsl.Break)(nil)}}), test, "m.lsl:1:1: op: nil statement"},
		// Inlining copies operations as they are; validating the output
		// reports an invalid one.
		{"invalid operation", proc(&lsl.Prim{Pos: pos, Dst: "r", Op: lsl.OpCode(200)}), test,
			"m.lsl:2:3: thread 0, op op: invalid operation op200"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Unroll(c.prog, c.test, nil)
			if err == nil || err.Error() != c.want {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestInlinedCalls: each load and store inlined from a call records the
// calls it came through, outermost first; the operation's own accesses
// none. In a, g is called twice directly and once through h, so g's load
// has three copies, told apart by their call sites.
func TestInlinedCalls(t *testing.T) {
	prog := parseText(t, `
global x @1
proc g() -> () {
  p = [1]
  v = load p @3:1
}
proc h() -> () {
  call g() -> () @6:1
}
proc a() -> () {
  p = [1]
  one = 1
  store p, one @10:1
  call g() -> () @11:1
  call g() -> () @12:1
  call h() -> () @13:1
}
`)
	res, err := Unroll(prog, harness("T", nil, []string{"a"}), nil)
	if err != nil {
		t.Fatal(err)
	}
	inv := res.Test.Threads[0][0]
	at := func(line int) lsl.Pos { return lsl.Pos{File: "p.lsl", Line: line, Col: 1} }
	want := [][]lsl.CallSite{
		nil,
		{{Proc: "g", Pos: at(11)}},
		{{Proc: "g", Pos: at(12)}},
		{{Proc: "h", Pos: at(13)}, {Proc: "g", Pos: at(6)}},
	}
	var got [][]lsl.CallSite
	lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
		switch s.(type) {
		case *lsl.Load, *lsl.Store:
			got = append(got, inv.Inlined[s])
		}
		return true
	})
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("inlined through %v, want %v", got, want)
	}
}

// TestExitTest decides which statements of a loop's body are its test,
// copied after the last iteration: up to the break the C front end marks,
// whatever they do; without a mark, up to the first conditional break if
// all before it only compute, as a store there may belong to the body of
// a do-while or of while (1) { ...; if (c) break; }.
func TestExitTest(t *testing.T) {
	cases := []struct {
		name, body string
		want       int // statements of the test, 0 for none
	}{
		{"marked, with a call and a store", `call f() -> (v); store p, v; c = lnot v; break L if c looptest; store p, v; continue L`, 4},
		{"marked, after an earlier break of L", `v = load p; break L if v; w = load p; break L if w looptest; continue L`, 4},
		{"marked, with a choice and an atomic block", `c = choose 0 1; atomic { v = load p; store p, c }; break L if v looptest; continue L`, 3},
		{"marked, continuing the loop", `v = load p; continue L if v; break L if v looptest; continue L`, 0},
		{"unmarked, computing", `v = load p; B: { break B if v; v = 1 }; c = lnot v; break L if c; store p, v; continue L`, 4},
		{"unmarked, with a call", `call f() -> (v); c = lnot v; break L if c; continue L`, 0},
		{"unmarked, storing first (a retry loop)", `store p, one; v = load p; break L if v; continue L`, 0},
		{"a mark of another block", `B: { v = load p; break B if v looptest }; store p, v; break L if v; continue L`, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "proc f() -> (r) {\n r = 1\n}\nproc op() {\n p = [1]\n one = 1\n L: {\n" + strings.ReplaceAll(c.body, "; ", "\n") + "\n }\n}\n"
			prog := parseText(t, src)
			loop := prog.Proc("op").Body[2].(*lsl.Block)
			got := exitTest(loop.Body, "L")
			if len(got) != c.want {
				t.Errorf("test of %d statements, want %d", len(got), c.want)
			}
		})
	}
}
