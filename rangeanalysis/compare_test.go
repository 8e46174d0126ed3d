package rangeanalysis

import (
	"maps"
	"math/rand/v2"
	"testing"

	"checkfence/lsl"
)

// compare must give what evaluating every combination gives.
func TestCompareMatchesCombos(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pool := []lsl.Value{lsl.Undefined, lsl.Int(0), lsl.Int(1), lsl.Int(2), lsl.Ptr(1), lsl.Ptr(1, 0), lsl.Ptr(2, 1)}
	randSet := func() valueSet {
		s := valueSet{}
		for _, v := range pool {
			if r.IntN(2) == 0 {
				s[v] = r.IntN(3)
			}
		}
		return s
	}
	for i := 0; i < 3000; i++ {
		a, b := randSet(), randSet()
		for _, op := range []lsl.OpCode{lsl.OpEq, lsl.OpNe, lsl.OpSame} {
			got, want := valueSet{}, valueSet{}
			compare(op, a, b, got)
			forCombos([]*loggedSet{logged(a), logged(b)}, nil, func(args []lsl.Value, d int) bool {
				v, f := lsl.Eval(op, lsl.I32, args...)
				if f != lsl.NoFault {
					want.add(lsl.Undefined, 0)
					return true
				}
				want.add(v, d)
				return true
			})
			if !maps.Equal(got, want) {
				t.Fatalf("%v %v %v: got %v, want %v", op, a, b, got, want)
			}
		}
	}
}

// logged returns s as a register's set, its values logged.
func logged(s valueSet) *loggedSet {
	r := &loggedSet{vals: valueSet{}}
	for v, d := range s {
		r.add(v, d)
	}
	return r
}
