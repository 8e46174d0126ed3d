package infer

import (
	"context"
	"slices"
	"testing"

	"checkfence/cfront"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
)

// combineSrc is message passing with two slots between the stores of
// data and flag (lines 7 and 8): a store-store fence at either makes the
// test pass on pso; relaxed needs the reader's load-load fence (line 13)
// too. big has more values than the range analysis tracks: a test of it
// is set aside.
const combineSrc = `#include "lsl_protos.h"
int data, flag, other;
void init(void) { data = 0; flag = 0; other = 0; }
void send(void)
{
    data = 42;
    other = 1;
    flag = 1;
}
void recv(void)
{
    int f = flag;
    int d = data;
    lsl_observe_output("flag", f);
    if (f)
        lsl_observe_output("data", d);
}
void big(void)
{
    int v = lsl_choose(0, 100000);
    data = v * v;
    lsl_observe_output("v", data);
}
`

// Combine keeps of the union of the models' placements what some model
// needs: a fence goes when another at its slot orders all it orders, or
// when every model's tests pass without it (tried from the costliest, then
// in source order), on the tests each model decided. Each model's
// placement here is sufficient for it, and its cost the least.
func TestCombine(t *testing.T) {
	slotted, err := cfront.CompileSources([]cfront.Source{{Name: "c.c", Text: combineSrc}}, cfront.Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := cfront.CompileSources([]cfront.Source{{Name: "c.c", Text: combineSrc}}, cfront.Options{})
	ts, err := tests.Parse("c.tests", []byte("test T0 = init ( send | recv )\ntest T1 = init ( big | recv )\n"))
	if err != nil {
		t.Fatal(err)
	}
	slots := slotMarkers(slotted)
	at := func(line int, k lsl.FenceKind) Candidate {
		for s, f := range slots {
			if f.Pos.Line == line {
				return Candidate{Slot: s, Kind: k, Pos: f.Pos, Brace: f.Brace}
			}
		}
		t.Fatalf("no slot on line %d", line)
		return Candidate{}
	}
	ss, ll, sl, full := lsl.StoreStore, lsl.LoadLoad, lsl.StoreLoad, lsl.Full
	type placement struct {
		model string
		cost  int
		added []Candidate
		aside bool // T1 set aside
	}
	for _, tc := range []struct {
		name  string
		tests []*tests.Test
		rs    []placement
		want  []Candidate
	}{
		{"one model", ts[:1], []placement{{"relaxed", 2, []Candidate{at(8, ss), at(13, ll)}, false}},
			[]Candidate{at(8, ss), at(13, ll)}},
		{"a full fence covers the store-load fence at its slot", ts[:1],
			[]placement{{"tso", 0, []Candidate{at(8, sl)}, false}, {"relaxed", 2, []Candidate{at(8, full), at(13, ll)}, false}},
			[]Candidate{at(8, full), at(13, ll)}},
		{"either store-store fence suffices", ts[:1],
			[]placement{{"pso", 1, []Candidate{at(7, ss)}, false}, {"relaxed", 2, []Candidate{at(8, ss), at(13, ll)}, false}},
			[]Candidate{at(8, ss), at(13, ll)}},
		// (the first in source order is tried first, and goes)
		{"either store-store fence suffices, the other chosen first", ts[:1],
			[]placement{{"pso", 1, []Candidate{at(8, ss)}, false}, {"relaxed", 2, []Candidate{at(7, ss), at(13, ll)}, false}},
			[]Candidate{at(8, ss), at(13, ll)}},
		// (a placement of pso that is not its cheapest: tried the other
		// way, the store-store fence would go, and the patch cost 4)
		{"the costliest tried first", ts[:1],
			[]placement{{"pso", 1, []Candidate{at(7, full)}, false}, {"relaxed", 2, []Candidate{at(8, ss), at(13, ll)}, false}},
			[]Candidate{at(8, ss), at(13, ll)}},
		{"only the tests a model decided", ts,
			[]placement{{"pso", 1, []Candidate{at(7, ss)}, true}, {"relaxed", 2, []Candidate{at(8, ss), at(13, ll)}, true}},
			[]Candidate{at(8, ss), at(13, ll)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rs []*Result
			for _, p := range tc.rs {
				r := &Result{Model: memmodel.MustByName(p.model), Verdict: Found, Cost: p.cost}
				for _, c := range p.added {
					r.Added = append(r.Added, Added{Candidate: c})
				}
				if p.aside {
					r.Verdict, r.SetAside = Inconclusive, []SetAside{{Test: "T1"}}
				}
				rs = append(rs, r)
			}
			got, err := Combine(context.Background(), slotted, spec, tc.tests, rs, mining.PipelineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%v, want %v", got, tc.want)
			}
		})
	}
}
