package cfront

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"checkfence/internal/longtest"
	"checkfence/internal/reference"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/tests"
	"checkfence/unroll"
)

var c11DiffN = flag.Int("c11diff.n", 0, "number of generated programs of TestC11Differential (0: 100, or 1000 with CHECKFENCE_LONG=1)")

// specFences is SEMANTICS.md's C11 table written out again, independently
// of c11Table, in the form the generator spells fences: per operation and
// order, the fences before and after on tso and on pso, rmo and relaxed
// (nothing on sc). "ll" is load-load, "ls" load-store, "ss" store-store.
var specFences = map[string]struct{ tso, weak string }{
	"load relaxed":  {"", ""},
	"load acquire":  {"", "| ll ls"},
	"load seq":      {"", "full | ll ls"},
	"store relaxed": {"", ""},
	"store release": {"", "ls ss |"},
	"store seq":     {"| full", "full |"},
	"rmw relaxed":   {"", ""},
	"rmw acquire":   {"", "| ll ls"},
	"rmw release":   {"", "ls ss |"},
	"rmw acq_rel":   {"", "ls ss | ll ls"},
	"rmw seq":       {"", "full | ll ls"},
	"fence relaxed": {"", ""},
	"fence acquire": {"", "| ll ls"},
	"fence release": {"", "| ls ss"},
	"fence acq_rel": {"", "| ll ls ss"},
	"fence seq":     {"| full", "| full"},
}

var fenceSpelling = map[string]string{"ll": "load-load", "ls": "load-store", "ss": "store-store", "full": "full"}

// c11Gen writes one random program twice: with C11 and GCC atomics, and
// with the lsl_ API and the fences of the table for one model spelled out.
type c11Gen struct {
	r      *rand.Rand
	c11    strings.Builder
	lsl    map[string]*strings.Builder // per model
	models []string
	obs    int
}

var c11Orders = []string{"relaxed", "consume", "acquire", "release", "acq_rel", "seq_cst"}

// order picks an order valid for kind ("load", "store", "rmw", "fence")
// and returns its C name and its name in specFences.
func (g *c11Gen) order(kind string) (string, string) {
	var valid []string
	switch kind {
	case "load":
		valid = []string{"relaxed", "consume", "acquire", "seq_cst"}
	case "store":
		valid = []string{"relaxed", "release", "seq_cst"}
	default:
		valid = c11Orders
	}
	// relaxed weighs most: the weak models then show more reorderings
	valid = append(valid, "relaxed", "relaxed")
	o := valid[g.r.IntN(len(valid))]
	spec := map[string]string{"consume": "acquire", "seq_cst": "seq"}[o]
	if spec == "" {
		spec = o
	}
	return "memory_order_" + o, spec
}

// both writes C11 text, and for each model the lsl_ text with the fences
// of row (before or after, per the model's column) around it.
func (g *c11Gen) both(c11, plain, row string) {
	g.c11.WriteString("\t" + c11 + "\n")
	for _, m := range g.models {
		b := g.lsl[m]
		var cell string
		switch m {
		case "tso":
			cell = specFences[row].tso
		case "pso", "rmo", "relaxed":
			cell = specFences[row].weak
		}
		before, after, _ := strings.Cut(cell, "|")
		for _, f := range strings.Fields(before) {
			fmt.Fprintf(b, "\tlsl_fence(%q);\n", fenceSpelling[f])
		}
		b.WriteString("\t" + plain + "\n")
		for _, f := range strings.Fields(after) {
			fmt.Fprintf(b, "\tlsl_fence(%q);\n", fenceSpelling[f])
		}
	}
}

func (g *c11Gen) observe(reg string) string {
	g.obs++
	return fmt.Sprintf("lsl_observe_output(\"o%d\", %s);", g.obs, reg)
}

