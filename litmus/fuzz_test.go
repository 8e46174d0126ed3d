package litmus

import (
	"errors"
	"strings"
	"testing"

	"checkfence/lsl"
)

// FuzzParse checks that Parse never crashes, that it fails only with an
// *lsl.Error, and that whatever it accepts translates to a valid LSL
// test whose condition can be evaluated on an outcome shaped like the
// test's.
func FuzzParse(f *testing.F) {
	for _, src := range corpus(f) {
		f.Add(src)
	}
	for _, s := range []string{
		"",
		"X86",
		"X86 T\n{",
		"X86 T\n\"",
		"X86 T\n{} (*",
		"X86 T\n{ x=1; 0:EAX=2 }\n P0 | P1 ;\n XCHG [x],EAX | MOV EBX,$-3 ;\n MOV ECX,EBX | mfence ;\nforall (0:EAX=1 \\/ ~x=2 /\\ true)",
		"X86 T\n{}\n P0 ;\n MOV [x],[y] ;\nexists (x=1)",
		"X86 T\n{}\n P0 | P1 ;\n MOV EAX,[x] ;\n~exists (((0:EAX=1)",
		"X86 T\nk=v\n{}\n P0 ;\nexists (2:EAX=0)",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("f.litmus", src)
		if err != nil {
			var le *lsl.Error
			if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), "f.litmus:") {
				t.Fatalf("error %q is not an *lsl.Error at a place in f.litmus", err)
			}
			return
		}
		lt, err := file.Test()
		if err != nil {
			t.Fatalf("Parse accepted what Test refuses: %v", err)
		}
		if err := lsl.ValidateTest(lt); err != nil {
			t.Fatalf("invalid translation: %v\n%s", err, lt)
		}
		// An outcome with every observation and final value 0 is one the
		// encoder could produce; evaluating the condition on it must work.
		o := lsl.Outcome{Final: make([]lsl.Value, len(lt.Final))}
		for i := range o.Final {
			o.Final[i] = lsl.Int(0)
		}
		for _, th := range lt.Threads {
			var items []lsl.ObsItem
			for _, inv := range th {
				for _, s := range inv.Body {
					if ob, ok := s.(*lsl.Observe); ok {
						items = append(items, lsl.ObsItem{Kind: ob.Kind, Name: ob.Name, Val: lsl.Int(0)})
					}
				}
			}
			o.Threads = append(o.Threads, [][]lsl.ObsItem{items})
		}
		if _, err := file.Allowed(lt, []lsl.Outcome{o}); err != nil {
			t.Fatalf("condition %s on %s: %v", file.Cond, o.Key(), err)
		}
		// Printing the file and reading it back gives the same test.
		text := file.Format()
		again, err := Parse("f.litmus", []byte(text))
		if err != nil {
			t.Fatalf("re-parse of\n%s\nfails: %v", text, err)
		}
		if again.Format() != text {
			t.Fatalf("round trip changed\n%s\ninto\n%s", text, again.Format())
		}
	})
}
