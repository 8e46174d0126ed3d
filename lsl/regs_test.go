package lsl

import (
	"reflect"
	"testing"
)

func TestUsesDefs(t *testing.T) {
	for _, tc := range []struct {
		s          Stmt
		uses, defs []Reg
	}{
		{&Const{Dst: "a"}, nil, []Reg{"a"}},
		{&Prim{Dst: "a", Args: []Reg{"b", "c"}}, []Reg{"b", "c"}, []Reg{"a"}},
		{&Load{Dst: "a", Addr: "p"}, []Reg{"p"}, []Reg{"a"}},
		{&Store{Addr: "p", Src: "v"}, []Reg{"p", "v"}, nil},
		{&Call{Args: []Reg{"x"}, Results: []Reg{"y", "z"}}, []Reg{"x"}, []Reg{"y", "z"}},
		{&Break{Label: "L"}, nil, nil},
		{&Break{Label: "L", Cond: "c"}, []Reg{"c"}, nil},
		{&Continue{Label: "L", Cond: "c"}, []Reg{"c"}, nil},
		{&Assert{Cond: "c"}, []Reg{"c"}, nil},
		{&Assume{Cond: "c"}, []Reg{"c"}, nil},
		{&Observe{Kind: ObsLabel, Name: "x"}, nil, nil},
		{&Observe{Kind: ObsOutput, Name: "x", Val: "v"}, []Reg{"v"}, nil},
		{&Free{Addr: "p"}, []Reg{"p"}, nil},
		{&Alloc{Dst: "p"}, nil, []Reg{"p"}},
		{&Choose{Dst: "c"}, nil, []Reg{"c"}},
		{&ThreadID{Dst: "t"}, nil, []Reg{"t"}},
		{&Fence{Kind: Full}, nil, nil},
		{&Block{Label: "L", Body: []Stmt{&Const{Dst: "a"}}}, nil, nil}, // nested bodies are not counted
	} {
		if got := Uses(tc.s); len(got)+len(tc.uses) > 0 && !reflect.DeepEqual(got, tc.uses) {
			t.Errorf("Uses(%s) = %v, want %v", FormatStmt(tc.s), got, tc.uses)
		}
		if got := Defs(tc.s); len(got)+len(tc.defs) > 0 && !reflect.DeepEqual(got, tc.defs) {
			t.Errorf("Defs(%s) = %v, want %v", FormatStmt(tc.s), got, tc.defs)
		}
	}
}
