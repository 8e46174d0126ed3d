package lsl

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds the nesting of blocks and shapes, so that hostile input
// cannot exhaust the stack.
const maxDepth = 1000

// Parse reads a Program in the LSL text format. filename names src in error
// messages; errors are *Error.
//
// Print and PrintTest write a canonical layout of the grammar below. "//"
// starts a comment that runs to the end of the line. Newlines are white space, with one exception
// that lets a statement follow another without a separator: an optional
// operand ending a statement (an operand of an operation, the register of
// an observation or of free, the condition of a break or continue, a "word"
// shape, a shape's "size") is read only if it starts on the line of the
// token before it and is not followed by "=" or ":".
//
//	Program    = [Source] { Global | Value | Proc } .
//	Test       = [Source] "test" Name { Global | Value | Final | Init | Thread } .
//	Source     = "source" String .
//	Global     = "global" Name "@" Int ["threadlocal"] [Shape] [Pos] .
//	Value      = "value" Name "[" { Int } "]" "=" Val .
//	Final      = "final" Name "=" Val [Pos] .
//	Init       = "init" "{" { Invocation } "}" .
//	Thread     = "thread" "{" { Invocation } "}" .
//	Invocation = "op" Name [Pos] Body .
//	Proc       = "proc" Name RegList [ "->" RegList ] [Pos] Body .
//	Body       = "{" { Stmt } "}" .
//	RegList    = "(" [ Reg { "," Reg } ] ")" .
//
//	Stmt = Reg "=" Val [Pos]
//	     | Reg "=" Op [ Reg { "," Reg } ] [Pos]          add.i32 a, b
//	     | Reg "=" "load" ["unsigned"] Reg [Pos]            unsigned: a uint64_t location
//	     | Reg "=" "alloc" ["noreuse"] Int [Shape] [Pos]
//	     | Reg "=" "choose" Int Int [Pos]
//	     | Reg "=" "threadid" [Pos]
//	     | "store" ["unsigned"] Reg "," Reg [Pos]
//	     | "fence" FenceKind ["slot" int ["brace" Int ":" Int]] ["on" Name {"," Name}] ["implied"] [Pos]
//	     | "atomic" ["nofence"] [Pos] Body                 nofence: Atomic.NoFence
//	     | "call" Name RegList [ "->" RegList ] [Pos]
//	     | Name ":" [Pos] Body                             a labelled block
//	     | "break" Name [ "if" Reg ] ["looptest"] [Pos]    looptest: Break.LoopTest
//	     | "continue" Name [ "if" Reg ] [Pos]
//	     | ("assert" | "assume") Reg [Pos]
//	     | "observe" ("input" | "output") ["unsigned"] Name Reg [Pos]
//	     | "observe" "label" Name [Pos]
//	     | "free" ["stable" | "noreuse"] Reg [Pos]
//	     | "bound_exceeded" Name [Pos] .
//
//	Val       = "undefined" | Int | "[" Int { Int } "]" .   integer, pointer
//	Shape     = ( "word" | "[" Int "]" [Shape] | "{" [ Field { "," Field } ] "}" ) [ "size" Int ] .
//	Field     = Name [ "at" Int [ "size" Int ] ] [Shape] .   byte offset and size
//	FenceKind = "full" | ("load" | "store") "-" ("load" | "store") .
//	Pos       = "@" [ String ":" ] Int ":" Int .      @line:col, @"file":line:col
//	Op        = operation name, optionally with a type: mov, add.i32, lt.u8 .
//	Name, Reg = identifier (see IsIdent) or Go string literal .
//	Int       = decimal integer, possibly negative .
//
// A statement starting with a name followed by "=" is an assignment and one
// followed by ":" a labelled block, whatever the name; otherwise its first
// word is a keyword. So registers and labels may be called "store" or
// "break" without quoting.
//
// A Value line gives an initial value to the last global declared with that
// name, to one word of it (offsets that Shape.Locate accepts); a Test has
// at most one Init. A Pos without a file names the file of
// the source directive (or no file, if there is none); a statement without
// a Pos has the zero Pos (with ParseTestFile, the position of its first
// word). Parsing makes the values a natural constructor
// would: nil for empty lists, nil for scalar shapes without a size, except
// that the element of an array of words is &Shape{} (a nil Elem would not
// be an array). Sizes left out are 0 but for two: an array's is its
// length times its element's, and a field's after "at" is its shape's, if
// it has one. A "size" after an array's element shape is the element's:
// Print writes one there whenever the array's own follows.
func Parse(filename string, src []byte) (*Program, error) {
	p := newParser(filename, src)
	prog, err := p.program()
	if err != nil {
		return nil, err
	}
	return prog, nil
}

