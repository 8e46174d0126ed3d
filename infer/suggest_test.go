package infer

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/internal/longtest"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
)

// TestSuggestionNeededFences: on failing generated tests, on every weak
// model, the suggested placement suffices on the brute-force reference;
// the counterexample still happens with only the fences it is said not to
// need (the reference finds its outcome with them placed); and a fence is
// said needed exactly when the counterexample reorders a pair of the
// fence's types across a place where it reaches the fence.
func TestSuggestionNeededFences(t *testing.T) {
	n := longtest.N(300, 1000)
	failing, partly := 0, 0
	for i := range n {
		r := rand.New(rand.NewPCG(7, uint64(i)))
		st := accessTest(t, r, i)
		for _, mn := range []string{"tso", "pso", "rmo", "relaxed"} {
			m := memmodel.MustByName(mn)
			kinds := CandidateKinds(m)
			cands := testCandidates(st, kinds)
			s, err := suggest(context.Background(), m, cands, satCheck(t, st, m, kinds), nil)
			if err != nil {
				t.Fatalf("%s on %s: %v", st.test.Name, mn, err)
			}
			if s.Check.Verdict != mining.Fail || s.Inference.Verdict != Found {
				continue
			}
			failing++
			if msg := checkSuggestion(t, st, mn, cands, s); msg != "" {
				var text strings.Builder
				lsl.PrintTest(&text, st.test)
				t.Errorf("%s on %s: %s\n%s", st.test.Name, mn, msg, text.String())
			}
			for _, p := range s.Placed {
				if !p.Needed {
					partly++
					break
				}
			}
		}
	}
	t.Logf("%d failing checks with a placement, %d of them with fences the counterexample does not need", failing, partly)
	if failing < n/4 || partly < n/50 {
		t.Errorf("only %d failing checks, %d with unneeded fences: the generated tests do not exercise the suggestion", failing, partly)
	}
}

// checkSuggestion says what is wrong with s, or "".
func checkSuggestion(t *testing.T, st slottedTest, model string, cands []Candidate, s *Suggestion) string {
	bf := newBruteForce(t, st, model, cands)
	var all, unneeded []int
	for _, p := range s.Placed {
		i := slices.Index(cands, p.Candidate)
		all = append(all, i)
		if !p.Needed {
			unneeded = append(unneeded, i)
		}
	}
	if !bf.passes(t, all) {
		return "the suggested placement does not suffice"
	}
	x := s.Check.Counterexample
	if !slices.ContainsFunc(bf.outcomes(t, unneeded), func(o lsl.Outcome) bool { return o.Key() == x.Outcome.Key() }) {
		return "the fences said not needed forbid the counterexample's outcome " + x.Outcome.Key()
	}
	for _, p := range s.Placed {
		if crossed := reordersAcross(x, p); crossed != p.Needed {
			return p.String() + ": needed is " + boolString(p.Needed) + ", but the counterexample reorders a pair across it: " + boolString(crossed)
		}
	}
	return ""
}

// reordersAcross reports whether x has accesses a before b in program
// order, b first in memory order, that p restores.
func reordersAcross(x *encode.Execution, p Placed) bool {
	for _, a := range x.Accesses {
		for _, b := range x.Accesses {
			if a.Thread == b.Thread && a.PoIndex < b.PoIndex && b.Order < a.Order && p.Restores(a.Access, b.Access) {
				return true
			}
		}
	}
	return false
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
