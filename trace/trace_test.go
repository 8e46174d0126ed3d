package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"checkfence/encode"
	"checkfence/explain"
	"checkfence/litmus"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
	"checkfence/unroll"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestMessagePassingTrace: with MP's sequentially consistent outcomes as the
// specification, the only failing execution on relaxed observes EAX=1,
// EBX=0, which needs a reordering: of the stores in thread 0 or of the
// loads in thread 1. The trace must name it; golden files pin the text
// and the JSON.
func TestMessagePassingTrace(t *testing.T) {
	src, err := os.ReadFile("../../shared/litmus/tests/MP.litmus")
	if err != nil {
		t.Skip("no litmus corpus")
	}
	f, err := litmus.Parse("MP.litmus", src)
	if err != nil {
		t.Fatal(err)
	}
	test, err := f.Test()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	spec, _, err := mining.Enumerate(ctx, test, memmodel.MustByName("sc"), mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if spec.Len() != 3 {
		t.Fatalf("MP has %d outcomes on sc, want 3: %v", spec.Len(), spec.Keys())
	}
	model := memmodel.MustByName("relaxed")
	enc, err := mining.Prepare(ctx, test, model, mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := mining.CheckEncoding(ctx, enc, spec)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pass {
		t.Fatal("MP passes on relaxed")
	}
	tr := Build(enc, res.Counterexample, spec.Outcomes)
	if want := "thread 1: P1(EAX=1 EBX=0)"; !strings.Contains(tr.Observation.Text, want) {
		t.Errorf("observation %q, want %q", tr.Observation.Text, want)
	}
	if len(tr.Reordered) == 0 {
		t.Fatal("no reordered pair in the trace")
	}
	// Whatever mix the solver found, the reordering is a pair of stores in
	// thread 0 or of loads in thread 1.
	for _, r := range tr.Reordered {
		ok := r.Thread == "thread 0" && r.Fence == "store-store" || r.Thread == "thread 1" && r.Fence == "load-load"
		if !ok {
			t.Errorf("unexpected reordering %+v", r)
		}
	}
	// The cause: EAX=1 EBX=0 needs both reorderings, so restoring it
	// takes a store-store fence in thread 0 and a load-load fence in
	// thread 1.
	cause, err := explain.CauseInTest(ctx, test, model, res.Counterexample, encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, f := range cause.Fences {
		kinds = append(kinds, f.Kind.String())
	}
	if slices.Sort(kinds); !cause.Found || !slices.Equal(kinds, []string{"load-load", "store-store"}) {
		t.Errorf("cause %+v, want a load-load and a store-store fence", cause)
	}
	// The same execution with a placement instead (check --infer): a
	// fence for each kind of pair it reorders, needed, restoring exactly
	// those pairs, and one that another execution needs.
	placed := Build(enc, res.Counterexample, spec.Outcomes)
	var fs []PlacedFence
	for _, kind := range []lsl.FenceKind{lsl.StoreStore, lsl.LoadLoad} {
		var pairs []explain.Pair
		for _, r := range placed.Reordered {
			if r.Fence == kind.String() {
				pairs = append(pairs, r.pair)
			}
		}
		fs = append(fs, PlacedFence{Kind: kind, Pos: lsl.Pos{File: "MP.litmus", Line: 11 + len(fs), Col: 1}, Needed: len(pairs) > 0,
			Restores: func(a, b *encode.Access) bool { return slices.Contains(pairs, explain.Pair{First: a, Second: b}) }})
	}
	fs = append(fs, PlacedFence{Kind: lsl.Full, Pos: lsl.Pos{File: "MP.litmus", Line: 13, Col: 1},
		Restores: func(a, b *encode.Access) bool { return false }, VerdictWithout: "fail"})
	// one that an execution past a loop's bound needs
	fs = append(fs, PlacedFence{Kind: lsl.LoadLoad, Pos: lsl.Pos{File: "MP.litmus", Line: 14, Col: 1},
		Restores: func(a, b *encode.Access) bool { return false }, VerdictWithout: "inconclusive"})
	placed.SetPlacement(5, fs)
	needed := 0
	for i, f := range placed.Placement.Fences {
		if f.Needed {
			needed++
		}
		if f.Needed != (len(f.Restores) > 0) {
			t.Errorf("placement fence %d: needed %v, restores %v", i, f.Needed, f.Restores)
		}
	}
	if needed == 0 || !slices.ContainsFunc(placed.Reordered, func(r Reorder) bool { return r.Cause }) {
		t.Errorf("no needed fence, or no pair marked: %+v", placed.Placement)
	}
	goldenTrace(t, placed, "mp-relaxed-placement")

	tr.SetCause(cause, res.Counterexample)
	goldenTrace(t, tr, "mp-relaxed")
	var dot, page bytes.Buffer
	if err := tr.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	golden(t, "mp-relaxed.dot", dot.Bytes())
	litmusLine := func(pos string) string {
		var line int
		if _, err := fmt.Sscanf(strings.TrimPrefix(pos, "MP.litmus:"), "%d", &line); err != nil {
			return ""
		}
		if lines := strings.Split(string(src), "\n"); line >= 1 && line <= len(lines) {
			return lines[line-1]
		}
		return ""
	}
	if err := tr.WriteHTML(&page, litmusLine); err != nil {
		t.Fatal(err)
	}
	golden(t, "mp-relaxed.html", page.Bytes())
	page.Reset()
	if err := placed.WriteHTML(&page, litmusLine); err != nil {
		t.Fatal(err)
	}
	golden(t, "mp-relaxed-placement.html", page.Bytes())
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, diffLines(string(want), string(got)))
	}
}

func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("- " + a + "\n+ " + c + "\n")
		}
	}
	return b.String()
}

