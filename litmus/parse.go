package litmus

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"checkfence/lsl"
)

// maxDepth bounds the nesting of conditions, so that hostile input cannot
// exhaust the stack.
const maxDepth = 500

// Parse reads a litmus test in herd7's X86 syntax (spec/INPUTS.md):
//
//	X86 NAME
//	"optional comment"
//	key=value                     metadata lines, ignored
//	{ x=0; 0:EAX=1; int y=2; }    initial state
//	 P0          | P1          ;  thread table
//	 MOV [x],$1  | MOV EAX,[x] ;
//	exists (1:EAX=1 /\ x=1)       or ~exists, forall
//
// (* OCaml-style comments *) may appear after the first line. Mnemonics
// are case-insensitive; register names are any identifiers and are
// upper-cased, as herd reads eax and EAX as one register. Errors are
// *lsl.Error values "file:line:col: message" at the offending place;
// columns count bytes.
func Parse(filename string, src []byte) (*File, error) {
	p := &parser{file: filename, src: lsl.TrimBOM(src), line: 1, col: 1}
	f, err := p.parseFile()
	if err != nil {
		return nil, err
	}
	return f, nil
}

type tokKind uint8

const (
	tEOF   tokKind = iota
	tIdent         // letters, digits, '_'; not starting with a digit
	tNum           // a digit, then letters, digits, '_' (checked when used)
	tPunct         // { } ; | [ ] , $ : = ( ) ~ - /\ \/
)

type token struct {
	kind tokKind
	text string
	pos  lsl.Pos
}

// describe renders a token for a message.
func (t token) describe() string {
	if t.kind == tEOF {
		return "end of file"
	}
	return strconv.Quote(t.text)
}

type parser struct {
	file      string
	src       []byte
	off       int // next byte to read
	line, col int // position of src[off]
	tok       token
	lexErr    *lsl.Error // the first lexical error; tok is tEOF after it
	depth     int
}

func (p *parser) here() lsl.Pos { return lsl.Pos{File: p.file, Line: p.line, Col: p.col} }

// errorf returns an error at pos, or the lexical error that stopped the
// token stream: the parser only ever complains about the current token,
// and after a lexical error that token is the one that failed to lex.
func (p *parser) errorf(pos lsl.Pos, format string, args ...any) *lsl.Error {
	if p.lexErr != nil {
		return p.lexErr
	}
	return lsl.Errorf(pos, format, args...)
}

// advance moves past n bytes, keeping line and column.
func (p *parser) advance(n int) {
	for ; n > 0 && p.off < len(p.src); n-- {
		if p.src[p.off] == '\n' {
			p.line++
			p.col = 1
		} else {
			p.col++
		}
		p.off++
	}
}

