package lsl

import (
	"errors"
	"strings"
	"testing"
)

// Builders for hand-written programs.

func itAt(line int) Pos { return Pos{File: "t.lsl", Line: line, Col: 1} }

func itKst(line int, dst Reg, v Value) Stmt { return &Const{Pos: itAt(line), Dst: dst, Val: v} }
func itOp(line int, dst Reg, o OpCode, t IntType, args ...Reg) Stmt {
	return &Prim{Pos: itAt(line), Dst: dst, Op: o, Type: t, Args: args}
}
func itLd(line int, dst, addr Reg) Stmt        { return &Load{Pos: itAt(line), Dst: dst, Addr: addr} }
func itSt(line int, addr, src Reg) Stmt        { return &Store{Pos: itAt(line), Addr: addr, Src: src} }
func itBlk(line int, l string, b ...Stmt) Stmt { return &Block{Pos: itAt(line), Label: l, Body: b} }
func itBrk(line int, l string, c Reg) Stmt     { return &Break{Pos: itAt(line), Label: l, Cond: c} }
func itCont(line int, l string, c Reg) Stmt    { return &Continue{Pos: itAt(line), Label: l, Cond: c} }
func itOut(line int, name string, v Reg) Stmt {
	return &Observe{Pos: itAt(line), Kind: ObsOutput, Name: name, Val: v}
}
func itProc(name string, params, results []Reg, body ...Stmt) *Proc {
	return &Proc{Pos: itAt(1), Name: name, Params: params, Results: results, Body: body}
}
func itRegs(rs ...Reg) []Reg { return rs }

// obsText renders observations compactly.
func itObsText(obs []ObsItem) string {
	parts := make([]string, len(obs))
	for i, o := range obs {
		parts[i] = o.String()
	}
	return strings.Join(parts, "; ")
}

