package encode

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"checkfence/litmus"
	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// largeTest builds a 4-thread test of about n accesses over a few shared
// locations, with fences and CAS-like atomic blocks: the shape (not the
// size) of an unrolled data-structure test.
func largeTest(seed int64, threads, perThread int) *lsl.Test {
	r := rand.New(rand.NewSource(seed))
	t := &lsl.Test{Name: fmt.Sprintf("gen%d", seed)}
	const nloc = 6
	for i := 1; i <= nloc; i++ {
		t.Globals = append(t.Globals, &lsl.Global{Name: fmt.Sprintf("g%d", i), Base: int64(i)})
	}
	kinds := []lsl.FenceKind{lsl.LoadLoad, lsl.StoreStore, lsl.LoadStore, lsl.StoreLoad, lsl.Full}
	for th := 0; th < threads; th++ {
		var body []lsl.Stmt
		for i := 1; i <= nloc; i++ {
			body = append(body, &lsl.Const{Dst: lsl.Reg(fmt.Sprintf("p%d", i)), Val: lsl.Ptr(int64(i))})
		}
		for v := 0; v < 3; v++ {
			body = append(body, &lsl.Const{Dst: lsl.Reg(fmt.Sprintf("c%d", v)), Val: lsl.Int(int64(v))})
		}
		n := 0
		for n < perThread {
			p := lsl.Reg(fmt.Sprintf("p%d", 1+r.Intn(nloc)))
			switch k := r.Intn(10); {
			case k < 4:
				dst := lsl.Reg(fmt.Sprintf("r%d", n))
				body = append(body, &lsl.Load{Dst: dst, Addr: p},
					&lsl.Observe{Kind: lsl.ObsOutput, Name: string(dst), Val: dst})
				n++
			case k < 8:
				body = append(body, &lsl.Store{Addr: p, Src: lsl.Reg(fmt.Sprintf("c%d", r.Intn(3)))})
				n++
			case k < 9:
				body = append(body, &lsl.Fence{Kind: kinds[r.Intn(len(kinds))]})
			default: // a CAS: atomic { v = *p; if v == 0 { *p = 1 } }
				v, eq := lsl.Reg(fmt.Sprintf("v%d", n)), lsl.Reg(fmt.Sprintf("e%d", n))
				lbl := fmt.Sprintf("L%d", n)
				body = append(body, &lsl.Atomic{Body: []lsl.Stmt{
					&lsl.Load{Dst: v, Addr: p},
					&lsl.Prim{Dst: eq, Op: lsl.OpNe, Args: []lsl.Reg{v, "c0"}},
					&lsl.Block{Label: lbl, Body: []lsl.Stmt{
						&lsl.Break{Cond: eq, Label: lbl},
						&lsl.Store{Addr: p, Src: "c1"},
					}},
				}})
				n += 2
			}
		}
		t.Threads = append(t.Threads, []*lsl.Invocation{{Op: "op", Body: body}})
	}
	return t
}

func benchEncode(b *testing.B, t *lsl.Test, model string, full bool) {
	ra, err := rangeanalysis.Analyze(context.Background(), t)
	if err != nil {
		b.Fatal(err)
	}
	m := memmodel.MustByName(model)
	var st Stats
	for i := 0; i < b.N; i++ {
		e, err := Encode(context.Background(), t, ra, m, Options{FullOrder: full})
		if err != nil {
			b.Fatal(err)
		}
		if e.Solve(context.Background(), e.Assumptions()...) != 1 {
			b.Fatal("no execution")
		}
		st = e.Stats()
	}
	b.ReportMetric(float64(st.Accesses), "accesses")
	b.ReportMetric(float64(st.Vars), "vars")
	b.ReportMetric(float64(st.Clauses), "clauses")
	b.ReportMetric(float64(st.OrderEdges), "order-edges")
	b.ReportMetric(float64(st.Triangles), "triangles")
}

// BenchmarkEncodeLarge encodes and solves once a 4-thread test of about 200
// accesses, with the chordal (default) and the full pairwise order encoding.
func BenchmarkEncodeLarge(b *testing.B) {
	t := largeTest(1, 4, 50)
	for _, model := range []string{"sc", "tso", "relaxed"} {
		for _, full := range []bool{false, true} {
			name := model + "/chordal"
			if full {
				name = model + "/pairwise"
			}
			b.Run(name, func(b *testing.B) { benchEncode(b, t, model, full) })
		}
	}
}

// BenchmarkEncodeLitmus encodes and solves the largest litmus tests.
func BenchmarkEncodeLitmus(b *testing.B) {
	for _, name := range []string{"IRIW+mfences", "WRC+mfence+lfence", "ISA2+mfences", "RWC+mfences"} {
		src, err := os.ReadFile(filepath.Join("../../shared/litmus/tests", name+".litmus"))
		if err != nil {
			b.Skip("no litmus corpus")
		}
		f, err := litmus.Parse(name, src)
		if err != nil {
			b.Fatal(err)
		}
		t, err := f.Test()
		if err != nil {
			b.Fatal(err)
		}
		for _, full := range []bool{false, true} {
			enc := "chordal"
			if full {
				enc = "pairwise"
			}
			b.Run(name+"/relaxed/"+enc, func(b *testing.B) { benchEncode(b, t, "relaxed", full) })
		}
	}
}
