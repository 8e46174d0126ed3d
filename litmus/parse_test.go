package litmus

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"checkfence/lsl"
)

// TestParseForms checks the syntax variants herd accepts, each in a small
// test, by what they parse to.
func TestParseForms(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		init   string   // InitEntry strings, space-separated
		instrs []string // per thread, "; "-separated
		cond   string
	}{
		{
			name: "init forms",
			src: "X86 T\n{ x=1; int y=-2; uint64_t z = 0x10; 0:EAX=3; 1:ebx=4 }\n" +
				" P0 | P1 ;\n MOV EAX,[x] | MOV EBX,[y] ;\nexists (0:EAX=1)",
			init:   "x=1 y=-2 z=16 0:EAX=3 1:EBX=4",
			instrs: []string{"MOV EAX,[x]", "MOV EBX,[y]"},
			cond:   "exists (0:EAX=1)",
		},
		{
			name:   "empty init, metadata and comments",
			src:    "X86 T\n\"a comment\"\nCycle=Fre PodWR\nHash=abc\n{\n}\n(* a (* nested *) comment *)\n P0 ;\n MOV [x],$0 ; (* after a row *)\nexists\n(x=0)\n",
			instrs: []string{"MOV [x],$0"},
			cond:   "exists (x=0)",
		},
		{
			name:   "every instruction, any case",
			src:    "X86 T\n{}\n P0 ;\n mov [x],$-1 ;\n Mov [x],eax ;\n MOV ecx,[y] ;\n MOV EAX,$7 ;\n MOV EBX,EAX ;\n xchg [x],EAX ;\n XCHG EDX,[y] ;\n mfence ; SFENCE ; LFence ;\nexists (true)",
			instrs: []string{"MOV [x],$-1; MOV [x],EAX; MOV ECX,[y]; MOV EAX,$7; MOV EBX,EAX; XCHG [x],EAX; XCHG [y],EDX; MFENCE; SFENCE; LFENCE"},
			cond:   "exists (true)",
		},
		{
			name:   "a locations clause is accepted and ignored",
			src:    "X86 T\n{}\n P0 | P1 ;\n MOV [x],$1 | MOV EAX,[x] ;\nlocations [x; 1:eax;]\nexists (1:EAX=1)",
			instrs: []string{"MOV [x],$1", "MOV EAX,[x]"},
			cond:   "exists (1:EAX=1)",
		},
		{
			name:   "empty cells and an empty thread",
			src:    "X86 T\n{}\n P0 | P1 | P2 ;\n | MOV [x],$1 | ;\n MFENCE | | ;\nexists (x=1)",
			instrs: []string{"MFENCE", "MOV [x],$1", ""},
			cond:   "exists (x=1)",
		},
		{
			name:   "not exists, precedence",
			src:    "X86 T\n{}\n P0 ;\n MOV EAX,[x] ;\n~exists (0:EAX=1 \\/ x=1 /\\ ~[y]=2 \\/ false)",
			instrs: []string{"MOV EAX,[x]"},
			cond:   `~exists (0:EAX=1 \/ x=1 /\ ~y=2 \/ false)`,
		},
		{
			name:   "spaced quantifier, grouping",
			src:    "X86 T\n{}\n P0 ;\n MOV EAX,[x] ;\n~ exists ((0:EAX=1 \\/ x=1) /\\ ~(y=2 /\\ y=3))",
			instrs: []string{"MOV EAX,[x]"},
			cond:   `~exists ((0:EAX=1 \/ x=1) /\ ~(y=2 /\ y=3))`,
		},
		{
			name:   "forall, right-nested operands keep their parentheses",
			src:    "X86 T\n{}\n P0 ;\n MOV eax,[x] ;\nforall 0:eax=0 \\/ (0:EAX=1 \\/ x=1) /\\ (x=2 /\\ x=3)",
			instrs: []string{"MOV EAX,[x]"},
			cond:   `forall (0:EAX=0 \/ (0:EAX=1 \/ x=1) /\ (x=2 /\ x=3))`,
		},
		{
			name:   "rows across lines, two rows on a line",
			src:    "X86 T\n{x=0;}\n P0 |\n P1 ; MOV [x],$1 |\n MOV EAX,[x] ; MFENCE | ;\nexists (1:EAX=1)",
			init:   "x=0",
			instrs: []string{"MOV [x],$1; MFENCE", "MOV EAX,[x]"},
			cond:   "exists (1:EAX=1)",
		},
		{
			name:   "true and false as location names",
			src:    "X86 T\n{}\n P0 ;\n MOV [true],$1 ;\nexists (true=1 /\\ true)",
			instrs: []string{"MOV [true],$1"},
			cond:   `exists (true=1 /\ true)`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("t.litmus", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			var init []string
			for _, e := range f.Init {
				init = append(init, e.String())
			}
			if g := strings.Join(init, " "); g != tt.init {
				t.Errorf("init %q, want %q", g, tt.init)
			}
			if len(f.Threads) != len(tt.instrs) {
				t.Fatalf("%d threads, want %d", len(f.Threads), len(tt.instrs))
			}
			for i, th := range f.Threads {
				var got []string
				for _, in := range th.Instrs {
					got = append(got, in.String())
				}
				if g := strings.Join(got, "; "); g != tt.instrs[i] {
					t.Errorf("P%d: %q, want %q", i, g, tt.instrs[i])
				}
			}
			if g := f.Cond.String(); g != tt.cond {
				t.Errorf("condition %q, want %q", g, tt.cond)
			}
			// Printing and re-reading gives the same condition tree.
			g, err := Parse("t.litmus", []byte(f.Format()))
			if err != nil {
				t.Fatalf("re-parse: %v\n%s", err, f.Format())
			}
			if g.Format() != f.Format() {
				t.Errorf("round trip:\n%s\n%s", f.Format(), g.Format())
			}
		})
	}
}

