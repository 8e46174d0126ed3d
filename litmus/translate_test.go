package litmus

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"checkfence/lsl"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// render lists the statements of body without positions, atomic blocks
// opened and closed on lines of their own.
func render(body []lsl.Stmt) []string {
	var out []string
	for _, s := range body {
		if a, ok := s.(*lsl.Atomic); ok {
			out = append(out, "atomic {")
			out = append(out, render(a.Body)...)
			out = append(out, "}")
			continue
		}
		out = append(out, lsl.FormatStmt(s))
	}
	return out
}

// printTest renders t: the LSL printer's text of everything but the final
// locations, which are listed after it in a form this package controls.
func printTest(t *testing.T, lt *lsl.Test) []byte {
	t.Helper()
	c := *lt
	c.Final = nil
	var b bytes.Buffer
	if err := lsl.PrintTest(&b, &c); err != nil {
		t.Fatal(err)
	}
	for _, fl := range lt.Final {
		b.WriteString("// final " + fl.Name + " " + fl.Addr.String() + "\n")
	}
	return b.Bytes()
}

// TestGolden pins the translation of a few tests; run with -update to
// rewrite the files, then review them by hand.
func TestGolden(t *testing.T) {
	dir := filepath.Join(corpusDir(t), "tests")
	for _, path := range []string{
		filepath.Join(dir, "SB.litmus"),
		filepath.Join(dir, "MP.litmus"),
		filepath.Join(dir, "IRIW.litmus"),
		filepath.Join(dir, "R+mfence+rfi-po.litmus"),
		filepath.Join("testdata", "SB+xchgs.litmus"),
	} {
		base := filepath.Base(path)
		t.Run(base, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Parse(base, src)
			if err != nil {
				t.Fatal(err)
			}
			lt, err := f.Test()
			if err != nil {
				t.Fatal(err)
			}
			got := printTest(t, lt)
			golden := filepath.Join("testdata", strings.TrimSuffix(base, ".litmus")+".golden")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the translation:\n%s", golden, got)
			}
		})
	}
}