// ParseTest reads a Test in the LSL text format (see Parse). filename names
// src in error messages; errors are *Error.
func ParseTest(filename string, src []byte) (*Test, error) {
	p := newParser(filename, src)
	return p.parseTest()
}

// ParseTestFile reads a hand-written Test as ParseTest does, but gives
// every statement, operation, global and final location without a
// position annotation the position of its first word in filename, so that
// what Validate reports about it points into the file.
func ParseTestFile(filename string, src []byte) (*Test, error) {
	p := newParser(filename, src)
	p.tokenPositions = true
	return p.parseTest()
}

func (p *parser) parseTest() (*Test, error) {
	t, err := p.test()
	if err != nil {
		return nil, err
	}
	return t, nil
}

// ---- lexer ----

type tokKind uint8

const (
	tEOF    tokKind = iota
	tError          // a lexical error; msg says what
	tIdent          // a plain identifier or keyword
	tString         // a string literal; str holds its value
	tInt            // a decimal integer; num holds its value
	tPunct          // one of { } ( ) [ ] , : = @ - ->
)

type token struct {
	kind      tokKind
	text      string // the source text
	str       string // tString: the unquoted value
	num       int64  // tInt: the value
	msg       string // tError: the message
	line, col int
	nl        bool // a newline (or the start of the input) precedes it
}

// describe renders t for "found ..." in error messages.
func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string " + t.text
	}
	return strconv.Quote(t.text)
}

type lexer struct {
	src       []byte
	off       int
	line, col int
	nl        bool
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '.' || c == '#' || c == '$'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// advance moves over n bytes that contain no newline.
func (lx *lexer) advance(n int) {
	lx.off += n
	lx.col += n
}

func (lx *lexer) skipSpace() {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == '\n':
			lx.off++
			lx.line++
			lx.col = 1
			lx.nl = true
		case c == ' ' || c == '\t' || c == '\r':
			lx.advance(1)
		case c == '/' && lx.off+1 < len(lx.src) && lx.src[lx.off+1] == '/':
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
				lx.off++
			}
		default:
			return
		}
	}
}

func (lx *lexer) next() token {
	lx.skipSpace()
	t := token{line: lx.line, col: lx.col, nl: lx.nl}
	lx.nl = false
	if lx.off >= len(lx.src) {
		t.kind = tEOF
		return t
	}
	start := lx.off
	c := lx.src[lx.off]
	switch {
	case isIdentStart(c):
		n := 1
		for start+n < len(lx.src) && isIdentChar(lx.src[start+n]) {
			n++
		}
		lx.advance(n)
		t.kind, t.text = tIdent, string(lx.src[start:lx.off])
	case isDigit(c) || c == '-' && start+1 < len(lx.src) && isDigit(lx.src[start+1]):
		n := 1
		for start+n < len(lx.src) && isDigit(lx.src[start+n]) {
			n++
		}
		lx.advance(n)
		t.text = string(lx.src[start:lx.off])
		if lx.off < len(lx.src) && isIdentChar(lx.src[lx.off]) {
			return lx.errorTok(t, "malformed number")
		}
		v, err := strconv.ParseInt(t.text, 10, 64)
		if err != nil {
			return lx.errorTok(t, "integer "+t.text+" out of range")
		}
		t.kind, t.num = tInt, v
	case c == '"' || c == '`':
		return lx.stringTok(t)
	case c == '-' && start+1 < len(lx.src) && lx.src[start+1] == '>':
		lx.advance(2)
		t.kind, t.text = tPunct, "->"
	case strings.IndexByte("{}()[],:=@-", c) >= 0:
		lx.advance(1)
		t.kind, t.text = tPunct, string(c)
	default:
		r, _ := utf8.DecodeRune(lx.src[start:])
		if r == utf8.RuneError {
			return lx.errorTok(t, fmt.Sprintf("unexpected byte %#x", c))
		}
		return lx.errorTok(t, "unexpected character "+strconv.QuoteRune(r))
	}
	return t
}

// stringTok scans a Go string literal, interpreted or raw.
func (lx *lexer) stringTok(t token) token {
	q := lx.src[lx.off]
	i := lx.off + 1
	for {
		if i >= len(lx.src) {
			return lx.errorTok(t, "string literal not terminated")
		}
		c := lx.src[i]
		if c == q {
			break
		}
		if c == '\n' && q == '"' {
			return lx.errorTok(t, "newline in string literal")
		}
		if c == '\\' && q == '"' {
			i++
		}
		i++
	}
	t.text = string(lx.src[lx.off : i+1])
	// A raw string may span lines; keep line and column counting right.
	for _, c := range lx.src[lx.off : i+1] {
		if c == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
	}
	lx.off = i + 1
	s, err := strconv.Unquote(t.text)
	if err != nil {
		return lx.errorTok(t, "invalid string literal "+t.text)
	}
	t.kind, t.str = tString, s
	return t
}

