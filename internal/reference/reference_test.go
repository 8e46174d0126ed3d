package reference

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"checkfence/lsl"
)

var allModels = []string{"serial", "sc", "tso", "pso", "rmo", "relaxed"}

// twoThreads builds a test over globals x and y (0 unless inits say
// otherwise) with finals x and y; each thread body starts with registers
// &x and &y holding the globals' addresses and the constants c0..c3.
func twoThreads(name string, inits []lsl.Value, bodies ...[]lsl.Stmt) *lsl.Test {
	gs := scalars("x y", inits...)
	t := &lsl.Test{Name: name, Globals: gs, Final: finals(gs)}
	for _, b := range bodies {
		body := append(prelude(gs), b...)
		t.Threads = append(t.Threads, []*lsl.Invocation{inv(body...)})
	}
	return t
}

func prelude(gs []*lsl.Global) []lsl.Stmt {
	body := addrs(gs)
	for i := int64(0); i < 4; i++ {
		body = append(body, cnst("c"+string(rune('0'+i)), lsl.Int(i)))
	}
	return body
}

// cas is an atomic compare-and-swap of *addr from old to new; ok receives
// whether it swapped.
func cas(addr, old, new, ok string) lsl.Stmt {
	return atomic(
		load(ok+".v", addr),
		prim(ok, lsl.OpEq, ok+".v", old),
		prim(ok+".n", lsl.OpLNot, ok),
		block(ok+".L", brk(ok+".L", ok+".n"), store(addr, new)),
	)
}

// increment is load x; store x, r+1, observing r.
func increment(r string) []lsl.Stmt {
	return []lsl.Stmt{
		load(r, "&x"),
		prim(r+"+1", lsl.OpAdd, r, "c1"),
		store("&x", r+"+1"),
		output(r),
	}
}

