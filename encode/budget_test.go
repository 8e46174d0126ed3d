package encode

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// encodeWith encodes t on model with opt and returns the error and the
// bytes allocated meanwhile.
func encodeWith(t *testing.T, test *lsl.Test, model string, opt Options) (*Encoding, error, uint64) {
	t.Helper()
	ra, err := rangeanalysis.Analyze(context.Background(), test)
	if err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	e, err := Encode(context.Background(), test, ra, memmodel.MustByName(model), opt)
	runtime.ReadMemStats(&m1)
	return e, err, m1.TotalAlloc - m0.TotalAlloc
}

// budgetErr asserts that err is a *BudgetError in phase whose message says
// each of want.
func budgetErr(t *testing.T, err error, phase string, want ...string) *BudgetError {
	t.Helper()
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("error %v is not a *BudgetError", err)
	}
	if be.Phase != phase {
		t.Errorf("phase %q, want %q (%v)", be.Phase, phase, err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("message %q does not say %q", err, w)
		}
	}
	if be.Estimate <= be.Budget {
		t.Errorf("estimate %d within the budget %d", be.Estimate, be.Budget)
	}
	return be
}

// A 200-access test on sc needs ~150,000 transitivity triangles (~34 MiB):
// with a budget of 1 MiB the encoder stops before the triangulation, from
// counts, and says what made the test big.
func TestBudgetMemoryOrder(t *testing.T) {
	_, err, alloc := encodeWith(t, largeTest(1, 4, 50), "sc", Options{MaxMemory: 1 << 20})
	be := budgetErr(t, err, "memory order",
		"test gen1 is too large to encode within the memory budget of 1.0 MiB: the memory order needs ~",
		"pairs and ~153161 triangles", "(4 threads, 4 operations, 200 accesses, on sc)",
		"reduce the test or raise --max-memory")
	if be.Test != "gen1" || be.Budget != 1<<20 || be.Threads != 4 || be.Accesses != 200 || be.Triangles != 153161 || be.Pairs == 0 {
		t.Errorf("fields %+v", be)
	}
	// the full encoding allocates ~100 MiB
	if alloc > 8<<20 {
		t.Errorf("%d MiB allocated before the error", alloc>>20)
	}
}

// The product table of an operation on two 256-value operands: the
// thread formulae's estimate names it.
func TestBudgetThreadFormulae(t *testing.T) {
	test, err := lsl.ParseTest("big.lsl", []byte(`source "big.c"
test big
global x @1
thread {
  op f {
    a = choose 0 255
    b = choose 0 255
    c = and.i32 a, b @6:5
    p = [1]
    store p, c
    d = load p
  }
}
`))
	if err != nil {
		t.Fatal(err)
	}
	_, err, alloc := encodeWith(t, test, "relaxed", Options{MaxMemory: 1 << 20})
	// the accesses come after the table: the message counts the test's
	budgetErr(t, err, "thread formulae", "test big is too large", "the thread formulae need ~",
		"the largest operation table, at big.c:6:5, has 65536 rows", "(1 thread, 1 operation, 2 accesses")
	if alloc > 4<<20 {
		t.Errorf("%d MiB allocated before the error", alloc>>20)
	}
}