func TestInterp(t *testing.T) {
	counterG := &Global{Pos: itAt(1), Name: "g", Base: 1, Init: []InitVal{{Val: Int(7)}}}
	pairG := &Global{Pos: itAt(1), Name: "pair", Base: 2,
		Shape: &Shape{Fields: []Field{{Name: "a"}, {Name: "b"}}},
		Init:  []InitVal{{Offsets: []int64{1}, Val: Int(-3)}}}
	arrG := &Global{Pos: itAt(1), Name: "arr", Base: 3, Shape: &Shape{Elem: &Shape{}, Len: 3}}

	tests := []struct {
		name    string
		globals []*Global
		procs   []*Proc
		call    string
		args    []Value
		opts    InterpOptions
		want    []Value // results
		obs     string  // observations
		err     string  // substring of the error; "" for none
		check   func(t *testing.T, err error)
	}{
		{
			name:  "arithmetic through Eval",
			procs: []*Proc{itProc("f", itRegs("x"), itRegs("r"), itKst(2, "k", Int(3)), itOp(3, "r", OpMul, I8, "x", "k"))},
			call:  "f", args: []Value{Int(50)},
			want: []Value{Int(-106)}, // 150 wraps in i8
		},
		{
			name:  "unassigned registers are undefined",
			procs: []*Proc{itProc("f", nil, itRegs("r"), itOp(2, "r", OpMov, IntType{}, "nothing"))},
			call:  "f", want: []Value{Undefined},
		},
		{
			name:    "globals start from Init, else 0",
			globals: []*Global{counterG, pairG},
			procs: []*Proc{itProc("f", nil, itRegs("a", "b", "c"),
				itKst(2, "pg", Ptr(1)), itLd(3, "a", "pg"),
				itKst(4, "pa", Ptr(2, 0)), itLd(5, "b", "pa"),
				itKst(6, "pb", Ptr(2, 1)), itLd(7, "c", "pb"))},
			call: "f", want: []Value{Int(7), Int(0), Int(-3)},
		},
		{
			name:    "store then load",
			globals: []*Global{arrG},
			procs: []*Proc{itProc("f", nil, itRegs("r"),
				itKst(2, "p", Ptr(3, 2)), itKst(3, "v", Int(11)), itSt(4, "p", "v"),
				itKst(5, "q", Ptr(3, 0)), itKst(6, "two", Int(2)), itOp(7, "q2", OpPAdd, I64, "q", "two"),
				itLd(8, "r", "q2"))},
			call: "f", want: []Value{Int(11)},
		},
		{
			name: "loop: sum 1..5 with continue and break",
			procs: []*Proc{itProc("f", nil, itRegs("s"),
				itKst(2, "s", Int(0)), itKst(3, "i", Int(0)), itKst(4, "one", Int(1)), itKst(5, "five", Int(5)),
				itBlk(6, "L",
					itOp(7, "i", OpAdd, I32, "i", "one"),
					itOp(8, "s", OpAdd, I32, "s", "i"),
					itOp(9, "c", OpLt, I32, "i", "five"),
					itCont(10, "L", "c"),
				))},
			call: "f", want: []Value{Int(15)},
		},
		{
			name: "break leaves the named outer block",
			procs: []*Proc{itProc("f", nil, itRegs("r"),
				itKst(2, "r", Int(1)),
				itBlk(3, "outer",
					itBlk(4, "inner", itBrk(5, "outer", ""), itKst(6, "r", Int(2))),
					itKst(7, "r", Int(3))),
				itKst(8, "one", Int(10)), itOp(9, "r", OpAdd, I32, "r", "one"))},
			call: "f", want: []Value{Int(11)},
		},
		{
			name: "conditional break not taken on 0",
			procs: []*Proc{itProc("f", nil, itRegs("r"),
				itKst(2, "z", Int(0)), itKst(3, "r", Int(1)),
				itBlk(4, "b", itBrk(5, "b", "z"), itKst(6, "r", Int(2))))},
			call: "f", want: []Value{Int(2)},
		},
		{
			name: "calls pass arguments and results; observations in order",
			procs: []*Proc{
				itProc("main", nil, itRegs("r"), itKst(2, "a", Int(4)), &Call{Pos: itAt(3), Proc: "sq", Args: itRegs("a"), Results: itRegs("r")}, itOut(4, "r", "r")),
				itProc("sq", itRegs("x"), itRegs("y"), itOut(10, "x", "x"), itOp(11, "y", OpMul, I32, "x", "x")),
			},
			call: "main", want: []Value{Int(16)}, obs: "output x=4; output r=16",
		},
		{
			name: "atomic bodies run, fences are no-ops, labels and inputs are recorded",
			procs: []*Proc{itProc("f", nil, itRegs("r"),
				&Fence{Pos: itAt(2), Kind: Full},
				&Atomic{Pos: itAt(3), Body: []Stmt{itKst(4, "r", Int(5))}},
				&Observe{Pos: itAt(5), Kind: ObsLabel, Name: "here"},
				&Observe{Pos: itAt(6), Kind: ObsInput, Name: "in", Val: "r"})},
			call: "f", want: []Value{Int(5)}, obs: "label here; input in=5",
		},
		{
			name:  "choose defaults to its low bound",
			procs: []*Proc{itProc("f", nil, itRegs("r"), &Choose{Pos: itAt(2), Dst: "r", Lo: 3, Hi: 9})},
			call:  "f", want: []Value{Int(3)},
		},
		{
			name:  "choose asks the callback",
			procs: []*Proc{itProc("f", nil, itRegs("r"), &Choose{Pos: itAt(2), Dst: "r", Lo: 3, Hi: 9})},
			opts:  InterpOptions{Choose: func(s *Choose) int64 { return s.Hi }},
			call:  "f", want: []Value{Int(9)},
		},
		{
			name:  "a choice outside the range is an error",
			procs: []*Proc{itProc("f", nil, itRegs("r"), &Choose{Pos: itAt(2), Dst: "r", Lo: 3, Hi: 9})},
			opts:  InterpOptions{Choose: func(s *Choose) int64 { return 10 }},
			call:  "f", err: "t.lsl:2:1: choice 10 outside [3, 9]",
		},
		{
			name:  "thread id",
			procs: []*Proc{itProc("f", nil, itRegs("r"), &ThreadID{Pos: itAt(2), Dst: "r"})},
			opts:  InterpOptions{ThreadID: 2},
			call:  "f", want: []Value{Int(2)},
		},
		{
			name:    "allocations get bases above the globals and hold undefined",
			globals: []*Global{counterG, pairG},
			procs: []*Proc{itProc("f", nil, itRegs("p", "q", "v"),
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8},
				&Alloc{Pos: itAt(3), Dst: "q", Size: 8, NoReuse: true},
				itLd(4, "v", "p"))},
			call: "f", want: []Value{Ptr(3), Ptr(4), Undefined},
		},
		{
			name: "a freed block may be reused, and keeps what was stored in it",
			procs: []*Proc{itProc("f", nil, itRegs("p", "q", "v"),
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8},
				itKst(3, "k", Int(1)), itSt(4, "p", "k"),
				&Free{Pos: itAt(5), Addr: "p"},
				&Alloc{Pos: itAt(6), Dst: "q", Size: 8},
				itLd(7, "v", "q"))},
			opts: InterpOptions{Reuse: func(s *Alloc, freed []int64) int64 { return freed[0] }},
			call: "f", want: []Value{Ptr(1), Ptr(1), Int(1)},
		},
		{
			name: "a block is reused only by an allocation of its size and words",
			procs: []*Proc{itProc("f", nil, itRegs("q", "r"),
				&Alloc{Pos: itAt(2), Dst: "p", Size: 16, Shape: &Shape{Fields: []Field{{Name: "a"}, {Name: "b"}}}},
				&Free{Pos: itAt(3), Addr: "p"},
				&Alloc{Pos: itAt(4), Dst: "q", Size: 8},
				&Alloc{Pos: itAt(5), Dst: "r", Size: 16, Shape: &Shape{Fields: []Field{{Name: "x"}, {Name: "y"}}}})},
			opts: InterpOptions{Reuse: func(s *Alloc, freed []int64) int64 {
				if len(freed) > 0 {
					return freed[0]
				}
				return 0
			}},
			call: "f", want: []Value{Ptr(2), Ptr(1)},
		},
		{
			name: "a block freed with lsl_free stays accessible",
			procs: []*Proc{itProc("f", nil, itRegs("v"),
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8},
				itKst(3, "k", Int(5)), itSt(4, "p", "k"),
				&Free{Pos: itAt(5), Addr: "p", Kind: FreeStable},
				itLd(6, "v", "p"))},
			call: "f", want: []Value{Int(5)},
		},
		{
			name: "a retired block stays accessible",
			procs: []*Proc{itProc("f", nil, itRegs("v"),
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8},
				itKst(3, "k", Int(5)), itSt(4, "p", "k"),
				&Free{Pos: itAt(5), Addr: "p", Kind: FreeRetire},
				itLd(6, "v", "p"))},
			call: "f", want: []Value{Int(5)},
		},
		{
			name: "a block freed with noreuse is not reused",
			procs: []*Proc{itProc("f", nil, itRegs("q"),
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8},
				&Free{Pos: itAt(3), Addr: "p", Kind: FreeRetire},
				&Alloc{Pos: itAt(4), Dst: "q", Size: 8})},
			opts: InterpOptions{Reuse: func(s *Alloc, freed []int64) int64 {
				if len(freed) > 0 {
					return freed[0]
				}
				return 0
			}},
			call: "f", want: []Value{Ptr(2)},
		},
		{
			name:  "division by zero faults at its statement",
			procs: []*Proc{itProc("f", nil, nil, itKst(2, "a", Int(1)), itKst(3, "z", Int(0)), itOp(4, "r", OpDiv, I32, "a", "z"))},
			call:  "f", err: "t.lsl:4:1: division by zero",
			check: itWantFault(FaultDivZero),
		},
		{
			name:  "undefined in a condition faults",
			procs: []*Proc{itProc("f", nil, nil, itBlk(2, "b", itBrk(3, "b", "u")))},
			call:  "f", err: "t.lsl:3:1: use of an undefined value",
			check: itWantFault(FaultUndefined),
		},
		{
			name:  "load through an integer faults",
			procs: []*Proc{itProc("f", nil, nil, itKst(2, "p", Int(0)), itLd(3, "v", "p"))},
			call:  "f", err: "t.lsl:3:1: invalid address",
			check: itWantFault(FaultAddress),
		},
		{
			name:    "load of an aggregate faults",
			globals: []*Global{pairG},
			procs:   []*Proc{itProc("f", nil, nil, itKst(2, "p", Ptr(2)), itLd(3, "v", "p"))},
			call:    "f", err: "aggregate", check: itWantFault(FaultAddress),
		},
		{
			name:    "index out of bounds faults",
			globals: []*Global{arrG},
			procs:   []*Proc{itProc("f", nil, nil, itKst(2, "p", Ptr(3, 3)), itLd(3, "v", "p"))},
			call:    "f", err: "out of bounds", check: itWantFault(FaultAddress),
		},
		{
			name: "access after free faults",
			procs: []*Proc{itProc("f", nil, nil,
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8}, &Free{Pos: itAt(3), Addr: "p"}, itLd(4, "v", "p"))},
			call: "f", err: "t.lsl:4:1: use after free", check: itWantFault(FaultUseAfterFree),
		},
		{
			name: "a stable-freed block freed again faults",
			procs: []*Proc{itProc("f", nil, nil,
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8}, &Free{Pos: itAt(3), Addr: "p", Kind: FreeStable}, &Free{Pos: itAt(4), Addr: "p", Kind: FreeRetire})},
			call: "f", err: "t.lsl:4:1: double free", check: itWantFault(FaultDoubleFree),
		},
		{
			name: "a reused block may be freed again",
			procs: []*Proc{itProc("f", nil, itRegs("q"),
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8}, &Free{Pos: itAt(3), Addr: "p"},
				&Alloc{Pos: itAt(4), Dst: "q", Size: 8}, &Free{Pos: itAt(5), Addr: "q"})},
			opts: InterpOptions{Reuse: func(s *Alloc, freed []int64) int64 { return freed[0] }},
			call: "f", want: []Value{Ptr(1)},
		},
		{
			name: "double free faults",
			procs: []*Proc{itProc("f", nil, nil,
				&Alloc{Pos: itAt(2), Dst: "p", Size: 8}, &Free{Pos: itAt(3), Addr: "p"}, &Free{Pos: itAt(4), Addr: "p"})},
			call: "f", err: "t.lsl:4:1: double free", check: itWantFault(FaultDoubleFree),
		},
		{
			name:    "freeing a global faults",
			globals: []*Global{counterG},
			procs:   []*Proc{itProc("f", nil, nil, itKst(2, "p", Ptr(1)), &Free{Pos: itAt(3), Addr: "p"})},
			call:    "f", check: itWantFault(FaultAddress),
		},
		{
			name:  "a failed assertion faults",
			procs: []*Proc{itProc("f", nil, nil, itKst(2, "z", Int(0)), &Assert{Pos: itAt(3), Cond: "z"})},
			call:  "f", err: "t.lsl:3:1: assertion failed", check: itWantFault(FaultAssert),
		},
		{
			name:  "a false assumption means no execution",
			procs: []*Proc{itProc("f", nil, nil, itKst(2, "z", Int(0)), &Assume{Pos: itAt(3), Cond: "z"})},
			call:  "f", err: "t.lsl:3:1: execution does not exist",
			check: func(t *testing.T, err error) {
				var ie *InfeasibleError
				if !errors.As(err, &ie) {
					t.Errorf("got %T, want *InfeasibleError", err)
				}
			},
		},
		{
			name:  "an endless loop hits the step limit",
			procs: []*Proc{itProc("f", nil, nil, itBlk(2, "L", itCont(3, "L", "")))},
			opts:  InterpOptions{MaxSteps: 100},
			call:  "f", err: "step limit of 100",
			check: func(t *testing.T, err error) {
				var se *StepLimitError
				if !errors.As(err, &se) {
					t.Errorf("got %T, want *StepLimitError", err)
				}
			},
		},
		{
			name:  "bound exceeded is reported",
			procs: []*Proc{itProc("f", nil, nil, &BoundExceeded{Pos: itAt(2), Loop: "while1"})},
			call:  "f", err: "loop bound exceeded: while1",
		},
		{
			name:  "unknown procedure",
			procs: []*Proc{itProc("f", nil, nil, &Call{Pos: itAt(2), Proc: "g"})},
			call:  "f", err: "t.lsl:2:1: no procedure g",
		},
		{
			name:  "wrong number of arguments",
			procs: []*Proc{itProc("f", itRegs("a"), nil)},
			call:  "f", err: "f takes 1 arguments, not 0",
		},
		{
			name:  "a break to no enclosing block",
			procs: []*Proc{itProc("f", nil, nil, itBrk(2, "nowhere", ""))},
			call:  "f", err: "break nowhere leaves procedure f",
		},
		{
			name:  "unbounded recursion stops",
			procs: []*Proc{itProc("f", nil, nil, &Call{Pos: itAt(2), Proc: "f"})},
			call:  "f", err: "nested deeper",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog := &Program{Globals: tc.globals, Procs: tc.procs}
			in := NewInterp(prog, tc.opts)
			res, err := in.Call(tc.call, tc.args...)
			if tc.err != "" || tc.check != nil {
				if err == nil {
					t.Fatalf("no error; results %v", res)
				}
				if !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %q, want it to contain %q", err, tc.err)
				}
				if tc.check != nil {
					tc.check(t, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if len(res) != len(tc.want) {
				t.Fatalf("results %v, want %v", res, tc.want)
			}
			for i := range res {
				if res[i] != tc.want[i] {
					t.Errorf("result %d = %v, want %v", i, res[i], tc.want[i])
				}
			}
			if got := itObsText(in.Observations()); got != tc.obs {
				t.Errorf("observations %q, want %q", got, tc.obs)
			}
		})
	}
}