// TestReuseTrace: in testdata/reuse.lsl the updater frees the current
// block with C's free and allocates the next, which it assumes is the
// same block, then fills and publishes it; the reader may dereference the
// pointer after the free and before the reuse. On sc that is a use after free; the trace must name the
// block, the free and the access, and list the allocator's events in
// memory order, and list among the blocks only i's, handed out again
// by update. Golden files pin the text and the JSON.
func TestReuseTrace(t *testing.T) {
	tr := counterexample(t, "reuse.lsl", "serial", "sc")
	if len(tr.Faults) != 1 || tr.Faults[0].What != "use after free" {
		t.Fatalf("faults %+v, want one use after free", tr.Faults)
	}
	// the block is b of the init call i (reuse.lsl)
	if d := tr.Faults[0].Detail; !strings.Contains(d, "[b from i#1] was freed by thread 0 at swap.c:17:5") {
		t.Errorf("fault detail %q does not name the block and the free", d)
	}
	free, reuse := false, false
	for _, e := range tr.MemoryOrder {
		free = free || e.Kind == "free" && e.Addr == "[b from i#1]"
		reuse = reuse || e.Kind == "alloc" && e.Addr == "[b from i#1]" && e.Reuses == "freed by thread 0 at swap.c:17:5"
	}
	if !free || !reuse {
		t.Errorf("the memory order does not list the free (%v) and the reuse (%v)", free, reuse)
	}
	// update's allocation took i's block, so its own never exists
	for _, b := range tr.Blocks {
		if b.Name == "b from update#1" {
			t.Errorf("blocks lists %q, which the reusing allocation never made", b.Name)
		}
	}
	goldenTrace(t, tr, "reuse-sc")
}

// TestBlocksOfTheExecution: the legend lists the blocks the execution has
// (testdata/blocks.lsl): p's, handed out again to q, not q's own, which the
// reusing allocation never made, nor r's, whose allocation is in a branch
// not taken. Golden files pin the text and the JSON.
func TestBlocksOfTheExecution(t *testing.T) {
	tr := counterexample(t, "blocks.lsl", "serial", "sc")
	want := []BlockName{{Name: "p from t#1", Site: "allocated by t#1 at bl.c:4:14", Reused: []string{"handed out again by t#1 at bl.c:7:14 (#3)"}}}
	if !reflect.DeepEqual(tr.Blocks, want) {
		t.Errorf("blocks %+v, want %+v", tr.Blocks, want)
	}
	goldenTrace(t, tr, "blocks-sc")
}

