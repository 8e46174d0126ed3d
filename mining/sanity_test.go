package mining

import (
	"context"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
)

// builder helpers for hand-written tests
func st(addr lsl.Reg, v int64, tmp lsl.Reg) []lsl.Stmt {
	return []lsl.Stmt{&lsl.Const{Dst: tmp, Val: lsl.Int(v)}, &lsl.Store{Addr: addr, Src: tmp}}
}

func ptrs() []lsl.Stmt {
	return []lsl.Stmt{&lsl.Const{Dst: "px", Val: lsl.Ptr(1)}, &lsl.Const{Dst: "py", Val: lsl.Ptr(2)}}
}

func thread(body ...[]lsl.Stmt) []*lsl.Invocation {
	all := ptrs()
	for _, b := range body {
		all = append(all, b...)
	}
	return []*lsl.Invocation{{Op: "P", Body: all}}
}

func ld(dst, addr lsl.Reg) []lsl.Stmt {
	return []lsl.Stmt{&lsl.Load{Dst: dst, Addr: addr}, &lsl.Observe{Kind: lsl.ObsOutput, Name: string(dst), Val: dst}}
}

func fence(k lsl.FenceKind) []lsl.Stmt { return []lsl.Stmt{&lsl.Fence{Kind: k}} }

func globals() []*lsl.Global {
	return []*lsl.Global{{Name: "x", Base: 1}, {Name: "y", Base: 2}}
}

func TestSanitySBMP(t *testing.T) {
	sb := &lsl.Test{Name: "SB", Globals: globals(), Threads: [][]*lsl.Invocation{
		thread(st("px", 1, "t"), ld("a", "py")),
		thread(st("py", 1, "t"), ld("b", "px")),
	}}
	mp := &lsl.Test{Name: "MP", Globals: globals(), Threads: [][]*lsl.Invocation{
		thread(st("px", 1, "t"), st("py", 1, "t")),
		thread(ld("a", "py"), ld("b", "px")),
	}}
	sbf := &lsl.Test{Name: "SB+mfences", Globals: globals(), Threads: [][]*lsl.Invocation{
		thread(st("px", 1, "t"), fence(lsl.Full), ld("a", "py")),
		thread(st("py", 1, "t"), fence(lsl.Full), ld("b", "px")),
	}}
	for _, tc := range []struct {
		test *lsl.Test
		bad  string // the relaxed outcome
		want map[string]bool
	}{
		{sb, "output a=0} | t1.0{output b=0}", map[string]bool{"sc": false, "tso": true, "pso": true, "rmo": true, "relaxed": true}},
		{mp, "output a=1 output b=0", map[string]bool{"sc": false, "tso": false, "pso": true, "rmo": true, "relaxed": true}},
		{sbf, "output a=0} | t1.0{output b=0}", map[string]bool{"sc": false, "tso": false, "pso": false, "rmo": false, "relaxed": false}},
	} {
		for _, name := range []string{"sc", "tso", "pso", "rmo", "relaxed"} {
			outs, err := Outcomes(context.Background(), tc.test, memmodel.MustByName(name), Options{})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, k := range lsl.OutcomeKeys(outs) {
				if strings.Contains(k, tc.bad) {
					found = true
				}
			}
			if found != tc.want[name] {
				t.Errorf("%s on %s: relaxed outcome reachable=%v, want %v; outcomes %v", tc.test.Name, name, found, tc.want[name], lsl.OutcomeKeys(outs))
			}
		}
	}
}
