package rangeanalysis

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"checkfence/cfront"
	"checkfence/internal/testgen"
	"checkfence/lsl"
	"checkfence/tests"
	"checkfence/unroll"
)

// dump prints everything the analysis found, depths included: what the
// fixpoint is made of, not only what Result's methods show.
func dump(r *Result) string {
	var b strings.Builder
	withDepths := func(s valueSet) string {
		var parts []string
		for _, v := range sortedValues(s) {
			parts = append(parts, fmt.Sprintf("%v:%d", v, s[v]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	keys := slices.SortedFunc(maps.Keys(r.regs), func(a, b RegKey) int {
		if a.Thread != b.Thread {
			return a.Thread - b.Thread
		}
		return strings.Compare(string(a.Reg), string(b.Reg))
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "%d.%s = %s\n", k.Thread, k.Reg, withDepths(r.regs[k]))
	}
	for _, a := range r.Locations() {
		fmt.Fprintf(&b, "mem%s = %s\n", a, withDepths(r.locs[a]))
	}
	for _, base := range slices.Sorted(maps.Keys(r.freedBy)) {
		fmt.Fprintf(&b, "freed %d by %b\n", base, r.freedBy[base])
	}
	var frees []string
	for f, bs := range r.unsafeFrees {
		frees = append(frees, fmt.Sprintf("free at %v may free %v\n", f.Pos, slices.Sorted(maps.Keys(bs))))
	}
	slices.Sort(frees)
	b.WriteString(strings.Join(frees, ""))
	return b.String()
}

// sameFixpoint analyses test both ways, skipping and evaluating every
// statement fully in every pass, and reports a difference.
func sameFixpoint(t *testing.T, name string, test *lsl.Test) {
	t.Helper()
	fast, err1 := analyze(context.Background(), test, false)
	slow, err2 := analyze(context.Background(), test, true)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("%s: errors differ: %v / %v", name, err1, err2)
	}
	if err1 != nil {
		return
	}
	if f, s := dump(fast), dump(slow); f != s {
		t.Errorf("%s: skipping changed the fixpoint:\n%s\nwant:\n%s", name, f, s)
	}
}

// Skipping statements whose inputs did not change, and evaluating the
// others only on what changed since their last evaluation (forCombos,
// loads, stores), must not change the fixpoint: on every test of the C
// suites, unrolled with bounds 1, and on generated tests, the sets and
// their depths equal those of evaluating every statement on every value
// in every pass.
func TestSkippingKeepsFixpoint(t *testing.T) {
	cfiles, _ := filepath.Glob("../examples/structures/*/*.c")
	more, _ := filepath.Glob("../algorithms/*/*-fenced.c")
	cfiles = append(cfiles, more...)
	if len(cfiles) == 0 {
		t.Fatal("no C files")
	}
	n := 0
	for _, cf := range cfiles {
		tf, _ := filepath.Glob(filepath.Join(filepath.Dir(cf), "*.tests"))
		if len(tf) != 1 {
			continue
		}
		prog, err := cfront.Compile([]string{cf}, cfront.Options{})
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(tf[0])
		if err != nil {
			t.Fatal(err)
		}
		ts, err := tests.Parse(tf[0], src)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range ts {
			if len(tc.Threads) > 3 {
				continue // keep the test quick
			}
			u, err := unroll.Unroll(prog, tc, unroll.Bounds{})
			if err != nil {
				t.Fatal(err)
			}
			if u.Stats.Instrs > 1200 {
				continue // the reuse queue's larger tests take seconds each
			}
			sameFixpoint(t, cf+" "+tc.Name, u.Test)
			n++
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 300 {
		test := testgen.Generate(r, testgen.Options{Reuse: i%3 == 1, Choices: i%3 == 2})
		sameFixpoint(t, fmt.Sprintf("generated test %d", i), test)
		n++
	}
	t.Logf("%d tests compared", n)
}
