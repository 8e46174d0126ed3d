package mining

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"checkfence/encode"
	"checkfence/internal/reference"
	"checkfence/lsl"
	"checkfence/memmodel"
)

// againstReference reads the LSL test in testdata/file, checks that the
// encoder's outcomes equal the reference's on every model, and returns the
// encoder's, by model.
func againstReference(t *testing.T, file string) map[string][]lsl.Outcome {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return againstReferenceSrc(t, file, src)
}

// againstReferenceSrc is againstReference on the LSL test src, called file.
func againstReferenceSrc(t *testing.T, file string, src []byte) map[string][]lsl.Outcome {
	t.Helper()
	test, err := lsl.ParseTestFile(file, src)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]lsl.Outcome{}
	for _, name := range reference.Models() {
		want, err := reference.Outcomes(test, name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Outcomes(context.Background(), test, memmodel.MustByName(name), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := diff(want, got); d != "" {
			t.Errorf("%s on %s differs from the reference:\n%s", file, name, d)
		}
		out[name] = got
	}
	return out
}

// TestPointerAddresses: a pointer to a block, one to its first field and
// one to that field's first element denote one address and compare equal,
// as in C ((void *)p == (void *)&p->first); the encoder agrees with the
// reference (lsl.Eval) on every model, on constants and on two loaded
// pointers. On sc the reader sees the init's pointer to the second field
// or one of the three first-address pointers: eq, ne, lt and le say so,
// and two loads compare equal whichever of those three they read; so do
// two constants (which the range analysis compares alone).
func TestPointerAddresses(t *testing.T) {
	sc := againstReference(t, "addresses.lsl")["sc"]
	reader := map[string]bool{}
	for _, o := range sc {
		reader[lsl.Outcome{Threads: o.Threads[3:]}.Key()] = true
	}
	want := map[string]bool{
		"t0.0{output eq=0 output ne=1 output lt=0 output le=0 output same=0 output k=1}": true,
		"t0.0{output eq=0 output ne=1 output lt=0 output le=0 output same=1 output k=1}": true,
		"t0.0{output eq=1 output ne=0 output lt=1 output le=1 output same=1 output k=1}": true,
	}
	if !maps.Equal(reader, want) {
		t.Errorf("the reader's outcomes on sc: %v, want %v", reader, want)
	}
}

// TestFreeLocal: freeing the storage of a C local (lsl.Alloc.Local) is an
// error, freeing a heap block is not; the encoder agrees with the
// reference on every model.
func TestFreeLocal(t *testing.T) {
	want := []string{"error", "t0.0{output c=1}"}
	for name, got := range againstReference(t, "freelocal.lsl") {
		var keys []string
		for _, o := range got {
			keys = append(keys, o.Key())
		}
		slices.Sort(keys)
		if !slices.Equal(keys, want) {
			t.Errorf("%s: outcomes %q, want %q", name, keys, want)
		}
	}
}

// TestPointerMarks: pointers marked in their low bits (lsl.markOp) are
// set, tested, cleared and compared as C does, on every model alike with
// the reference, also with the two marking threads interchangeable
// (symmetry renames a marked pointer's block). The reader sees no mark (the
// initial null), or a marked pointer to a node whose key it reads through
// the cleared pointer: 1, or on the models that reorder two stores the
// node's uninitialised word. Following a marked pointer is a fault.
func TestPointerMarks(t *testing.T) {
	// the nodes are blocks 3 and 4 (after the globals g and x)
	sc := []string{
		"t0.0{} | t1.0{} | t2.0{output r=0 output m=0}",
		"t0.0{} | t1.0{} | t2.0{output r=[3]|1 output m=1 output k=1 output same=1 output x=0}",
		"t0.0{} | t1.0{} | t2.0{output r=[4]|1 output m=1 output k=1 output same=1 output x=0}",
	}
	reordered := append(slices.Clone(sc),
		"t0.0{} | t1.0{} | t2.0{output r=[3]|1 output m=1 output k=undefined output same=1 output x=0}",
		"t0.0{} | t1.0{} | t2.0{output r=[4]|1 output m=1 output k=undefined output same=1 output x=0}")
	slices.Sort(reordered)
	want := map[string][]string{"serial": sc, "sc": sc, "tso": sc, "pso": reordered, "rmo": reordered, "relaxed": reordered}
	check := func(file string, want map[string][]string) {
		for name, got := range againstReference(t, file) {
			var keys []string
			for _, o := range got {
				keys = append(keys, o.Key())
			}
			slices.Sort(keys)
			if w := want[name]; !slices.Equal(keys, w) {
				t.Errorf("%s on %s: outcomes %q, want %q", file, name, keys, w)
			}
		}
	}
	check("marks.lsl", want)
	// the marking threads are interchangeable: the outcomes above come
	// through their orbits (a rename that lost the mark would find no
	// symmetry, and the images would not be the reader's)
	src, err := os.ReadFile(filepath.Join("testdata", "marks.lsl"))
	if err != nil {
		t.Fatal(err)
	}
	test, err := lsl.ParseTestFile("marks.lsl", src)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := Prepare(context.Background(), test, memmodel.MustByName("relaxed"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if cls := enc.InterchangeableThreads(); len(cls) != 1 || !slices.Equal(cls[0], []int{0, 1}) {
		t.Errorf("interchangeable threads %v, want [[0 1]]", cls)
	}
	deref := []string{"error", "t0.0{output c=0}"}
	check("marksderef.lsl", map[string][]string{"serial": deref, "sc": deref, "tso": deref, "pso": deref, "rmo": deref, "relaxed": deref})
}

// TestAliasingThroughValidAddresses: accesses through pointers that may
// hold several addresses, or undefined, alias only through a valid address
// they share. W stores through p ({&x, &y}) and R loads through q ({&y,
// &z}): on sc, after P has made both point to y, R reads W's 1 (or V's 2,
// V storing through u, which is undefined until P sets it); a store through
// the undefined u is a fault. The encoder agrees with the reference on
// every model, and gives no order literal to a pair whose addresses share
// only undefined (V's store and R's second load may both be through it).
func TestAliasingThroughValidAddresses(t *testing.T) {
	sc := againstReference(t, "aliasing.lsl")["sc"]
	var rs []string
	for _, o := range sc {
		rs = append(rs, o.Key())
	}
	for _, want := range []string{"error", "t0.0{} | t1.0{} | t2.0{} | t3.0{output r=1 output s=1}", "t0.0{} | t1.0{} | t2.0{} | t3.0{output r=2 output s=2}"} {
		if !slices.Contains(rs, want) {
			t.Errorf("sc outcomes %q lack %q", rs, want)
		}
	}
}

// TestFencesInAtomicBlocks: a fence written inside an atomic block orders
// the accesses of its thread on its two sides in program order, as any
// fence (SEMANTICS.md, "Fences"); the block's accesses are contiguous in
// memory order, but the block is ordered against an access outside it
// only through its accesses on the other side of the fence. The encoder
// agrees with the reference on every model, and the outcome each case
// names exists on exactly the models listed, derived from the tables of
// SEMANTICS.md. The cases marked whole are those that a fence ordering
// its whole block (the mutant encode.Options.WholeBlockFences) gets wrong.
func TestFencesInAtomicBlocks(t *testing.T) {
	// Message passing: W stores x then y, with a store-store fence; R
	// reads y then x, with a load-load fence in an atomic block. r0=1
	// r1=0 needs R's loads reordered, which only rmo and relaxed do.
	mp := func(reader string) string {
		return `test MP
global x @1
global y @2
thread {
  op W {
    a = [1]
    b = [2]
    one = 1
    store a, one
    fence store-store
    store b, one
  }
}
thread {
  op R {
    a = [1]
    b = [2]
    z = [3]
    one = 1
` + reader + `
    observe output "r0" r0
    observe output "r1" r1
  }
}
global z @3
`
	}
	// Load buffering: A loads x, then stores y in an atomic block with a
	// fence; B loads y, then stores x after a load-store fence. r0=1 r1=1
	// needs A's load after its store, which only rmo and relaxed do.
	lb := func(a string) string {
		return `test LB
global x @1
global y @2
thread {
  op A {
    a = [1]
    b = [2]
    one = 1
` + a + `
    observe output "r0" r0
  }
}
thread {
  op B {
    a = [1]
    b = [2]
    one = 1
    r1 = load b
    fence load-store
    store a, one
    observe output "r1" r1
  }
}
`
	}
	weak := []string{"rmo", "relaxed"}
	for _, tc := range []struct {
		name, src string
		outcome   string
		on        []string // the models that have outcome
		whole     bool     // the whole-block mutant gets it wrong
	}{
		// the fence before the block's load orders nothing after it
		{"mp-fence-first", mp("    atomic {\n      fence load-load\n      r0 = load b\n    }\n    r1 = load a"),
			"t0.0{} | t1.0{output r0=1 output r1=0}", weak, true},
		{"mp-fence-last", mp("    atomic {\n      r0 = load b\n      fence load-load\n    }\n    r1 = load a"),
			"t0.0{} | t1.0{output r0=1 output r1=0}", nil, false},
		{"mp-block-after-fence", mp("    r0 = load b\n    atomic {\n      fence load-load\n      r1 = load a\n    }"),
			"t0.0{} | t1.0{output r0=1 output r1=0}", nil, false},
		// the fence after the block's load orders nothing before it
		{"mp-block-before-fence", mp("    r0 = load b\n    atomic {\n      r1 = load a\n      fence load-load\n    }"),
			"t0.0{} | t1.0{output r0=1 output r1=0}", weak, true},
		// loads on both sides of the block, and of the fence inside it:
		// all ordered, without a cycle that would remove every execution
		{"mp-around", mp("    r0 = load b\n    atomic {\n      r2 = load z\n      fence load-load\n      r3 = load z\n    }\n    r1 = load a"),
			"t0.0{} | t1.0{output r0=1 output r1=0}", nil, false},
		// a store in the block between the loads: the fence orders the
		// loads before it against those after it, not the store
		{"mp-across", mp("    r0 = load b\n    atomic {\n      store z, one\n      fence load-load\n    }\n    r1 = load a"),
			"t0.0{} | t1.0{output r0=1 output r1=0}", nil, false},
		// the load-load fence has no load after it in the block
		{"lb-load-load", lb("    r0 = load a\n    atomic {\n      store b, one\n      fence load-load\n    }"),
			"t0.0{output r0=1} | t1.0{output r1=1}", weak, true},
		// the block's store is before the load-store fence: not ordered
		{"lb-store-first", lb("    r0 = load a\n    atomic {\n      store b, one\n      fence load-store\n    }"),
			"t0.0{output r0=1} | t1.0{output r1=1}", weak, true},
		{"lb-fence-first", lb("    r0 = load a\n    atomic {\n      fence load-store\n      store b, one\n    }"),
			"t0.0{output r0=1} | t1.0{output r1=1}", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for name, got := range againstReferenceSrc(t, tc.name+".lsl", []byte(tc.src)) {
				has := slices.ContainsFunc(got, func(o lsl.Outcome) bool { return o.Key() == tc.outcome })
				if want := slices.Contains(tc.on, name); has != want {
					t.Errorf("on %s: outcome %s present %v, want %v", name, tc.outcome, has, want)
				}
			}
			test, err := lsl.ParseTestFile(tc.name+".lsl", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Outcomes(context.Background(), test, memmodel.MustByName("rmo"), Options{Encode: encode.Options{WholeBlockFences: true}})
			if err != nil {
				t.Fatal(err)
			}
			has := slices.ContainsFunc(got, func(o lsl.Outcome) bool { return o.Key() == tc.outcome })
			if wrong := has != slices.Contains(tc.on, "rmo"); wrong != tc.whole {
				t.Errorf("the whole-block mutant on rmo: outcome present %v; wrong %v, want %v", has, wrong, tc.whole)
			}
		})
	}
}

// TestNestedAtomicBlocks: an atomic block nested in another is part of
// the outer one (lsl.Atomic), so B's store comes before or after both of
// A's loads, on every model: r0 = r1. The encoder agrees with the
// reference on every model.
func TestNestedAtomicBlocks(t *testing.T) {
	src := `test Nested
global x @1
thread {
  op A {
    a = [1]
    atomic {
      r0 = load a
      atomic {
        r1 = load a
      }
    }
    observe output "r0" r0
    observe output "r1" r1
  }
}
thread {
  op B {
    a = [1]
    one = 1
    store a, one
  }
}
`
	want := []string{"t0.0{output r0=0 output r1=0} | t1.0{}", "t0.0{output r0=1 output r1=1} | t1.0{}"}
	for name, got := range againstReferenceSrc(t, "nested.lsl", []byte(src)) {
		var keys []string
		for _, o := range got {
			keys = append(keys, o.Key())
		}
		slices.Sort(keys)
		if !slices.Equal(keys, want) {
			t.Errorf("%s: outcomes %q, want %q", name, keys, want)
		}
	}
}
