package testgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"checkfence/lsl"
)

func generate(seed uint64, opt Options) *lsl.Test {
	return Generate(rand.New(rand.NewPCG(seed, 42)), opt)
}

func TestDeterministic(t *testing.T) {
	distinct := map[string]bool{}
	for seed := range uint64(50) {
		a, b := generate(seed, Options{}).String(), generate(seed, Options{}).String()
		if a != b {
			t.Fatalf("seed %d: two different tests:\n%s\n%s", seed, a, b)
		}
		distinct[a] = true
	}
	if len(distinct) < 45 {
		t.Errorf("only %d distinct tests from 50 seeds", len(distinct))
	}
}

// accesses counts the loads and stores of a body.
func accesses(body []lsl.Stmt) int {
	n := 0
	lsl.Walk(body, func(s lsl.Stmt) bool {
		switch s.(type) {
		case *lsl.Load, *lsl.Store:
			n++
		}
		return true
	})
	return n
}

// checkLabels reports a Break whose label is not an enclosing block.
func checkLabels(body []lsl.Stmt, enclosing []string) error {
	for _, s := range body {
		switch s := s.(type) {
		case *lsl.Block:
			if err := checkLabels(s.Body, append(enclosing, s.Label)); err != nil {
				return err
			}
		case *lsl.Atomic:
			if err := checkLabels(s.Body, enclosing); err != nil {
				return err
			}
		case *lsl.Break:
			found := false
			for _, l := range enclosing {
				found = found || l == s.Label
			}
			if !found {
				return fmt.Errorf("%s: break %s outside block %s", s.Pos, s.Label, s.Label)
			}
		}
	}
	return nil
}

// readsBeforeAssigned reports a register read with no assignment earlier
// in the thread's program text.
func readsBeforeAssigned(invs []*lsl.Invocation) error {
	assigned := map[lsl.Reg]bool{}
	var err error
	use := func(pos lsl.Pos, rs ...lsl.Reg) {
		for _, r := range rs {
			if r != "" && !assigned[r] && err == nil {
				err = fmt.Errorf("%s: %s read before any assignment", pos, r)
			}
		}
	}
	for _, inv := range invs {
		lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
			switch s := s.(type) {
			case *lsl.Const:
				assigned[s.Dst] = true
			case *lsl.Prim:
				use(s.Pos, s.Args...)
				assigned[s.Dst] = true
			case *lsl.Load:
				use(s.Pos, s.Addr)
				assigned[s.Dst] = true
			case *lsl.Choose:
				assigned[s.Dst] = true
			case *lsl.Alloc:
				assigned[s.Dst] = true
			case *lsl.Free:
				use(s.Pos, s.Addr)
			case *lsl.Store:
				use(s.Pos, s.Addr, s.Src)
			case *lsl.Break:
				use(s.Pos, s.Cond)
			case *lsl.Assert:
				use(s.Pos, s.Cond)
			case *lsl.Assume:
				use(s.Pos, s.Cond)
			case *lsl.Observe:
				use(s.Pos, s.Val)
			}
			return true
		})
	}
	return err
}

