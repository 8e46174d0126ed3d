package unroll

import (
	"os"
	"path/filepath"
	"testing"

	"checkfence/lsl"
	"checkfence/tests"
)

// FuzzUnroll unrolls whatever program the parser accepts, calling every
// procedure as an operation: Unroll must return a valid test or an error,
// never panic.
func FuzzUnroll(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.lsl"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src, uint8(1))
	}
	f.Add([]byte("proc op() { L: { M: { continue L if c } continue M } }"), uint8(2))
	f.Add([]byte("proc op() { call op() -> () }"), uint8(1))
	f.Fuzz(fuzzOne)
}

func fuzzOne(t *testing.T, src []byte, bound uint8) {
	prog, err := lsl.Parse("f.lsl", src)
	if err != nil {
		return
	}
	h := &tests.Test{Name: "f", Threads: [][]tests.OpCall{nil}}
	for _, p := range prog.Procs {
		h.Threads[0] = append(h.Threads[0], tests.OpCall{Name: p.Name})
	}
	r, err := UnrollWith(prog, h, Options{DefaultBound: int(bound % 4), MaxStmts: 5000})
	if err != nil {
		return
	}
	if err := lsl.ValidateTest(r.Test); err != nil {
		t.Fatalf("invalid output: %v", err)
	}
}
