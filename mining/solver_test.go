package mining

import (
	"context"
	"testing"

	"checkfence/encode"
	"checkfence/lsl"
	"checkfence/memmodel"
)

// TestSolverCheckedAgainstGini asks every question of the enumeration of
// the differential tests' generated programs (plain, with memory reuse,
// with fences), on every model, of both the builtin solver and gini
// (encode.SolverChecked: a different answer, a model falsifying a clause
// or failed assumptions that refute nothing panic), and requires gini's
// outcome sets to equal the builtin solver's.
func TestSolverCheckedAgainstGini(t *testing.T) {
	n := differentialN()
	checked := Options{Encode: encode.Options{Solver: encode.SolverChecked}}
	gini := Options{Encode: encode.Options{Solver: encode.SolverGini}}
	for i := 0; i < 3*n; i++ {
		// plain, with memory reuse, with fences
		test := []func(uint64, int) *lsl.Test{generated, generatedReuse, generatedFenced}[i%3](*diffSeed, i/3)
		for _, name := range memmodel.Names() {
			m := memmodel.MustByName(name)
			got, err := Outcomes(context.Background(), test, m, checked)
			if err != nil {
				t.Fatalf("%s on %s: %v", test.Name, name, err)
			}
			want, err := Outcomes(context.Background(), test, m, gini)
			if err != nil {
				t.Fatalf("%s on %s with gini: %v", test.Name, name, err)
			}
			if d := diffNamed(want, got, "gini only   ", "builtin only"); d != "" {
				t.Errorf("%s on %s: outcomes differ between the solvers\n%s%s", test.Name, name, d, test)
			}
		}
	}
}
