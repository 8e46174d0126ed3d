package symmetry

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"checkfence/lsl"
	"checkfence/rangeanalysis"
)

// test builds a straight-line test over globals x @1 and y @2 from
// thread bodies (each one operation), with optional extra top-level text.
func test(t *testing.T, extra string, threads ...string) *lsl.Test {
	t.Helper()
	var b strings.Builder
	b.WriteString("test T\n\nglobal x @1\nglobal y @2\n" + extra + "\n")
	for i, body := range threads {
		fmt.Fprintf(&b, "thread {\n  op o @1:1 {\n%s\n  }\n}\n", indentLines(body))
		_ = i
	}
	tt, err := lsl.ParseTest("t.lsl", []byte(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return tt
}

func indentLines(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = "    " + strings.TrimSpace(l)
	}
	return strings.Join(lines, "\n")
}

func find(t *testing.T, tt *lsl.Test) *Group {
	t.Helper()
	ra, err := rangeanalysis.Analyze(context.Background(), tt)
	if err != nil {
		t.Fatal(err)
	}
	return Find(tt, ra)
}

const (
	writer = "a = [1]\none = 1\nstore a, one @2:1"
	reader = "a = [1]\nr = load a @3:1\nobserve output \"r\" r"
)

func TestFind(t *testing.T) {
	cases := []struct {
		name    string
		extra   string
		threads []string
		want    [][]int
	}{
		{"two equal threads", "", []string{reader, reader}, [][]int{{0, 1}}},
		{"a writer and two readers", "", []string{reader, writer, reader}, [][]int{{0, 2}}},
		{"two pairs", "", []string{writer, reader, writer, reader}, [][]int{{0, 2}, {1, 3}}},
		{"all different", "", []string{writer, reader}, nil},
		{"another position", "", []string{reader, strings.Replace(reader, "@3:1", "@4:1", 1)}, nil},
		{"another constant", "", []string{writer, strings.Replace(writer, "one = 1", "one = 2", 1)}, nil},
		{"final values observed", "final x = [1]", []string{writer, writer, reader}, nil},
		{"own blocks", "", []string{"p = alloc 1\nr = load p\nobserve output \"p\" p", "p = alloc 1\nr = load p\nobserve output \"p\" p"}, [][]int{{0, 1}}},
		{"blocks retired", "", []string{"p = alloc 1\nfree noreuse p", "p = alloc 1\nfree noreuse p"}, [][]int{{0, 1}}},
		{"blocks freed for reuse", "", []string{"p = alloc 1\nfree p", "p = alloc 1\nfree p"}, nil},
		{"a constant names a thread's block", "", []string{"p = alloc 1\nq = [4]\nobserve output \"q\" q", "p = alloc 1\nq = [4]\nobserve output \"q\" q"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tt := test(t, c.extra, c.threads...)
			g := find(t, tt)
			var got [][]int
			if g != nil {
				got = g.Classes
			}
			if !slices.EqualFunc(got, c.want, slices.Equal) {
				t.Errorf("classes %v, want %v", got, c.want)
			}
			if g != nil && !Possible(tt) {
				t.Errorf("Possible says no class can be found; Find found %v", got)
			}
		})
	}
}

// TestPossible: Possible rules classes out from the threads' shapes
// alone, before any analysis; when it says they are possible, Find
// decides.
func TestPossible(t *testing.T) {
	cases := []struct {
		name    string
		extra   string
		threads []string
		want    bool
	}{
		{"two equal threads", "", []string{reader, reader}, true},
		{"different code, same shape", "", []string{writer, reader}, true},
		{"a single thread", "", []string{reader}, false},
		{"same shape, another constant", "", []string{writer, strings.Replace(writer, "one = 1", "one = 2", 1)}, true},
		{"same operations, more statements", "", []string{reader, reader + "\nobserve output \"a\" a"}, false},
		{"final values observed", "final x = [1]", []string{writer, writer}, false},
		{"blocks freed for reuse", "", []string{"p = alloc 1\nfree p", "p = alloc 1\nfree p"}, false},
		{"threadid", "", []string{"i = threadid\nobserve output \"i\" i", "i = threadid\nobserve output \"i\" i"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Possible(test(t, c.extra, c.threads...)); got != c.want {
				t.Errorf("Possible = %v, want %v", got, c.want)
			}
		})
	}
}

// TestOrderLimit: a class whose permutations would be too many is cut to
// the largest that fits.
func TestOrderLimit(t *testing.T) {
	threads := make([]string, 7)
	for i := range threads {
		threads[i] = reader
	}
	g := find(t, test(t, "", threads...))
	if g == nil || len(g.Classes) != 1 || len(g.Classes[0]) != 6 || g.Order() != 720 {
		t.Fatalf("group %+v, want one class of 6 threads, 720 elements", g)
	}
	// classes whose order overflows an int (21! does): still cut
	for _, sizes := range [][]int{{21}, {30}, {20, 3}, {13, 13, 13}} {
		var threads []string
		for k, n := range sizes {
			for range n {
				threads = append(threads, strings.Replace(reader, "@3:1", fmt.Sprintf("@%d:1", 3+k), 1))
			}
		}
		g := find(t, test(t, "", threads...))
		if g == nil {
			t.Fatalf("classes of %v threads: no group", sizes)
		}
		if g.Order() > MaxOrder || g.Order() < MaxOrder/len(sizes)/4 {
			t.Errorf("classes of %v threads: group %+v of order %d, want at most %d", sizes, g, g.Order(), MaxOrder)
		}
	}
	if len(permutations(4)) != 24 {
		t.Errorf("%d permutations of 4", len(permutations(4)))
	}
}

// TestImages: exchanging two threads that observe their own blocks swaps
// their observations and renames the blocks.
func TestImages(t *testing.T) {
	body := "p = alloc 1\nobserve output \"p\" p\nr = load p\nobserve output \"r\" r"
	tt := test(t, "", body, body, reader)
	g := find(t, tt)
	if g == nil || g.Order() != 2 {
		t.Fatalf("group %+v, want threads 0 and 1", g)
	}
	bases := lsl.AllocBases(tt)
	var b []int64
	for _, th := range tt.Threads[:2] {
		lsl.Walk(th[0].Body, func(s lsl.Stmt) bool {
			if a, ok := s.(*lsl.Alloc); ok {
				b = append(b, bases[a])
			}
			return true
		})
	}
	obs := func(base int64, r int64) [][]lsl.ObsItem {
		return [][]lsl.ObsItem{{{Kind: lsl.ObsOutput, Name: "p", Val: lsl.Ptr(base)}, {Kind: lsl.ObsOutput, Name: "r", Val: lsl.Int(r)}}}
	}
	x := [][]lsl.ObsItem{{{Kind: lsl.ObsOutput, Name: "r", Val: lsl.Int(7)}}}
	o := lsl.Outcome{Threads: [][][]lsl.ObsItem{obs(b[0], 1), obs(b[1], 2), x}}
	want := lsl.Outcome{Threads: [][][]lsl.ObsItem{obs(b[0], 2), obs(b[1], 1), x}}
	imgs := g.Images(o)
	if len(imgs) != 1 || imgs[0].Key() != want.Key() {
		t.Fatalf("images of %s:\n%v\nwant %s", o.Key(), imgs, want.Key())
	}
	if g.Closed([]lsl.Outcome{o}) {
		t.Errorf("{%s} is not closed", o.Key())
	}
	if !g.Closed([]lsl.Outcome{o, want}) {
		t.Errorf("{%s, %s} is closed", o.Key(), want.Key())
	}
	same := lsl.Outcome{Threads: [][][]lsl.ObsItem{obs(b[0], 1), obs(b[1], 1), x}}
	if !g.Closed([]lsl.Outcome{same}) {
		t.Errorf("{%s} is its own image", same.Key())
	}
}