func (lx *lexer) errorTok(t token, msg string) token {
	t.kind, t.msg = tError, msg
	// Nothing after a lexical error is read: the parser stops at it.
	lx.off = len(lx.src)
	return t
}

// ---- parser ----

type parser struct {
	filename string
	lx       lexer
	buf      []token // lookahead
	srcFile  string  // the file of the source directive
	// tokenPositions: a statement, operation, global or final location
	// without a position annotation is given the position of its first word
	// (ParseTestFile)
	tokenPositions bool
	depth          int
	globals        map[string]*Global // the last global of each name, for value
}

// TrimBOM drops a UTF-8 byte order mark at the start of src. Some
// Windows editors write one; it is no part of the text, and columns on
// the first line count from after it, as such an editor shows them. The
// readers of LSL, test and litmus files skip it, as the C front end does.
func TrimBOM(src []byte) []byte { return bytes.TrimPrefix(src, []byte("\ufeff")) }

func newParser(filename string, src []byte) *parser {
	return &parser{
		filename: filename,
		lx:       lexer{src: TrimBOM(src), line: 1, col: 1, nl: true},
		globals:  map[string]*Global{},
	}
}

func (p *parser) peek(k int) token {
	for len(p.buf) <= k {
		t := p.lx.next()
		p.buf = append(p.buf, t)
		if t.kind == tEOF || t.kind == tError {
			// Pad so that lookahead past the end sees the same token.
			for len(p.buf) <= k {
				p.buf = append(p.buf, t)
			}
		}
	}
	return p.buf[k]
}

func (p *parser) next() token {
	t := p.peek(0)
	if t.kind != tEOF && t.kind != tError {
		p.buf = p.buf[1:]
	}
	return t
}

func (p *parser) errorf(t token, format string, args ...any) *Error {
	return Errorf(Pos{File: p.filename, Line: t.line, Col: t.col}, format, args...)
}

// unexpected reports that t is not the wanted thing (or the lexical error
// t carries).
func (p *parser) unexpected(t token, want string) *Error {
	if t.kind == tError {
		return p.errorf(t, "%s", t.msg)
	}
	return p.errorf(t, "expected %s, found %s", want, t.describe())
}

func isPunct(t token, s string) bool   { return t.kind == tPunct && t.text == s }
func isKeyword(t token, s string) bool { return t.kind == tIdent && t.text == s }
func isName(t token) bool              { return t.kind == tIdent || t.kind == tString }

func (p *parser) expect(s string) error {
	if t := p.peek(0); !isPunct(t, s) {
		return p.unexpected(t, strconv.Quote(s))
	}
	p.next()
	return nil
}

func (p *parser) expectKeyword(s string) error {
	if t := p.peek(0); !isKeyword(t, s) {
		return p.unexpected(t, strconv.Quote(s))
	}
	p.next()
	return nil
}

// name reads an identifier or a quoted name; what describes it for errors.
func (p *parser) name(what string) (string, error) {
	t := p.peek(0)
	switch t.kind {
	case tIdent:
		p.next()
		return t.text, nil
	case tString:
		p.next()
		return t.str, nil
	}
	return "", p.unexpected(t, what)
}

func (p *parser) reg() (Reg, error) {
	s, err := p.name("register")
	return Reg(s), err
}

func (p *parser) int(what string) (int64, error) {
	t := p.peek(0)
	if t.kind != tInt {
		return 0, p.unexpected(t, what)
	}
	p.next()
	return t.num, nil
}

// operandAt reports whether the token at lookahead k is an optional operand
// of the statement being read: a name on the same line that does not start
// the next statement.
func (p *parser) operandAt(k int) bool {
	t := p.peek(k)
	if !isName(t) || t.nl {
		return false
	}
	n := p.peek(k + 1)
	return !isPunct(n, "=") && !isPunct(n, ":")
}