// TestOutcomeSets checks complete outcome sets, worked out by hand from
// SEMANTICS.md, for small tests that exercise one rule each.
func TestOutcomeSets(t *testing.T) {
	// Keys are written without the finals group and with final{...}
	// appended from the want entry, to keep the table readable.
	tests := []struct {
		name   string
		test   *lsl.Test
		models []string
		want   []string
	}{
		{
			// SEMANTICS.md, Values: no instruction produces 1.
			name: "out-of-thin-air",
			test: twoThreads("oota", nil,
				[]lsl.Stmt{load("r1", "&x"), store("&y", "r1"), output("r1")},
				[]lsl.Stmt{load("r2", "&y"), store("&x", "r2"), output("r2")}),
			models: allModels,
			want:   []string{"t0.0{output r1=0} | t1.0{output r2=0} | final{0 0}"},
		},
		{
			// Each operation is whole under serial: one reads the other's 1.
			name: "load buffering with constants, serial",
			test: twoThreads("lb", nil,
				[]lsl.Stmt{load("r1", "&x"), store("&y", "c1"), output("r1")},
				[]lsl.Stmt{load("r2", "&y"), store("&x", "c1"), output("r2")}),
			models: []string{"serial"},
			want: []string{
				"t0.0{output r1=0} | t1.0{output r2=1} | final{1 1}",
				"t0.0{output r1=1} | t1.0{output r2=0} | final{1 1}",
			},
		},
		{
			name: "load buffering with constants, strong models",
			test: twoThreads("lb", nil,
				[]lsl.Stmt{load("r1", "&x"), store("&y", "c1"), output("r1")},
				[]lsl.Stmt{load("r2", "&y"), store("&x", "c1"), output("r2")}),
			models: []string{"sc", "tso", "pso"},
			want: []string{
				"t0.0{output r1=0} | t1.0{output r2=0} | final{1 1}",
				"t0.0{output r1=0} | t1.0{output r2=1} | final{1 1}",
				"t0.0{output r1=1} | t1.0{output r2=0} | final{1 1}",
			},
		},
		{
			name: "load buffering with constants, rmo and relaxed",
			test: twoThreads("lb", nil,
				[]lsl.Stmt{load("r1", "&x"), store("&y", "c1"), output("r1")},
				[]lsl.Stmt{load("r2", "&y"), store("&x", "c1"), output("r2")}),
			models: []string{"rmo", "relaxed"},
			want: []string{
				"t0.0{output r1=0} | t1.0{output r2=0} | final{1 1}",
				"t0.0{output r1=0} | t1.0{output r2=1} | final{1 1}",
				"t0.0{output r1=1} | t1.0{output r2=0} | final{1 1}",
				"t0.0{output r1=1} | t1.0{output r2=1} | final{1 1}",
			},
		},
		{
			// Operations are atomic under serial: no lost update.
			name:   "seriality",
			test:   twoThreads("inc", nil, increment("a"), increment("b")),
			models: []string{"serial"},
			want: []string{
				"t0.0{output a=0} | t1.0{output b=1} | final{2 0}",
				"t0.0{output a=1} | t1.0{output b=0} | final{2 0}",
			},
		},
		{
			name:   "lost update",
			test:   twoThreads("inc", nil, increment("a"), increment("b")),
			models: []string{"sc", "tso", "pso", "rmo", "relaxed"},
			want: []string{
				"t0.0{output a=0} | t1.0{output b=0} | final{1 0}",
				"t0.0{output a=0} | t1.0{output b=1} | final{2 0}",
				"t0.0{output a=1} | t1.0{output b=0} | final{2 0}",
			},
		},
		{
			// Exactly one of two competing CAS succeeds, on every model.
			name: "atomic CAS pair",
			test: twoThreads("cas", nil,
				[]lsl.Stmt{cas("&x", "c0", "c1", "ok"), output("ok")},
				[]lsl.Stmt{cas("&x", "c0", "c2", "ok"), output("ok")}),
			models: allModels,
			want: []string{
				"t0.0{output ok=0} | t1.0{output ok=1} | final{2 0}",
				"t0.0{output ok=1} | t1.0{output ok=0} | final{1 0}",
			},
		},
		{
			// The same code without the atomic block lets both succeed.
			name: "CAS without atomic block",
			test: twoThreads("nocas", nil,
				[]lsl.Stmt{cas("&x", "c0", "c1", "ok").(*lsl.Atomic).Body[0],
					prim("ok", lsl.OpEq, "ok.v", "c0"), prim("ok.n", lsl.OpLNot, "ok"),
					block("L", brk("L", "ok.n"), store("&x", "c1")), output("ok")},
				[]lsl.Stmt{load("ok.v", "&x"),
					prim("ok", lsl.OpEq, "ok.v", "c0"), prim("ok.n", lsl.OpLNot, "ok"),
					block("L", brk("L", "ok.n"), store("&x", "c2")), output("ok")}),
			models: []string{"sc"},
			want: []string{
				"t0.0{output ok=0} | t1.0{output ok=1} | final{2 0}",
				"t0.0{output ok=1} | t1.0{output ok=0} | final{1 0}",
				"t0.0{output ok=1} | t1.0{output ok=1} | final{1 0}",
				"t0.0{output ok=1} | t1.0{output ok=1} | final{2 0}",
			},
		},
		{
			// A thread always sees its own store (forwarding on the weak
			// models, program order on the strong ones).
			name: "own store visible",
			test: twoThreads("fwd", nil,
				[]lsl.Stmt{store("&x", "c1"), load("r", "&x"), output("r")},
				[]lsl.Stmt{store("&y", "c1"), load("s", "&x"), output("s")}),
			models: allModels,
			want: []string{
				"t0.0{output r=1} | t1.0{output s=0} | final{1 1}",
				"t0.0{output r=1} | t1.0{output s=1} | final{1 1}",
			},
		},
		{
			name: "assert fails on one path",
			test: twoThreads("assert", nil,
				[]lsl.Stmt{load("r", "&x"), prim("e", lsl.OpEq, "r", "c1"),
					block("L", brk("L", "e"), assert("c0")), output("r")},
				[]lsl.Stmt{store("&x", "c1")}),
			models: allModels,
			want:   []string{"error", "t0.0{output r=1} | t1.0{} | final{1 0}"},
		},
		{
			name: "assert holds when x is initially 1",
			test: twoThreads("assert1", []lsl.Value{lsl.Int(1)},
				[]lsl.Stmt{load("r", "&x"), prim("e", lsl.OpEq, "r", "c1"),
					block("L", brk("L", "e"), assert("c0")), output("r")},
				[]lsl.Stmt{store("&x", "c1")}),
			models: allModels,
			want:   []string{"t0.0{output r=1} | t1.0{} | final{1 0}"},
		},
		{
			name: "assume removes executions",
			test: twoThreads("assume", nil,
				[]lsl.Stmt{load("r", "&x"), assume("r"), output("r")},
				[]lsl.Stmt{store("&x", "c1")}),
			models: allModels,
			want:   []string{"t0.0{output r=1} | t1.0{} | final{1 0}"},
		},
		{
			name: "bound exceeded removes executions",
			test: twoThreads("bound", nil,
				[]lsl.Stmt{load("r", "&x"), block("L", brk("L", "r"), &lsl.BoundExceeded{Loop: "l"}), output("r")},
				[]lsl.Stmt{store("&x", "c1")}),
			models: allModels,
			want:   []string{"t0.0{output r=1} | t1.0{} | final{1 0}"},
		},
		{
			name: "choose",
			test: twoThreads("choose", nil,
				[]lsl.Stmt{choose("v", 0, 1), store("&x", "v"), output("v")}),
			models: allModels,
			want: []string{
				"t0.0{output v=0} | final{0 0}",
				"t0.0{output v=1} | final{1 0}",
			},
		},
		{
			// Copying undefined is allowed; so is observing it.
			name:   "observe undefined",
			test:   twoThreads("undef", nil, []lsl.Stmt{store("&x", "u"), load("w", "&x"), output("w")}),
			models: allModels,
			want:   []string{"t0.0{output w=undefined} | final{undefined 0}"},
		},
		{
			name: "labels",
			test: twoThreads("labels", nil,
				[]lsl.Stmt{load("r", "&x"), block("L", brk("L", "r"), label("zero")), label("end")},
				[]lsl.Stmt{store("&x", "c1")}),
			models: []string{"sc"},
			want: []string{
				"t0.0{label end} | t1.0{} | final{1 0}",
				"t0.0{label zero label end} | t1.0{} | final{1 0}",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, m := range tt.models {
				got := keys(t, tt.test, m)
				want := slices.Sorted(slices.Values(tt.want))
				if !slices.Equal(got, want) {
					t.Errorf("%s:\n got %s\nwant %s", m, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
				}
			}
		})
	}
}

// TestErrors checks that each kind of error execution is found, on every
// model, and is the only outcome of a test that always fails.
func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		body []lsl.Stmt
	}{
		{"assert false", []lsl.Stmt{assert("c0")}},
		{"assert undefined", []lsl.Stmt{assert("u")}},
		{"arithmetic on undefined", []lsl.Stmt{prim("s", lsl.OpAdd, "u", "c1"), output("s")}},
		{"division by zero", []lsl.Stmt{prim("q", lsl.OpDiv, "c1", "c0")}},
		{"branch on undefined", []lsl.Stmt{block("L", brk("L", "u"))}},
		{"load through null", []lsl.Stmt{load("r", "c0"), output("r")}},
		{"store through undefined", []lsl.Stmt{store("u", "c1")}},
		{"load through unknown base", []lsl.Stmt{cnst("p", lsl.Ptr(99)), load("r", "p")}},
		{"free an integer", []lsl.Stmt{&lsl.Free{Addr: "c1"}}},
		{"double free", []lsl.Stmt{&lsl.Alloc{Dst: "p", Size: 8}, &lsl.Free{Addr: "p"}, &lsl.Free{Addr: "p"}}},
		{"load of the address of a loaded integer", []lsl.Stmt{load("r", "&x"), load("s", "r")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test := twoThreads("err", nil, tt.body, []lsl.Stmt{store("&y", "c1")})
			for _, m := range allModels {
				os := outcomes(t, test, m)
				if len(os) != 1 || os[0].Fault == lsl.NoFault {
					t.Errorf("%s: got %v, want only an error execution", m, lsl.OutcomeKeys(os))
				}
			}
		})
	}
}