// TestParseComment checks the comment line and the name's position.
func TestParseComment(t *testing.T) {
	f, err := Parse("c.litmus", []byte("\n  X86   SB+x \n \"two\nlines\"\n\"second\"\n{}\n P0 ;\nexists (true)"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "SB+x" || f.Pos.String() != "c.litmus:2:9" || f.Comment != "two\nlines" {
		t.Errorf("name %q at %s, comment %q; want SB+x at c.litmus:2:9, \"two\\nlines\"", f.Name, f.Pos, f.Comment)
	}
}

// TestParseBOM: a file that starts with a UTF-8 byte order mark reads as
// the same file without it, columns on the first line counting from after
// the mark.
func TestParseBOM(t *testing.T) {
	const src = "X86 SB\n{ x=0; y=0; }\n P0          | P1          ;\n MOV [x],$1  | MOV [y],$1  ;\n MOV EAX,[y] | MOV EAX,[x] ;\nexists (0:EAX=0 /\\ 1:EAX=0)\n"
	tests := []struct {
		name, src string
	}{
		{"LF", src},
		{"CRLF", strings.ReplaceAll(src, "\n", "\r\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := Parse("t.litmus", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Parse("t.litmus", []byte("\ufeff"+tt.src))
			if err != nil {
				t.Fatalf("with a byte order mark: %v", err)
			}
			if got.Pos.String() != "t.litmus:1:5" {
				t.Errorf("name at %s, want t.litmus:1:5", got.Pos)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("with a byte order mark:\n%s\nwithout:\n%s", got.Format(), want.Format())
			}
		})
	}
}

// TestParseErrors checks that malformed input is rejected at the right
// place with the right message.
func TestParseErrors(t *testing.T) {
	const head = "X86 T\n{}\n P0 | P1 ;\n" // the table starts on line 3
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", `t.litmus:1:1: empty file: expected "X86 NAME"`},
		{"blank", " \n\n", `t.litmus:3:1: empty file: expected "X86 NAME"`},
		// A UTF-8 byte order mark is skipped; columns count from after it.
		{"byte order mark, then no name", "\ufeffX86\n{}", `t.litmus:1:4: missing test name after X86`},
		{"byte order mark, then an architecture", "\ufeffPPC T\n", `t.litmus:1:1: unsupported architecture "PPC": only X86 litmus tests are read`},
		{"byte order mark inside the file", "X86 T\n\ufeff{}", `t.litmus:2:1: expected "key=value" metadata or "{" to open the initial state, found "\ufeff{}"`},
		{"architecture", "PPC T\n", `t.litmus:1:1: unsupported architecture "PPC": only X86 litmus tests are read`},
		{"no name", "X86\n{}", `t.litmus:1:4: missing test name after X86`},
		{"two names", "X86 A B\n", `t.litmus:1:7: unexpected "B" after the test name`},
		{"open comment line", "X86 T\n\"abc\n", `t.litmus:2:1: unterminated quoted comment`},
		{"no init", "X86 T\n P0 ;\n", `t.litmus:2:2: expected "key=value" metadata or "{" to open the initial state, found "P0"`},
		{"bad metadata", "X86 T\nsome words=1\n", `t.litmus:2:1: expected "key=value" metadata or "{" to open the initial state, found "some"`},
		{"unicode space", "X86 T\n\u0085\n", `t.litmus:2:1: expected "key=value" metadata or "{" to open the initial state, found "\u0085"`},
		{"nothing after header", "X86 T\n", `t.litmus:2:1: expected "{" to open the initial state, found end of file`},
		{"open ocaml comment", "X86 T\n{} (* P0 ;", `t.litmus:2:4: unterminated comment`},
		{"symbolic init", "X86 T\n{ x=y; }", `t.litmus:2:5: expected an integer, found "y"`},
		{"missing separator", "X86 T\n{ x=1 y=2 }", `t.litmus:2:7: expected ";" or "}" in the initial state, found "y"`},
		{"init no value", "X86 T\n{ x; }", `t.litmus:2:4: expected "=" in the initial state, found ";"`},
		{"init register no name", "X86 T\n{ 0:=1 }", `t.litmus:2:5: expected a register name, found "="`},
		{"init bad start", "X86 T\n{ =1 }", `t.litmus:2:3: expected a location or register in the initial state, found "="`},
		{"init unclosed", "X86 T\n{ x=1;", `t.litmus:2:7: expected a location or register in the initial state, found end of file`},
		{"init thread", "X86 T\n{ 5:EAX=1; }\n P0 | P1 ;\nexists (true)", `t.litmus:2:3: thread 5 does not exist: the test has 2 threads`},
		{"init twice", "X86 T\n{ x=1; int x=2; }\n P0 ;\nexists (true)", `t.litmus:2:12: x is initialised twice`},
		{"register init twice", "X86 T\n{ 0:eax=1; 0:EAX=2; }\n P0 ;\nexists (true)", `t.litmus:2:12: 0:EAX is initialised twice`},
		{"big number", "X86 T\n{ x=99999999999999999999; }", `t.litmus:2:5: bad integer "99999999999999999999"`},
		{"bad number", "X86 T\n{ x=12ab; }", `t.litmus:2:5: bad integer "12ab"`},
		{"header order", "X86 T\n{}\n P1 | P0 ;", `t.litmus:3:2: expected "P0" in the thread table header, found "P1"`},
		{"header separator", "X86 T\n{}\n P0 P1 ;", `t.litmus:3:5: expected "|" or ";" in the thread table header, found "P1"`},
		{"unknown instruction", "X86 T\n\"c\"\n{ x=0; }\n P0          | P1 ;\n MOV [x],$1  |    ;\n MOV EAX,[x] |    ;\n ADD EAX,$1  |    ;\nexists (0:EAX=1)",
			`t.litmus:7:2: unknown instruction "ADD"`},
		{"too many cells", head + " MFENCE | MFENCE | MFENCE ;", `t.litmus:4:18: too many cells in this row: the test has 2 threads`},
		{"too few cells", head + " MFENCE ;", `t.litmus:4:9: too few cells in this row: the test has 2 threads`},
		{"memory to memory", head + " MOV [x],[y] | ;", `t.litmus:4:2: MOV cannot move from memory to memory`},
		{"store to immediate", head + " | MOV $1,EAX ;", `t.litmus:4:4: MOV cannot write to an immediate`},
		{"xchg registers", head + " XCHG EAX,EBX | ;", `t.litmus:4:2: XCHG needs a memory operand and a register operand`},
		{"xchg immediate", head + " XCHG [x],$1 | ;", `t.litmus:4:2: XCHG needs a memory operand and a register operand`},
		{"missing comma", head + " MOV EAX [x] | ;", `t.litmus:4:10: expected "," between operands, found "["`},
		{"address arithmetic", head + " MOV EAX,[x+1] | ;", `t.litmus:4:12: unexpected character '+'`},
		{"absolute address", head + " MOV EAX,[0] | ;", `t.litmus:4:11: expected a location name, found "0"`},
		{"unclosed bracket", head + " MOV EAX,[x | ;", `t.litmus:4:13: expected "]" after the location, found "|"`},
		{"bad operand", head + " MOV EAX,, | ;", `t.litmus:4:10: expected an operand ([loc], $n or a register), found ","`},
		{"immediate without number", head + " MOV EAX,$ | ;", `t.litmus:4:12: expected an integer, found "|"`},
		{"fence operand", head + " MFENCE EAX | ;", `t.litmus:4:9: expected "|" or ";" after the instruction, found "EAX"`},
		{"label", head + " L0: MFENCE | ;", `t.litmus:4:2: labels are not supported`},
		{"number as instruction", head + " 1 | ;", `t.litmus:4:2: expected an instruction, found "1"`},
		{"unclosed row", head + " MFENCE | MFENCE", `t.litmus:4:17: expected "|" or ";" after the instruction, found end of file`},
		{"no condition", head + " MFENCE | ;\n", `t.litmus:5:1: expected the final condition ("exists", "~exists" or "forall"), found end of file`},
		{"locations clause, bad item", head + "locations [x; $1]\nexists (true)", `t.litmus:4:15: expected a location, "N:REG", ";" or "]" in the locations clause, found "$"`},
		{"not forall", head + "~forall (true)", `t.litmus:4:2: expected "exists" after "~", found "forall"`},
		{"empty condition", head + "exists", `t.litmus:4:7: expected a proposition, found end of file`},
		{"unclosed parenthesis", head + "exists (0:EAX=1", `t.litmus:4:16: expected ")" to close the parenthesis, found end of file`},
		{"missing operand", head + "exists (x=1 /\\ )", `t.litmus:4:16: expected a proposition, found ")"`},
		{"condition thread", head + "exists (x=1 /\\ 2:EAX=1)", `t.litmus:4:16: thread 2 does not exist: the test has 2 threads`},
		{"condition thread number", head + "exists (99999999999999999999:EAX=1)", `t.litmus:4:9: bad thread number "99999999999999999999"`},
		{"condition register", head + "exists (0:1=1)", `t.litmus:4:11: expected a register name, found "1"`},
		{"condition value", head + "exists (0:EAX=x)", `t.litmus:4:15: expected an integer, found "x"`},
		{"condition no equals", head + "exists (x)", `t.litmus:4:10: expected "=" after the location, found ")"`},
		{"register no equals", head + "exists (0:EAX>1)", `t.litmus:4:14: unexpected character '>'`},
		{"lone slash", head + "exists (x=1 / y=1)", `t.litmus:4:13: unexpected character '/'`},
		{"trailing text", head + "exists (x=1) y=2", `t.litmus:4:14: unexpected "y" after the final condition`},
		{"non-ASCII", head + "exists (x=1 ∧ y=1)", `t.litmus:4:13: unexpected character '∧'`},
		{"deep nesting", head + "exists " + strings.Repeat("(", 600) + "x=1" + strings.Repeat(")", 600), `t.litmus:4:508: condition nested too deeply`},
		{"deep negation", head + "exists " + strings.Repeat("~", 600) + "x=1", `t.litmus:4:508: condition nested too deeply`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("t.litmus", []byte(tt.src))
			if err == nil {
				t.Fatalf("Parse succeeded: %s", f.Format())
			}
			var le *lsl.Error
			if !errors.As(err, &le) {
				t.Errorf("error %T, want *lsl.Error", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n %s\nwant\n %s", err, tt.want)
			}
		})
	}
}
