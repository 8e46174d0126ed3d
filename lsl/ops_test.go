package lsl

import "testing"

// TestArrayOfOne: a pointer to a whole block ([b]: a variable, a struct,
// a single malloc'd object) moves as a pointer into an array of one (C11
// 6.5.6p7): [b] + 0 is [b], [b] + 1 is one past the block, which compares
// after every location of the block and back to [b] by - 1; any other
// distance is no pointer.
func TestArrayOfOne(t *testing.T) {
	b := Ptr(3)
	end := Ptr(3, PastEnd)
	tests := []struct {
		op   OpCode
		a, x Value
		want Value
		f    Fault
	}{
		{OpPAdd, b, Int(0), b, NoFault},
		{OpPAdd, b, Int(1), end, NoFault},
		{OpPAdd, b, Int(-1), Undefined, FaultPointer},
		{OpPAdd, b, Int(2), Undefined, FaultPointer},
		{OpPAdd, end, Int(-1), b, NoFault},
		{OpPAdd, end, Int(0), end, NoFault},
		{OpPAdd, end, Int(1), Undefined, FaultPointer},
		{OpPAdd, end, Int(-2), Undefined, FaultPointer},
		{OpPSub, end, b, Int(1), NoFault},
		{OpPSub, b, end, Int(-1), NoFault},
		{OpPSub, b, b, Int(0), NoFault},
		{OpPSub, end, end, Int(0), NoFault},
		{OpPSub, end, Ptr(4), Undefined, FaultPointer},    // another block
		{OpPSub, end, Ptr(3, 0), Undefined, FaultPointer}, // an element, not the block
		{OpPSub, Ptr(3, 1), b, Undefined, FaultPointer},   // as before
		{OpEq, end, end, Int(1), NoFault},
		{OpEq, end, b, Int(0), NoFault},
		{OpEq, end, Ptr(3, 0), Int(0), NoFault},
		{OpNe, end, Ptr(3, 1), Int(1), NoFault},
		{OpLt, b, end, Int(1), NoFault},
		{OpLt, Ptr(3, 5, 2), end, Int(1), NoFault}, // after every location
		{OpGe, end, b, Int(1), NoFault},
		{OpLt, end, Ptr(4), Undefined, FaultPointer},
		// Pointers into arrays move as before.
		{OpPAdd, Ptr(3, 0), Int(1), Ptr(3, 1), NoFault},
		{OpPAdd, Ptr(3, 2, 1), Int(-1), Ptr(3, 2, 0), NoFault},
		{OpPAdd, Ptr(3, 0), Int(PastEnd), Undefined, FaultPointer},
		{OpPSub, Ptr(3, 4), Ptr(3, 1), Int(3), NoFault},
	}
	for _, tc := range tests {
		got, f := Eval(tc.op, I64, tc.a, tc.x)
		if got != tc.want || f != tc.f {
			t.Errorf("%v %v, %v = %v, %v; want %v, %v", tc.op, tc.a, tc.x, got, f, tc.want, tc.f)
		}
	}
	// One past the block names no location of any shape.
	for _, s := range []*Shape{nil, {Elem: &Shape{}, Len: 2}, {Fields: []Field{{Name: "a"}}}} {
		if s.Locate(end.Offsets()) == "" {
			t.Errorf("%v locates a word of %+v", end, s)
		}
	}
	if LocateUnknown(end.Offsets()) == "" || LocateUnknown([]int64{2, 1}) != "" {
		t.Errorf("in a block of unknown layout, any offsets but one past the block name a word")
	}
	if got := (&Shape{Fields: []Field{{Name: "a"}}}).Path(end.Offsets()); got != "+1" {
		t.Errorf("Path of one past = %q, want +1", got)
	}
	if v, err := ParseValue(end.String()); err != nil || v != end {
		t.Errorf("ParseValue(%q) = %v, %v", end.String(), v, err)
	}
}
