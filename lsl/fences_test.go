package lsl

import (
	"strings"
	"testing"
)

func TestWithoutFences(t *testing.T) {
	src := `proc f() {
  fence load-load
  L: {
    fence store-store
    atomic {
      fence full
    }
  }
  fence store-load
}
`
	p, err := Parse("f.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fs := p.Fences()
	if len(fs) != 4 {
		t.Fatalf("Fences: got %d, want 4", len(fs))
	}
	for _, tc := range []struct {
		drop FenceKind
		want int
	}{{LoadLoad, 3}, {StoreStore, 3}, {Full, 3}, {StoreLoad, 3}, {LoadStore, 4}} {
		q := p.WithoutFences(func(f *Fence) bool { return f.Kind == tc.drop })
		if got := len(q.Fences()); got != tc.want {
			t.Errorf("without %v: %d fences, want %d", tc.drop, got, tc.want)
		}
		var b strings.Builder
		if err := Print(&b, q); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "fence "+tc.drop.String()+"\n") {
			t.Errorf("without %v: still printed", tc.drop)
		}
	}
	if len(p.Fences()) != 4 {
		t.Errorf("WithoutFences changed its receiver")
	}
}

func TestValueText(t *testing.T) {
	for _, v := range []Value{Undefined, Int(0), Int(-7), Int(1 << 40), Ptr(3), Ptr(3, 0), Ptr(12, 1, 0, 4), Ptr(3).WithTag(1), Ptr(12, 1, 0).WithTag(3)} {
		b, err := v.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var w Value
		if err := w.UnmarshalText(b); err != nil || w != v {
			t.Errorf("%v: round trip gave %v, %v", v, w, err)
		}
	}
	for _, bad := range []string{"", "[]", "[x]", "undef", "1.5", "[1 2", "[1]|0", "[1]|4", "[1]|x", "3|1"} {
		if _, err := ParseValue(bad); err == nil {
			t.Errorf("ParseValue(%q): no error", bad)
		}
	}
}

// TestMarkOps: &, | and ^ of a pointer and an integer set, test, clear and
// flip the marks in its low bits (TagBits), as (uintptr_t)p | 1 does in
// C; a marked pointer is no address, and compares as the address it marks
// with its bits.
func TestMarkOps(t *testing.T) {
	p, q := Ptr(3, 1), Ptr(3, 1, 0) // one address
	m1 := p.WithTag(1)
	tests := []struct {
		op   OpCode
		a, b Value
		want Value
		f    Fault
	}{
		{OpOr, p, Int(1), m1, NoFault},
		{OpOr, Int(1), p, m1, NoFault},
		{OpOr, m1, Int(2), p.WithTag(3), NoFault},
		{OpOr, p, Int(0), p, NoFault},
		{OpOr, p, Int(4), Undefined, FaultPointer}, // beyond the tag bits
		{OpAnd, m1, Int(-2), p, NoFault},           // & ~1
		{OpAnd, p.WithTag(3), Int(-2), p.WithTag(2), NoFault},
		{OpAnd, m1, Int(-4), p, NoFault}, // & ~3
		{OpAnd, m1, Int(1), Int(1), NoFault},
		{OpAnd, p, Int(1), Int(0), NoFault}, // an unmarked pointer's low bits
		{OpAnd, p.WithTag(2), Int(3), Int(2), NoFault},
		{OpAnd, m1, Int(8), Undefined, FaultPointer},
		{OpXor, m1, Int(1), p, NoFault},
		{OpXor, p, Int(1), m1, NoFault},
		{OpAdd, m1, Int(1), Undefined, FaultPointer},
		{OpOffset, m1, Int(0), Undefined, FaultPointer}, // no address
		{OpEq, m1, q.WithTag(1), Int(1), NoFault},       // one address, one mark
		{OpEq, m1, p, Int(0), NoFault},
		{OpNe, m1, q.WithTag(2), Int(1), NoFault},
		{OpEq, m1, Int(1), Int(0), NoFault}, // a marked null is the integer 1
		{OpGt, m1, p, Int(1), NoFault},      // p | 1 > p
		{OpLt, p.WithTag(1), p.WithTag(2), Int(1), NoFault},
		{OpLt, Ptr(3, 0).WithTag(3), Ptr(3, 1), Int(1), NoFault}, // the address first
		{OpGe, m1, Ptr(4), Undefined, FaultPointer},              // another block
		{OpNeg, m1, Undefined, Undefined, FaultPointer},
		{OpBNot, m1, Undefined, Undefined, FaultPointer},
	}
	for _, tc := range tests {
		args := []Value{tc.a, tc.b}
		if tc.op.Arity() == 1 {
			args = args[:1]
		}
		got, f := Eval(tc.op, U64, args...)
		if got != tc.want || f != tc.f {
			t.Errorf("%v %v, %v = %v, %v; want %v, %v", tc.op, tc.a, tc.b, got, f, tc.want, tc.f)
		}
	}
	if p.WithTag(1).IsPtr() || !p.WithTag(1).IsTagged() || p.WithTag(1).Untagged() != p || p.WithTag(1).Address() != p.Address().WithTag(1) {
		t.Errorf("a marked pointer is no pointer, and keeps its address")
	}
}

// TestConvOfPointers: a pointer converted to a 64-bit integer stays the
// pointer (it converts back); to a narrower type it has no value, a fault
// of the execution, as a pointer cut statically is refused by the front
// end. Integers, null included, wrap.
func TestConvOfPointers(t *testing.T) {
	p := Ptr(3, 1)
	tests := []struct {
		t    IntType
		a    Value
		want Value
		f    Fault
	}{
		{I64, p, p, NoFault},
		{U64, p.WithTag(1), p.WithTag(1), NoFault},
		{I32, p, Undefined, FaultPointerCut},
		{U32, p, Undefined, FaultPointerCut},
		{U8, p, Undefined, FaultPointerCut},
		{I16, p.WithTag(2), Undefined, FaultPointerCut},
		{I32, Int(0), Int(0), NoFault}, // null
		{U8, Int(257), Int(1), NoFault},
		{I32, Undefined, Undefined, NoFault},
	}
	for _, tc := range tests {
		got, f := Eval(OpConv, tc.t, tc.a)
		if got != tc.want || f != tc.f {
			t.Errorf("conv.%v %v = %v, %v; want %v, %v", tc.t, tc.a, got, f, tc.want, tc.f)
		}
	}
	if FaultPointerCut.String() != "pointer cut to a narrower integer" {
		t.Errorf("FaultPointerCut is named %q", FaultPointerCut)
	}
}
