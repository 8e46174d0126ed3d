package rangeanalysis

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"checkfence/lsl"
)

// An operation evaluated on the combinations forCombos passes since its
// last evaluation has the set it would have if every combination were
// evaluated each time, while its operands grow and their depths shrink;
// but a combination is passed again only if one of its values was logged
// since (added, or its depth lowered), and never twice in one call: an
// operation costs its operands' product once, not once per pass.
func TestForCombosSinceLast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 2000; iter++ {
		n := 1 + r.IntN(3)
		args := make([]*loggedSet, n)
		for i := range args {
			args[i] = &loggedSet{vals: valueSet{}}
		}
		if r.IntN(2) == 0 && n > 1 {
			args[1] = args[0] // an operation of a register with itself
		}
		// an operation whose result depends on every operand
		op := func(vals []lsl.Value) lsl.Value {
			k := int64(0)
			for _, v := range vals {
				k = 8*k + v.IntVal()
			}
			return lsl.Int(k)
		}
		incr := valueSet{}
		var last []int
		for step := 0; step < 6; step++ {
			for _, a := range args {
				for range r.IntN(4) {
					a.add(lsl.Int(int64(r.IntN(8))), r.IntN(4))
				}
			}
			seen := map[string]bool{}
			forCombos(args, last, func(vals []lsl.Value, d int) bool {
				k := fmt.Sprint(vals)
				if seen[k] {
					t.Fatalf("iteration %d step %d: %s passed twice", iter, step, k)
				}
				seen[k] = true
				changed := last == nil
				for i, v := range vals {
					changed = changed || slices.Contains(args[i].log[last[i]:], v)
				}
				if !changed {
					t.Fatalf("iteration %d step %d: %s passed again, none of its values changed", iter, step, k)
				}
				incr.add(op(vals), d)
				return true
			})
			last = make([]int, n)
			for i, a := range args {
				last[i] = len(a.log)
			}
			full := valueSet{}
			forCombos(args, nil, func(vals []lsl.Value, d int) bool {
				full.add(op(vals), d)
				return true
			})
			if !maps.Equal(incr, full) {
				t.Fatalf("iteration %d step %d: got %v, want %v", iter, step, incr, full)
			}
		}
	}
}