func (p *parser) peekByte(k int) byte {
	if p.off+k < len(p.src) {
		return p.src[p.off+k]
	}
	return 0
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
func isLetter(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// skipSpace skips white space and (* nested comments *).
func (p *parser) skipSpace() *lsl.Error {
	for p.off < len(p.src) {
		c := p.src[p.off]
		switch {
		case isSpace(c):
			p.advance(1)
		case c == '(' && p.peekByte(1) == '*':
			start := p.here()
			p.advance(2)
			depth := 1
			for depth > 0 {
				if p.off >= len(p.src) {
					return lsl.Errorf(start, "unterminated comment")
				}
				switch {
				case p.src[p.off] == '(' && p.peekByte(1) == '*':
					depth++
					p.advance(2)
				case p.src[p.off] == '*' && p.peekByte(1) == ')':
					depth--
					p.advance(2)
				default:
					p.advance(1)
				}
			}
		default:
			return nil
		}
	}
	return nil
}

// next reads the next token into p.tok.
func (p *parser) next() {
	if p.lexErr != nil {
		return
	}
	if err := p.skipSpace(); err != nil {
		p.lexErr = err
		p.tok = token{kind: tEOF, pos: p.here()}
		return
	}
	pos := p.here()
	if p.off >= len(p.src) {
		p.tok = token{kind: tEOF, pos: pos}
		return
	}
	c := p.src[p.off]
	start := p.off
	switch {
	case isLetter(c) || isDigit(c):
		kind := tIdent
		if isDigit(c) {
			kind = tNum
		}
		n := 1
		for start+n < len(p.src) && (isLetter(p.src[start+n]) || isDigit(p.src[start+n])) {
			n++
		}
		p.advance(n)
		p.tok = token{kind: kind, text: string(p.src[start:p.off]), pos: pos}
		return
	case c == '/' && p.peekByte(1) == '\\', c == '\\' && p.peekByte(1) == '/':
		p.advance(2)
		p.tok = token{kind: tPunct, text: string(p.src[start:p.off]), pos: pos}
		return
	case strings.IndexByte("{};|[],$:=()~-", c) >= 0:
		p.advance(1)
		p.tok = token{kind: tPunct, text: string(c), pos: pos}
		return
	}
	r, _ := utf8.DecodeRune(p.src[p.off:])
	p.lexErr = lsl.Errorf(pos, "unexpected character %q", r)
	p.tok = token{kind: tEOF, pos: pos}
}

// is reports whether the current token is the punctuation s.
func (p *parser) is(s string) bool { return p.tok.kind == tPunct && p.tok.text == s }

// expect consumes the punctuation s.
func (p *parser) expect(s, where string) *lsl.Error {
	if !p.is(s) {
		return p.errorf(p.tok.pos, "expected %q %s, found %s", s, where, p.tok.describe())
	}
	p.next()
	return nil
}

func (p *parser) parseFile() (*File, *lsl.Error) {
	f := &File{Filename: p.file}
	if err := p.parseHeader(f); err != nil {
		return nil, err
	}
	if err := p.parsePreamble(f); err != nil {
		return nil, err
	}
	p.next()
	if err := p.parseInit(f); err != nil {
		return nil, err
	}
	if err := p.parseTable(f); err != nil {
		return nil, err
	}
	if err := p.parseCondition(f); err != nil {
		return nil, err
	}
	if err := check(f); err != nil {
		return nil, err
	}
	return f, nil
}

// lineEnd returns the offset of the end of the current line.
func (p *parser) lineEnd() int {
	if i := bytes.IndexByte(p.src[p.off:], '\n'); i >= 0 {
		return p.off + i
	}
	return len(p.src)
}

// parseHeader reads the first line, "X86 NAME".
func (p *parser) parseHeader(f *File) *lsl.Error {
	for p.off < len(p.src) && isSpace(p.src[p.off]) {
		p.advance(1)
	}
	if p.off >= len(p.src) {
		return lsl.Errorf(p.here(), `empty file: expected "X86 NAME"`)
	}
	end := p.lineEnd()
	var fields []string
	var poss []lsl.Pos
	for p.off < end {
		if isSpace(p.src[p.off]) {
			p.advance(1)
			continue
		}
		start, pos := p.off, p.here()
		for p.off < end && !isSpace(p.src[p.off]) {
			p.advance(1)
		}
		fields = append(fields, string(p.src[start:p.off]))
		poss = append(poss, pos)
	}
	switch {
	case !strings.EqualFold(fields[0], "X86"):
		return lsl.Errorf(poss[0], "unsupported architecture %q: only X86 litmus tests are read", fields[0])
	case len(fields) < 2:
		return lsl.Errorf(p.here(), "missing test name after X86")
	case len(fields) > 2:
		return lsl.Errorf(poss[2], "unexpected %q after the test name", fields[2])
	}
	f.Name, f.Pos = fields[1], poss[1]
	return nil
}

// parsePreamble skips the quoted comment and the key=value metadata lines
// up to the "{" of the initial state, where it leaves the cursor.
func (p *parser) parsePreamble(f *File) *lsl.Error {
	for {
		if err := p.skipSpace(); err != nil {
			return err
		}
		if p.off >= len(p.src) {
			return lsl.Errorf(p.here(), `expected "{" to open the initial state, found end of file`)
		}
		switch p.src[p.off] {
		case '{':
			return nil
		case '"':
			pos := p.here()
			i := bytes.IndexByte(p.src[p.off+1:], '"')
			if i < 0 {
				return lsl.Errorf(pos, "unterminated quoted comment")
			}
			if f.Comment == "" {
				f.Comment = string(p.src[p.off+1 : p.off+1+i])
			}
			p.advance(i + 2)
			continue
		}
		// A metadata line: a key without spaces, "=", anything.
		pos, end := p.here(), p.lineEnd()
		line := string(p.src[p.off:end])
		eq := strings.IndexByte(line, '=')
		if eq <= 0 || strings.ContainsAny(strings.TrimRight(line[:eq], " \t"), " \t") {
			word := line
			for i := 0; i < len(line); i++ {
				if isSpace(line[i]) {
					word = line[:i]
					break
				}
			}
			return lsl.Errorf(pos, `expected "key=value" metadata or "{" to open the initial state, found %q`, word)
		}
		p.advance(end - p.off)
	}
}

// parseInit reads the initial state; the current token is its "{".
func (p *parser) parseInit(f *File) *lsl.Error {
	if err := p.expect("{", "to open the initial state"); err != nil {
		return err
	}
	for !p.is("}") {
		e, err := p.parseInitEntry()
		if err != nil {
			return err
		}
		f.Init = append(f.Init, e)
		if p.is(";") {
			p.next()
			continue
		}
		if !p.is("}") {
			return p.errorf(p.tok.pos, `expected ";" or "}" in the initial state, found %s`, p.tok.describe())
		}
	}
	p.next()
	return nil
}

func (p *parser) parseInitEntry() (InitEntry, *lsl.Error) {
	e := InitEntry{Pos: p.tok.pos, Thread: -1}
	switch p.tok.kind {
	case tNum:
		th, err := p.threadIndex()
		if err != nil {
			return e, err
		}
		if err := p.expect(":", "after the thread number"); err != nil {
			return e, err
		}
		if p.tok.kind != tIdent {
			return e, p.errorf(p.tok.pos, "expected a register name, found %s", p.tok.describe())
		}
		e.Thread, e.Name = th, strings.ToUpper(p.tok.text)
		p.next()
	case tIdent:
		// Words before the last are a C type ("int x=0", "uint64_t y=1").
		for p.tok.kind == tIdent {
			e.Pos, e.Name = p.tok.pos, p.tok.text
			p.next()
		}
	default:
		return e, p.errorf(p.tok.pos, "expected a location or register in the initial state, found %s", p.tok.describe())
	}
	if err := p.expect("=", "in the initial state"); err != nil {
		return e, err
	}
	v, err := p.parseInt()
	if err != nil {
		return e, err
	}
	e.Val = v
	return e, nil
}

// threadIndex reads a thread number (the current token, a tNum).
func (p *parser) threadIndex() (int, *lsl.Error) {
	n, err := strconv.Atoi(p.tok.text)
	if err != nil || n < 0 {
		return 0, p.errorf(p.tok.pos, "bad thread number %q", p.tok.text)
	}
	p.next()
	return n, nil
}

// parseInt reads an integer: an optional "-", then decimal digits or a
// 0x-prefixed hexadecimal number. A leading 0 does not mean octal, as in
// herd.
func (p *parser) parseInt() (int64, *lsl.Error) {
	pos, sign := p.tok.pos, ""
	if p.is("-") {
		sign = "-"
		p.next()
	}
	if p.tok.kind != tNum {
		return 0, p.errorf(p.tok.pos, "expected an integer, found %s", p.tok.describe())
	}
	text, base := p.tok.text, 10
	if len(text) > 2 && (text[1] == 'x' || text[1] == 'X') && text[0] == '0' {
		text, base = text[2:], 16
	}
	n, err := strconv.ParseInt(sign+text, base, 64)
	if err != nil {
		return 0, p.errorf(pos, "bad integer %q", sign+p.tok.text)
	}
	p.next()
	return n, nil
}

// isCondStart reports whether the current token starts the final
// condition, which ends the thread table.
func (p *parser) isCondStart() bool {
	return p.is("~") || p.tok.kind == tIdent && (p.tok.text == "exists" || p.tok.text == "forall")
}

// parseTable reads the thread table: the header "P0 | P1 ;" and rows of
// cells, one instruction or none per cell.
func (p *parser) parseTable(f *File) *lsl.Error {
	for i := 0; ; i++ {
		if p.tok.kind != tIdent || p.tok.text != "P"+strconv.Itoa(i) {
			return p.errorf(p.tok.pos, "expected %q in the thread table header, found %s", "P"+strconv.Itoa(i), p.tok.describe())
		}
		f.Threads = append(f.Threads, &Thread{Pos: p.tok.pos})
		p.next()
		if p.is("|") {
			p.next()
			continue
		}
		if p.is(";") {
			p.next()
			break
		}
		return p.errorf(p.tok.pos, `expected "|" or ";" in the thread table header, found %s`, p.tok.describe())
	}
	n := len(f.Threads)
	for !p.isCondStart() {
		if p.tok.kind == tEOF {
			return p.errorf(p.tok.pos, `expected the final condition ("exists", "~exists" or "forall"), found end of file`)
		}
		if p.tok.kind == tIdent && p.tok.text == "locations" {
			if err := p.parseLocations(f); err != nil {
				return err
			}
			continue
		}
		if p.tok.kind == tIdent && p.tok.text == "filter" {
			return p.errorf(p.tok.pos, "%q clauses are not supported", p.tok.text)
		}
		for col := 0; ; col++ {
			in, ok, err := p.parseInstr()
			if err != nil {
				return err
			}
			if ok {
				f.Threads[col].Instrs = append(f.Threads[col].Instrs, in)
			}
			if p.is("|") {
				if col+1 == n {
					return p.errorf(p.tok.pos, "too many cells in this row: the test has %d threads", n)
				}
				p.next()
				continue
			}
			if p.is(";") {
				if col+1 < n {
					return p.errorf(p.tok.pos, "too few cells in this row: the test has %d threads", n)
				}
				p.next()
				break
			}
			return p.errorf(p.tok.pos, `expected "|" or ";" after the instruction, found %s`, p.tok.describe())
		}
	}
	return nil
}

// parseLocations reads "locations [x; 0:EAX; ...]": herd7 prints these
// locations besides those of the condition. The clause does not change
// which outcomes a test has, so it is recorded and otherwise ignored.
func (p *parser) parseLocations(f *File) *lsl.Error {
	p.next()
	if err := p.expect("[", "after \"locations\""); err != nil {
		return err
	}
	for !p.is("]") {
		switch {
		case p.is(";"):
			p.next()
		case p.tok.kind == tIdent:
			f.Printed = append(f.Printed, p.tok.text)
			p.next()
		case p.tok.kind == tNum:
			th, err := p.threadIndex()
			if err != nil {
				return err
			}
			if err := p.expect(":", "after a thread number"); err != nil {
				return err
			}
			if p.tok.kind != tIdent {
				return p.errorf(p.tok.pos, "expected a register after %d:, found %s", th, p.tok.describe())
			}
			f.Printed = append(f.Printed, strconv.Itoa(th)+":"+strings.ToUpper(p.tok.text))
			p.next()
		default:
			return p.errorf(p.tok.pos, `expected a location, "N:REG", ";" or "]" in the locations clause, found %s`, p.tok.describe())
		}
	}
	p.next()
	return nil
}

// operand is a parsed instruction operand.
type operand struct {
	kind byte // 'm' [loc], 'i' $imm, 'r' register
	name string
	imm  int64
}

// parseInstr reads the instruction of one cell; ok is false for an empty
// cell.
func (p *parser) parseInstr() (in Instr, ok bool, err *lsl.Error) {
	if p.is("|") || p.is(";") {
		return in, false, nil
	}
	if p.tok.kind != tIdent {
		return in, false, p.errorf(p.tok.pos, "expected an instruction, found %s", p.tok.describe())
	}
	in.Pos = p.tok.pos
	mnem := p.tok.text
	p.next()
	if p.is(":") {
		return in, false, p.errorf(in.Pos, "labels are not supported")
	}
	switch strings.ToUpper(mnem) {
	case "MFENCE":
		in.Kind = MFence
		return in, true, nil
	case "SFENCE":
		in.Kind = SFence
		return in, true, nil
	case "LFENCE":
		in.Kind = LFence
		return in, true, nil
	case "MOV", "XCHG":
	default:
		return in, false, p.errorf(in.Pos, "unknown instruction %q", mnem)
	}
	dst, err := p.parseOperand()
	if err != nil {
		return in, false, err
	}
	if err := p.expect(",", "between operands"); err != nil {
		return in, false, err
	}
	src, err := p.parseOperand()
	if err != nil {
		return in, false, err
	}
	if strings.EqualFold(mnem, "XCHG") {
		switch {
		case dst.kind == 'm' && src.kind == 'r':
			in.Kind, in.Loc, in.Reg = Xchg, dst.name, src.name
		case dst.kind == 'r' && src.kind == 'm':
			in.Kind, in.Loc, in.Reg = Xchg, src.name, dst.name
		default:
			return in, false, p.errorf(in.Pos, "XCHG needs a memory operand and a register operand")
		}
		return in, true, nil
	}
	switch {
	case dst.kind == 'm' && src.kind == 'i':
		in.Kind, in.Loc, in.Imm = StoreImm, dst.name, src.imm
	case dst.kind == 'm' && src.kind == 'r':
		in.Kind, in.Loc, in.Reg = StoreReg, dst.name, src.name
	case dst.kind == 'r' && src.kind == 'm':
		in.Kind, in.Reg, in.Loc = Load, dst.name, src.name
	case dst.kind == 'r' && src.kind == 'i':
		in.Kind, in.Reg, in.Imm = MovImm, dst.name, src.imm
	case dst.kind == 'r' && src.kind == 'r':
		in.Kind, in.Reg, in.Src = MovReg, dst.name, src.name
	case dst.kind == 'i':
		return in, false, p.errorf(in.Pos, "MOV cannot write to an immediate")
	default:
		return in, false, p.errorf(in.Pos, "MOV cannot move from memory to memory")
	}
	return in, true, nil
}

func (p *parser) parseOperand() (operand, *lsl.Error) {
	switch {
	case p.is("["):
		p.next()
		if p.tok.kind != tIdent {
			return operand{}, p.errorf(p.tok.pos, "expected a location name, found %s", p.tok.describe())
		}
		o := operand{kind: 'm', name: p.tok.text}
		p.next()
		return o, p.expect("]", "after the location")
	case p.is("$"):
		p.next()
		n, err := p.parseInt()
		return operand{kind: 'i', imm: n}, err
	case p.tok.kind == tIdent:
		o := operand{kind: 'r', name: strings.ToUpper(p.tok.text)}
		p.next()
		return o, nil
	}
	return operand{}, p.errorf(p.tok.pos, "expected an operand ([loc], $n or a register), found %s", p.tok.describe())
}

// parseCondition reads the final condition, the last thing in the file.
func (p *parser) parseCondition(f *File) *lsl.Error {
	f.Cond.Pos = p.tok.pos
	switch {
	case p.is("~"):
		p.next()
		if p.tok.kind != tIdent || p.tok.text != "exists" {
			return p.errorf(p.tok.pos, `expected "exists" after "~", found %s`, p.tok.describe())
		}
		f.Cond.Quant = NotExists
	case p.tok.text == "exists":
		f.Cond.Quant = Exists
	default:
		f.Cond.Quant = Forall
	}
	p.next()
	c, err := p.parseOr()
	if err != nil {
		return err
	}
	f.Cond.Prop = c
	if p.tok.kind != tEOF {
		return p.errorf(p.tok.pos, "unexpected %s after the final condition", p.tok.describe())
	}
	return nil
}

func (p *parser) parseOr() (Cond, *lsl.Error) {
	l, err := p.parseAnd()
	for err == nil && p.is(`\/`) {
		p.next()
		var r Cond
		r, err = p.parseAnd()
		l = &Or{L: l, R: r}
	}
	return l, err
}

func (p *parser) parseAnd() (Cond, *lsl.Error) {
	l, err := p.parseUnary()
	for err == nil && p.is(`/\`) {
		p.next()
		var r Cond
		r, err = p.parseUnary()
		l = &And{L: l, R: r}
	}
	return l, err
}

func (p *parser) parseUnary() (Cond, *lsl.Error) {
	if p.depth >= maxDepth {
		return nil, p.errorf(p.tok.pos, "condition nested too deeply")
	}
	p.depth++
	defer func() { p.depth-- }()
	pos := p.tok.pos
	switch {
	case p.is("~"):
		p.next()
		x, err := p.parseUnary()
		return &Not{X: x}, err
	case p.is("("):
		p.next()
		c, err := p.parseOr()
		if err != nil {
			return nil, err
		}
		return c, p.expect(")", "to close the parenthesis")
	case p.is("["):
		p.next()
		if p.tok.kind != tIdent {
			return nil, p.errorf(p.tok.pos, "expected a location name, found %s", p.tok.describe())
		}
		loc := p.tok.text
		p.next()
		if err := p.expect("]", "after the location"); err != nil {
			return nil, err
		}
		return p.finishLocEq(pos, loc)
	case p.tok.kind == tNum:
		th, err := p.threadIndex()
		if err != nil {
			return nil, err
		}
		if err := p.expect(":", "after the thread number"); err != nil {
			return nil, err
		}
		if p.tok.kind != tIdent {
			return nil, p.errorf(p.tok.pos, "expected a register name, found %s", p.tok.describe())
		}
		reg := strings.ToUpper(p.tok.text)
		p.next()
		if err := p.expect("=", "after the register"); err != nil {
			return nil, err
		}
		v, err := p.parseInt()
		return &RegEq{Pos: pos, Thread: th, Reg: reg, Val: v}, err
	case p.tok.kind == tIdent:
		name := p.tok.text
		p.next()
		// true and false are constants unless used as location names.
		if (name == "true" || name == "false") && !p.is("=") {
			return &Bool{Pos: pos, Val: name == "true"}, nil
		}
		return p.finishLocEq(pos, name)
	}
	return nil, p.errorf(p.tok.pos, "expected a proposition, found %s", p.tok.describe())
}

func (p *parser) finishLocEq(pos lsl.Pos, loc string) (Cond, *lsl.Error) {
	if err := p.expect("=", "after the location"); err != nil {
		return nil, err
	}
	v, err := p.parseInt()
	return &LocEq{Pos: pos, Loc: loc, Val: v}, err
}

// check verifies what the grammar cannot: thread numbers name threads of
// the table, and no location or register is initialised twice.
func check(f *File) *lsl.Error {
	n := len(f.Threads)
	seen := map[string]bool{}
	for _, e := range f.Init {
		key := e.Name
		if e.Thread >= 0 {
			if e.Thread >= n {
				return lsl.Errorf(e.Pos, "thread %d does not exist: the test has %d threads", e.Thread, n)
			}
			key = strconv.Itoa(e.Thread) + ":" + e.Name
		}
		if seen[key] {
			return lsl.Errorf(e.Pos, "%s is initialised twice", key)
		}
		seen[key] = true
	}
	var err *lsl.Error
	walkCond(f.Cond.Prop, func(c Cond) {
		if r, ok := c.(*RegEq); ok && r.Thread >= n && err == nil {
			err = lsl.Errorf(r.Pos, "thread %d does not exist: the test has %d threads", r.Thread, n)
		}
	})
	return err
}