// TestPointerCut: an address converted to 32 bits has no value (a fault
// of the execution); converted to 64 bits it stays the address, and a
// store through it lands in x.
func TestPointerCut(t *testing.T) {
	cut := twoThreads("cut", nil, []lsl.Stmt{prim("n", lsl.OpConv, "&x"), output("n")})
	whole := twoThreads("whole", nil, []lsl.Stmt{
		&lsl.Prim{Dst: "l", Op: lsl.OpConv, Type: lsl.I64, Args: []lsl.Reg{"&x"}},
		store("l", "c2"),
	})
	for _, m := range allModels {
		if os := outcomes(t, cut, m); len(os) != 1 || os[0].Fault != lsl.FaultPointerCut {
			t.Errorf("cut on %s: got %v (%v), want only a pointer cut", m, lsl.OutcomeKeys(os), os)
		}
		if got := keys(t, whole, m); !slices.Equal(got, []string{"t0.0{} | final{2 0}"}) {
			t.Errorf("whole on %s: got %v", m, got)
		}
	}
}

// TestAllocation checks fresh blocks: undefined content, own stores
// visible, a single free is fine.
func TestAllocation(t *testing.T) {
	test := twoThreads("alloc", nil, []lsl.Stmt{
		&lsl.Alloc{Dst: "p", Size: 8},
		load("before", "p"),
		store("p", "c2"),
		load("after", "p"),
		&lsl.Free{Addr: "p"},
		output("before"), output("after"),
	})
	for _, m := range allModels {
		got := keys(t, test, m)
		want := []string{"t0.0{output before=undefined output after=2} | final{0 0}"}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", m, got, want)
		}
	}
}

