package lsl

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The LSL text format, as Print writes it and Parse reads it:
//
//	source "queue.c"                      default file of positions
//	global queue @1 {head, tail} @3:9     name, base, shape, position
//	global count @2 threadlocal           one copy per thread
//	global pair @4 {a at 0 size 4, b at 8 [2]word size 4} size 16
//	                                      byte offsets and sizes, if known
//	value queue[1] = 0                    initial value of a location
//	proc enqueue(q, v) -> (ok) @12:1 {
//	  r1 = 5 @13:3                        constant (also undefined, [1 0])
//	  r2 = add.i32 r1, v                  typed primitive; untyped: eq a, b
//	  r3 = load r2
//	  store r2, r3
//	  fence load-load
//	  atomic { ... }                      atomic nofence: no fence on tso
//	  call foo(a, b) -> (c)
//	  L1: { break L1 if r1  continue L1 if r1  break L1 }
//	  break L1 if r1 looptest              leaves loop L1: its C test is false
//	  assert r4
//	  assume r4
//	  observe input "v" r4               (output, label "x")
//	  r6 = alloc 8 {next, value}          alloc noreuse 8
//	  free r6                             free stable r6, free noreuse r6
//	  r7 = choose 0 1
//	  r8 = threadid
//	  bound_exceeded "loop 2"
//	}
//
// A Test prints as
//
//	test NAME
//	global ...
//	final x = [1]                         a location whose final value is observed
//	init { op i @3:1 { ... } }
//	thread { op e { ... } op d { ... } }
//
// A trailing @line:col (or @"file":line:col when the file is not the
// source file) gives a statement's position. "//" starts a comment.

// Print writes prog in the LSL text format.
func Print(w io.Writer, prog *Program) error {
	p := newPrinter(programFile(prog))
	p.globals(prog.Globals)
	for _, proc := range prog.Procs {
		p.nl()
		p.printf("proc %s(%s) -> (%s)%s {", ident(proc.Name), regList(proc.Params), regList(proc.Results), p.pos(proc.Pos))
		p.nl()
		p.body(proc.Body, 1)
		p.printf("}")
		p.nl()
	}
	_, err := w.Write(p.bytes())
	return err
}

// PrintTest writes t in the LSL text format.
func PrintTest(w io.Writer, t *Test) error {
	p := newPrinter(testFile(t))
	p.printf("test %s", ident(t.Name))
	p.nl()
	p.globals(t.Globals)
	for _, f := range t.Final {
		p.printf("final %s = %s", ident(f.Name), f.Addr)
		p.endLine(f.Pos)
	}
	if len(t.Init) > 0 {
		p.printf("init {")
		p.nl()
		p.invocations(t.Init)
		p.printf("}")
		p.nl()
	}
	for _, th := range t.Threads {
		p.printf("thread {")
		p.nl()
		p.invocations(th)
		p.printf("}")
		p.nl()
	}
	_, err := w.Write(p.bytes())
	return err
}

// String returns the text of prog.
func (prog *Program) String() string {
	var b bytes.Buffer
	Print(&b, prog)
	return b.String()
}

// String returns the text of t.
func (t *Test) String() string {
	var b bytes.Buffer
	PrintTest(&b, t)
	return b.String()
}

// FormatStmt returns the one-line text of a simple statement (for blocks and
// atomic blocks, only their head), without position.
func FormatStmt(s Stmt) string {
	p := newPrinter("")
	p.noPos = true
	switch s := s.(type) {
	case *Block:
		return ident(s.Label) + ": {...}"
	case *Atomic:
		if s.NoFence {
			return "atomic nofence {...}"
		}
		return "atomic {...}"
	default:
		p.stmt(s, 0)
	}
	return strings.TrimSpace(string(p.bytes()))
}

type printer struct {
	buf   bytes.Buffer
	file  string
	noPos bool
}

func newPrinter(file string) *printer {
	p := &printer{file: file}
	if file != "" {
		p.printf("source %s", strconv.Quote(file))
		p.nl()
	}
	return p
}

func (p *printer) bytes() []byte                  { return p.buf.Bytes() }
func (p *printer) printf(f string, args ...any)   { fmt.Fprintf(&p.buf, f, args...) }
func (p *printer) nl()                            { p.buf.WriteByte('\n') }
func (p *printer) indent(n int)                   { p.buf.WriteString(strings.Repeat("  ", n)) }
func (p *printer) line(n int, f string, a ...any) { p.indent(n); p.printf(f, a...) }
func (p *printer) endLine(pos Pos)                { p.buf.WriteString(p.pos(pos)); p.nl() }
func (p *printer) openLine(n int, pos Pos, head string) {
	p.indent(n)
	p.buf.WriteString(head)
	p.buf.WriteString(p.pos(pos))
	p.buf.WriteString(" {")
	p.nl()
}

