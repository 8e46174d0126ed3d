package mining

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

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
