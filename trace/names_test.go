package trace

import (
	"testing"

	"checkfence/lsl"
)

func TestLocalName(t *testing.T) {
	for _, tc := range []struct {
		dst      lsl.Reg
		name, fn string
		local    bool
	}{
		{"e0.v.addr", "v", "", true},                // a local of the operation
		{"e0.dequeue.v.addr", "v", "dequeue", true}, // of an inlined callee
		{"e1.d.pop.x$2.addr", "x", "pop", true},     // a renamed register
		{"e0.enqueue.node", "node", "", false},      // the variable that got a block
		{"e0.enqueue.t12", "", "", false},           // a temporary names nothing
	} {
		name, fn, local := localName(tc.dst)
		if name != tc.name || fn != tc.fn || local != tc.local {
			t.Errorf("localName(%q) = %q, %q, %v; want %q, %q, %v", tc.dst, name, fn, local, tc.name, tc.fn, tc.local)
		}
	}
}

func TestIterations(t *testing.T) {
	ld := func() *lsl.Load { return &lsl.Load{Dst: "r", Addr: "a"} }
	outer1, inner2, outer2, plain := ld(), ld(), ld(), ld()
	test := &lsl.Test{Threads: [][]*lsl.Invocation{{{Op: "f", Body: []lsl.Stmt{
		&lsl.Block{Label: "e0.f.while1", Body: []lsl.Stmt{
			&lsl.Block{Label: "e0.f.while1#1", Body: []lsl.Stmt{
				outer1,
				&lsl.Block{Label: "e0.f.while1#1.while2#2", Body: []lsl.Stmt{inner2}},
			}},
			&lsl.Block{Label: "e0.f.while1#2", Body: []lsl.Stmt{
				&lsl.Block{Label: "e0.f.while1#2.if1", Body: []lsl.Stmt{outer2}},
			}},
		}},
		plain,
	}}}}}
	got := iterations(test)
	for s, want := range map[lsl.Stmt]string{outer1: "1", inner2: "1.2", outer2: "2", plain: ""} {
		if got[s] != want {
			t.Errorf("iteration %q, want %q", got[s], want)
		}
	}
}
