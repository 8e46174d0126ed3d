package mining

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"checkfence/encode"
	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/memmodel"
)

// generatedPair returns the i-th generated two-thread test, every third
// one allocating and freeing (its allocator events are order nodes too).
func generatedPair(seed uint64, i int) *lsl.Test {
	return generatedWith("pair", seed, i, func(*rand.Rand) testgen.Options {
		return testgen.Options{Threads: 2, Reuse: i%3 == 0}
	})
}

// TestDifferentialInterleaving compares the encoder with the reference
// on generated two-thread tests under the models whose memory order of
// two threads is encoded as an interleaving (encode/interleave.go), and
// checks that the interleaving was used for most of them.
func TestDifferentialInterleaving(t *testing.T) {
	n := longtest.N(400, 2000)
	if testing.Short() {
		n = 100
	}
	ctx := context.Background()
	grids, crossed, runs := 0, 0, 0
	for i := range n {
		test := generatedPair(*diffSeed, i)
		for _, name := range []string{"serial", "sc"} {
			m := memmodel.MustByName(name)
			want, err := reference.Outcomes(test, name)
			if errors.Is(err, reference.ErrTooBig) {
				continue
			}
			if err != nil {
				t.Fatalf("%s on %s: reference: %v\n%s", test.Name, name, err, test)
			}
			enc, err := Prepare(ctx, test, m, Options{})
			if err != nil {
				t.Fatalf("%s on %s: %v\n%s", test.Name, name, err, test)
			}
			runs++
			if st := enc.Stats(); st.Interleaved {
				grids++
				if st.OrderGrid > 0 {
					crossed++ // some access is ordered against the other thread
				}
			}
			got, err := Outcomes(ctx, test, m, Options{})
			if err != nil {
				t.Fatalf("%s on %s: %v\n%s", test.Name, name, err, test)
			}
			if d := diff(want, got); d != "" {
				t.Fatalf("%s on %s differs from the reference:\n%s%s", test.Name, name, d, test)
			}
		}
	}
	t.Logf("%d test×model pairs decided, %d encoded as an interleaving, %d of them with a grid", runs, grids, crossed)
	if grids < runs*9/10 || crossed < runs/2 {
		t.Errorf("only %d of %d two-thread encodings on serial and sc were interleavings, %d with a grid", grids, runs, crossed)
	}
}

// TestDifferentialDetectsBrokenInterleaving shows that
// TestDifferentialInterleaving can fail: without either family of the
// clauses that make the grid an interleaving
// (encode.Options.BreakInterleaving), the order can be cyclic, and some
// generated test among the first -diff.scan must tell it from the
// reference.
func TestDifferentialDetectsBrokenInterleaving(t *testing.T) {
	for _, broken := range []int{1, 2} {
		opt := Options{Encode: encode.Options{BreakInterleaving: broken}}
		found := false
		for i := 0; i < *diffScan && !found; i++ {
			test := generatedPair(*diffSeed, i)
			want, err := reference.Outcomes(test, "sc")
			if err != nil {
				continue
			}
			got, err := Outcomes(context.Background(), test, memmodel.MustByName("sc"), opt)
			if err != nil {
				t.Fatal(err)
			}
			if d := diff(want, got); d != "" {
				t.Logf("family %d: told apart by test %d:\n%s", broken, i, d)
				found = true
			}
		}
		if !found {
			t.Errorf("no generated test tells an interleaving without clause family %d from the reference", broken)
		}
	}
}
