package questions_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/questions"
)

// blank returns an encoding of an empty test, on which the tests build
// formulas of their own with fresh variables.
func blank(t *testing.T) *encode.Encoding {
	t.Helper()
	test := &lsl.Test{Name: "blank", Threads: [][]*lsl.Invocation{{{Op: "f"}}}}
	enc, err := mining.Prepare(context.Background(), test, memmodel.MustByName("sc"), mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

func TestFirstOf(t *testing.T) {
	enc := blank(t)
	a, b, c := enc.NewVar(), enc.NewVar(), enc.NewVar()
	enc.AddClause(a.Not())          // a is impossible
	enc.AddClause(b.Not(), c.Not()) // b and c exclude each other
	ctx := context.Background()
	for _, tc := range []struct {
		name      string
		base      []encode.Lit
		disjuncts [][]encode.Lit
		want      int
		holds     encode.Lit // true in the solution, when want is 1
	}{
		{"none possible", nil, [][]encode.Lit{{a}, {b, c}}, -1, 0},
		{"the first possible one", nil, [][]encode.Lit{{a}, {b}, {c}}, 1, b},
		{"under the base", []encode.Lit{b}, [][]encode.Lit{{c}, {a}}, -1, 0},
		{"no disjunct", nil, nil, -1, 0},
	} {
		var m questions.Meter
		r := m.FirstOf(ctx, enc, false, tc.base, tc.disjuncts)
		if r != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, r, tc.want)
		}
		if r == 1 && !enc.Value(tc.holds) {
			t.Errorf("%s: the solution does not satisfy the disjunct found", tc.name)
		}
		if calls, _ := m.Totals(); calls > len(tc.disjuncts) {
			t.Errorf("%s: %d calls for %d disjuncts", tc.name, calls, len(tc.disjuncts))
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	var m questions.Meter
	if r := m.FirstOf(cancelled, enc, false, nil, [][]encode.Lit{{b}}); r != 0 {
		t.Errorf("cancelled: %d, want 0", r)
	}
}

func TestRace(t *testing.T) {
	ctx := context.Background()
	waitDone := func(ctx context.Context) int { <-ctx.Done(); return 0 }
	for _, tc := range []struct {
		name  string
		main  func(context.Context) int
		prove func(context.Context) bool
		want  int
	}{
		{"main answers first", func(context.Context) int { return 1 }, func(context.Context) bool { return true }, 1},
		{"main proves none", func(context.Context) int { return -1 }, func(ctx context.Context) bool { <-ctx.Done(); return false }, -1},
		{"the prover's proof ends main", waitDone, func(context.Context) bool { return true }, -1},
	} {
		if r := questions.Race(ctx, time.Millisecond, tc.main, tc.prove); r != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, r, tc.want)
		}
	}
	// a prover that finds nothing leaves main's answer, here a cancellation
	stop, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if r := questions.Race(stop, time.Millisecond, waitDone, func(context.Context) bool { return false }); r != 0 {
		t.Errorf("unproved and cancelled: %d, want 0", r)
	}
}

// question is a question that encodes afresh, as lazy unrolling's do: a
// disjunct a, which is impossible, or b, which is possible; asked, if set,
// is called each time it is asked.
func question(t *testing.T, possible bool, asked func()) questions.Question {
	return func(context.Context) (*encode.Encoding, [][]encode.Lit, error) {
		if asked != nil {
			asked()
		}
		enc := blank(t)
		a, b := enc.NewVar(), enc.NewVar()
		enc.AddClause(a.Not())
		if possible {
			return enc, [][]encode.Lit{{b}}, nil
		}
		return enc, [][]encode.Lit{{a}}, nil
	}
}