// TestImpliedFenceTrace: in testdata/c11mp.lsl the consumer's acquire load
// carries its fences (implied, on pso, rmo and relaxed) and the producer's
// relaxed store none, so on pso the flag's store may go before the data's
// (the specification is the sc outcomes, as in MP above).
// The trace lists the consumer's fences as the load's memory order and the
// store-store reordering in the producer. Golden files pin the text and the
// JSON.
func TestImpliedFenceTrace(t *testing.T) {
	tr := counterexample(t, "c11mp.lsl", "sc", "pso")
	implied := 0
	for _, op := range tr.Threads {
		for _, o := range op.Ops {
			for _, ev := range o.Events {
				if ev.Kind == "fence" && ev.Implied {
					implied++
				}
			}
		}
	}
	if implied != 2 {
		t.Errorf("%d implied fences in the trace, want the acquire load's 2", implied)
	}
	if len(tr.Reordered) != 1 || tr.Reordered[0].Fence != "store-store" {
		t.Errorf("reordered %+v, want the producer's two stores", tr.Reordered)
	}
	goldenTrace(t, tr, "c11mp-pso")
}

// counterexample checks the LSL test in testdata/file on model against
// the outcomes of specModel, and returns the trace of the counterexample
// it must find.
func counterexample(t *testing.T, file, specModel, model string) *Trace {
	t.Helper()
	return counterexampleOf(t, file, readTest(t, file), specModel, model)
}

// readTest reads the LSL test testdata/file.
func readTest(t *testing.T, file string) *lsl.Test {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	test, err := lsl.ParseTest(file, src)
	if err != nil {
		t.Fatal(err)
	}
	return test
}

// counterexampleOf is counterexample for a test already read (named
// name in messages).
func counterexampleOf(t *testing.T, name string, test *lsl.Test, specModel, model string) *Trace {
	t.Helper()
	tr, _ := constrainedCounterexample(t, name, test, specModel, model, nil)
	return tr
}