func (p *parser) enter(t token) error {
	p.depth++
	if p.depth > maxDepth {
		return p.errorf(t, "nesting too deep")
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

func (p *parser) source() error {
	if !isKeyword(p.peek(0), "source") {
		return nil
	}
	p.next()
	t := p.peek(0)
	if t.kind != tString {
		return p.unexpected(t, "file name")
	}
	p.next()
	p.srcFile = t.str
	return nil
}

func (p *parser) program() (*Program, error) {
	if err := p.source(); err != nil {
		return nil, err
	}
	prog := &Program{}
	for {
		t := p.peek(0)
		switch {
		case t.kind == tEOF:
			return prog, nil
		case isKeyword(t, "global"):
			g, err := p.global()
			if err != nil {
				return nil, err
			}
			prog.Globals = append(prog.Globals, g)
		case isKeyword(t, "value"):
			if err := p.value(); err != nil {
				return nil, err
			}
		case isKeyword(t, "proc"):
			proc, err := p.proc()
			if err != nil {
				return nil, err
			}
			prog.Procs = append(prog.Procs, proc)
		default:
			return nil, p.unexpected(t, "global, value or proc")
		}
	}
}

func (p *parser) test() (*Test, error) {
	if err := p.source(); err != nil {
		return nil, err
	}
	if err := p.expectKeyword("test"); err != nil {
		return nil, err
	}
	name, err := p.name("test name")
	if err != nil {
		return nil, err
	}
	t := &Test{Name: name}
	seenInit := false
	for {
		tok := p.peek(0)
		switch {
		case tok.kind == tEOF:
			return t, nil
		case isKeyword(tok, "global"):
			g, err := p.global()
			if err != nil {
				return nil, err
			}
			t.Globals = append(t.Globals, g)
		case isKeyword(tok, "value"):
			if err := p.value(); err != nil {
				return nil, err
			}
		case isKeyword(tok, "final"):
			p.next()
			name, err := p.name("location name")
			if err != nil {
				return nil, err
			}
			if err := p.expect("="); err != nil {
				return nil, err
			}
			v, err := p.val()
			if err != nil {
				return nil, err
			}
			pos, err := p.optPos()
			if err != nil {
				return nil, err
			}
			if p.tokenPositions && !pos.IsValid() {
				pos = p.tokenPos(tok)
			}
			t.Final = append(t.Final, FinalLoc{Pos: pos, Name: name, Addr: v})
		case isKeyword(tok, "init"):
			if seenInit {
				return nil, p.errorf(tok, "duplicate init block")
			}
			seenInit = true
			p.next()
			invs, err := p.invocations()
			if err != nil {
				return nil, err
			}
			t.Init = invs
		case isKeyword(tok, "thread"):
			p.next()
			invs, err := p.invocations()
			if err != nil {
				return nil, err
			}
			t.Threads = append(t.Threads, invs)
		default:
			return nil, p.unexpected(tok, "global, value, final, init or thread")
		}
	}
}

func (p *parser) invocations() ([]*Invocation, error) {
	if err := p.expect("{"); err != nil {
		return nil, err
	}
	var invs []*Invocation
	for !isPunct(p.peek(0), "}") {
		opTok := p.peek(0)
		if err := p.expectKeyword("op"); err != nil {
			return nil, err
		}
		name, err := p.name("operation name")
		if err != nil {
			return nil, err
		}
		pos, err := p.optPos()
		if err != nil {
			return nil, err
		}
		if p.tokenPositions && !pos.IsValid() {
			pos = p.tokenPos(opTok)
		}
		body, err := p.body()
		if err != nil {
			return nil, err
		}
		invs = append(invs, &Invocation{Pos: pos, Op: name, Body: body})
	}
	p.next()
	return invs, nil
}

func (p *parser) global() (*Global, error) {
	globalTok := p.next()
	name, err := p.name("global name")
	if err != nil {
		return nil, err
	}
	if err := p.expect("@"); err != nil {
		return nil, err
	}
	base, err := p.int("base address")
	if err != nil {
		return nil, err
	}
	g := &Global{Name: name, Base: base}
	p.globals[name] = g
	if u := p.peek(0); u.kind == tIdent && u.text == "threadlocal" {
		p.next()
		g.ThreadLocal = true
	}
	if p.shapeFollows() {
		if g.Shape, err = p.shape(); err != nil {
			return nil, err
		}
	}
	if g.Pos, err = p.optPos(); err != nil {
		return nil, err
	}
	if p.tokenPositions && !g.Pos.IsValid() {
		g.Pos = p.tokenPos(globalTok)
	}
	return g, nil
}

// value reads an initial value; it belongs to the last global of that name
// (the printer writes it right after its global).
func (p *parser) value() error {
	p.next()
	nameTok := p.peek(0)
	name, err := p.name("global name")
	if err != nil {
		return err
	}
	g := p.globals[name]
	if g == nil {
		return p.errorf(nameTok, "value of undeclared global %s", ident(name))
	}
	offsTok := p.peek(0)
	if err := p.expect("["); err != nil {
		return err
	}
	var offs []int64
	for p.peek(0).kind == tInt {
		offs = append(offs, p.next().num)
	}
	if err := p.expect("]"); err != nil {
		return err
	}
	// An initial value is that of one word: offsets naming none (inside
	// a scalar, past an array, a whole struct) would be a value nothing
	// can read, dropped without a word.
	if why := g.Shape.Locate(offs); why != "" {
		return p.errorf(offsTok, "value %s[%s]: no word of global %s: %s", ident(name), joinInts(offs), ident(name), why)
	}
	if err := p.expect("="); err != nil {
		return err
	}
	v, err := p.val()
	if err != nil {
		return err
	}
	g.Init = append(g.Init, InitVal{Offsets: offs, Val: v})
	return nil
}

func (p *parser) val() (Value, error) {
	t := p.peek(0)
	switch {
	case isKeyword(t, "undefined"):
		p.next()
		return Undefined, nil
	case t.kind == tInt:
		p.next()
		return Int(t.num), nil
	case isPunct(t, "["):
		p.next()
		base, err := p.int("base address")
		if err != nil {
			return Undefined, err
		}
		var offs []int64
		for p.peek(0).kind == tInt {
			offs = append(offs, p.next().num)
		}
		if err := p.expect("]"); err != nil {
			return Undefined, err
		}
		return Ptr(base, offs...), nil
	}
	return Undefined, p.unexpected(t, "value")
}

// shapeFollows reports whether an optional shape comes next.
func (p *parser) shapeFollows() bool {
	t := p.peek(0)
	if isPunct(t, "{") || isPunct(t, "[") {
		return true
	}
	return isKeyword(t, "word") && p.operandAt(0)
}

// shape reads a shape; a scalar is nil unless it has a size.
func (p *parser) shape() (*Shape, error) {
	s, err := p.shapeBody()
	if err != nil {
		return nil, err
	}
	if !isKeyword(p.peek(0), "size") || !p.operandAt(0) {
		if s != nil && s.Elem != nil {
			s.Size = s.Len * s.Elem.Size // as Print leaves it out
		}
		return s, nil
	}
	p.next()
	n, err := p.int("size")
	if err != nil {
		return nil, err
	}
	if s == nil {
		s = &Shape{}
	}
	s.Size = n
	return s, nil
}

func (p *parser) shapeBody() (*Shape, error) {
	t := p.peek(0)
	if err := p.enter(t); err != nil {
		return nil, err
	}
	defer p.leave()
	switch {
	case isKeyword(t, "word"):
		p.next()
		return nil, nil
	case isPunct(t, "["):
		p.next()
		n, err := p.int("array length")
		if err != nil {
			return nil, err
		}
		if err := p.expect("]"); err != nil {
			return nil, err
		}
		var elem *Shape
		if p.shapeFollows() {
			if elem, err = p.shape(); err != nil {
				return nil, err
			}
		}
		if elem == nil {
			elem = &Shape{}
		}
		return &Shape{Elem: elem, Len: n}, nil
	case isPunct(t, "{"):
		p.next()
		fields := []Field{} // non-nil: an empty struct is not a scalar
		for !isPunct(p.peek(0), "}") {
			if len(fields) > 0 {
				if err := p.expect(","); err != nil {
					return nil, err
				}
			}
			name, err := p.name("field name")
			if err != nil {
				return nil, err
			}
			f := Field{Name: name}
			at, sized := isKeyword(p.peek(0), "at"), false
			if at {
				p.next()
				if f.Off, err = p.int("field offset"); err != nil {
					return nil, err
				}
				if sized = isKeyword(p.peek(0), "size"); sized {
					p.next()
					if f.Size, err = p.int("field size"); err != nil {
						return nil, err
					}
				}
			}
			if n := p.peek(0); isPunct(n, "{") || isPunct(n, "[") || isKeyword(n, "word") {
				if f.Shape, err = p.shape(); err != nil {
					return nil, err
				}
			}
			if at && !sized && f.Shape != nil {
				f.Size = f.Shape.Size // as Print leaves it out
			}
			fields = append(fields, f)
		}
		p.next()
		return &Shape{Fields: fields}, nil
	}
	return nil, p.unexpected(t, "shape")
}

// optPos reads an optional position annotation.
func (p *parser) optPos() (Pos, error) {
	if !isPunct(p.peek(0), "@") {
		return Pos{}, nil
	}
	p.next()
	pos := Pos{File: p.srcFile}
	if t := p.peek(0); t.kind == tString {
		p.next()
		pos.File = t.str
		if err := p.expect(":"); err != nil {
			return Pos{}, err
		}
	}
	lt := p.peek(0)
	line, err := p.int("line number")
	if err != nil {
		return Pos{}, err
	}
	if line < 1 || line > 1<<31-1 {
		return Pos{}, p.errorf(lt, "line number %d out of range", line)
	}
	if err := p.expect(":"); err != nil {
		return Pos{}, err
	}
	ct := p.peek(0)
	col, err := p.int("column number")
	if err != nil {
		return Pos{}, err
	}
	if col < 0 || col > 1<<31-1 {
		return Pos{}, p.errorf(ct, "column number %d out of range", col)
	}
	pos.Line, pos.Col = int(line), int(col)
	return pos, nil
}

func (p *parser) regList() ([]Reg, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var rs []Reg
	for !isPunct(p.peek(0), ")") {
		if len(rs) > 0 {
			if err := p.expect(","); err != nil {
				return nil, err
			}
		}
		r, err := p.reg()
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	p.next()
	return rs, nil
}

// signature reads "(params) [-> (results)]".
func (p *parser) signature() (args, results []Reg, err error) {
	if args, err = p.regList(); err != nil {
		return nil, nil, err
	}
	if isPunct(p.peek(0), "->") {
		p.next()
		if results, err = p.regList(); err != nil {
			return nil, nil, err
		}
	}
	return args, results, nil
}

func (p *parser) proc() (*Proc, error) {
	p.next()
	name, err := p.name("procedure name")
	if err != nil {
		return nil, err
	}
	proc := &Proc{Name: name}
	if proc.Params, proc.Results, err = p.signature(); err != nil {
		return nil, err
	}
	if proc.Pos, err = p.optPos(); err != nil {
		return nil, err
	}
	if proc.Body, err = p.body(); err != nil {
		return nil, err
	}
	return proc, nil
}

// body reads "{ stmts }".
func (p *parser) body() ([]Stmt, error) {
	t := p.peek(0)
	if err := p.expect("{"); err != nil {
		return nil, err
	}
	if err := p.enter(t); err != nil {
		return nil, err
	}
	defer p.leave()
	var body []Stmt
	for !isPunct(p.peek(0), "}") {
		s, err := p.stmt()
		if err != nil {
			return nil, err
		}
		body = append(body, s)
	}
	p.next()
	return body, nil
}

// stmt reads a statement; with tokenPositions, one without a position
// annotation gets the position of its first word.
func (p *parser) stmt() (Stmt, error) {
	t := p.peek(0)
	s, err := p.stmtAt(t)
	if err == nil && p.tokenPositions && !s.Position().IsValid() {
		setPos(s, p.tokenPos(t))
	}
	return s, err
}

func (p *parser) tokenPos(t token) Pos { return Pos{File: p.filename, Line: t.line, Col: t.col} }

func (p *parser) stmtAt(t token) (Stmt, error) {
	if isName(t) {
		switch n := p.peek(1); {
		case isPunct(n, "="):
			return p.assign()
		case isPunct(n, ":"):
			return p.block()
		}
	}
	if t.kind != tIdent {
		return nil, p.unexpected(t, "statement")
	}
	var s Stmt
	var err error
	switch t.text {
	case "atomic":
		p.next()
		a := &Atomic{}
		if u := p.peek(0); u.kind == tIdent && u.text == "nofence" {
			p.next()
			a.NoFence = true
		}
		if a.Pos, err = p.optPos(); err != nil {
			return nil, err
		}
		if a.Body, err = p.body(); err != nil {
			return nil, err
		}
		return a, nil
	case "store":
		s, err = p.store()
	case "fence":
		s, err = p.fence()
	case "call":
		p.next()
		c := &Call{}
		if c.Proc, err = p.name("procedure name"); err != nil {
			return nil, err
		}
		c.Args, c.Results, err = p.signature()
		s = c
	case "break", "continue":
		s, err = p.jump()
	case "assert":
		p.next()
		a := &Assert{}
		a.Cond, err = p.reg()
		s = a
	case "assume":
		p.next()
		a := &Assume{}
		a.Cond, err = p.reg()
		s = a
	case "observe":
		s, err = p.observe()
	case "free":
		p.next()
		f := &Free{}
		for _, k := range []FreeKind{FreeStable, FreeRetire} {
			if isKeyword(p.peek(0), k.Keyword()) && p.operandAt(1) {
				p.next()
				f.Kind = k
				break
			}
		}
		f.Addr, err = p.reg()
		s = f
	case "bound_exceeded":
		p.next()
		b := &BoundExceeded{}
		b.Loop, err = p.name("loop name")
		s = b
	default:
		return nil, p.unexpected(t, "statement")
	}
	if err != nil {
		return nil, err
	}
	return s, p.endStmt(s)
}

// endStmt reads the optional position of a simple statement into s.
func (p *parser) endStmt(s Stmt) error {
	pos, err := p.optPos()
	if err != nil {
		return err
	}
	setPos(s, pos)
	return nil
}

// setPos sets the position of statement s.
func setPos(s Stmt, pos Pos) {
	switch s := s.(type) {
	case *Const:
		s.Pos = pos
	case *Prim:
		s.Pos = pos
	case *Load:
		s.Pos = pos
	case *Store:
		s.Pos = pos
	case *Fence:
		s.Pos = pos
	case *Call:
		s.Pos = pos
	case *Break:
		s.Pos = pos
	case *Continue:
		s.Pos = pos
	case *Assert:
		s.Pos = pos
	case *Assume:
		s.Pos = pos
	case *Observe:
		s.Pos = pos
	case *Alloc:
		s.Pos = pos
	case *Free:
		s.Pos = pos
	case *Choose:
		s.Pos = pos
	case *ThreadID:
		s.Pos = pos
	case *BoundExceeded:
		s.Pos = pos
	case *Atomic:
		s.Pos = pos
	case *Block:
		s.Pos = pos
	}
}

func (p *parser) block() (Stmt, error) {
	label, err := p.name("label")
	if err != nil {
		return nil, err
	}
	p.next() // ":"
	b := &Block{Label: label}
	if b.Pos, err = p.optPos(); err != nil {
		return nil, err
	}
	if b.Body, err = p.body(); err != nil {
		return nil, err
	}
	return b, nil
}

func (p *parser) store() (Stmt, error) {
	p.next()
	// "unsigned" before a register is the keyword (a 64-bit unsigned
	// location); before "," it is the register
	unsigned := false
	if isKeyword(p.peek(0), "unsigned") && isName(p.peek(1)) && !p.peek(1).nl {
		unsigned = true
		p.next()
	}
	addr, err := p.reg()
	if err != nil {
		return nil, err
	}
	if err := p.expect(","); err != nil {
		return nil, err
	}
	src, err := p.reg()
	if err != nil {
		return nil, err
	}
	return &Store{Addr: addr, Src: src, Unsigned: unsigned}, nil
}

// fence reads a fence kind, which lexes as "full" or word "-" word.
func (p *parser) fence() (Stmt, error) {
	p.next()
	t := p.peek(0)
	if t.kind != tIdent {
		return nil, p.unexpected(t, "fence kind")
	}
	p.next()
	name := t.text
	if name != "full" {
		if err := p.expect("-"); err != nil {
			return nil, err
		}
		u := p.peek(0)
		if u.kind != tIdent {
			return nil, p.unexpected(u, "fence kind")
		}
		p.next()
		name += "-" + u.text
	}
	k, ok := FenceByName(name)
	if !ok {
		return nil, p.errorf(t, "unknown fence kind %s", name)
	}
	f := &Fence{Kind: k}
	if u := p.peek(0); u.kind == tIdent && u.text == "slot" {
		p.next()
		n := p.peek(0)
		if n.kind != tInt || n.num < 1 || n.num > 1<<30 {
			return nil, p.unexpected(n, "slot number (1 or more)")
		}
		p.next()
		f.Slot = int(n.num)
	}
	if u := p.peek(0); u.kind == tIdent && u.text == "brace" {
		p.next()
		var nums [2]int
		for i := range nums {
			n := p.peek(0)
			if n.kind != tInt || n.num < 1 || n.num > 1<<30 {
				return nil, p.unexpected(n, "line:column")
			}
			p.next()
			nums[i] = int(n.num)
			if i == 0 {
				if c := p.peek(0); c.text != ":" {
					return nil, p.unexpected(c, "\":\"")
				}
				p.next()
			}
		}
		f.Brace = Pos{Line: nums[0], Col: nums[1]}
	}
	if u := p.peek(0); u.kind == tIdent && u.text == "on" {
		p.next()
		f.Only = []string{}
		for {
			m := p.peek(0)
			if m.kind != tIdent {
				return nil, p.unexpected(m, "memory model name")
			}
			p.next()
			f.Only = append(f.Only, m.text)
			if p.peek(0).text != "," {
				break
			}
			p.next()
		}
	}
	if u := p.peek(0); u.kind == tIdent && u.text == "implied" {
		p.next()
		f.Implied = true
	}
	return f, nil
}

func (p *parser) jump() (Stmt, error) {
	kw := p.next()
	label, err := p.name("label")
	if err != nil {
		return nil, err
	}
	var cond Reg
	if isKeyword(p.peek(0), "if") && p.operandAt(0) {
		p.next()
		if cond, err = p.reg(); err != nil {
			return nil, err
		}
	}
	if kw.text == "break" {
		b := &Break{Cond: cond, Label: label}
		if isKeyword(p.peek(0), "looptest") && p.operandAt(0) {
			p.next()
			b.LoopTest = true
		}
		return b, nil
	}
	return &Continue{Cond: cond, Label: label}, nil
}

func (p *parser) observe() (Stmt, error) {
	p.next()
	t := p.peek(0)
	o := &Observe{}
	switch {
	case isKeyword(t, "input"):
		o.Kind = ObsInput
	case isKeyword(t, "output"):
		o.Kind = ObsOutput
	case isKeyword(t, "label"):
		o.Kind = ObsLabel
	default:
		return nil, p.unexpected(t, "input, output or label")
	}
	p.next()
	// "unsigned" before a name and a register is the keyword (a 64-bit
	// unsigned value); alone before a register it is the name
	if o.Kind != ObsLabel && isKeyword(p.peek(0), "unsigned") && isName(p.peek(1)) && !p.peek(1).nl && p.operandAt(2) {
		o.Unsigned = true
		p.next()
	}
	var err error
	if o.Name, err = p.name("observation name"); err != nil {
		return nil, err
	}
	if p.operandAt(0) {
		if o.Val, err = p.reg(); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// assign reads a statement "dst = ...".
func (p *parser) assign() (Stmt, error) {
	dst, err := p.reg()
	if err != nil {
		return nil, err
	}
	p.next() // "="
	t := p.peek(0)
	var s Stmt
	switch {
	case t.kind == tInt || isPunct(t, "[") || isKeyword(t, "undefined"):
		v, err := p.val()
		if err != nil {
			return nil, err
		}
		s = &Const{Dst: dst, Val: v}
	case isKeyword(t, "load"):
		p.next()
		// "unsigned" followed by a register is the keyword (a 64-bit
		// unsigned location); alone it is the register
		unsigned := isKeyword(p.peek(0), "unsigned") && p.operandAt(1)
		if unsigned {
			p.next()
		}
		addr, err := p.reg()
		if err != nil {
			return nil, err
		}
		s = &Load{Dst: dst, Addr: addr, Unsigned: unsigned}
	case isKeyword(t, "alloc"):
		p.next()
		a := &Alloc{Dst: dst}
		switch {
		case isKeyword(p.peek(0), "noreuse"):
			p.next()
			a.NoReuse = true
		case isKeyword(p.peek(0), "local"):
			p.next()
			a.NoReuse, a.Local = true, true
		}
		if a.Size, err = p.int("allocation size"); err != nil {
			return nil, err
		}
		if p.shapeFollows() {
			if a.Shape, err = p.shape(); err != nil {
				return nil, err
			}
		}
		s = a
	case isKeyword(t, "choose"):
		p.next()
		c := &Choose{Dst: dst}
		if c.Lo, err = p.int("lower bound"); err != nil {
			return nil, err
		}
		if c.Hi, err = p.int("upper bound"); err != nil {
			return nil, err
		}
		s = c
	case isKeyword(t, "threadid"):
		p.next()
		s = &ThreadID{Dst: dst}
	case t.kind == tIdent:
		if s, err = p.prim(dst); err != nil {
			return nil, err
		}
	default:
		return nil, p.unexpected(t, "value or operation")
	}
	return s, p.endStmt(s)
}

// prim reads "op[.type] args". A type that is not one of the eight C types
// (or a type on an untyped operation) is kept for Validate to report.
func (p *parser) prim(dst Reg) (Stmt, error) {
	t := p.next()
	name, typ, hasType := strings.Cut(t.text, ".")
	op := OpByName(name)
	if op == OpInvalid {
		return nil, p.errorf(t, "unknown operation %s", name)
	}
	s := &Prim{Dst: dst, Op: op}
	if hasType {
		it, ok := parseIntType(typ)
		if !ok {
			return nil, p.errorf(t, "invalid type %q", typ)
		}
		s.Type = it
	}
	if p.operandAt(0) {
		for {
			r, err := p.reg()
			if err != nil {
				return nil, err
			}
			s.Args = append(s.Args, r)
			if !isPunct(p.peek(0), ",") {
				break
			}
			p.next()
		}
	}
	return s, nil
}

// parseIntType reads "i32", "u8" and the like; any width that fits the
// IntType is accepted.
func parseIntType(s string) (IntType, bool) {
	if len(s) < 2 || s[0] != 'i' && s[0] != 'u' {
		return IntType{}, false
	}
	for i := 1; i < len(s); i++ {
		if !isDigit(s[i]) {
			return IntType{}, false
		}
	}
	n, err := strconv.ParseUint(s[1:], 10, 8)
	if err != nil {
		return IntType{}, false
	}
	return IntType{Bits: uint8(n), Signed: s[0] == 'i'}, true
}