func TestValid(t *testing.T) {
	opts := []Options{
		{},
		{Threads: 2, MaxAccesses: 3},
		{Threads: 4, MaxAccesses: 12, MaxInvocations: 3},
		{Threads: 3, MaxAccesses: 1}, // raised to one access per thread
	}
	for _, opt := range opts {
		for seed := range uint64(500) {
			test := generate(seed, opt)
			where := fmt.Sprintf("%+v, seed %d", opt, seed)
			if err := lsl.ValidateTest(test); err != nil {
				t.Fatalf("%s: invalid test: %v\n%s", where, err, test)
			}
			if n := len(test.Threads); opt.Threads > 0 && n != opt.Threads || n < 2 || n > 4 {
				t.Errorf("%s: %d threads", where, n)
			}
			maxAcc := max(opt.MaxAccesses, len(test.Threads))
			if opt.MaxAccesses == 0 {
				maxAcc = 8
				if len(loops(test)) > 0 {
					maxAcc = MaxLoopAccesses
				}
			}
			maxInv := opt.MaxInvocations
			if maxInv == 0 {
				maxInv = 2
			}
			total := 0
			for _, inv := range test.Init {
				total += accesses(inv.Body)
			}
			for i, th := range test.Threads {
				if len(th) < 1 || len(th) > maxInv {
					t.Errorf("%s: thread %d has %d invocations", where, i, len(th))
				}
				n := 0
				for _, inv := range th {
					n += accesses(inv.Body)
					if err := checkLabels(inv.Body, nil); err != nil {
						t.Errorf("%s: %v", where, err)
					}
				}
				if n == 0 {
					t.Errorf("%s: thread %d has no access", where, i)
				}
				total += n
				if err := readsBeforeAssigned(th); err != nil {
					t.Errorf("%s: %v", where, err)
				}
			}
			if total > maxAcc {
				t.Errorf("%s: %d accesses, at most %d allowed", where, total, maxAcc)
			}
			// One final per location: a global's, or each field's.
			locs := 0
			for _, g := range test.Globals {
				locs++
				if g.Shape != nil {
					locs += len(g.Shape.Fields) - 1
				}
			}
			if len(test.Final) != locs {
				t.Errorf("%s: %d finals for %d locations", where, len(test.Final), locs)
			}
			checkObserved(t, where, test)
			for _, l := range loops(test) {
				if err := checkUnrolled(l); err != nil {
					t.Errorf("%s: %v\n%s", where, err, test)
				}
			}
		}
	}
}

// loops returns the loops of test: the blocks that end in a
// bound_exceeded.
func loops(test *lsl.Test) []*lsl.Block {
	var out []*lsl.Block
	for _, invs := range append([][]*lsl.Invocation{test.Init}, test.Threads...) {
		for _, inv := range invs {
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if b, ok := s.(*lsl.Block); ok && len(b.Body) > 0 {
					if _, ok := b.Body[len(b.Body)-1].(*lsl.BoundExceeded); ok {
						out = append(out, b)
					}
				}
				return true
			})
		}
	}
	return out
}

// copyText prints body with the copy's label name written as the
// template's, so that the copies of one loop print alike.
func copyText(body []lsl.Stmt, name, template string) string {
	var b strings.Builder
	lsl.Walk(body, func(s lsl.Stmt) bool {
		fmt.Fprintf(&b, "%s %s\n", s.Position(), lsl.FormatStmt(s))
		return true
	})
	return strings.ReplaceAll(b.String(), name, template)
}

// checkUnrolled checks that loop l has the form unroll gives a loop
// unrolled k times: blocks L#1 … L#k, copies of one body that leave
// through a conditional break, then a bound_exceeded.
func checkUnrolled(l *lsl.Block) error {
	k := len(l.Body) - 1
	if k < 1 || k > 3 {
		return fmt.Errorf("loop %s unrolled %d times", l.Label, k)
	}
	var first string
	for i, s := range l.Body[:k] {
		name := fmt.Sprintf("%s#%d", l.Label, i+1)
		b, ok := s.(*lsl.Block)
		if !ok || b.Label != name {
			return fmt.Errorf("loop %s: statement %d is %s, want block %s", l.Label, i+1, lsl.FormatStmt(s), name)
		}
		text := copyText(b.Body, name, l.Label+"#")
		if i == 0 {
			first = text
		} else if text != first {
			return fmt.Errorf("loop %s: copy %d differs from copy 1:\n%s\nand\n%s", l.Label, i+1, text, first)
		}
		exits := false
		lsl.Walk(b.Body, func(s lsl.Stmt) bool {
			if br, ok := s.(*lsl.Break); ok && br.Cond != "" && (br.Label == l.Label || br.Label == name) {
				exits = true
			}
			return true
		})
		if !exits {
			return fmt.Errorf("loop %s: copy %d has no conditional exit", l.Label, i+1)
		}
	}
	return nil
}

// checkObserved checks that every loaded register is observed as an
// output in the invocation that loads it, and that statements carry
// positions.
func checkObserved(t *testing.T, where string, test *lsl.Test) {
	for _, th := range test.Threads {
		for _, inv := range th {
			loaded := map[lsl.Reg]bool{}
			lsl.Walk(inv.Body, func(s lsl.Stmt) bool {
				if !s.Position().IsValid() || s.Position().File != File {
					t.Errorf("%s: statement %s without position", where, lsl.FormatStmt(s))
				}
				switch s := s.(type) {
				case *lsl.Load:
					loaded[s.Dst] = true
				case *lsl.Observe:
					if s.Kind == lsl.ObsOutput {
						delete(loaded, s.Val)
					}
				}
				return true
			})
			for r := range loaded {
				t.Errorf("%s: loaded register %s not observed", where, r)
			}
		}
	}
}

