package reference

import (
	"strings"
	"testing"

	"checkfence/lsl"
)

// Builders for hand-written tests.

func reg(s string) lsl.Reg { return lsl.Reg(s) }

func cnst(dst string, v lsl.Value) lsl.Stmt { return &lsl.Const{Dst: reg(dst), Val: v} }
func load(dst, addr string) lsl.Stmt        { return &lsl.Load{Dst: reg(dst), Addr: reg(addr)} }
func store(addr, src string) lsl.Stmt       { return &lsl.Store{Addr: reg(addr), Src: reg(src)} }
func fence(k lsl.FenceKind) lsl.Stmt        { return &lsl.Fence{Kind: k} }
func assert(c string) lsl.Stmt              { return &lsl.Assert{Cond: reg(c)} }
func assume(c string) lsl.Stmt              { return &lsl.Assume{Cond: reg(c)} }
func output(r string) lsl.Stmt {
	return &lsl.Observe{Kind: lsl.ObsOutput, Name: r, Val: reg(r)}
}
func label(name string) lsl.Stmt { return &lsl.Observe{Kind: lsl.ObsLabel, Name: name} }
func brk(lbl, cond string) lsl.Stmt {
	return &lsl.Break{Label: lbl, Cond: reg(cond)}
}
func block(lbl string, body ...lsl.Stmt) lsl.Stmt { return &lsl.Block{Label: lbl, Body: body} }
func atomic(body ...lsl.Stmt) lsl.Stmt            { return &lsl.Atomic{Body: body} }
func atomicNoFence(body ...lsl.Stmt) lsl.Stmt {
	return &lsl.Atomic{Body: body, NoFence: true}
}
func prim(dst string, op lsl.OpCode, args ...string) lsl.Stmt {
	rs := make([]lsl.Reg, len(args))
	for i, a := range args {
		rs[i] = reg(a)
	}
	return &lsl.Prim{Dst: reg(dst), Op: op, Type: lsl.I32, Args: rs}
}
func choose(dst string, lo, hi int64) lsl.Stmt {
	return &lsl.Choose{Dst: reg(dst), Lo: lo, Hi: hi}
}

func inv(body ...lsl.Stmt) *lsl.Invocation { return &lsl.Invocation{Op: "op", Body: body} }

// scalars returns scalar globals named by names, with bases 1, 2, … and the
// given initial values (missing ones are 0, as C's static initialisation).
func scalars(names string, inits ...lsl.Value) []*lsl.Global {
	var gs []*lsl.Global
	for i, n := range strings.Fields(names) {
		g := &lsl.Global{Name: n, Base: int64(i + 1)}
		if i < len(inits) {
			g.Init = []lsl.InitVal{{Val: inits[i]}}
		}
		gs = append(gs, g)
	}
	return gs
}

// finals lists every global as a final location.
func finals(gs []*lsl.Global) []lsl.FinalLoc {
	var fs []lsl.FinalLoc
	for _, g := range gs {
		fs = append(fs, lsl.FinalLoc{Name: g.Name, Addr: lsl.Ptr(g.Base)})
	}
	return fs
}

// addrs returns statements that load the address of every global g into
// register "&g".
func addrs(gs []*lsl.Global) []lsl.Stmt {
	var ss []lsl.Stmt
	for _, g := range gs {
		ss = append(ss, cnst("&"+g.Name, lsl.Ptr(g.Base)))
	}
	return ss
}

func outcomes(t *testing.T, test *lsl.Test, model string) []lsl.Outcome {
	t.Helper()
	os, err := Outcomes(test, model)
	if err != nil {
		t.Fatalf("%s on %s: %v", test.Name, model, err)
	}
	return os
}

func keys(t *testing.T, test *lsl.Test, model string) []string {
	t.Helper()
	return lsl.OutcomeKeys(outcomes(t, test, model))
}

// obsValue returns the value thread th (0-based, init excluded) observed
// under name in any of its invocations.
func obsValue(o lsl.Outcome, th int, name string) (lsl.Value, bool) {
	if th >= len(o.Threads) {
		return lsl.Undefined, false
	}
	for _, items := range o.Threads[th] {
		for _, it := range items {
			if it.Name == name {
				return it.Val, true
			}
		}
	}
	return lsl.Undefined, false
}
