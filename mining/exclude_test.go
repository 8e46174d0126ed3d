package mining

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
)

// TestOutcomeDAGAcceptsExactlyItsSequences: the merged automaton accepts
// the given sequences and nothing else, and merges what it should.
func TestOutcomeDAGAcceptsExactlyItsSequences(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	const n = 6 // sequences of n literals, each position a choice of 3
	lit := func(pos, choice int) encode.Lit { return encode.Lit(2 + 2*(3*pos+choice)) }
	var all [][]encode.Lit
	var rec func(prefix []encode.Lit)
	rec = func(prefix []encode.Lit) {
		if len(prefix) == n {
			all = append(all, append([]encode.Lit(nil), prefix...))
			return
		}
		for c := range 3 {
			rec(append(prefix, lit(len(prefix), c)))
		}
	}
	rec(nil)
	for trial := range 50 {
		in := map[int]bool{}
		var seqs [][]encode.Lit
		for i, s := range all {
			if r.IntN(4) == 0 {
				in[i] = true
				seqs = append(seqs, s)
			}
		}
		d := newOutcomeDAG(seqs)
		for i, s := range all {
			if got := d.accepts(s); got != in[i] {
				t.Fatalf("trial %d: accepts(%v) = %v, want %v", trial, s, got, in[i])
			}
		}
	}
	// The full product needs one state per position plus the accepting one.
	if d := newOutcomeDAG(all); len(d.states) != n+1 {
		t.Errorf("full product: %d states, want %d", len(d.states), n+1)
	}
}

// TestExcludeOutcomes: after excluding a subset of a test's outcomes, the
// executions left have exactly the other outcomes (and the errors), on
// generated tests under every model.
func TestExcludeOutcomes(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for i := range 40 {
		test := generated(11, i)
		for _, m := range memmodel.All() {
			all, _, err := Enumerate(ctx, test, m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var drop, keep []lsl.Outcome
			for k, o := range all.Outcomes {
				if k%2 == 0 {
					drop = append(drop, o)
				} else {
					keep = append(keep, o)
				}
			}
			enc, err := Prepare(ctx, test, m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			excludeOutcomes(enc, enc.True(), drop)
			left, _, err := enumerateEncoding(ctx, enc, enc.NewVar(), false, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Join(lsl.OutcomeKeys(keep), "\n")
			if got := strings.Join(left.Keys(), "\n"); got != want {
				t.Fatalf("%s on %s: after excluding %d of %d outcomes, left\n%s\nwant\n%s", test.Name, m.Name, len(drop), len(all.Outcomes), got, want)
			}
			if (left.Error != nil) != (all.Error != nil) {
				t.Fatalf("%s on %s: error execution lost or made up by the exclusion", test.Name, m.Name)
			}
			checked++
		}
	}
	t.Logf("%d test×model pairs", checked)
}