// pos renders a position annotation, with a leading space, or "".
func (p *printer) pos(pos Pos) string {
	if p.noPos || !pos.IsValid() {
		return ""
	}
	lc := strconv.Itoa(pos.Line) + ":" + strconv.Itoa(pos.Col)
	if pos.File == p.file {
		return " @" + lc
	}
	return " @" + strconv.Quote(pos.File) + ":" + lc
}

func (p *printer) globals(gs []*Global) {
	for _, g := range gs {
		p.printf("global %s @%d", ident(g.Name), g.Base)
		if g.ThreadLocal {
			p.printf(" threadlocal")
		}
		if shapePrinted(g.Shape) {
			p.printf(" %s", g.Shape)
		}
		p.endLine(g.Pos)
		for _, iv := range g.Init {
			p.printf("value %s[%s] = %s", ident(g.Name), joinInts(iv.Offsets), iv.Val)
			p.nl()
		}
	}
}

func (p *printer) invocations(invs []*Invocation) {
	for _, inv := range invs {
		p.openLine(1, inv.Pos, "op "+ident(inv.Op))
		p.body(inv.Body, 2)
		p.line(1, "}")
		p.nl()
	}
}

func (p *printer) body(body []Stmt, n int) {
	for _, s := range body {
		p.stmt(s, n)
	}
}

func (p *printer) stmt(s Stmt, n int) {
	if s == nil {
		p.line(n, "// nil statement")
		p.nl()
		return
	}
	switch s := s.(type) {
	case *Const:
		p.line(n, "%s = %s", ident(string(s.Dst)), s.Val)
	case *Prim:
		op := s.Op.String()
		// An untyped operation with a type is invalid, but printing the
		// type keeps the text faithful, so that Validate can report it.
		if s.Op.Typed() || s.Type != (IntType{}) {
			op += "." + s.Type.String()
		}
		p.line(n, "%s = %s %s", ident(string(s.Dst)), op, regList(s.Args))
	case *Load:
		p.line(n, "%s = load %s%s", ident(string(s.Dst)), unsignedWord(s.Unsigned), ident(string(s.Addr)))
	case *Store:
		p.line(n, "store %s%s, %s", unsignedWord(s.Unsigned), ident(string(s.Addr)), ident(string(s.Src)))
	case *Fence:
		text := "fence " + s.Kind.String()
		if s.Slot != 0 {
			text += fmt.Sprintf(" slot %d", s.Slot)
		}
		if s.Brace.Line > 0 {
			text += fmt.Sprintf(" brace %d:%d", s.Brace.Line, s.Brace.Col)
		}
		if s.Only != nil {
			text += " on " + strings.Join(s.Only, ",")
		}
		if s.Implied {
			text += " implied"
		}
		p.line(n, "%s", text)
	case *Atomic:
		head := "atomic"
		if s.NoFence {
			head += " nofence"
		}
		p.openLine(n, s.Pos, head)
		p.body(s.Body, n+1)
		p.line(n, "}")
		p.nl()
		return
	case *Call:
		p.line(n, "call %s(%s) -> (%s)", ident(s.Proc), regList(s.Args), regList(s.Results))
	case *Block:
		p.openLine(n, s.Pos, ident(s.Label)+":")
		p.body(s.Body, n+1)
		p.line(n, "}")
		p.nl()
		return
	case *Break:
		p.line(n, "break %s%s", ident(s.Label), cond(s.Cond))
		if s.LoopTest {
			p.printf(" looptest")
		}
	case *Continue:
		p.line(n, "continue %s%s", ident(s.Label), cond(s.Cond))
	case *Assert:
		p.line(n, "assert %s", ident(string(s.Cond)))
	case *Assume:
		p.line(n, "assume %s", ident(string(s.Cond)))
	case *Observe:
		if s.Kind == ObsLabel {
			// A label has no register; one is printed only if (wrongly)
			// present, so that the text shows what Validate reports.
			p.line(n, "observe label %s", strconv.Quote(s.Name))
			if s.Val != "" {
				p.printf(" %s", ident(string(s.Val)))
			}
		} else {
			unsigned := ""
			if s.Unsigned {
				unsigned = "unsigned "
			}
			p.line(n, "observe %s %s%s %s", s.Kind, unsigned, strconv.Quote(s.Name), ident(string(s.Val)))
		}
	case *Alloc:
		nr := ""
		switch {
		case s.Local:
			nr = "local "
		case s.NoReuse:
			nr = "noreuse "
		}
		p.line(n, "%s = alloc %s%d", ident(string(s.Dst)), nr, s.Size)
		if shapePrinted(s.Shape) {
			p.printf(" %s", s.Shape)
		}
	case *Free:
		kw := s.Kind.Keyword()
		if kw != "" {
			kw += " "
		}
		p.line(n, "free %s%s", kw, ident(string(s.Addr)))
	case *Choose:
		p.line(n, "%s = choose %d %d", ident(string(s.Dst)), s.Lo, s.Hi)
	case *ThreadID:
		p.line(n, "%s = threadid", ident(string(s.Dst)))
	case *BoundExceeded:
		p.line(n, "bound_exceeded %s", strconv.Quote(s.Loop))
	default:
		p.line(n, "// unknown statement %T", s)
	}
	p.endLine(s.Position())
}