// TestVariety checks that 200 tests use every construct the generator is
// meant to produce.
func TestVariety(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(500) {
		test := generate(seed, Options{})
		seen[fmt.Sprintf("threads %d", len(test.Threads))] = true
		for _, l := range loops(test) {
			be := l.Body[len(l.Body)-1].(*lsl.BoundExceeded)
			// The loop's name, from its instance id t0.e1/op1/spin3@gen:7.
			shape := strings.TrimRight(l.Label, "0123456789")
			if !strings.Contains(be.Loop, "/"+l.Label+"@") {
				t.Errorf("seed %d: loop %s has instance id %q", seed, l.Label, be.Loop)
			}
			seen["loop "+shape] = true
			seen[fmt.Sprintf("loop unrolled %d times", len(l.Body)-1)] = true
			lsl.Walk(l.Body, func(s lsl.Stmt) bool {
				switch s := s.(type) {
				case *lsl.Break:
					if s.Cond != "" && strings.HasPrefix(s.Label, l.Label+"#") {
						seen["conditional continue"] = true
					}
				case *lsl.Fence:
					seen["fence in a loop"] = true
				case *lsl.Atomic:
					seen["atomic block in a loop"] = true
				case *lsl.Observe:
					seen["observation in a loop"] = true
				}
				return true
			})
		}
		for _, g := range test.Globals {
			if !g.Shape.IsScalar() {
				seen["struct global"] = true
			}
		}
		if len(test.Init) > 0 {
			seen["init"] = true
		}
		for _, g := range test.Globals {
			for _, iv := range g.Init {
				if iv.Val.IsInt() && iv.Val.IntVal() != 0 {
					seen["non-zero initial value"] = true
				}
				if iv.Val.IsPtr() {
					seen["pointer initial value"] = true
				}
			}
		}
		for _, th := range test.Threads {
			if len(th) > 1 {
				seen["two invocations"] = true
			}
			loaded := map[lsl.Reg]bool{}
			maybe := map[lsl.Reg]bool{}
			for _, inv := range th {
				var walk func(body []lsl.Stmt, inBlock, inAtomic bool)
				walk = func(body []lsl.Stmt, inBlock, inAtomic bool) {
					for _, s := range body {
						seen[fmt.Sprintf("%T", s)] = true
						switch s := s.(type) {
						case *lsl.Fence:
							seen["fence "+s.Kind.String()] = true
						case *lsl.Prim:
							seen["prim "+s.Op.String()] = true
							for _, a := range s.Args {
								if maybe[a] {
									seen["use of a maybe-undefined register"] = true
								}
							}
						case *lsl.Observe:
							seen["observe "+s.Kind.String()] = true
						case *lsl.Load:
							if loaded[s.Addr] {
								seen["load through a loaded pointer"] = true
							}
							loaded[s.Dst] = true
							if inBlock && !inAtomic {
								maybe[s.Dst] = true
								seen["guarded load"] = true
							}
						case *lsl.Store:
							if loaded[s.Addr] {
								seen["store through a loaded pointer"] = true
							}
							if loaded[s.Src] {
								seen["store of a loaded register"] = true
							}
							if inBlock && !inAtomic {
								seen["guarded store"] = true
							}
						case *lsl.Atomic:
							n := 0
							lsl.Walk(s.Body, func(x lsl.Stmt) bool {
								if _, ok := x.(*lsl.Block); ok {
									seen["CAS-like atomic block"] = true
								}
								switch x.(type) {
								case *lsl.Load, *lsl.Store:
									n++
								}
								return true
							})
							seen[fmt.Sprintf("atomic block of %d accesses", n)] = true
							if s.NoFence {
								seen["nofence atomic block"] = true
							}
							walk(s.Body, inBlock, true)
						case *lsl.Block:
							walk(s.Body, true, inAtomic)
						}
					}
				}
				walk(inv.Body, false, false)
			}
		}
	}
	want := []string{
		"threads 2", "threads 3", "threads 4", "init", "two invocations",
		"non-zero initial value", "pointer initial value",
		"*lsl.Const", "*lsl.Prim", "*lsl.Load", "*lsl.Store", "*lsl.Fence", "*lsl.Atomic",
		"*lsl.Block", "*lsl.Break", "*lsl.Assert", "*lsl.Assume", "*lsl.Observe", "*lsl.Choose",
		"*lsl.Alloc", "*lsl.Free",
		"fence load-load", "fence load-store", "fence store-load", "fence store-store", "fence full",
		"prim add", "prim sub", "prim eq", "prim ne", "prim lt", "prim le", "prim gt", "prim ge",
		"prim lnot", "prim mov", "prim offset", "prim padd", "prim psub", "struct global",
		"*lsl.BoundExceeded", "loop spin", "loop retry", "loop count", "loop walk",
		"loop unrolled 1 times", "loop unrolled 2 times", "loop unrolled 3 times",
		"conditional continue", "fence in a loop", "atomic block in a loop", "observation in a loop",
		"observe input", "observe output", "observe label",
		"load through a loaded pointer", "store through a loaded pointer", "store of a loaded register",
		"guarded load", "guarded store", "use of a maybe-undefined register",
		"CAS-like atomic block", "atomic block of 1 accesses", "atomic block of 2 accesses", "atomic block of 3 accesses",
		"nofence atomic block",
	}
	var missing []string
	for _, w := range want {
		if !seen[w] {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		t.Errorf("never generated in 500 tests: %s", strings.Join(missing, ", "))
	}
}

// loadedExit reports whether some conditional break of loop l, in
// thread code body, tests a register computed from a loaded value, so
// that the number of iterations depends on the interleaving.
func loadedExit(body []lsl.Stmt, l *lsl.Block) bool {
	// Taint follows assignments in program order, which is enough: the
	// copies of a loop body share registers, and a copy reads them after
	// the earlier copies or the code before the loop assigned them.
	tainted := map[lsl.Reg]bool{}
	found := false
	inLoop := func(s lsl.Stmt) bool {
		in := false
		lsl.Walk(l.Body, func(x lsl.Stmt) bool {
			in = in || x == s
			return !in
		})
		return in
	}
	lsl.Walk(body, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Load:
			tainted[s.Dst] = true
		case *lsl.Const:
			tainted[s.Dst] = false
		case *lsl.Choose:
			tainted[s.Dst] = false
		case *lsl.Prim:
			t := false
			for _, a := range s.Args {
				t = t || tainted[a]
			}
			tainted[s.Dst] = t
		case *lsl.Break:
			if s.Cond != "" && tainted[s.Cond] && inLoop(s) {
				found = true
			}
		}
		return true
	})
	return found
}