// constrainedCounterexample is counterexampleOf with constrain, if not
// nil, adding clauses to the encoding first: a test about one kind of
// failing execution asks for it, rather than relying on the solver to
// find that one among several. It returns the execution too.
func constrainedCounterexample(t *testing.T, name string, test *lsl.Test, specModel, model string, constrain func(*encode.Encoding)) (*Trace, *encode.Execution) {
	t.Helper()
	ctx := context.Background()
	spec, _, err := mining.Enumerate(ctx, test, memmodel.MustByName(specModel), mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	enc, err := mining.Prepare(ctx, test, memmodel.MustByName(model), mining.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if constrain != nil {
		constrain(enc)
	}
	res, err := mining.CheckEncoding(ctx, enc, spec)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pass {
		t.Fatalf("%s passes on %s", name, model)
	}
	return Build(enc, res.Counterexample, spec.Outcomes), res.Counterexample
}

// goldenTrace pins a trace's text (name.txt) and JSON (name.json).
func goldenTrace(t *testing.T, tr *Trace, name string) {
	t.Helper()
	var text bytes.Buffer
	tr.WriteText(&text)
	golden(t, name+".txt", text.Bytes())
	js, err := json.MarshalIndent(tr, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, name+".json", append(js, '\n'))
}

// TestFenceOwnerTrace: in testdata/fenceops.lsl a fence ends put, sep is
// a fence alone, and get's acquire load (its fences implied) ends get; on
// pso the stores of put and pub may be reordered. Each fence is listed
// under the call whose code holds it (put#1, sep#1, get#1), never under
// the next call, and a call without events (idle#1) has an empty list.
// Golden files pin the text, the JSON, the DOT and the HTML.
func TestFenceOwnerTrace(t *testing.T) {
	tr := counterexample(t, "fenceops.lsl", "sc", "pso")
	want := map[string][]string{
		"put#1":  {"store", "fence load-load"},
		"sep#1":  {"fence load-store"},
		"pub#1":  {"store"},
		"get#1":  {"load", "fence load-load", "fence load-store"},
		"read#1": {"load"},
		"idle#1": nil,
	}
	for _, th := range tr.Threads {
		for _, op := range th.Ops {
			var got []string
			for _, e := range op.Events {
				if e.Call != op.Call {
					t.Errorf("event %+v under %s names call %s", e, op.Call, e.Call)
				}
				s := e.Kind
				if e.Kind == "fence" {
					s += " " + e.Fence
				}
				got = append(got, s)
			}
			if w, ok := want[op.Call]; !ok || !slices.Equal(got, w) || op.Events == nil {
				t.Errorf("%s: events %v (nil: %v), want %v", op.Call, got, op.Events == nil, w)
			}
		}
	}
	goldenTrace(t, tr, "fenceops-pso")
	var dot bytes.Buffer
	if err := tr.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	golden(t, "fenceops-pso.dot", dot.Bytes())
	var page bytes.Buffer
	if err := tr.WriteHTML(&page, nil); err != nil {
		t.Fatal(err)
	}
	golden(t, "fenceops-pso.html", page.Bytes())
}

// TestFaultAfterFaultTrace: in testdata/lockfault.lsl on sc, b's division
// by zero is the program's only error; a's unlock assertion can fail only
// because b ran on past its fault and took the lock a held. The question
// asks for an execution where a's assertion fails (others fail with the
// division alone, or with b's own unlock assertion after it). The trace
// reports the division first (observed, and first fault), says that the
// assertion follows from what b did after its fault, and marks b's
// events after its fault. Golden files pin the text and the JSON.
func TestFaultAfterFaultTrace(t *testing.T) {
	test := readTest(t, "lockfault.lsl")
	tr, _ := constrainedCounterexample(t, "lockfault.lsl", test, "serial", "sc", func(enc *encode.Encoding) {
		n := 0
		for _, p := range enc.Errors {
			if p.Thread == 0 && p.Fault == lsl.FaultAssert {
				enc.AddClause(p.Lit)
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d assertions in thread 0, want 1", n)
		}
	})
	if tr.Observation.Fault != "division by zero" || len(tr.Faults) == 0 ||
		tr.Faults[0].What != "division by zero" || tr.Faults[0].Thread != "thread 1" || tr.Faults[0].Needs != "" {
		t.Fatalf("observation %+v, faults %+v: want thread 1's division by zero first", tr.Observation, tr.Faults)
	}
	if len(tr.Faults) != 2 || tr.Faults[1].Thread != "thread 0" || tr.Faults[1].Needs != "thread 1" {
		t.Fatalf("faults %+v: want thread 0's assertion next, following from thread 1's", tr.Faults)
	}
	for _, th := range tr.Threads {
		for _, op := range th.Ops {
			for _, e := range op.Events {
				// b's accesses after its load of x; a's store after its
				// assertion
				want := e.Thread == "thread 1" && e.Pos != "ft.c:6:24" || e.Thread == "thread 0" && e.Kind == "store" && e.Pos == "ft.c:5:44"
				if e.AfterFault != want {
					t.Errorf("%s %s at %s: after the fault %v, want %v", e.Thread, e.Kind, e.Pos, e.AfterFault, want)
				}
			}
		}
	}
	goldenTrace(t, tr, "lockfault-sc")
}

// TestNoCauseReorderingsHeading: a failure that needs no reordering has
// no cause, and the reorderings its trace shows are not said to be left
// out by fences that do not exist. In testdata/nocause.lsl on relaxed,
// recv's y = 0 with x = 1 or 2 fails with every access in program order;
// the question asks for such an execution where peek reads y = 1 and
// x = 1, so that its trace has a reordering (send's store of y before its
// store of x = 2), which the cause, asked of recv's outcome alone, does
// not need.
func TestNoCauseReorderingsHeading(t *testing.T) {
	test := readTest(t, "nocause.lsl")
	model := memmodel.MustByName("relaxed")
	tr, x := constrainedCounterexample(t, "nocause.lsl", test, "serial", "relaxed", func(enc *encode.Encoding) {
		// the load at index po of thread th reads v
		reads := func(th, po int, v int64) {
			for _, a := range enc.Accesses {
				if a.Thread != th || a.PoIndex != po || a.Store {
					continue
				}
				if i := slices.Index(a.Val.Vals, lsl.Int(v)); i >= 0 {
					enc.AddClause(a.Exec)
					enc.AddClause(a.Val.Lits[i])
					return
				}
			}
			t.Fatalf("no load %d of thread %d that may read %d", po, th, v)
		}
		reads(1, 0, 0) // recv: y = 0
		reads(2, 0, 1) // peek: y = 1
		reads(2, 1, 1) // peek: x = 1
	})
	cause, err := explain.CauseInTest(context.Background(), test, model, x, encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if cause.Found {
		t.Fatalf("cause %+v for %s, want none", cause.Fences, tr.Observation.Text)
	}
	tr.SetCause(cause, x)
	var text bytes.Buffer
	tr.WriteText(&text)
	out := text.String()
	for _, want := range []string{
		"cause: none among the reorderings",
		"reordered by the memory model (the failure needs none of these):\n  thread 0: store y (nc.c:4:35) went before store x (nc.c:4:28)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "the fences above") {
		t.Errorf("heading of the reorderings:\n%s", out)
	}
}

// TestOwnFaultTrace: in testdata/selffault.lsl on relaxed, b's assertion
// fails only because a read what b stored after that assertion: the
// fault follows from b's own events after it, and a, which has no fault,
// is named nowhere as a thread that ran on after one. Golden files pin the
// text and the JSON.
func TestOwnFaultTrace(t *testing.T) {
	tr := counterexample(t, "selffault.lsl", "serial", "relaxed")
	if len(tr.Faults) != 1 || tr.Faults[0].Thread != "thread 1" || tr.Faults[0].What != "assertion failed" || tr.Faults[0].Needs != "thread 1" {
		t.Fatalf("faults %+v: want thread 1's assertion, following from thread 1's own events after it", tr.Faults)
	}
	var text bytes.Buffer
	tr.WriteText(&text)
	if want := "[follows from what its own thread did after its fault]"; !strings.Contains(text.String(), want) {
		t.Errorf("text lacks %q:\n%s", want, text.String())
	}
	if strings.Contains(text.String(), "what thread 0 did") {
		t.Errorf("text names thread 0 as running on after a fault:\n%s", text.String())
	}
	var page bytes.Buffer
	if err := tr.WriteHTML(&page, nil); err != nil {
		t.Fatal(err)
	}
	if want := "(follows from what its own thread did after its fault)"; !strings.Contains(page.String(), want) {
		t.Errorf("HTML lacks %q", want)
	}
	goldenTrace(t, tr, "selffault-relaxed")
}

// TestPointerOrderFaultTrace: C orders a uintptr_t holding an address
// like any integer; here a pointer converted to an integer is no number,
// and where the source could not show it (the address kept in an integer
// variable first), ordering it against an integer is an invalid pointer
// operation of the execution. The fault says which comparison it was; a
// fault of pointer arithmetic does not.
func TestPointerOrderFaultTrace(t *testing.T) {
	src := `source "ord.c"
test ord
global x @1
thread {
  op t {
    a = [1]
    one = 1
    big = gt.u64 a, one @4:20
    observe output "big" big @4:5
    q = padd.i64 a, one @5:12
    r = padd.i64 q, one @5:12
  }
}
`
	test, err := lsl.ParseTest("ord.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := counterexampleOf(t, "ord.lsl", test, "serial", "sc")
	want := "relational comparison '>' of a pointer converted to an integer (or of a pointer) with an integer or with a pointer into another object"
	if len(tr.Faults) != 2 || tr.Faults[0].What != "invalid pointer operation" || !strings.HasPrefix(tr.Faults[0].Detail, want) {
		t.Fatalf("faults %+v: want the comparison's first, saying %q", tr.Faults, want)
	}
	if tr.Faults[1].Pos != "ord.c:5:12" || tr.Faults[1].Detail != "" {
		t.Errorf("fault %+v: want the arithmetic's, without the comparison's detail", tr.Faults[1])
	}
	var text bytes.Buffer
	tr.WriteText(&text)
	if !strings.Contains(text.String(), "\n             "+want) {
		t.Errorf("the text lacks the detail:\n%s", text.String())
	}
}

// TestUnsigned64Trace: in testdata/u64.lsl a uint64_t location holds
// UINT64_MAX, whose bits are the int64 -1; the accesses to it print
// 18446744073709551615 in the text, the JSON, the DOT and the HTML, as
// an observation of it does and as the unsigned int's 4294967295 prints.
func TestUnsigned64Trace(t *testing.T) {
	tr := counterexample(t, "u64.lsl", "serial", "sc")
	const max = "18446744073709551615"
	found := 0
	for _, th := range tr.Threads {
		for _, op := range th.Ops {
			for _, e := range op.Events {
				switch e.Addr {
				case "g":
					if e.Value != max {
						t.Errorf("%s of g: value %s, want %s", e.Kind, e.Value, max)
					}
					found++
				case "h":
					if e.Value != "4294967295" {
						t.Errorf("%s of h: value %s, want 4294967295", e.Kind, e.Value)
					}
				}
			}
		}
	}
	if found != 2 {
		t.Errorf("%d accesses to g, want the store and the load", found)
	}
	goldenTrace(t, tr, "u64-sc")
	var dot bytes.Buffer
	if err := tr.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	golden(t, "u64-sc.dot", dot.Bytes())
	var page bytes.Buffer
	if err := tr.WriteHTML(&page, nil); err != nil {
		t.Fatal(err)
	}
	golden(t, "u64-sc.html", page.Bytes())
}

// TestAcrossInlinedCallsTrace: in testdata/calls.lsl (it2.c) a calls g
// twice, and on tso the second call's load of x goes before the first
// call's store; both come from the same lines of g, so the pair must say
// that it is across the calls of g, with where each is called. A golden
// file pins the text.
func TestAcrossInlinedCallsTrace(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "calls.lsl"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lsl.Parse("calls.lsl", src)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tests.Parse("calls.tests", []byte("test T = i ( a | r )\n"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := unroll.Unroll(prog, ts[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := counterexampleOf(t, "calls.lsl", u.Test, "serial", "tso")
	want := InlinedCalls{Proc: "g", Earlier: "it2.c:5:16", Later: "it2.c:5:21"}
	found := false
	for _, r := range tr.Reordered {
		if r.First.Call != r.Second.Call || r.First.Iteration != r.Second.Iteration {
			continue
		}
		if r.AcrossCalls == nil || *r.AcrossCalls != want {
			t.Errorf("pair %s %s, %s %s: across calls %+v, want %+v", r.First.Kind, r.First.Pos, r.Second.Kind, r.Second.Pos, r.AcrossCalls, want)
		}
		found = true
	}
	if !found {
		t.Fatalf("no reordered pair in a: %+v", tr.Reordered)
	}
	var text bytes.Buffer
	tr.WriteText(&text)
	golden(t, "calls-tso.txt", text.Bytes())
}

// TestEventOfAmongAllocatorEvents: memory order lists allocator events
// among the accesses (testdata/reuse.lsl allocates before any store, and
// frees and allocates again in update), so EventOf must find an access's
// own event, not the one at its index among the accesses alone (an
// allocation, a free or another thread's access).
func TestEventOfAmongAllocatorEvents(t *testing.T) {
	tr, x := constrainedCounterexample(t, "reuse.lsl", readTest(t, "reuse.lsl"), "serial", "sc", nil)
	if len(x.Events) == 0 {
		t.Fatal("the counterexample has no allocator events")
	}
	for _, a := range x.Accesses {
		kind := "load"
		if a.Store {
			kind = "store"
		}
		got, ok := tr.EventOf(x, a.Access)
		want := fmt.Sprintf("%s %s %s", threadName(a.Thread), kind, posString(a.Stmt.Position()))
		if s := fmt.Sprintf("%s %s %s", got.Thread, got.Kind, got.Pos); !ok || s != want {
			t.Errorf("EventOf(%s) = %s (found %v)", want, s, ok)
		}
	}
}
