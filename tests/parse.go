package tests

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"

	"checkfence/lsl"
)

// keyword is the one reserved word of test files.
const keyword = "test"

type tokKind uint8

const (
	tEOF     tokKind = iota
	tIdent           // a C identifier other than the keyword
	tKeyword         // "test"
	tPunct           // one of = ( ) |
	tOther           // anything else: a stray character, or a word starting with a digit
	tBadComment
)

type token struct {
	kind      tokKind
	text      string
	line, col int
}

// describe renders t for the "found ..." part of an error message.
func (t token) describe() string {
	if t.kind == tEOF {
		return "end of file"
	}
	return strconv.Quote(t.text)
}

// Identifiers are C's as the C front end reads them: a letter (any
// Unicode letter), '_' or '$', then also digits.
func isIdentStart(r rune) bool {
	return r == '_' || r == '$' || unicode.IsLetter(r)
}

func isIdentChar(r rune) bool {
	return isIdentStart(r) || unicode.IsDigit(r)
}

// isIdent reports whether s is a C identifier other than the reserved word
// "test", that is, whether it can be written as a test or operation name.
func isIdent(s string) bool {
	if s == "" || s == keyword || !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		if i == 0 && !isIdentStart(r) || !isIdentChar(r) {
			return false
		}
	}
	return true
}

type lexer struct {
	src       []byte
	off       int
	line, col int
}

// skip moves over white space and comments. It returns false, leaving the
// lexer at the "/*", if a block comment is not closed.
func (lx *lexer) skip() bool {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == '\n':
			lx.off++
			lx.line++
			lx.col = 1
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.off++
			lx.col++
		case bytes.HasPrefix(lx.src[lx.off:], []byte("//")):
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
				lx.off++
			}
		case bytes.HasPrefix(lx.src[lx.off:], []byte("/*")):
			end := bytes.Index(lx.src[lx.off+2:], []byte("*/"))
			if end < 0 {
				return false
			}
			comment := lx.src[lx.off : lx.off+2+end+2]
			if nl := bytes.Count(comment, []byte("\n")); nl > 0 {
				lx.line += nl
				lx.col = len(comment) - bytes.LastIndexByte(comment, '\n')
			} else {
				lx.col += len(comment)
			}
			lx.off += len(comment)
		default:
			return true
		}
	}
	return true
}

func (lx *lexer) next() token {
	if !lx.skip() {
		return token{kind: tBadComment, text: "/*", line: lx.line, col: lx.col}
	}
	t := token{line: lx.line, col: lx.col}
	if lx.off >= len(lx.src) {
		return t
	}
	start := lx.off
	c, n := utf8.DecodeRune(lx.src[start:])
	switch {
	case c != utf8.RuneError && isIdentChar(c):
		// A word starting with a digit is scanned whole, so that the error
		// quotes "1abc" rather than "1".
		for start+n < len(lx.src) {
			r, w := utf8.DecodeRune(lx.src[start+n:])
			if r == utf8.RuneError || !isIdentChar(r) {
				break
			}
			n += w
		}
		switch word := string(lx.src[start : start+n]); {
		case word == keyword:
			t.kind = tKeyword
		case isIdentStart(c):
			t.kind = tIdent
		default:
			t.kind = tOther
		}
	case c == '=' || c == '(' || c == ')' || c == '|':
		t.kind = tPunct
	default:
		t.kind = tOther
	}
	lx.off += n
	lx.col += n
	t.text = string(lx.src[start : start+n])
	return t
}

type parser struct {
	filename string
	lx       lexer
	tok      token
}

func (p *parser) advance() { p.tok = p.lx.next() }

func (p *parser) pos(t token) lsl.Pos {
	return lsl.Pos{File: p.filename, Line: t.line, Col: t.col}
}

// expected reports the current token where one of what was expected.
func (p *parser) expected(what string) *lsl.Error {
	return p.errorf("expected %s, found %s", what, p.tok.describe())
}

func (p *parser) errorf(format string, args ...any) *lsl.Error {
	if p.tok.kind == tBadComment {
		return lsl.Errorf(p.pos(p.tok), "unterminated comment")
	}
	return lsl.Errorf(p.pos(p.tok), format, args...)
}

func (p *parser) is(kind tokKind, text string) bool {
	return p.tok.kind == kind && p.tok.text == text
}

// Parse reads a test file. It returns every test of the file in file order,
// later definitions of a name renamed NAME#2, NAME#3, ..., or the first
// syntax error, an *lsl.Error. A file with no tests (only comments, say)
// gives no tests and no error.
func Parse(filename string, src []byte) ([]*Test, error) {
	p := &parser{filename: filename, lx: lexer{src: lsl.TrimBOM(src), line: 1, col: 1}}
	p.advance()
	var all []*Test
	seen := map[string]int{}
	for p.tok.kind != tEOF {
		t, err := p.test()
		if err != nil {
			return nil, err
		}
		seen[t.Name]++
		if k := seen[t.Name]; k > 1 {
			t.Name += "#" + strconv.Itoa(k)
		}
		all = append(all, t)
	}
	return all, nil
}

// test parses test NAME = [INIT_OP ...] ( OP ... [| OP ...] ... ).
func (p *parser) test() (*Test, error) {
	if p.tok.kind != tKeyword {
		return nil, p.expected(strconv.Quote(keyword))
	}
	p.advance()
	if p.tok.kind != tIdent {
		return nil, p.expected("a test name")
	}
	t := &Test{Pos: p.pos(p.tok), Name: p.tok.text}
	p.advance()
	if !p.is(tPunct, "=") {
		return nil, p.expected(`"="`)
	}
	p.advance()
	for !p.is(tPunct, "(") {
		if p.tok.kind != tIdent {
			return nil, p.expected(`"(" or an operation name`)
		}
		t.Init = append(t.Init, p.op())
	}
	p.advance()
	for {
		// The first operation of a thread.
		switch {
		case p.tok.kind == tIdent:
		case p.is(tPunct, ")") && len(t.Threads) == 0:
			return nil, p.errorf("test has no threads: expected an operation name, found %s", p.tok.describe())
		case p.is(tPunct, "|") || p.is(tPunct, ")"):
			return nil, p.errorf("empty thread: expected an operation name, found %s", p.tok.describe())
		default:
			return nil, p.expected("an operation name")
		}
		var ops []OpCall
		for p.tok.kind == tIdent {
			ops = append(ops, p.op())
		}
		t.Threads = append(t.Threads, ops)
		switch {
		case p.is(tPunct, "|"):
			p.advance()
		case p.is(tPunct, ")"):
			p.advance()
			return t, nil
		default:
			return nil, p.expected(`an operation name, "|" or ")"`)
		}
	}
}

func (p *parser) op() OpCall {
	op := OpCall{Pos: p.pos(p.tok), Name: p.tok.text}
	p.advance()
	return op
}