// Loads and stores of one location in two serial operations: three order
// nodes, but each load may read any of 120 stores, ~120³ clauses.
func TestBudgetValueAxioms(t *testing.T) {
	var b strings.Builder
	b.WriteString("test axioms\nglobal x @1\n")
	for th := 0; th < 2; th++ {
		b.WriteString("thread {\n  op f {\n    p = [1]\n    v = choose 0 1\n")
		for i := 0; i < 60; i++ {
			fmt.Fprintf(&b, "    store p, v\n    r%d = load p\n", i)
		}
		b.WriteString("  }\n}\n")
	}
	test, err := lsl.ParseTest("axioms.lsl", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	_, err, alloc := encodeWith(t, test, "serial", Options{MaxMemory: 4 << 20})
	budgetErr(t, err, "value axioms", "test axioms is too large",
		"the value axioms need ~", "(120 loads, up to 120 stores each may read)", "(2 threads, 2 operations, 240 accesses, on serial)")
	if alloc > 8<<20 {
		t.Errorf("%d MiB allocated before the error", alloc>>20)
	}
}

// With the estimates off, the checks as the encoding grows stop it anyway,
// soon after it reaches the budget.
func TestBudgetGrowthChecks(t *testing.T) {
	estimates = false
	defer func() { estimates = true }()
	_, err, alloc := encodeWith(t, largeTest(1, 4, 50), "sc", Options{MaxMemory: 4 << 20})
	budgetErr(t, err, "memory order", "test gen1 is too large to encode within the memory budget of 4.0 MiB")
	if alloc > 24<<20 {
		t.Errorf("%d MiB allocated before the error", alloc>>20)
	}
}

// The checks read counts only: an encoding within the budget is the same
// formula with or without one, and the default budget holds the bench
// test and the largest litmus tests with room to spare.
func TestBudgetKeepsEncoding(t *testing.T) {
	if DefaultMaxMemory() < 1<<30 {
		t.Logf("default budget only %s", FormatBytes(DefaultMaxMemory()))
	}
	for _, model := range []string{"sc", "tso", "relaxed", "serial"} {
		test := largeTest(1, 4, 50)
		none, err, _ := encodeWith(t, test, model, Options{MaxMemory: -1})
		if err != nil {
			t.Fatal(err)
		}
		def, err, _ := encodeWith(t, test, model, Options{})
		if err != nil {
			t.Fatalf("%s: the default budget (%s) stops the bench test: %v", model, FormatBytes(DefaultMaxMemory()), err)
		}
		a, b := none.Stats(), def.Stats()
		a.EncodeTime, b.EncodeTime = 0, 0
		if a != b {
			t.Errorf("%s: stats without a budget %+v, with the default %+v", model, a, b)
		}
		if u := def.usage(); u > 256<<20 {
			t.Errorf("%s: the bench test is estimated at %s", model, FormatBytes(u))
		}
	}
}

func TestDefaultMaxMemory(t *testing.T) {
	d := DefaultMaxMemory()
	total := memTotal()
	if lim := cgroupLimit(); lim > 0 && (total == 0 || lim < total) {
		total = lim
	}
	want := int64(8 << 30)
	if total > 0 {
		want = total / 2
	}
	if d != want {
		t.Errorf("default %s, want %s", FormatBytes(d), FormatBytes(want))
	}
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "0 B"}, {1023, "1023 B"}, {1 << 20, "1.0 MiB"}, {12 << 30, "12.0 GiB"}, {3 << 29, "1.5 GiB"}} {
		if got := FormatBytes(tc.n); got != tc.want {
			t.Errorf("FormatBytes(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// The constants of budget.go against the heap an encoding holds: the
// estimate must not be below it (the budget is to stop encodings before
// they take the memory), nor so far above that tests that fit are refused.
// Peak memory while encoding is 1.5-2x the live heap (GC headroom, slices
// doubling); -v prints the figures.
func TestMemoryModel(t *testing.T) {
	test := largeTest(1, 4, 50)
	ra, err := rangeanalysis.Analyze(context.Background(), test)
	if err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	e, err := Encode(context.Background(), test, ra, memmodel.MustByName("sc"), Options{MaxMemory: -1})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	live := int64(m1.HeapAlloc) - int64(m0.HeapAlloc)
	est := e.usage()
	st := e.Stats()
	t.Logf("%d vars, %d clauses, %d literals, %d pairs, %d triangles: live heap %s, estimate %s",
		st.Vars, st.Clauses, e.c.lits, e.mem.edges, st.Triangles, FormatBytes(live), FormatBytes(est))
	if est < live || est > 3*live {
		t.Errorf("estimate %s for a live heap of %s", FormatBytes(est), FormatBytes(live))
	}
	runtime.KeepAlive(e)
}