// op writes one operation on location x (atomic) or d (plain).
func (g *c11Gen) op(reg string) {
	x := []string{"x", "y"}[g.r.IntN(2)]
	v := 1 + g.r.IntN(2)
	obs := g.observe(reg)
	// Loads and stores weigh most: they make the reorderings visible.
	kinds := []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	switch kinds[g.r.IntN(len(kinds))] {
	case 0:
		o, row := g.order("load")
		g.both(fmt.Sprintf("%s = atomic_load_explicit(&%s, %s); %s", reg, x, o, obs), fmt.Sprintf("%s = %s; %s", reg, x, obs), "load "+row)
	case 1:
		o, row := g.order("store")
		g.both(fmt.Sprintf("atomic_store_explicit(&%s, %d, %s);", x, v, o), fmt.Sprintf("%s = %d;", x, v), "store "+row)
	case 2:
		o, row := g.order("rmw")
		g.both(fmt.Sprintf("%s = atomic_exchange_explicit(&%s, %d, %s); %s", reg, x, v, o, obs),
			fmt.Sprintf("lsl_atomic_begin(); %s = %s; %s = %d; lsl_atomic_end(); %s", reg, x, x, v, obs), "rmw "+row)
	case 3:
		o, row := g.order("rmw")
		g.both(fmt.Sprintf("%s = atomic_fetch_add_explicit(&%s, %d, %s); %s", reg, x, v, o, obs),
			fmt.Sprintf("lsl_atomic_begin(); %s = %s; %s = %s + %d; lsl_atomic_end(); %s", reg, x, x, reg, v, obs), "rmw "+row)
	case 4, 5:
		// Compare-exchange: the result, and expected after it.
		so, srow := g.order("rmw")
		fo, frow := g.order("load")
		row := strongerRow(srow, frow)
		weak := g.r.IntN(2) == 0
		fn := map[bool]string{false: "strong", true: "weak"}[weak]
		e, d := g.r.IntN(2), g.r.IntN(3)
		obs2 := g.observe("e")
		spurious := ""
		if weak {
			spurious = " && lsl_choose(0, 1)"
		}
		g.both(fmt.Sprintf("e = %d; %s = atomic_compare_exchange_%s_explicit(&%s, &e, %d, %s, %s); %s %s", e, reg, fn, x, d, so, fo, obs, obs2),
			fmt.Sprintf("e = %d; s0 = lsl_choose(0, 1); lsl_atomic_begin(); r = %s; %s = r == e%s; if (%s) %s = %d; lsl_atomic_end(); if (!%s) e = r; %s %s",
				e, x, reg, strings.ReplaceAll(spurious, "lsl_choose(0, 1)", "s0"), reg, x, d, reg, obs, obs2), "rmw "+row)
	case 6:
		o, row := g.order("fence")
		g.both(fmt.Sprintf("atomic_thread_fence(%s);", o), "", "fence "+row)
	case 7:
		// Plain access to an _Atomic object: seq.
		switch g.r.IntN(3) {
		case 0:
			g.both(fmt.Sprintf("%s = %s; %s", reg, x, obs), fmt.Sprintf("%s = %s; %s", reg, x, obs), "load seq")
		case 1:
			g.both(fmt.Sprintf("%s = %d;", x, v), fmt.Sprintf("%s = %d;", x, v), "store seq")
		default:
			g.both(fmt.Sprintf("%s = %s++; %s", reg, x, obs), fmt.Sprintf("lsl_atomic_begin(); %s = %s; %s = %s + 1; lsl_atomic_end(); %s", reg, x, x, reg, obs), "rmw seq")
		}
	case 8:
		// GCC's builtins.
		if g.r.IntN(2) == 0 {
			g.both(fmt.Sprintf("%s = __sync_fetch_and_add(&%s, %d); %s", reg, x, v, obs),
				fmt.Sprintf("lsl_atomic_begin(); %s = %s; %s = %s + %d; lsl_atomic_end(); %s", reg, x, x, reg, v, obs), "rmw seq")
		} else {
			g.both(fmt.Sprintf("__atomic_store_n(&%s, %d, __ATOMIC_RELEASE);", x, v), fmt.Sprintf("%s = %d;", x, v), "store release")
		}
	case 10:
		// The _Atomic struct s: a plain (seq) read, a store, or a
		// compare-exchange of both fields at once.
		switch g.r.IntN(3) {
		case 0:
			oa, ob := g.observe("r"), g.observe("e")
			g.both(fmt.Sprintf("{ pair_t p = s; r = p.a; e = p.b; } %s %s", oa, ob),
				fmt.Sprintf("lsl_atomic_begin(); r = s.a; e = s.b; lsl_atomic_end(); %s %s", oa, ob), "load seq")
		case 1:
			o, row := g.order("store")
			g.both(fmt.Sprintf("{ pair_t p = { %d, %d }; atomic_store_explicit(&s, p, %s); }", v, 3-v, o),
				fmt.Sprintf("lsl_atomic_begin(); s.a = %d; s.b = %d; lsl_atomic_end();", v, 3-v), "store "+row)
		default:
			so, srow := g.order("rmw")
			fo, frow := g.order("load")
			e := g.r.IntN(3)
			oa, ob := g.observe("r"), g.observe("e")
			g.both(fmt.Sprintf("{ pair_t ex = { %d, %d }, nw = { %d, %d }; %s = atomic_compare_exchange_strong_explicit(&s, &ex, nw, %s, %s); r = ex.a; e = ex.b; } %s %s %s",
				e, 3-e, v, 3-v, reg, so, fo, obs, oa, ob),
				fmt.Sprintf("r = %d; e = %d; lsl_atomic_begin(); s0 = s.a; f = s.b; %s = s0 == r && f == e; if (%s) { s.a = %d; s.b = %d; } else { r = s0; e = f; } lsl_atomic_end(); %s %s %s",
					e, 3-e, reg, reg, v, 3-v, obs, oa, ob), "rmw "+strongerRow(srow, frow))
		}
	default:
		// A plain variable, the same in both.
		if g.r.IntN(2) == 0 {
			g.both(fmt.Sprintf("d = %d;", v), fmt.Sprintf("d = %d;", v), "store relaxed")
		} else {
			g.both(fmt.Sprintf("%s = d; %s", reg, obs), fmt.Sprintf("%s = d; %s", reg, obs), "load relaxed")
		}
	}
}

