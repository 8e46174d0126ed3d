package tests

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"checkfence/lsl"
)

func ops(names ...string) []OpCall {
	var calls []OpCall
	for _, n := range names {
		calls = append(calls, OpCall{Name: n})
	}
	return calls
}

func TestString(t *testing.T) {
	cases := []struct {
		name string
		test *Test
		want string
	}{
		{"paper T0", &Test{Name: "T0", Init: ops("i"), Threads: [][]OpCall{ops("e"), ops("d")}},
			"test T0 = i ( e | d )"},
		{"paper Tpc2", &Test{Name: "Tpc2", Threads: [][]OpCall{ops("e", "e"), ops("d", "d")}},
			"test Tpc2 = ( e e | d d )"},
		{"one thread, two init", &Test{Name: "S", Init: ops("i", "j"), Threads: [][]OpCall{ops("a")}},
			"test S = i j ( a )"},
		{"duplicate prints the written name", &Test{Name: "T2#2", Init: ops("SETUP100"), Threads: [][]OpCall{ops("W0INC1"), ops("W0INC1")}},
			"test T2 = SETUP100 ( W0INC1 | W0INC1 )"},
		// Not parsable, but printed faithfully rather than hidden.
		{"empty thread", &Test{Name: "T", Threads: [][]OpCall{ops("a"), nil}},
			"test T = ( a | )"},
		{"no threads", &Test{Name: "T"}, "test T = ( )"},
		{"nil", nil, "<nil test>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.test.String(); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// sameTests reports whether a and b are the same tests apart from
// positions.
func sameTests(a, b []*Test) bool {
	sameOps := func(x, y []OpCall) bool {
		return slices.EqualFunc(x, y, func(p, q OpCall) bool { return p.Name == q.Name })
	}
	return slices.EqualFunc(a, b, func(x, y *Test) bool {
		return x.Name == y.Name && sameOps(x.Init, y.Init) &&
			slices.EqualFunc(x.Threads, y.Threads, sameOps)
	})
}

// checkRoundTrip checks that the Strings of tests, one per line, parse to
// the same tests, and that each String alone parses to the test under its
// written name.
func checkRoundTrip(t *testing.T, tests []*Test) {
	t.Helper()
	var lines []string
	for _, test := range tests {
		lines = append(lines, test.String())
		again, err := Parse("again.lsl", []byte(test.String()))
		if err != nil {
			t.Fatalf("%s: %v", test, err)
		}
		single := *test
		single.Name = test.BaseName()
		if !sameTests(again, []*Test{&single}) {
			t.Errorf("%s parsed alone to %v", test, again)
		}
	}
	text := strings.Join(lines, "\n")
	again, err := Parse("again.lsl", []byte(text))
	if err != nil {
		t.Fatalf("%v in\n%s", err, text)
	}
	if !sameTests(again, tests) {
		t.Errorf("round trip changed the tests:\n%s\nto\n%v", text, again)
	}
}

func TestRoundTripExamples(t *testing.T) {
	for _, file := range exampleFiles {
		t.Run(file, func(t *testing.T) {
			tests, err := Parse(file, readExample(t, file))
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, tests)
		})
	}
}

// gen makes random test files: random tests, laid out with random white
// space and comments, together with the tests and positions they must
// parse to.
type gen struct {
	r *rand.Rand
	b strings.Builder
}

func (g *gen) ident() string {
	pool := []string{"i", "e", "d", "T", "T0", "W0INC1", "_", "_x9", "tests", "test_", "Test", "a"}
	if g.r.IntN(4) == 0 {
		const first = "abcXYZ_"
		const rest = first + "0123456789"
		s := string(first[g.r.IntN(len(first))])
		for range g.r.IntN(6) {
			s += string(rest[g.r.IntN(len(rest))])
		}
		if s != keyword {
			return s
		}
	}
	return pool[g.r.IntN(len(pool))]
}

// pos is where the next byte written goes.
func (g *gen) pos() lsl.Pos {
	s := g.b.String()
	return lsl.Pos{File: "gen.lsl", Line: strings.Count(s, "\n") + 1, Col: len(s) - strings.LastIndexByte(s, '\n')}
}

// space writes a separator; required says tokens would merge without one.
func (g *gen) space(required bool) {
	seps := []string{" ", " ", "\n", "\t", "\r\n", "  // c ( | ) test\n", "/* ) */", "/*\n*/", "/**/", "\n\n// x\n"}
	if !required && g.r.IntN(3) == 0 {
		return
	}
	for range 1 + g.r.IntN(2) {
		g.b.WriteString(seps[g.r.IntN(len(seps))])
	}
}

func (g *gen) op() OpCall {
	g.space(true)
	op := OpCall{Pos: g.pos(), Name: g.ident()}
	g.b.WriteString(op.Name)
	return op
}

func (g *gen) test() *Test {
	g.space(g.b.Len() > 0)
	g.b.WriteString(keyword)
	g.space(true)
	t := &Test{Pos: g.pos(), Name: g.ident()}
	g.b.WriteString(t.Name)
	g.space(false)
	g.b.WriteString("=")
	for range g.r.IntN(3) {
		t.Init = append(t.Init, g.op())
	}
	g.space(false)
	g.b.WriteString("(")
	for i := range 1 + g.r.IntN(4) {
		if i > 0 {
			g.space(false)
			g.b.WriteString("|")
		}
		var thread []OpCall
		for range 1 + g.r.IntN(4) {
			thread = append(thread, g.op())
		}
		t.Threads = append(t.Threads, thread)
	}
	g.space(false)
	g.b.WriteString(")")
	return t
}

// file generates a file of up to five tests, renaming duplicates as Parse
// documents.
func (g *gen) file() []*Test {
	var tests []*Test
	seen := map[string]int{}
	for range g.r.IntN(6) {
		t := g.test()
		seen[t.Name]++
		if n := seen[t.Name]; n > 1 {
			t.Name += "#" + strconv.Itoa(n)
		}
		tests = append(tests, t)
	}
	g.space(false)
	return tests
}

// TestParseGenerated parses generated files, positions included, and
// round-trips the result through String.
func TestParseGenerated(t *testing.T) {
	for seed := range uint64(300) {
		g := &gen{r: rand.New(rand.NewPCG(seed, 7))}
		want := g.file()
		src := g.b.String()
		got, err := Parse("gen.lsl", []byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v in\n%s", seed, err, src)
		}
		if !sameTests(got, want) || !samePositions(got, want) {
			t.Fatalf("seed %d: parsed\n%s\nto %#v\nwant %#v", seed, src, got, want)
		}
		checkRoundTrip(t, got)
	}
}

func samePositions(a, b []*Test) bool {
	samePos := func(x, y []OpCall) bool {
		return slices.EqualFunc(x, y, func(p, q OpCall) bool { return p.Pos == q.Pos })
	}
	return slices.EqualFunc(a, b, func(x, y *Test) bool {
		return x.Pos == y.Pos && samePos(x.Init, y.Init) && slices.EqualFunc(x.Threads, y.Threads, samePos)
	})
}