// TestLoops checks that a good share of the tests have a loop, and that
// most loops leave on a condition computed from a loaded value.
func TestLoops(t *testing.T) {
	const n = 300
	withLoop, nloops, loaded := 0, 0, 0
	for seed := range uint64(n) {
		test := generate(seed, Options{})
		ls := loops(test)
		if len(ls) > 0 {
			withLoop++
		}
		nloops += len(ls)
		for _, l := range ls {
			for _, th := range test.Threads {
				var body []lsl.Stmt
				for _, inv := range th {
					body = append(body, inv.Body...)
				}
				if loadedExit(body, l) {
					loaded++
					break
				}
			}
		}
	}
	if withLoop < n/3 || withLoop > 2*n/3 {
		t.Errorf("%d of %d tests have a loop, want a third to two thirds", withLoop, n)
	}
	if loaded < nloops*2/3 {
		t.Errorf("only %d of %d loops leave on a loaded value", loaded, nloops)
	}
	t.Logf("%d of %d tests have a loop; %d of %d loops leave on a loaded value", withLoop, n, loaded, nloops)
}

// TestPrintParse checks that generated tests survive printing and
// parsing, so that a failing test printed by the differential test can
// be saved and rerun as it is.
func TestPrintParse(t *testing.T) {
	for seed := range uint64(500) {
		text := generate(seed, Options{}).String()
		back, err := lsl.ParseTest(File, []byte(text))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if got := back.String(); got != text {
			t.Fatalf("seed %d: printed, parsed and printed again:\n%s\nwant\n%s", seed, got, text)
		}
	}
}
