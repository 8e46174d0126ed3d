package encode

import (
	"context"
	"testing"

	"checkfence/lsl"
	"checkfence/memmodel"
	"checkfence/rangeanalysis"
)

// TestNoOrderVariablesWithoutAliasing: accesses that cannot alias get no
// memory-order variable unless program order or a fence needs one.
func TestNoOrderVariablesWithoutAliasing(t *testing.T) {
	ptr := func(r lsl.Reg, base int64) lsl.Stmt { return &lsl.Const{Dst: r, Val: lsl.Ptr(base)} }
	one := &lsl.Const{Dst: "one", Val: lsl.Int(1)}
	globals := []*lsl.Global{{Name: "a", Base: 1}, {Name: "b", Base: 2}, {Name: "c", Base: 3}, {Name: "d", Base: 4}}
	// thread 0 writes a and b, thread 1 reads c and d: nothing aliases.
	disjoint := func(fence bool) *lsl.Test {
		t0 := []lsl.Stmt{ptr("pa", 1), ptr("pb", 2), one, &lsl.Store{Addr: "pa", Src: "one"}}
		if fence {
			t0 = append(t0, &lsl.Fence{Kind: lsl.StoreStore})
		}
		t0 = append(t0, &lsl.Store{Addr: "pb", Src: "one"})
		t1 := []lsl.Stmt{ptr("pc", 3), ptr("pd", 4), &lsl.Load{Dst: "r1", Addr: "pc"}, &lsl.Load{Dst: "r2", Addr: "pd"}}
		return &lsl.Test{Name: "disjoint", Globals: globals, Threads: [][]*lsl.Invocation{
			{{Op: "w", Body: t0}}, {{Op: "r", Body: t1}},
		}}
	}
	for _, tc := range []struct {
		name  string
		test  *lsl.Test
		model string
		edges int
	}{
		{"relaxed, no fence", disjoint(false), "relaxed", 0},
		{"pso, no fence", disjoint(false), "pso", 1},     // load→load kept: r1 before r2
		{"relaxed, fence", disjoint(true), "relaxed", 3}, // store a → the fence's two points → store b
		{"sc", disjoint(false), "sc", 2},                 // program order in each thread
		// a store through {&a, undefined} and a load through {&c,
		// undefined}: no executed pair shares an address (an access
		// executes only with a valid one)
		{"relaxed, only undefined shared", maybeUndefined(t, "[3]"), "relaxed", 0},
		{"relaxed, a valid address shared", maybeUndefined(t, "[1]"), "relaxed", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ra, err := rangeanalysis.Analyze(context.Background(), tc.test)
			if err != nil {
				t.Fatal(err)
			}
			e, err := Encode(context.Background(), tc.test, ra, memmodel.MustByName(tc.model), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := e.Stats().OrderEdges; got != tc.edges {
				t.Errorf("%d memory-order edges, want %d", got, tc.edges)
			}
		})
	}
}

// maybeUndefined returns a test whose thread 0 stores through a pointer to
// a or undefined, and whose thread 1 loads through one to loadAt or
// undefined.
func maybeUndefined(t *testing.T, loadAt string) *lsl.Test {
	t.Helper()
	src := `test MaybeUndefined
global a @1
global c @3
thread {
  op w {
    k = choose 0 1
    pa = [1]
    L: {
      break L if k
      pa = undefined
    }
    one = 1
    store pa, one
  }
}
thread {
  op r {
    k = choose 0 1
    pc = ` + loadAt + `
    L: {
      break L if k
      pc = undefined
    }
    r1 = load pc
  }
}
`
	test, err := lsl.ParseTestFile("maybeundefined.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return test
}
