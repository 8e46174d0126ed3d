package algorithms

import (
	"context"
	"testing"

	"checkfence/encode"
	"checkfence/memmodel"
	"checkfence/mining"
	"checkfence/rangeanalysis"
	"checkfence/unroll"
)

// BenchmarkRound measures one round of the lazy unrolling (unrolling,
// range analysis, encoding with the memory order; no solving) of fenced
// tests on relaxed, at the bounds their check ends with: the work a check
// repeats each time it raises a bound.
//
//	go test ./algorithms -run XXX -bench Round
func BenchmarkRound(b *testing.B) {
	for _, tc := range []struct{ impl, test string }{
		{"snark", "D0"}, {"snark", "Dm"}, {"lazylist", "Sacr2"}, {"msn", "Tpc6"},
	} {
		b.Run(tc.impl+"/"+tc.test, func(b *testing.B) {
			s := suiteNamed(b, tc.impl)
			prog := compiled.get(b, s.Path(s.FencedFile))
			test := testNamed(b, s, tc.test)
			relaxed := memmodel.MustByName("relaxed")
			res, err := mining.CheckTest(context.Background(), prog, prog, test, relaxed, mining.PipelineOptions{})
			if err != nil {
				b.Fatal(err)
			}
			bounds := unroll.Bounds{}
			for id, n := range res.Stats.Bounds {
				bounds[id] = n
			}
			b.ResetTimer()
			var st encode.Stats
			for i := 0; i < b.N; i++ {
				u, err := unroll.UnrollWith(prog, test, unroll.Options{Bounds: bounds})
				if err != nil {
					b.Fatal(err)
				}
				ra, err := rangeanalysis.Analyze(context.Background(), u.Test)
				if err != nil {
					b.Fatal(err)
				}
				e, err := encode.Encode(context.Background(), u.Test, ra, relaxed, encode.Options{})
				if err != nil {
					b.Fatal(err)
				}
				st = e.Stats()
			}
			b.ReportMetric(float64(st.Vars), "vars")
			b.ReportMetric(float64(st.Clauses), "clauses")
			b.ReportMetric(float64(st.Triangles), "triangles")
		})
	}
}

// BenchmarkMining measures the mining of observation sets under serial
// (by running the serial executions) of tests whose mining takes a large
// share of their check.
//
//	go test ./algorithms -run XXX -bench Mining
func BenchmarkMining(b *testing.B) {
	for _, tc := range []struct{ impl, test string }{
		{"snark", "Dm"}, {"snark", "Dq"}, {"lazylist", "S1"},
	} {
		b.Run(tc.impl+"/"+tc.test, func(b *testing.B) {
			s := suiteNamed(b, tc.impl)
			prog := compiled.get(b, s.Path(s.FencedFile))
			test := testNamed(b, s, tc.test)
			var res *mining.TestResult
			for i := 0; i < b.N; i++ {
				r, _, err := mining.MineTest(context.Background(), prog, test, mining.PipelineOptions{})
				if err != nil {
					b.Fatal(err)
				}
				res = r
			}
			b.ReportMetric(float64(res.Stats.SpecSize), "observations")
			b.ReportMetric(float64(res.Stats.ExplicitStates), "states")
		})
	}
}
