package tests

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/lsl"
)

// brokenSeeds are texts next to the errors of the grammar.
var brokenSeeds = []string{
	"test T0 = i ( e | )",
	"test T0 = ()",
	"test T0 = i ( e | d",
	"test T0 = ( e /* d )",
	"/*/ */ test T = ( a )",
	"test test = ( test )",
	"test T#2 = ( a )",
	"test T = ( \xff é )",
	"test T = 1a ( b )",
	"test T = ( a ) test T = ( a ) test T = ( a )",
	"test T0 = i ( e | d )\r\ntest T0 = (e|d)//",
}

// FuzzParse checks that Parse never panics, fails only with an *lsl.Error
// at a position inside the file, and that whatever it accepts prints, test
// by test, as text that parses back to the same tests.
func FuzzParse(f *testing.F) {
	for _, file := range exampleFiles {
		src, err := os.ReadFile(filepath.Join(examplesDir, file))
		if err != nil {
			continue // the examples are optional seeds
		}
		f.Add(src)
		// Broken variants: cut short, and with a parenthesis removed.
		f.Add(src[:len(src)/2])
		f.Add([]byte(strings.Replace(string(src), ")", "", 1)))
		f.Add([]byte(strings.Replace(string(src), "(", "( |", 1)))
	}
	for _, s := range brokenSeeds {
		f.Add([]byte(s))
	}
	for seed := range uint64(4) {
		g := &gen{r: rand.New(rand.NewPCG(seed, 11))}
		g.file()
		f.Add([]byte(g.b.String()))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		tests, err := Parse("fuzz.lsl", src)
		if err != nil {
			var le *lsl.Error
			if !errors.As(err, &le) {
				t.Fatalf("error %T: %v", err, err)
			}
			lines := strings.Count(string(src), "\n") + 1
			if le.Pos.File != "fuzz.lsl" || le.Pos.Line < 1 || le.Pos.Line > lines || le.Pos.Col < 1 {
				t.Fatalf("error at %v outside the file of %d lines: %v", le.Pos, lines, err)
			}
			if tests != nil {
				t.Fatalf("tests %v returned with error %v", tests, err)
			}
			return
		}
		for _, test := range tests {
			if len(test.Threads) == 0 || !isIdent(test.BaseName()) {
				t.Fatalf("accepted test %q", test)
			}
			for _, th := range test.Threads {
				if len(th) == 0 {
					t.Fatalf("accepted an empty thread in %q", test)
				}
			}
		}
		checkRoundTrip(t, tests)
		// Selecting every name gives every test.
		var names []string
		for _, test := range tests {
			names = append(names, test.Name)
		}
		if sel, err := Select(tests, names); err != nil || len(sel) != len(tests) {
			t.Fatalf("Select(%v) = %v, %v", names, sel, err)
		}
	})
}