// TestAllocBases checks the numbering of allocations: above every global,
// in thread order (x and y have bases 1 and 2).
func TestAllocBases(t *testing.T) {
	test := twoThreads("bases", nil,
		[]lsl.Stmt{block("L", &lsl.Alloc{Dst: "p", Size: 8}), output("p")},
		[]lsl.Stmt{&lsl.Alloc{Dst: "q", Size: 8}, store("q", "c1"), load("v", "q"), output("q"), output("v")})
	want := []string{"t0.0{output p=[3]} | t1.0{output q=[4] output v=1} | final{0 0}"}
	for _, m := range allModels {
		if got := keys(t, test, m); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", m, got, want)
		}
	}
	// The naive enumeration takes its bases from lsl.AllocBases.
	compareNaive(t, "bases", test)
}

// TestInit checks that init runs first, on its own registers, and that its
// stores are visible to every thread.
func TestInit(t *testing.T) {
	gs := scalars("x y")
	test := &lsl.Test{
		Name:    "init",
		Globals: gs,
		Final:   finals(gs),
		Init: []*lsl.Invocation{
			inv(append(prelude(gs), store("&x", "c3"), load("i", "&x"), output("i"))...),
			inv(store("&y", "c2"), output("c1")),
		},
		Threads: [][]*lsl.Invocation{
			{inv(append(prelude(gs), load("r", "&x"), load("s", "&y"), output("r"), output("s"), output("i"))...)},
		},
	}
	want := []string{"init0{output i=3} | init1{output c1=1} | t0.0{output r=3 output s=2 output i=undefined} | final{3 2}"}
	for _, m := range allModels {
		if got := keys(t, test, m); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", m, got, want)
		}
	}
}

