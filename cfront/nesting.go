package cfront

import (
	"errors"
	"fmt"
	"strings"

	"checkfence/lsl"
)

// Limits on the token stream cc's parser receives. The parser, cc's type
// checker and this package's translator recurse once per level of the
// parse tree, and a Go stack overflow is fatal, not a panic that recover
// catches: so the depth is bounded before cc parses, on the preprocessed
// tokens (macros can expand to deep nesting).
const (
	// maxNesting bounds the parentheses, brackets and braces open at
	// once.
	maxNesting = 1000
	// maxChain bounds the tokens of one chain: the tokens since the last
	// ';', ',' or '{' at the current level, plus those before each open
	// parenthesis, bracket or brace. Operator chains (a+a+…, - - -x,
	// a=b=…), declarators (int ***p) and unbraced statements (if (a) if
	// (b) …, else if chains, labels) nest without brackets; a chain bounds
	// their depth.
	maxChain = 4096
	// maxTokens bounds the tokens of one translation unit after
	// preprocessing.
	maxTokens = 1 << 22
)

// nestScanner follows the bracket depth and chain length of a token
// stream, one token at a time.
type nestScanner struct {
	open   []int // for each open bracket, the chain length before it
	chain  int
	tokens int
	// After ';' or a closing brace: the chain before it, which an else
	// continues (if (a) x; else if (b) y; else …).
	ended     bool
	endedWith int
}

// base is the chain length at the start of the innermost open bracket.
func (s *nestScanner) base() int {
	if len(s.open) == 0 {
		return 0
	}
	return s.open[len(s.open)-1]
}

// token takes the next token; it returns a message when a limit is
// exceeded.
func (s *nestScanner) token(tok string) string {
	s.tokens++
	if s.tokens > maxTokens {
		return fmt.Sprintf("too many tokens: more than %d after preprocessing", maxTokens)
	}
	ended := s.ended
	s.ended = false
	switch tok {
	case "(", "[", "{", "<:", "<%":
		s.chain++
		if len(s.open) >= maxNesting {
			return fmt.Sprintf("nesting too deep: more than %d levels of parentheses, brackets and braces", maxNesting)
		}
		s.open = append(s.open, s.chain)
	case ")", "]", "}", ":>", "%>":
		if len(s.open) == 0 {
			s.chain++
			break // unbalanced: the parser will say so
		}
		before := s.base()
		s.open = s.open[:len(s.open)-1]
		if tok == "}" || tok == "%>" {
			s.ended, s.endedWith = true, before
			s.chain = s.base()
			return ""
		}
		s.chain = before
	case ";":
		s.ended, s.endedWith = true, s.chain
		s.chain = s.base()
		return ""
	case ",":
		s.chain = s.base()
		return ""
	case "else":
		if ended {
			s.chain = s.endedWith
		}
		s.chain++
	default:
		s.chain++
	}
	if s.chain > maxChain {
		return fmt.Sprintf("nesting too deep: a chain of more than %d tokens (operators, declarators or statements without braces)", maxChain)
	}
	return ""
}

// errNesting stops cc.Preprocess when the stream exceeds a limit.
var errNesting = errors.New("nesting limit exceeded")

// streamCheck is the io.Writer cc.Preprocess writes the preprocessed
// tokens to, one token (or separating white space) a call.
type streamCheck struct {
	s   nestScanner
	msg string
}

func (w *streamCheck) Write(b []byte) (int, error) {
	tok := strings.TrimSpace(string(b))
	if tok == "" || w.msg != "" {
		return len(b), nil
	}
	if m := w.s.token(tok); m != "" {
		w.msg = m
		return 0, errNesting
	}
	return len(b), nil
}

// nestingError is the error for a stream that exceeded a limit: at the
// token of a file that exceeds it by itself (without macro expansion), the
// main file first; else at the main file, as coming from macro expansion.
func nestingError(msg, main string, fsys *sourceFS) *lsl.Error {
	names := append([]string{main}, fsys.served...)
	for _, n := range names {
		if e := rawNesting(n, fsys.texts[n]); e != nil {
			return e
		}
	}
	if !strings.Contains(msg, "after preprocessing") {
		msg += ", after macro expansion"
	}
	return &lsl.Error{Pos: lsl.Pos{File: main}, Msg: msg}
}

