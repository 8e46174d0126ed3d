package lsl

import "testing"

// Two outcomes have the same key only if they are equal: a name that
// holds the key's separators (a space, '=', '{', '|', ...) is quoted, so
// it does not read as several items; ordinary names keep their form.
func TestOutcomeKeyInjective(t *testing.T) {
	lab := func(n string) ObsItem { return ObsItem{Kind: ObsLabel, Name: n} }
	out := func(n string, v int64) ObsItem { return ObsItem{Kind: ObsOutput, Name: n, Val: Int(v)} }
	in := func(n string, v int64) ObsItem { return ObsItem{Kind: ObsInput, Name: n, Val: Int(v)} }
	one := func(items ...ObsItem) Outcome { return Outcome{Threads: [][][]ObsItem{{items}}} }
	two := func(a, b []ObsItem) Outcome { return Outcome{Threads: [][][]ObsItem{{a}, {b}}} }
	outcomes := []Outcome{
		one(lab("x"), lab("y")),
		one(lab("x label y")),
		one(lab("x"), lab("label"), lab("y")),
		one(out("a", 1), out("b", 0)),
		one(out("a=1 output b", 0)),
		one(out("a", 1), in("b", 0)),
		one(out("a=1 input b", 0)),
		one(out("a}", 1)),
		one(out("a", 1), lab("")),
		one(out("a", 1), lab(`"`)),
		one(out("a", 1), lab(`""`)),
		one(lab(`"x"`)),
		one(lab("x")),
		one(lab("x\n")),
		one(lab("x\\")),
		two([]ObsItem{lab("x} | t1.0{label y")}, nil),
		two([]ObsItem{lab("x")}, []ObsItem{lab("y")}),
		one(out("a", 1)),
		one(out("a=1", 1)),
		{Init: [][]ObsItem{{lab("a} | t0.0{label b")}}},
		{Init: [][]ObsItem{{lab("a")}}, Threads: [][][]ObsItem{{{lab("b")}}}},
	}
	seen := map[string]int{}
	for i, o := range outcomes {
		k := o.Key()
		if j, ok := seen[k]; ok {
			t.Errorf("outcomes %d and %d share the key %s", j, i, k)
		}
		seen[k] = i
	}
	// Names with none of those characters, including letters outside
	// ASCII, print as they are (the keys stored in golden files).
	for _, tc := range []struct {
		o    Outcome
		want string
	}{
		{one(out("flag", 1), out("data", 42)), "t0.0{output flag=1 output data=42}"},
		{one(lab("x"), in("v_1.x", -3)), "t0.0{label x input v_1.x=-3}"},
		{one(lab("größe")), "t0.0{label größe}"},
		{one(lab("x label y")), `t0.0{label "x label y"}`},
		{one(out("a=1 output b", 0)), `t0.0{output "a=1 output b"=0}`},
		{one(lab("")), `t0.0{label ""}`},
	} {
		if got := tc.o.Key(); got != tc.want {
			t.Errorf("key %s, want %s", got, tc.want)
		}
	}
}