// strongerRow is the row of a compare-exchange with success order s and
// failure order f (names of specFences rows), worked out from what the
// orders mean rather than with stronger.
func strongerRow(s, f string) string {
	if s == "seq" || f == "seq" {
		return "seq"
	}
	acq := s == "acquire" || s == "acq_rel" || f == "acquire"
	rel := s == "release" || s == "acq_rel"
	switch {
	case acq && rel:
		return "acq_rel"
	case acq:
		return "acquire"
	case rel:
		return "release"
	}
	return "relaxed"
}

// generateC11 returns the C11 program, the lsl_ programs per model, and
// the test.
func generateC11(r *rand.Rand, models []string) (string, map[string]string, string) {
	g := &c11Gen{r: r, lsl: map[string]*strings.Builder{}, models: models}
	for _, m := range models {
		g.lsl[m] = &strings.Builder{}
		g.lsl[m].WriteString("#include \"lsl_protos.h\"\nint x, y, d;\nstruct { int a, b; } s;\n")
	}
	g.c11.WriteString("#include <stdatomic.h>\n#include \"lsl_protos.h\"\natomic_int x, y;\nint d;\ntypedef struct pair { int a, b; } pair_t;\n_Atomic(pair_t) s;\n")
	threads := 2 + r.IntN(2)
	ops := 2
	if threads == 2 {
		ops = 3
	}
	// Each operation is an operation of the test, so that serial
	// interleaves single accesses: what sc allows, the specification
	// allows too, and a failure is the memory model's doing.
	var threadOps []string
	for t := 0; t < threads; t++ {
		var names []string
		for i := 0; i < ops; i++ {
			name := fmt.Sprintf("t%d_%d", t, i)
			names = append(names, name)
			head := fmt.Sprintf("void %s(void) {\n\tint r0, r, s0, e, f;\n", name)
			g.c11.WriteString(head)
			for _, m := range models {
				g.lsl[m].WriteString(head)
			}
			g.op("r0")
			g.c11.WriteString("}\n")
			for _, m := range models {
				g.lsl[m].WriteString("}\n")
			}
		}
		threadOps = append(threadOps, strings.Join(names, " "))
	}
	out := map[string]string{}
	for _, m := range models {
		out[m] = g.lsl[m].String()
	}
	return g.c11.String(), out, "test T = ( " + strings.Join(threadOps, " | ") + " )\n"
}