// reachable reports whether some correct outcome of test on model has
// thread th observe each name=value of obs.
func reachable(t *testing.T, test *lsl.Test, model string, obs map[[2]string]lsl.Value) bool {
	t.Helper()
	for _, o := range outcomes(t, test, model) {
		if o.Fault != lsl.NoFault {
			continue
		}
		ok := true
		for k, want := range obs {
			th := int(k[0][0] - '0')
			if v, found := obsValue(o, th, k[1]); !found || v != want {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestVerdicts checks whether a weak behaviour is reachable, model by
// model, for shapes beyond the litmus corpus.
func TestVerdicts(t *testing.T) {
	// Message passing through a pointer: T0 writes y, then publishes &y in
	// p (initially &x); T1 reads p and dereferences it. Relaxed has no
	// dependency ordering, so the dependent load may still see y = 0
	// unless a load-load fence orders it.
	pointerMP := func(t0Fence, t1Fence bool) *lsl.Test {
		gs := scalars("x y p", lsl.Int(0), lsl.Int(0), lsl.Ptr(1))
		b0 := append(addrs(gs), cnst("one", lsl.Int(1)), store("&y", "one"))
		if t0Fence {
			b0 = append(b0, fence(lsl.StoreStore))
		}
		b0 = append(b0, store("&p", "&y"))
		b1 := append(addrs(gs), load("a", "&p"))
		if t1Fence {
			b1 = append(b1, fence(lsl.LoadLoad))
		}
		b1 = append(b1, load("v", "a"), output("a"), output("v"))
		return &lsl.Test{Name: "mp-ptr", Globals: gs, Final: finals(gs),
			Threads: [][]*lsl.Invocation{{inv(b0...)}, {inv(b1...)}}}
	}
	stale := map[[2]string]lsl.Value{{"1", "a"}: lsl.Ptr(2), {"1", "v"}: lsl.Int(0)}

	// Store buffering where each load is an atomic block: under tso an
	// atomic block is a full fence, under pso, rmo and relaxed it is not.
	sbAtomic := twoThreads("sb-atomic", nil,
		[]lsl.Stmt{store("&x", "c1"), atomic(load("r", "&y")), output("r")},
		[]lsl.Stmt{store("&y", "c1"), atomic(load("s", "&x")), output("s")})
	bothZero := map[[2]string]lsl.Value{{"0", "r"}: lsl.Int(0), {"1", "s"}: lsl.Int(0)}
	// The same with nofence blocks (multi-word loads and stores): no
	// fence on tso either. A nofence store followed by a fenced block
	// gets the latter's fence.
	sbNoFence := twoThreads("sb-nofence", nil,
		[]lsl.Stmt{atomicNoFence(store("&x", "c1")), atomicNoFence(load("r", "&y")), output("r")},
		[]lsl.Stmt{atomicNoFence(store("&y", "c1")), atomicNoFence(load("s", "&x")), output("s")})
	sbNoFenceThenAtomic := twoThreads("sb-nofence-atomic", nil,
		[]lsl.Stmt{atomicNoFence(store("&x", "c1")), atomic(load("r", "&y")), output("r")},
		[]lsl.Stmt{atomicNoFence(store("&y", "c1")), atomic(load("s", "&x")), output("s")})
	// A nofence block is still atomic: a two-word store and a two-word
	// load never see half of each other.
	torn := twoThreads("torn", nil,
		[]lsl.Stmt{atomicNoFence(store("&x", "c1"), store("&y", "c1"))},
		[]lsl.Stmt{atomicNoFence(load("r", "&x"), load("s", "&y")), output("r"), output("s")})
	tornRead := map[[2]string]lsl.Value{{"1", "r"}: lsl.Int(1), {"1", "s"}: lsl.Int(0)}
	tornPlain := twoThreads("torn-plain", nil,
		[]lsl.Stmt{store("&x", "c1"), store("&y", "c1")},
		[]lsl.Stmt{load("r", "&x"), load("s", "&y"), output("r"), output("s")})

	// Two CAS on different addresses may be reordered on rmo and relaxed
	// (the paper's observation about the nonblocking queue). On pso the first
	// CAS's load keeps it before the second CAS's load, and the first
	// CAS's store is contiguous with its load.
	casMP := twoThreads("cas-mp", nil,
		[]lsl.Stmt{cas("&x", "c0", "c1", "a"), cas("&y", "c0", "c1", "b")},
		[]lsl.Stmt{load("r", "&y"), fence(lsl.LoadLoad), load("s", "&x"), output("r"), output("s")})
	yNotX := map[[2]string]lsl.Value{{"1", "r"}: lsl.Int(1), {"1", "s"}: lsl.Int(0)}

	// Coherence of reads, what rmo adds to relaxed: a thread that has read
	// the new value of x cannot read the old one afterwards, unless the two
	// loads of x may be reordered (relaxed only). Reading x, then y, then
	// x again does not help: y is another address.
	newThenOld := map[[2]string]lsl.Value{{"1", "r"}: lsl.Int(1), {"1", "s"}: lsl.Int(0)}
	coRR := twoThreads("corr", nil,
		[]lsl.Stmt{store("&x", "c1")},
		[]lsl.Stmt{load("r", "&x"), load("s", "&x"), output("r"), output("s")})
	coRRVia := twoThreads("corr-via-y", nil,
		[]lsl.Stmt{store("&x", "c1")},
		[]lsl.Stmt{load("r", "&x"), load("t", "&y"), load("s", "&x"), output("r"), output("s")})
	// Nor does a store to y between them: the same-address load-load rule
	// alone keeps the two loads of x in order.
	coRRAfterOwn := twoThreads("corr-own", nil,
		[]lsl.Stmt{store("&x", "c1")},
		[]lsl.Stmt{load("r", "&x"), store("&y", "c1"), load("s", "&x"), output("r"), output("s")})

	tests := []struct {
		name string
		test *lsl.Test
		obs  map[[2]string]lsl.Value
		want map[string]bool // model -> reachable
	}{
		{"pointer MP", pointerMP(false, false), stale,
			map[string]bool{"serial": false, "sc": false, "tso": false, "pso": true, "rmo": true, "relaxed": true}},
		{"pointer MP+store-store", pointerMP(true, false), stale,
			map[string]bool{"serial": false, "sc": false, "tso": false, "pso": false, "rmo": true, "relaxed": true}},
		{"pointer MP+store-store+load-load", pointerMP(true, true), stale,
			map[string]bool{"serial": false, "sc": false, "tso": false, "pso": false, "relaxed": false}},
		{"SB with atomic loads", sbAtomic, bothZero,
			map[string]bool{"serial": false, "sc": false, "tso": false, "pso": true, "rmo": true, "relaxed": true}},
		{"SB with nofence blocks", sbNoFence, bothZero,
			map[string]bool{"serial": false, "sc": false, "tso": true, "pso": true, "rmo": true, "relaxed": true}},
		{"SB with a nofence store, then an atomic load", sbNoFenceThenAtomic, bothZero,
			map[string]bool{"serial": false, "sc": false, "tso": false, "pso": true, "rmo": true, "relaxed": true}},
		{"torn read of nofence blocks", torn, tornRead, map[string]bool{}},
		{"torn read without blocks", tornPlain, tornRead,
			map[string]bool{"serial": false, "sc": true, "tso": true, "pso": true, "rmo": true, "relaxed": true}},
		{"MP with two CAS", casMP, yNotX,
			map[string]bool{"serial": false, "sc": false, "tso": false, "pso": false, "rmo": true, "relaxed": true}},
		{"CoRR", coRR, newThenOld, map[string]bool{"relaxed": true}},
		{"CoRR through a load of y", coRRVia, newThenOld, map[string]bool{"relaxed": true}},
		{"CoRR around a store to y", coRRAfterOwn, newThenOld, map[string]bool{"relaxed": true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, m := range allModels {
				if got := reachable(t, tt.test, m, tt.obs); got != tt.want[m] {
					t.Errorf("%s: reachable = %v, want %v", m, got, tt.want[m])
				}
			}
		})
	}
}

// TestSerialInvocations checks that serial keeps invocations whole while
// sc interleaves them: thread 0 increments twice, thread 1 once.
func TestSerialInvocations(t *testing.T) {
	gs := scalars("x")
	test := &lsl.Test{Name: "inc3", Globals: gs, Final: finals(gs), Threads: [][]*lsl.Invocation{
		{inv(append(prelude(gs), increment("a")...)...), inv(increment("b")...)},
		{inv(append(prelude(gs), increment("c")...)...)},
	}}
	finalsOf := func(m string) map[string]bool {
		got := map[string]bool{}
		for _, o := range outcomes(t, test, m) {
			got[o.Final[0].String()] = true
		}
		return got
	}
	if got := finalsOf("serial"); len(got) != 1 || !got["3"] {
		t.Errorf("serial finals %v, want only 3", got)
	}
	// sc can lose one update, or both (thread 1 reads 0, then stores 1
	// after both of thread 0's increments).
	if got := finalsOf("sc"); len(got) != 3 || !got["1"] || !got["2"] || !got["3"] {
		t.Errorf("sc finals %v, want 1, 2 and 3", got)
	}
}

// TestRejects checks the inputs the reference refuses.
func TestRejects(t *testing.T) {
	ok := twoThreads("ok", nil, []lsl.Stmt{load("r", "&x")})
	many := twoThreads("many", nil)
	var body []lsl.Stmt
	for i := 0; i <= MaxAccesses; i++ {
		body = append(body, load("r", "&x"))
	}
	many.Threads = [][]*lsl.Invocation{{inv(append(prelude(many.Globals), body...)...)}}
	tests := []struct {
		name  string
		test  *lsl.Test
		model string
	}{
		{"unknown model", ok, "arm"},
		{"nil test", nil, "sc"},
		{"call", twoThreads("call", nil, []lsl.Stmt{&lsl.Call{Proc: "f"}}), "sc"},
		{"continue", twoThreads("cont", nil, []lsl.Stmt{block("L", &lsl.Continue{Label: "L"})}), "sc"},
		{"threadid", twoThreads("tid", nil, []lsl.Stmt{&lsl.ThreadID{Dst: "t"}}), "sc"},
		{"break without block", twoThreads("brk", nil, []lsl.Stmt{brk("L", "")}), "sc"},
		{"nil statement", twoThreads("nil", nil, []lsl.Stmt{nil}), "sc"},
		{"nil load", twoThreads("nil", nil, []lsl.Stmt{(*lsl.Load)(nil)}), "sc"},
		{"bad fence kind", twoThreads("fence", nil, []lsl.Stmt{fence(0)}), "sc"},
		{"bad observation kind", twoThreads("obs", nil, []lsl.Stmt{&lsl.Observe{Kind: 9, Name: "a", Val: "c1"}}), "sc"},
		{"huge choose", twoThreads("choose", nil, []lsl.Stmt{choose("v", 0, 1<<40)}), "sc"},
		{"huge value set", twoThreads("products", nil, []lsl.Stmt{choose("v", 0, 200), prim("w", lsl.OpMul, "v", "v")}), "sc"},
		{"too many accesses", many, "sc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Outcomes(tt.test, tt.model); err == nil {
				t.Errorf("no error")
			}
		})
	}
	if _, err := Outcomes(many, "sc"); !errors.Is(err, ErrTooBig) {
		t.Errorf("too many accesses: %v, want ErrTooBig", err)
	}
	if _, err := Outcomes(ok, "sc"); err != nil {
		t.Errorf("valid test: %v", err)
	}
}