func itWantFault(f Fault) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		var fe *FaultError
		if !errors.As(err, &fe) {
			t.Errorf("got %T, want *FaultError", err)
			return
		}
		if fe.Fault != f {
			t.Errorf("fault %v, want %v", fe.Fault, f)
		}
	}
}

// TestInterpMemoryPersists checks that memory and observations carry over
// from one call to the next, as from one operation of a test to the next.
func TestInterpMemoryPersists(t *testing.T) {
	g := &Global{Pos: itAt(1), Name: "n", Base: 1}
	inc := itProc("inc", nil, itRegs("v"),
		itKst(2, "p", Ptr(1)), itLd(3, "v", "p"), itKst(4, "one", Int(1)),
		itOp(5, "v", OpAdd, I32, "v", "one"), itSt(6, "p", "v"), itOut(7, "n", "v"))
	in := NewInterp(&Program{Globals: []*Global{g}, Procs: []*Proc{inc}}, InterpOptions{})
	for i := 1; i <= 3; i++ {
		res, err := in.Call("inc")
		if err != nil {
			t.Fatal(err)
		}
		if res[0] != Int(int64(i)) {
			t.Errorf("call %d returned %v", i, res[0])
		}
	}
	if got, want := itObsText(in.Observations()), "output n=1; output n=2; output n=3"; got != want {
		t.Errorf("observations %q, want %q", got, want)
	}
	a, ok := in.GlobalAddr("n")
	if !ok || a != Ptr(1) {
		t.Fatalf("GlobalAddr(n) = %v, %v", a, ok)
	}
	if v, err := in.Load(a); err != nil || v != Int(3) {
		t.Errorf("Load = %v, %v", v, err)
	}
	if _, err := in.Load(Int(5)); err == nil {
		t.Errorf("Load of an integer succeeded")
	}
	if locs := in.Locations(); len(locs) != 1 || locs[0] != Ptr(1) {
		t.Errorf("Locations = %v", locs)
	}
	if in.Steps() == 0 {
		t.Errorf("no steps counted")
	}
}

