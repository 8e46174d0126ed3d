package sat

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-air/gini/z"
)

// bruteForce reports whether the clauses over variables 1..nv hold under
// some assignment that makes every assumption true, by trying them all:
// an oracle that shares nothing with any solver.
func bruteForce(nv int, cls [][]z.Lit, assumps []z.Lit) bool {
	holds := func(m uint32, l z.Lit) bool { return (m>>(l.Var()-1))&1 == 1 == l.IsPos() }
next:
	for m := uint32(0); m < 1<<nv; m++ {
		for _, a := range assumps {
			if !holds(m, a) {
				continue next
			}
		}
		for _, c := range cls {
			if !slices.ContainsFunc(c, func(l z.Lit) bool { return holds(m, l) }) {
				continue next
			}
		}
		return true
	}
	return false
}

// FuzzSolver runs an incremental session drawn from the input (a seed and
// a shape: up to 12 variables, clauses of 1-5 literals added between
// some questions, under up to 24 assumptions, often beginning with some
// of the last question's, repeated and contradictory ones included): every answer must be the brute-force one, every model must
// satisfy the clauses and the assumptions, and every Why must be
// assumptions that refute the clauses on their own.
func FuzzSolver(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed, uint16(seed*977))
	}
	f.Fuzz(func(t *testing.T, seed uint64, shape uint16) {
		r := rand.New(rand.NewPCG(seed, uint64(shape)))
		nv := 3 + int(shape%10)
		steps := 1 + int(shape>>4)%12
		lit := func() z.Lit { return z.Var(1+r.IntN(nv)).Pos() ^ z.Lit(r.IntN(2)) }
		s := New()
		var cls [][]z.Lit
		var last []z.Lit
		for range steps {
			// often no clause between two questions, and assumptions
			// that begin with some of the last question's: the solver
			// keeps those assumptions' levels (keepAssumptionLevels)
			for range r.IntN(2*nv) * r.IntN(2) {
				c := make([]z.Lit, 1+min(r.IntN(6), r.IntN(6)))
				for i := range c {
					c[i] = lit()
				}
				cls = append(cls, c)
				s.AddClause(c...)
			}
			as := make([]z.Lit, r.IntN(nv+1))
			for i := range as {
				as[i] = lit()
			}
			if r.IntN(2) == 0 {
				as = append(slices.Clone(last[:r.IntN(len(last)+1)]), as...)
			}
			last = as
			want := bruteForce(nv, cls, as)
			// sometimes a call limited to a conflict or two, which may
			// give up and leaves a state the later calls start from
			var limit int64
			if r.IntN(4) == 0 {
				limit = 1 + int64(r.IntN(2))
			}
			res := s.SolveWithin(context.Background(), limit, as...)
			if res == 0 && limit > 0 {
				continue
			}
			switch {
			case res == 1 && !want, res == -1 && want, res == 0:
				t.Fatalf("answer %d under %v; satisfiable by brute force: %v (clauses %v)", res, as, want, cls)
			case res == 1:
				for _, a := range as {
					if !s.Value(a) {
						t.Fatalf("the model falsifies the assumption %v", a)
					}
				}
				for _, c := range cls {
					if !slices.ContainsFunc(c, s.Value) {
						t.Fatalf("the model falsifies the clause %v", c)
					}
				}
			case res == -1:
				why := s.Why()
				for _, w := range why {
					if !slices.Contains(as, w) {
						t.Fatalf("Why names %v, not an assumption of %v", w, as)
					}
				}
				if bruteForce(nv, cls, why) {
					t.Fatalf("Why %v does not refute the clauses %v under %v", why, cls, as)
				}
			}
		}
	})
}
