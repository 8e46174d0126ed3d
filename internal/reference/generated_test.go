package reference

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"checkfence/internal/longtest"
	"checkfence/internal/testgen"
	"checkfence/lsl"
)

var (
	chainN = flag.Int("ref.chain.n", 0, "number of generated tests in TestGeneratedChain (0: 200, or 400 with CHECKFENCE_LONG=1)")
	naiveN = flag.Int("ref.naive.n", 0, "number of random tests in TestAgainstNaive (0: 300, or 1000 with CHECKFENCE_LONG=1)")
)

// sampleN is the size of a sample: the flag's value if set, else
// short under -short, else def (long with CHECKFENCE_LONG=1).
func sampleN(flagged, short, def, long int) uint64 {
	switch {
	case flagged > 0:
		return uint64(flagged)
	case testing.Short():
		return uint64(short)
	}
	return uint64(longtest.N(def, long))
}

// modelChain lists the models from strongest to weakest: each allows every
// execution of the one before it (SEMANTICS.md), so outcome sets grow
// along the chain.
var modelChain = []string{"serial", "sc", "tso", "pso", "rmo", "relaxed"}

func generated(seed uint64) *lsl.Test {
	return testgen.Generate(rand.New(rand.NewPCG(seed, 0)), testgen.Options{})
}

// TestGeneratedChain checks on random tests that the reference accepts
// them, but for a few too big to enumerate (generated loops can make the
// search too long on relaxed), and that outcome sets only grow from
// stronger to weaker models. -ref.chain.n sets the number of tests.
func TestGeneratedChain(t *testing.T) {
	n := sampleN(*chainN, 50, 200, 400)
	const chunks = 4
	for c := range uint64(chunks) {
		t.Run(fmt.Sprintf("chunk%d", c), func(t *testing.T) {
			t.Parallel()
			tooBig := 0
			for seed := c; seed < n; seed += chunks {
				if !checkChain(t, seed, generated(seed)) {
					tooBig++
				}
			}
			if chunk := n / chunks; uint64(tooBig) > 1+chunk/20 {
				t.Errorf("%d of %d tests too big for the reference", tooBig, chunk)
			}
		})
	}
}

// checkChain checks test on every model and reports whether the
// reference enumerated it on all of them.
func checkChain(t *testing.T, seed uint64, test *lsl.Test) bool {
	var prev []string
	for _, m := range modelChain {
		os, err := Outcomes(test, m)
		if errors.Is(err, ErrTooBig) {
			return false
		}
		if err != nil {
			t.Fatalf("seed %d, %s: %v\n%s", seed, m, err, test)
		}
		cur := lsl.OutcomeKeys(os)
		for _, k := range prev {
			if _, found := slices.BinarySearch(cur, k); !found {
				t.Errorf("seed %d: outcome %q of a stronger model missing on %s\n%s", seed, k, m, test)
			}
		}
		prev = cur
	}
	return true
}

// BenchmarkGenerated measures the reference on 1,000 random tests under
// all six models (one iteration is the whole batch).
func BenchmarkGenerated(b *testing.B) {
	tests := make([]*lsl.Test, 1000)
	for i := range tests {
		tests[i] = generated(uint64(i))
	}
	for b.Loop() {
		for _, test := range tests {
			for _, m := range modelChain {
				if _, err := Outcomes(test, m); err != nil && !errors.Is(err, ErrTooBig) {
					b.Fatal(err)
				}
			}
		}
	}
}