// TestC11Differential: for generated programs using the C11 and GCC
// operations with random orders, the program compiled by the front end
// and the same program written with the lsl_ API and the table's fences
// spelled out have the same outcomes on every model (the brute-force
// reference) and the same verdicts (the SAT pipeline, against the
// specification mined from the lsl_ program).
func TestC11Differential(t *testing.T) {
	n := *c11DiffN
	if n == 0 {
		n = longtest.N(100, 1000)
	}
	models := []string{"sc", "tso", "pso", "rmo", "relaxed"}
	r := rand.New(rand.NewPCG(11, 0))
	checked := map[string]int{}
	tooBig := 0
	for i := 0; i < n; i++ {
		c11src, lslsrcs, testsrc := generateC11(r, models)
		c11prog, err := CompileSources([]Source{{Name: "c11.c", Text: c11src}}, Options{})
		if err != nil {
			t.Fatalf("program %d: %v\n%s", i, err, c11src)
		}
		ts, err := tests.Parse("t.tests", []byte(testsrc))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range models {
			lslprog, err := CompileSources([]Source{{Name: "lsl.c", Text: lslsrcs[m]}}, Options{})
			if err != nil {
				t.Fatalf("program %d (lsl_, %s): %v\n%s", i, m, err, lslsrcs[m])
			}
			multiWordNoFence(lslprog)
			want, ok := outcomes(t, lslprog, ts[0], m)
			if !ok {
				tooBig++
				break
			}
			got, _ := outcomes(t, c11prog, ts[0], m)
			if w, g := fmt.Sprint(want), fmt.Sprint(got); w != g {
				t.Fatalf("program %d on %s: outcomes differ\nC11:  %s\nlsl_: %s\n--- C11\n%s--- lsl_\n%s", i, m, g, w, c11src, lslsrcs[m])
			}
			mm := memmodel.MustByName(m)
			opt := mining.PipelineOptions{}
			wantRes, err := mining.CheckTest(context.Background(), lslprog, lslprog, ts[0], mm, opt)
			if err != nil {
				t.Fatal(err)
			}
			gotRes, err := mining.CheckTest(context.Background(), c11prog, lslprog, ts[0], mm, opt)
			if err != nil {
				t.Fatal(err)
			}
			if wantRes.Verdict != gotRes.Verdict {
				t.Fatalf("program %d on %s: verdict %v, lsl_ twin %v\n--- C11\n%s--- lsl_\n%s", i, m, gotRes.Verdict, wantRes.Verdict, c11src, lslsrcs[m])
			}
			checked[m+" "+string(wantRes.Verdict)]++
		}
	}
	// Every program passes on sc (serial interleaves the single accesses
	// of the operations as sc does); the programs must tell the weak
	// models apart: some fail on each, and some pass.
	if checked["sc fail"] > 0 {
		t.Errorf("%d programs fail on sc", checked["sc fail"])
	}
	for _, m := range models[1:] {
		if checked[m+" fail"] == 0 || checked[m+" pass"] == 0 {
			t.Errorf("on %s: %d failing and %d passing programs; the generator does not exercise the model", m, checked[m+" fail"], checked[m+" pass"])
		}
	}
	if tooBig > n/4 {
		t.Errorf("%d of %d programs too big for the reference", tooBig, n)
	}
	t.Logf("verdicts: %v; %d programs too big for the reference", checked, tooBig)
}

// multiWordNoFence marks nofence the atomic blocks of the lsl_ twin that
// only load or only store: the twins of the loads and stores of the
// _Atomic struct s, which are no fence on tso (SEMANTICS.md: only a
// read-modify-write is a locked instruction). lsl_atomic_begin has no
// nofence form.
func multiWordNoFence(p *lsl.Program) {
	for _, proc := range p.Procs {
		lsl.Walk(proc.Body, func(s lsl.Stmt) bool {
			a, ok := s.(*lsl.Atomic)
			if !ok {
				return true
			}
			loads, stores := 0, 0
			lsl.Walk(a.Body, func(x lsl.Stmt) bool {
				switch x.(type) {
				case *lsl.Load:
					loads++
				case *lsl.Store:
					stores++
				}
				return true
			})
			a.NoFence = loads == 0 || stores == 0
			return false
		})
	}
}

// outcomes lists the reference's outcomes of a straight-line test, or
// false if it is too big for the reference.
func outcomes(t *testing.T, prog *lsl.Program, test *tests.Test, model string) ([]string, bool) {
	t.Helper()
	u, err := unroll.Unroll(prog, test, nil)
	if err != nil {
		t.Fatal(err)
	}
	os, err := reference.Outcomes(u.Test, model)
	if errors.Is(err, reference.ErrTooBig) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range os {
		out = append(out, o.Key())
	}
	return out, true
}
