package infer

import (
	"context"
	"slices"
	"testing"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

// scripted is a test of solve's: its executions, each contradicting the
// load-load candidates at some slots (slot s is candidate s-1); one with
// none runs past a loop's bound whatever the fences. A check fails with
// the first execution that no placed fence forbids, and passes when there
// is none; limit makes every check a value limit.
type scripted struct {
	name  string
	execs [][]int
	limit bool
	// budget makes every check go over the memory budget
	budget bool
}

func (s scripted) check() testCheck {
	return testCheck{name: s.name, check: func(_ context.Context, on func(*lsl.Fence) bool) (*mining.TestResult, error) {
		if s.limit {
			return nil, lsl.Limitf(lsl.Pos{File: "s.c", Line: 9, Col: 1}, "too many values")
		}
		if s.budget {
			return nil, &encode.BudgetError{Test: s.name, Model: "relaxed", Estimate: 2 << 20, Budget: 1 << 20}
		}
		for _, slots := range s.execs {
			if slices.ContainsFunc(slots, func(sl int) bool { return on(&lsl.Fence{Slot: sl, Kind: lsl.LoadLoad}) }) {
				continue
			}
			x := &encode.Execution{}
			for _, sl := range slots {
				// a pair of loads of thread sl reordered across slot sl
				a := &encode.Access{Thread: sl, PoIndex: 0}
				b := &encode.Access{Thread: sl, PoIndex: 1}
				x.Accesses = append(x.Accesses, encode.ExecAccess{Access: b, Order: 2 * sl}, encode.ExecAccess{Access: a, Order: 2*sl + 1})
				x.Reached = append(x.Reached, &encode.Fence{Thread: sl, Before: 1, Kind: lsl.LoadLoad, Stmt: &lsl.Fence{Slot: sl, Kind: lsl.LoadLoad}})
			}
			if len(slots) == 0 {
				return &mining.TestResult{Verdict: mining.Inconclusive, Exceeding: x}, nil
			}
			return &mining.TestResult{Verdict: mining.Fail, Counterexample: x}, nil
		}
		return &mining.TestResult{Verdict: mining.Pass}, nil
	}}
}

// A test that no placement decides (a value limit, or an execution past a
// loop's bound that no fence forbids) is set aside: the result is
// inconclusive, names it, and has an optimal placement for the other
// tests, which what the set-aside test's own failures asked for does not
// raise.
func TestSetAside(t *testing.T) {
	var cands []Candidate
	for s := 1; s <= 4; s++ {
		cands = append(cands, Candidate{Slot: s, Kind: lsl.LoadLoad, Pos: lsl.Pos{File: "s.c", Line: s}})
	}
	for _, tc := range []struct {
		name     string
		tests    []scripted
		verdict  Verdict
		setAside []string
		// the placement: one of these
		want [][]int
	}{
		{"value limit", []scripted{{name: "T0", execs: [][]int{{1}, {2, 3}}}, {name: "T1", limit: true}},
			Inconclusive, []string{"T1"}, [][]int{{1, 2}, {1, 3}}},
		{"memory budget", []scripted{{name: "T0", execs: [][]int{{1}, {2, 3}}}, {name: "T1", budget: true}},
			Inconclusive, []string{"T1"}, [][]int{{1, 2}, {1, 3}}},
		{"value limit first", []scripted{{name: "T1", limit: true}, {name: "T0", execs: [][]int{{1}}}},
			Inconclusive, []string{"T1"}, [][]int{{1}}},
		{"past the bound after its failures", []scripted{{name: "T0", execs: [][]int{{1, 2}}}, {name: "T1", execs: [][]int{{3}, {4}, {}}}},
			Inconclusive, []string{"T1"}, [][]int{{1}, {2}}},
		{"past the bound first", []scripted{{name: "T1", execs: [][]int{{3}, {}}}, {name: "T0", execs: [][]int{{1}}}},
			Inconclusive, []string{"T1"}, [][]int{{1}}},
		{"the others need nothing", []scripted{{name: "T0"}, {name: "T1", limit: true}},
			Inconclusive, []string{"T1"}, [][]int{nil}},
		{"two set aside", []scripted{{name: "T2", execs: [][]int{{4}, {}}}, {name: "T0", execs: [][]int{{2}}}, {name: "T1", limit: true}},
			Inconclusive, []string{"T2", "T1"}, [][]int{{2}}},
		{"all set aside", []scripted{{name: "T1", limit: true}},
			Inconclusive, []string{"T1"}, [][]int{nil}},
		{"none set aside", []scripted{{name: "T0", execs: [][]int{{1, 2}, {2, 3}}}},
			Found, nil, [][]int{{2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var checks []testCheck
			for _, s := range tc.tests {
				checks = append(checks, s.check())
			}
			r, err := solve(context.Background(), memmodel.MustByName("relaxed"), cands, nil, checks, nil)
			if err != nil {
				t.Fatal(err)
			}
			var slots []int
			for _, a := range r.Added {
				slots = append(slots, a.Slot)
				if a.Test == "" || slices.Contains(tc.setAside, a.Test) {
					t.Errorf("%s has the reason of test %q", a.Candidate, a.Test)
				}
			}
			var aside []string
			for _, sa := range r.SetAside {
				aside = append(aside, sa.Test)
			}
			ok := slices.ContainsFunc(tc.want, func(w []int) bool { return slices.Equal(w, slots) })
			if r.Verdict != tc.verdict || !slices.Equal(aside, tc.setAside) || !ok || r.Cost != len(slots) {
				t.Errorf("%s, set aside %v, placement %v (cost %d); want %s, %v, one of %v", r.Verdict, aside, slots, r.Cost, tc.verdict, tc.setAside, tc.want)
			}
			if len(tc.setAside) > 0 && r.Why != r.SetAside[0].Why {
				t.Errorf("why %q, want the first set aside's, %q", r.Why, r.SetAside[0].Why)
			}
		})
	}
}
