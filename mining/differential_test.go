package mining

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/internal/reference"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/memmodel"
)

var (
	diffN    = flag.Int("diff.n", 1000, "number of generated tests in the differential test")
	diffSeed = flag.Uint64("diff.seed", 1, "seed of the differential test's generator")
)

// generated returns the i-th generated test of the differential run.
func generated(seed uint64, i int) *lsl.Test {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	t := testgen.Generate(r, testgen.Options{})
	t.Name = fmt.Sprintf("gen-%d-%d", seed, i)
	return t
}

// diff compares the encoder's outcomes of t on model m with the
// reference's outcomes on the model named ref. It returns a description
// of the difference, "" if none, and whether the reference could decide.
func diff(t *lsl.Test, m *memmodel.Model, ref string, opt Options) (string, bool, error) {
	want, err := reference.Outcomes(t, ref)
	if err != nil {
		return "", false, nil // too big or unsupported for brute force
	}
	got, err := Outcomes(context.Background(), t, m, opt)
	if err != nil {
		return "", true, err
	}
	wk, gk := lsl.OutcomeKeys(want), lsl.OutcomeKeys(got)
	if strings.Join(wk, "\n") == strings.Join(gk, "\n") {
		return "", true, nil
	}
	in := func(keys []string, k string) bool {
		for _, x := range keys {
			if x == k {
				return true
			}
		}
		return false
	}
	var b strings.Builder
	for _, k := range wk {
		if !in(gk, k) {
			fmt.Fprintf(&b, "  missing (reference only): %s\n", k)
		}
	}
	for _, k := range gk {
		if !in(wk, k) {
			fmt.Fprintf(&b, "  extra (encoder only):     %s\n", k)
		}
	}
	return b.String(), true, nil
}

// TestDifferential requires the SAT encoder's outcome sets to equal those
// of the brute-force reference (written from SEMANTICS.md's axioms,
// sharing no code with the encoder) on generated tests, under all five
// models, with the range analysis and without it (the encoding without
// it is built differently but must mean the same). -diff.n and
// -diff.seed run more or other tests.
func TestDifferential(t *testing.T) {
	n := *diffN
	if testing.Short() {
		n = 100
	}
	decided, mismatches := 0, 0
	for i := 0; i < n; i++ {
		test := generated(*diffSeed, i)
		for _, name := range memmodel.Names() {
			d, ok, err := diff(test, memmodel.MustByName(name), name, Options{})
			if err != nil {
				t.Fatalf("%s on %s: %v\n%s", test.Name, name, err, test)
			}
			if ok && d == "" {
				d, _, err = diff(test, memmodel.MustByName(name), name, Options{Encode: encode.Options{NoRangeAnalysis: true}})
				if err != nil {
					t.Fatalf("%s on %s without range analysis: %v\n%s", test.Name, name, err, test)
				}
				if d != "" {
					d = "(without range analysis)\n" + d
				}
			}
			if !ok {
				continue
			}
			decided++
			if d != "" {
				mismatches++
				t.Errorf("%s on %s: outcomes differ\n%s%s", test.Name, name, d, test)
				if mismatches >= 3 {
					t.FailNow()
				}
			}
		}
	}
	// The reference refuses tests too big to enumerate; most must be decided.
	if decided < n*5*9/10 {
		t.Errorf("the reference decided only %d of %d test×model pairs", decided, n*5)
	}
	t.Logf("%d tests, %d test×model pairs compared", n, decided)
}

// TestDifferentialDetectsBrokenModels shows that the differential test can
// fail: each model below breaks one axiom of a real model (memory models
// are data, so a broken one is a modified row), and some generated test
// must tell it apart from the reference's version of the real model.
func TestDifferentialDetectsBrokenModels(t *testing.T) {
	broken := func(name string, f func(m *memmodel.Model)) *memmodel.Model {
		m := *memmodel.MustByName(name)
		f(&m)
		return &m
	}
	for _, tc := range []struct {
		what  string
		model *memmodel.Model
		ref   string
	}{
		{"tso without store forwarding", broken("tso", func(m *memmodel.Model) { m.Forwarding = false }), "tso"},
		{"tso whose atomic blocks are not fences", broken("tso", func(m *memmodel.Model) { m.AtomicFence = false }), "tso"},
		{"tso keeping store→load order", broken("tso", func(m *memmodel.Model) { m.Keep[memmodel.Store][memmodel.Load] = memmodel.Always }), "tso"},
		{"pso reordering same-address stores", broken("pso", func(m *memmodel.Model) { m.Keep[memmodel.Store][memmodel.Store] = memmodel.Never }), "pso"},
		{"relaxed keeping load→load order", broken("relaxed", func(m *memmodel.Model) { m.Keep[memmodel.Load][memmodel.Load] = memmodel.Always }), "relaxed"},
		{"relaxed without forwarding", broken("relaxed", func(m *memmodel.Model) { m.Forwarding = false }), "relaxed"},
		{"sc with store buffers", broken("sc", func(m *memmodel.Model) { m.Keep[memmodel.Store][memmodel.Load] = memmodel.Never; m.Forwarding = true }), "sc"},
		{"serial without atomic operations", broken("serial", func(m *memmodel.Model) { m.SerialOps = false }), "serial"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			for i := 0; i < *diffN; i++ {
				test := generated(*diffSeed, i)
				d, ok, err := diff(test, tc.model, tc.ref, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if ok && d != "" {
					t.Logf("told apart by test %d:\n%s", i, d)
					return
				}
			}
			t.Errorf("no generated test tells %q from %s", tc.what, tc.ref)
		})
	}
}