// TestTranslateInstr checks each instruction form against the translation
// scheme of File.Test, in a thread whose locations are x (base 1) and y
// (base 2) and whose registers EAX and EBX are set to 0 first.
func TestTranslateInstr(t *testing.T) {
	tests := []struct {
		instr string
		want  []string
	}{
		{"MOV [y],$5", []string{"addr1 = [2]", "imm1 = 5", "store addr1, imm1"}},
		{"MOV [x],$-1", []string{"addr1 = [1]", "imm1 = -1", "store addr1, imm1"}},
		{"MOV [y],EAX", []string{"addr1 = [2]", "store addr1, EAX"}},
		{"MOV EAX,[x]", []string{"addr1 = [1]", "EAX = load addr1"}},
		{"MOV EAX,$3", []string{"EAX = 3"}},
		{"MOV EAX,EBX", []string{"EAX = mov EBX"}},
		{"XCHG [y],EBX", []string{"addr1 = [2]", "atomic {", "old1 = load addr1", "store addr1, EBX", "EBX = mov old1", "}"}},
		{"XCHG EBX,[y]", []string{"addr1 = [2]", "atomic {", "old1 = load addr1", "store addr1, EBX", "EBX = mov old1", "}"}},
		{"MFENCE", []string{"fence full"}},
		{"SFENCE", []string{"fence store-store"}},
		{"LFENCE", []string{"fence load-load"}},
	}
	for _, tt := range tests {
		t.Run(tt.instr, func(t *testing.T) {
			src := "X86 T\n{ x=0; y=0; }\n P0 ;\n " + tt.instr + " ;\nexists (0:EAX=0 \\/ 0:EBX=0)\n"
			f, err := Parse("t.litmus", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			lt, err := f.Test()
			if err != nil {
				t.Fatal(err)
			}
			want := append([]string{"EAX = 0", "EBX = 0"}, tt.want...)
			want = append(want, `observe output "EAX" EAX`, `observe output "EBX" EBX`)
			got := render(lt.Threads[0][0].Body)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			body := lt.Threads[0][0].Body
			for _, s := range body[2 : len(body)-2] {
				if s.Position().String() != "t.litmus:4:2" {
					t.Errorf("%s at %s, want t.litmus:4:2", lsl.FormatStmt(s), s.Position())
				}
			}
		})
	}
}

// TestTranslateState checks globals, register initial values, threads and
// final locations.
func TestTranslateState(t *testing.T) {
	src := "X86 T\n{ int b=7; 1:ECX=-4; }\n P0 | P1 ;\n MOV [c],$1 | MOV EAX,[a] ;\nexists (1:EAX=1 /\\ 1:ECX=2 /\\ c=1 /\\ d=0 /\\ a=0 /\\ c=2)\n"
	f, err := Parse("s.litmus", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lt, err := f.Test()
	if err != nil {
		t.Fatal(err)
	}
	// Locations sorted: a b c d, bases 1..4; only b has an initial value.
	wantGlobals := []string{"a @1 s.litmus:4:15 []", "b @2 s.litmus:2:7 [7]", "c @3 s.litmus:4:2 []", "d @4 s.litmus:5:38 []"}
	var globals []string
	for _, g := range lt.Globals {
		var init []string
		for _, iv := range g.Init {
			if len(iv.Offsets) != 0 {
				t.Errorf("%s: offsets %v for a scalar", g.Name, iv.Offsets)
			}
			init = append(init, iv.Val.String())
		}
		if !g.Shape.IsScalar() {
			t.Errorf("%s is not a scalar", g.Name)
		}
		globals = append(globals, g.Name+" @"+lsl.Int(g.Base).String()+" "+g.Pos.String()+" ["+strings.Join(init, " ")+"]")
	}
	if strings.Join(globals, "; ") != strings.Join(wantGlobals, "; ") {
		t.Errorf("globals %q\nwant %q", globals, wantGlobals)
	}
	var final []string
	for _, fl := range lt.Final {
		final = append(final, fl.Name+"="+fl.Addr.String())
	}
	if g := strings.Join(final, " "); g != "a=[1] c=[3] d=[4]" {
		t.Errorf("final %q, want a=[1] c=[3] d=[4]", g)
	}
	if lt.Name != "T" || len(lt.Init) != 0 || len(lt.Threads) != 2 {
		t.Fatalf("test %q with %d init invocations and %d threads, want T, 0, 2", lt.Name, len(lt.Init), len(lt.Threads))
	}
	for i, th := range lt.Threads {
		if len(th) != 1 || th[0].Op != "P"+string(rune('0'+i)) || th[0].Pos != f.Threads[i].Pos {
			t.Errorf("thread %d: %d invocations, want one called P%d at %s", i, len(th), i, f.Threads[i].Pos)
		}
	}
	want := []string{"EAX = 0", "ECX = -4", "addr1 = [1]", "EAX = load addr1", `observe output "EAX" EAX`, `observe output "ECX" ECX`}
	if got := render(lt.Threads[1][0].Body); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("P1:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	body := lt.Threads[1][0].Body
	for i, at := range []string{"s.litmus:3:7", "s.litmus:2:12", "s.litmus:4:15", "s.litmus:4:15", "s.litmus:5:9", "s.litmus:5:20"} {
		if body[i].Position().String() != at {
			t.Errorf("%s at %s, want %s", lsl.FormatStmt(body[i]), body[i].Position(), at)
		}
	}
}

// TestTranslateTemporaries checks that herd registers named like the
// temporaries stay distinct from them.
func TestTranslateTemporaries(t *testing.T) {
	f, err := Parse("t.litmus", []byte("X86 T\n{}\n P0 ;\n MOV addr1,[x] ;\n MOV [x],$2 ;\nexists (0:addr1=0)"))
	if err != nil {
		t.Fatal(err)
	}
	lt, err := f.Test()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ADDR1 = 0", "addr1 = [1]", "ADDR1 = load addr1", "addr2 = [1]", "imm2 = 2", "store addr2, imm2", `observe output "ADDR1" ADDR1`}
	if got := render(lt.Threads[0][0].Body); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestTranslateInvalid checks that Files Parse would not produce are
// refused rather than translated.
func TestTranslateInvalid(t *testing.T) {
	ok := func() *File {
		f, err := Parse("t.litmus", []byte("X86 T\n{}\n P0 ;\n MOV EAX,[x] ;\nexists (0:EAX=1)"))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	tests := []struct {
		name   string
		change func(f *File) *File
		want   string
	}{
		{"nil file", func(*File) *File { return nil }, "no litmus file"},
		{"lower-case register", func(f *File) *File { f.Threads[0].Instrs[0].Reg = "eax"; return f }, `t.litmus:4:2: invalid register name "eax"`},
		{"empty location", func(f *File) *File { f.Threads[0].Instrs[0].Loc = ""; return f }, `t.litmus:4:2: empty location name`},
		{"bad location", func(f *File) *File { f.Threads[0].Instrs[0].Loc = "x y"; return f }, `t.litmus:4:2: invalid location name "x y"`},
		{"unknown kind", func(f *File) *File { f.Threads[0].Instrs[0].Kind = 99; return f }, `t.litmus:4:2: unknown instruction kind 99`},
		{"nil thread", func(f *File) *File { f.Threads = append(f.Threads, nil); return f }, `t.litmus:1:5: thread 1 is missing`},
		{"condition thread", func(f *File) *File { f.Cond.Prop.(*RegEq).Thread = 1; return f }, `t.litmus:5:9: thread 1 does not exist: the test has 1 threads`},
		{"negative thread", func(f *File) *File { f.Cond.Prop.(*RegEq).Thread = -1; return f }, `t.litmus:5:9: thread -1 does not exist`},
		{"no proposition", func(f *File) *File { f.Cond.Prop = nil; return f }, `t.litmus:5:1: the condition has no proposition`},
		{"nil operand", func(f *File) *File { f.Cond.Prop = &And{L: f.Cond.Prop}; return f }, `t.litmus:5:1: incomplete proposition`},
		{"nil pointer operand", func(f *File) *File { f.Cond.Prop = &Not{X: (*LocEq)(nil)}; return f }, `t.litmus:5:1: incomplete proposition`},
		{"init thread", func(f *File) *File { f.Init = []InitEntry{{Thread: 3, Name: "EAX"}}; return f }, `thread 3 does not exist: the test has 1 threads`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lt, err := tt.change(ok()).Test()
			if err == nil {
				t.Fatalf("Test succeeded:\n%s", lt)
			}
			if err.Error() != tt.want {
				t.Errorf("error %q, want %q", err, tt.want)
			}
		})
	}
}