// rawNesting runs the limits on the text of one file, directives left
// out, and returns the first one exceeded with its position.
func rawNesting(name, text string) *lsl.Error {
	var s nestScanner
	var err *lsl.Error
	rawTokens(text, func(tok string, line, col int) bool {
		if m := s.token(tok); m != "" {
			err = &lsl.Error{Pos: lsl.Pos{File: name, Line: line, Col: col}, Msg: m}
			return false
		}
		return true
	})
	return err
}

// punctuators are C's multi-character punctuators, longest first.
var punctuators = []string{
	"%:%:", "...", "<<=", ">>=",
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "<:", ":>", "<%", "%>", "%:",
}

// rawTokens splits C source text into tokens roughly as the preprocessor
// does, for positions: it skips comments, white space, line splices and
// directive lines, and calls f with each other token and its line and
// column (1-based, in bytes) until f returns false.
func rawTokens(text string, f func(tok string, line, col int) bool) {
	scanTokens(text, false, func(tok string, _, line, col int) bool { return f(tok, line, col) })
}

// scanTokens is rawTokens that also passes each token's byte offset and,
// with directives set, also the tokens of directive lines.
func scanTokens(text string, directives bool, f func(tok string, off, line, col int) bool) {
	scanDirTokens(text, func(tok string, off, line, col, dir int) bool {
		if dir != 0 && !directives {
			return true
		}
		return f(tok, off, line, col)
	})
}

// scanDirTokens is scanTokens with directive lines, which also passes the
// directive a token belongs to: 0 outside directives, else the 1-based
// count of directives so far. A directive ends at the first newline that
// is neither spliced nor inside a comment.
func scanDirTokens(text string, f func(tok string, off, line, col, dir int) bool) {
	line, lineStart := 1, 0
	atLineStart, inDirective := true, false
	directives := 0
	newline := func(i int) {
		line++
		lineStart = i + 1
		atLineStart, inDirective = true, false
	}
	isIdent := func(c byte) bool {
		return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			newline(i)
			i++
			continue
		case splice(text, i) > 0:
			n := splice(text, i)
			line++
			lineStart = i + n
			i += n
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case strings.HasPrefix(text[i:], "//"):
			// A line splice continues the comment (translation phase 2).
			for i < len(text) && text[i] != '\n' {
				if n := splice(text, i); n > 0 {
					line++
					lineStart = i + n
					i += n
					continue
				}
				i++
			}
			continue
		case strings.HasPrefix(text[i:], "/*"):
			i += 2
			for i < len(text) && !strings.HasPrefix(text[i:], "*/") {
				if text[i] == '\n' {
					line++
					lineStart = i + 1
				}
				i++
			}
			i += 2
			continue
		}
		start, col := i, i-lineStart+1
		switch {
		case c == '"' || c == '\'':
			i = skipLiteral(text, i)
		case isIdent(c) && !('0' <= c && c <= '9'):
			for i < len(text) && isIdent(text[i]) {
				i++
			}
			if i < len(text) && (text[i] == '"' || text[i] == '\'') {
				switch text[start:i] {
				case "L", "u", "U", "u8":
					i = skipLiteral(text, i)
				}
			}
		case '0' <= c && c <= '9' || c == '.' && i+1 < len(text) && '0' <= text[i+1] && text[i+1] <= '9':
			for i < len(text) {
				d := text[i]
				if (d == '+' || d == '-') && strings.ContainsRune("eEpP", rune(text[i-1])) || d == '.' || isIdent(d) {
					i++
					continue
				}
				break
			}
		default:
			i++
			for _, p := range punctuators {
				if strings.HasPrefix(text[start:], p) {
					i = start + len(p)
					break
				}
			}
		}
		tok := text[start:i]
		if atLineStart && (tok == "#" || tok == "%:") {
			inDirective = true
			directives++
		}
		atLineStart = false
		dir := 0
		if inDirective {
			dir = directives
		}
		if !f(tok, start, line, col, dir) {
			return
		}
	}
}

// splice returns the length of the line splice (backslash, newline) at
// text[i], or 0.
func splice(text string, i int) int {
	switch {
	case strings.HasPrefix(text[i:], "\\\n"):
		return 2
	case strings.HasPrefix(text[i:], "\\\r\n"):
		return 3
	}
	return 0
}

// skipLiteral returns the index after the string or character literal
// starting at text[i], or the end of its line if it is not terminated.
func skipLiteral(text string, i int) int {
	q := text[i]
	for i++; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case q:
			return i + 1
		case '\n':
			return i
		}
	}
	return i
}