// TestEarliest: of questions answered in the background, Earliest returns
// the first in list order that has a solution, whatever order the answers
// come in, and asks again on the main path one the background left
// unanswered (cancelled).
func TestEarliest(t *testing.T) {
	ask := func(possible bool) questions.Question { return question(t, possible, nil) }
	a, b := false, true
	var m questions.Meter
	bg := questions.NewBackground(&m)
	ctx := context.Background()
	none := bg.Ask(ctx, ask(a), nil, nil)
	found := 0
	cancelled := bg.Ask(ctx, ask(b), func() { found++ }, nil)
	cancelled.Cancel() // answered 0 by the background, or 1 if it was quick
	later := bg.Ask(ctx, ask(b), func() { found++ }, nil)
	p, err := m.Earliest(ctx, []*questions.Pending{none, cancelled, later})
	bg.Close()
	if err != nil {
		t.Fatal(err)
	}
	if p != cancelled || p.Enc == nil {
		t.Errorf("Earliest returned %p, want the second question (asked again if cancelled)", p)
	}
	if found == 0 {
		t.Error("onFound was not called for the later question")
	}
	failing := questions.NewBackground(&m)
	defer failing.Close()
	broken := failing.Ask(ctx, func(context.Context) (*encode.Encoding, [][]encode.Lit, error) {
		return nil, nil, errors.New("cannot encode")
	}, nil, nil)
	if _, err := m.Earliest(ctx, []*questions.Pending{broken}); err == nil || err.Error() != "cannot encode" {
		t.Errorf("a question that cannot be asked: error %v", err)
	}
}

// TestInline: an inline background asks a question only when its answer
// is waited for, once, and Earliest gives the answer the goroutine would:
// the first question in list order with a solution.
func TestInline(t *testing.T) {
	asked := map[string]int{}
	named := func(name string, possible bool) questions.Question {
		return question(t, possible, func() { asked[name]++ })
	}
	var m questions.Meter
	in := questions.NewInline(&m)
	defer in.Close()
	ctx := context.Background()
	none := in.Ask(ctx, named("none", false), nil, nil)
	found := false
	first := in.Ask(ctx, named("first", true), func() { found = true }, nil)
	unneeded := in.Ask(ctx, named("unneeded", true), nil, nil)
	if len(asked) != 0 {
		t.Fatalf("questions asked before their answers were waited for: %v", asked)
	}
	if r, ok := none.Wait(ctx); !ok || r != -1 {
		t.Errorf("none: %d %v, want -1", r, ok)
	}
	p, err := m.Earliest(ctx, []*questions.Pending{none, first, unneeded})
	if err != nil {
		t.Fatal(err)
	}
	if p != first || p.Enc == nil || !found {
		t.Errorf("Earliest: %p (found %v), want the second question with its encoding", p, found)
	}
	if asked["none"] != 1 || asked["first"] != 1 || asked["unneeded"] != 0 {
		t.Errorf("asked %v: want none and first once each, unneeded never", asked)
	}
	// a cancelled question is answered 0, and Earliest asks it again
	again := in.Ask(ctx, named("again", true), nil, nil)
	again.Cancel()
	if r, _ := again.Wait(ctx); r != 0 {
		t.Errorf("cancelled: %d, want 0", r)
	}
	if p, err := m.Earliest(ctx, []*questions.Pending{again}); err != nil || p != again || p.Enc == nil {
		t.Errorf("Earliest on a cancelled question: %p %v, want it asked again", p, err)
	}
}