// TestSameWords: a freed block may be handed out again to an allocation of
// the same size whose layout has the same words at the same offsets
// (names aside, struct or array alike; README, "Memory reuse"). A nil
// layout (a scalar from C, or one the LSL text leaves out) has its one
// word at no offset, a struct of one field at offset 0: they differ, and
// a nil layout is exchanged only with another.
func TestSameWords(t *testing.T) {
	word := &Shape{}
	pair := &Shape{Fields: []Field{{Name: "next"}, {Name: "value"}}}
	arr2 := &Shape{Elem: word, Len: 2}
	nested := &Shape{Fields: []Field{{Name: "a", Shape: pair}, {Name: "b"}}}
	arr3 := &Shape{Elem: word, Len: 3}
	arrOfPairs := &Shape{Elem: pair, Len: 2}
	pairOfPairs := &Shape{Fields: []Field{{Name: "x", Shape: pair}, {Name: "y", Shape: pair}}}
	charsInt := &Shape{Size: 8, Fields: []Field{{Name: "a", Size: 1}, {Name: "b", Off: 1, Size: 1}, {Name: "c", Off: 4, Size: 4}}}
	intChars := &Shape{Size: 8, Fields: []Field{{Name: "x", Size: 4}, {Name: "y", Off: 4, Size: 1}, {Name: "z", Off: 5, Size: 1}}}
	for _, tc := range []struct {
		name string
		s, t *Shape
		want bool
	}{
		{"a struct and another of other names", pair, &Shape{Fields: []Field{{Name: "x"}, {Name: "y"}}}, true},
		{"a struct of two words and an array of two", pair, arr2, true},
		{"a scalar and a scalar", nil, nil, true},
		{"a scalar and a struct of two words", nil, pair, false},
		{"a nested struct and a scalar", nested, nil, false},
		{"a scalar and a struct of one word", nil, &Shape{Fields: []Field{{Name: "v"}}}, false},
		{"a scalar and an array of two words", nil, arr2, false},
		{"a scalar and an array of one word", nil, &Shape{Elem: word, Len: 1}, false},
		{"a nested struct and an array of as many words", nested, arr3, false},
		{"an array of structs and a struct of structs", arrOfPairs, pairOfPairs, true},
		{"two words and three", arr2, arr3, false},
		{"a word and an array of one", word, &Shape{Elem: word, Len: 1}, false},
		// struct { char a; char b; int c; } and struct { int x; char y; char z; }:
		// three words each, of 8 bytes, with c at byte 4 where y is
		{"chars and an int against an int and chars", charsInt, intChars, false},
		{"a struct and another of the same bytes", charsInt, &Shape{Size: 8, Fields: []Field{{Name: "x", Size: 1}, {Name: "y", Off: 1, Size: 1}, {Name: "z", Off: 4, Size: 4}}}, true},
		{"two ints and an array of two ints", &Shape{Size: 8, Fields: []Field{{Name: "a", Size: 4}, {Name: "b", Off: 4, Size: 4}}}, &Shape{Size: 8, Elem: &Shape{Size: 4}, Len: 2}, true},
		{"two ints and an array of two shorts and an int", &Shape{Size: 8, Fields: []Field{{Name: "a", Size: 4}, {Name: "b", Off: 4, Size: 4}}}, &Shape{Size: 8, Fields: []Field{{Name: "a", Size: 2}, {Name: "b", Off: 4, Size: 4}}}, false},
	} {
		if got := SameWords(tc.s, tc.t); got != tc.want {
			t.Errorf("%s: SameWords = %v, want %v", tc.name, got, tc.want)
		}
		if got := SameWords(tc.t, tc.s); got != tc.want {
			t.Errorf("%s, swapped: SameWords = %v, want %v", tc.name, got, tc.want)
		}
	}
}
