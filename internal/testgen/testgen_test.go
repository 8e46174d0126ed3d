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
		for seed := range uint64(200) {
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
			if len(test.Final) != len(test.Globals) {
				t.Errorf("%s: %d finals for %d globals", where, len(test.Final), len(test.Globals))
			}
			checkObserved(t, where, test)
		}
	}
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
	for seed := range uint64(200) {
		test := generate(seed, Options{})
		seen[fmt.Sprintf("threads %d", len(test.Threads))] = true
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
		"fence load-load", "fence load-store", "fence store-load", "fence store-store", "fence full",
		"prim add", "prim eq", "prim ne",
		"observe input", "observe output", "observe label",
		"load through a loaded pointer", "store through a loaded pointer", "store of a loaded register",
		"guarded load", "guarded store", "use of a maybe-undefined register",
		"CAS-like atomic block", "atomic block of 1 accesses", "atomic block of 2 accesses", "atomic block of 3 accesses",
	}
	var missing []string
	for _, w := range want {
		if !seen[w] {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		t.Errorf("never generated in 200 tests: %s", strings.Join(missing, ", "))
	}
}