func cond(r Reg) string {
	if r == "" {
		return ""
	}
	return " if " + ident(string(r))
}

// String renders a shape: scalars print as nothing inside a struct
// ({head, tail}), arrays as [N]elem. Byte sizes and offsets, where known,
// follow as "size N" and a field's "at OFF size N" (a field's size left
// out where its shape gives it, an array's where its elements do):
// lsl.SameWords reads them, so two layouts that differ only there (struct
// { int a; long b; } against struct { long a; int b; }) must print
// differently, or what is keyed by the printed program (the observation
// set cache) would take one for the other.
func (s *Shape) String() string {
	var b strings.Builder
	s.write(&b, false)
	return b.String()
}

// write renders s; sized: with its size even where it could be left out,
// so that the size of the array it is the element of, which follows, is
// not read as its own.
func (s *Shape) write(b *strings.Builder, sized bool) {
	switch {
	case s.IsScalar():
		b.WriteString("word")
		sized = sized || s != nil && s.Size != 0
	case s.Elem != nil:
		fmt.Fprintf(b, "[%d]", s.Len)
		sized = sized || s.Size != s.Len*s.Elem.Size
		if shapePrinted(s.Elem) {
			s.Elem.write(b, sized)
		}
	default:
		b.WriteByte('{')
		for i, f := range s.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(ident(f.Name))
			if f.Off != 0 || f.Size != 0 {
				fmt.Fprintf(b, " at %d", f.Off)
				if !shapePrinted(f.Shape) || f.Shape.Size != f.Size {
					fmt.Fprintf(b, " size %d", f.Size)
				}
			}
			if shapePrinted(f.Shape) {
				b.WriteByte(' ')
				f.Shape.write(b, false)
			}
		}
		b.WriteByte('}')
		sized = sized || s.Size != 0
	}
	if sized {
		fmt.Fprintf(b, " size %d", s.Size)
	}
}

// shapePrinted reports whether s is printed where a shape is optional: a
// scalar is left out unless it has a size.
func shapePrinted(s *Shape) bool { return !s.IsScalar() || s != nil && s.Size != 0 }

func regList(rs []Reg) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = ident(string(r))
	}
	return strings.Join(parts, ", ")
}

func joinInts(ns []int64) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.FormatInt(n, 10)
	}
	return strings.Join(parts, " ")
}

// ident returns name if it is a plain identifier, else its quoted form
// (register names from C may contain characters the lexer does not take).
func ident(name string) string {
	if IsIdent(name) {
		return name
	}
	return strconv.Quote(name)
}

// IsIdent reports whether s is an LSL identifier: a letter or '_', then
// letters, digits, '_', '.', '#' or '$'.
func IsIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '.' || c == '#' || c == '$'):
		default:
			return false
		}
	}
	return true
}

func programFile(prog *Program) string {
	for _, proc := range prog.Procs {
		if proc.Pos.File != "" {
			return proc.Pos.File
		}
	}
	for _, g := range prog.Globals {
		if g.Pos.File != "" {
			return g.Pos.File
		}
	}
	return ""
}

func testFile(t *Test) string {
	for _, th := range append([][]*Invocation{t.Init}, t.Threads...) {
		for _, inv := range th {
			if inv.Pos.File != "" {
				return inv.Pos.File
			}
			for _, s := range inv.Body {
				if s.Position().File != "" {
					return s.Position().File
				}
			}
		}
	}
	return ""
}

// unsignedWord is the keyword of an access to a 64-bit unsigned location.
func unsignedWord(unsigned bool) string {
	if unsigned {
		return "unsigned "
	}
	return ""
}
