package cfront

import (
	"os"
	"strings"
	"testing"
)

// TestFenceSlots pins where Options.FenceSlots marks fence slots, on a
// file with every kind of boundary it must mark or leave alone (see the
// file's comment); the markers print as "fence full slot N".
func TestFenceSlots(t *testing.T) {
	const src, golden = "testdata/slots/slots.c", "testdata/slots/slots.lsl"
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := CompileSources([]Source{{Name: "slots.c", Text: string(text)}}, Options{FenceSlots: true})
	if err != nil {
		t.Fatal(err)
	}
	got := prog.String()
	checkRoundTrip(t, prog, got)
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		t.Errorf("differs from %s:\n%s", golden, got)
	}
	// Without the option, no slots.
	plain, err := CompileSources([]Source{{Name: "slots.c", Text: string(text)}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range plain.Fences() {
		if f.Slot != 0 {
			t.Errorf("slot %d marked without FenceSlots", f.Slot)
		}
	}
}

// TestSlotsRefuseLineDirectives: a fence slot is a place in the file a
// patch edits; #line (or a preprocessor's line marker) renumbers the
// positions, so fence slots are refused there, at the directive, and the
// same file compiles without slots.
func TestSlotsRefuseLineDirectives(t *testing.T) {
	for _, src := range []string{
		"int x;\nvoid f(void) { x = 1; }\n#line 4\nvoid g(void) { x = 2; }\n",
		"int x;\n  # 7 \"gen.c\"\nvoid g(void) { x = 2; }\n",
	} {
		_, err := CompileSources([]Source{{Name: "l.c", Text: src}}, Options{FenceSlots: true})
		if err == nil || !strings.Contains(err.Error(), "l.c:") || !strings.Contains(err.Error(), "#line directive") {
			t.Errorf("%q with slots: %v", src, err)
		}
		if _, err := CompileSources([]Source{{Name: "l.c", Text: src}}, Options{}); err != nil {
			t.Errorf("%q without slots: %v", src, err)
		}
	}
}