// TestEnds: the main solver proves disjuncts impossible from the last
// backwards before the background starts (its question waits), so the
// background must stop where the proofs begin, and otherwise give
// FirstOf's answer and solution: the first possible disjunct's, even
// when the main solver met a later possible one first. With keys that
// differ from the background's, the main solver must ask nothing.
func TestEnds(t *testing.T) {
	const n = 6
	for _, tc := range []struct {
		name       string
		possible   []int // indices of possible disjuncts
		otherKeys  bool
		want       int
		bgCalls    int // background solves
		mainCalls  int // main solves
		firstFound int // the disjunct the solution satisfies, when want is 1
	}{
		{"all impossible", nil, false, -1, 0, n, 0},
		{"one possible", []int{2}, false, 1, 3, n - 2, 2},
		{"two possible", []int{1, 4}, false, 1, 2, 2, 1},
		{"other keys", nil, true, -1, n, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			keys := make([]any, n)
			for i := range keys {
				keys[i] = i
			}
			build := func() (*encode.Encoding, [][]encode.Lit) {
				enc := blank(t)
				var ds [][]encode.Lit
				for i := 0; i < n; i++ {
					v := enc.NewVar()
					if !slices.Contains(tc.possible, i) {
						enc.AddClause(v.Not())
					}
					ds = append(ds, []encode.Lit{v})
				}
				return enc, ds
			}
			ends := questions.NewEnds()
			release := make(chan struct{})
			var bgMeter, mainMeter questions.Meter
			bg := questions.NewBackground(&bgMeter)
			defer bg.Close()
			var bgEnc *encode.Encoding
			var bgDisjuncts [][]encode.Lit
			p := bg.Ask(ctx, func(context.Context) (*encode.Encoding, [][]encode.Lit, error) {
				bgEnc, bgDisjuncts = build()
				ends.Publish(keys)
				<-release
				return bgEnc, bgDisjuncts, nil
			}, nil, ends)
			mainEnc, ds := build()
			mainKeys := keys
			if tc.otherKeys {
				mainKeys = append(slices.Clone(keys[1:]), n)
			}
			mainMeter.FromBack(ctx, p, mainEnc, nil, ds, mainKeys)
			close(release)
			r, _ := p.Wait(ctx)
			if r != tc.want {
				t.Fatalf("answer %d, want %d", r, tc.want)
			}
			if r == 1 && !bgEnc.Value(bgDisjuncts[tc.firstFound][0]) {
				t.Errorf("the solution does not satisfy disjunct %d, the first possible", tc.firstFound)
			}
			if c, _ := bgMeter.Totals(); c != tc.bgCalls {
				t.Errorf("background asked %d disjuncts, want %d", c, tc.bgCalls)
			}
			if c, _ := mainMeter.Totals(); c != tc.mainCalls {
				t.Errorf("main solver asked %d disjuncts, want %d", c, tc.mainCalls)
			}
		})
	}
}

// TestSolveWithin: a question limited to a number of conflicts answers
// when that is enough, gives up (0) when it is not, and is counted; gini,
// which counts no conflicts for its caller, gives up at once.
func TestSolveWithin(t *testing.T) {
	ctx := context.Background()
	enc := blank(t)
	// under act, eight pigeons in seven holes: thousands of conflicts
	const holes = 7
	act := enc.NewVar()
	var in [holes + 1][holes]encode.Lit
	for p := range in {
		for h := range in[p] {
			in[p][h] = enc.NewVar()
		}
		enc.AddClause(append([]encode.Lit{act.Not()}, in[p][:]...)...)
	}
	for h := range holes {
		for p := range in {
			for q := p + 1; q < len(in); q++ {
				enc.AddClause(in[p][h].Not(), in[q][h].Not())
			}
		}
	}
	var m questions.Meter
	if r := m.SolveWithin(ctx, enc, false, 10, act.Not()); r != 1 {
		t.Errorf("an easy question within 10 conflicts: %d, want 1", r)
	}
	if r := m.SolveWithin(ctx, enc, false, 10, act); r != 0 {
		t.Errorf("pigeonhole 8 into 7 within 10 conflicts: %d, want 0", r)
	}
	if calls, _ := m.Totals(); calls != 2 {
		t.Errorf("%d calls counted, want 2", calls)
	}

	test := &lsl.Test{Name: "blank", Threads: [][]*lsl.Invocation{{{Op: "f"}}}}
	opt := mining.Options{}
	opt.Encode.Solver = encode.SolverGini
	gini, err := mining.Prepare(ctx, test, memmodel.MustByName("sc"), opt)
	if err != nil {
		t.Fatal(err)
	}
	if r := m.SolveWithin(ctx, gini, false, 1000, gini.NewVar()); r != 0 {
		t.Errorf("gini within 1000 conflicts: %d, want 0 (it cannot count them)", r)
	}
	if r := m.Solve(ctx, gini, false, gini.NewVar()); r != 1 {
		t.Errorf("gini without a limit: %d, want 1", r)
	}
}
