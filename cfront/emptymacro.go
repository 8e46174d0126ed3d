package cfront

import (
	"strings"

	"checkfence/lsl"

	"modernc.org/cc/v4"
)

// beforeEmptyMacros moves a fence slot at pos, the first token of a
// statement (or a closing brace), back over the uses of macros that
// expand to nothing written before it on its line (BARRIER; or NOP();
// leave the statement ';'): a fence inserted at pos would follow the
// macro's name in the text (BARRIERlsl_fence(...);), and the statement as
// written starts at the macro. Only macros defined once (or alike each
// time) count, whose expansion is known to have been empty there.
func (fn *funcTr) beforeEmptyMacros(pos lsl.Pos) lsl.Pos {
	text, ok := fn.f.l.texts[pos.File]
	if !ok || pos.Line < 1 || pos.Col < 1 {
		return pos
	}
	lineStart := 0
	for line := 1; line < pos.Line; line++ {
		i := strings.IndexByte(text[lineStart:], '\n')
		if i < 0 {
			return pos
		}
		lineStart += i + 1
	}
	end := strings.IndexByte(text[lineStart:], '\n')
	if end < 0 {
		end = len(text) - lineStart
	}
	line := text[lineStart : lineStart+end]
	at := pos.Col - 1
	if at > len(line) {
		return pos
	}
	macros := fn.f.ast.Macros
	for {
		start, ok := emptyMacroUse(line, skipSpaceBack(line, at), macros)
		if !ok {
			break
		}
		at = start
	}
	pos.Col = at + 1
	return pos
}

// skipSpaceBack returns the index just after the last character before i
// in line that is neither blank nor in a comment ending before i.
func skipSpaceBack(line string, i int) int {
	for i > 0 {
		switch {
		case strings.ContainsRune(" \t\r\f\v", rune(line[i-1])):
			i--
		case i >= 2 && line[i-2:i] == "*/":
			j := strings.LastIndex(line[:i-2], "/*")
			if j < 0 {
				return i // opened on an earlier line: not followed
			}
			i = j
		default:
			return i
		}
	}
	return i
}

// emptyMacroUse reports whether line[:end] ends with the use of a macro
// that expands to nothing (an object-like NAME, or a function-like
// NAME(...) whose arguments hold no quotes), and where the use starts.
func emptyMacroUse(line string, end int, macros map[string]*cc.Macro) (int, bool) {
	fnLike := end > 0 && line[end-1] == ')'
	if fnLike {
		depth := 0
		i := end - 1
		for ; i >= 0; i-- {
			switch line[i] {
			case ')':
				depth++
			case '(':
				depth--
			case '"', '\'':
				return 0, false
			}
			if depth == 0 {
				break
			}
		}
		if i < 0 {
			return 0, false
		}
		end = skipSpaceBack(line, i)
	}
	start := end
	for start > 0 && isIdentByte(line[start-1]) {
		start--
	}
	if start == end || line[start] >= '0' && line[start] <= '9' {
		return 0, false
	}
	m := macros[line[start:end]]
	if m == nil || m.IsFnLike != fnLike || !expandsToNothing(m, macros, map[*cc.Macro]bool{}) {
		return 0, false
	}
	return start, true
}

// expandsToNothing: m is defined once (or alike each time) with an empty
// replacement, or one of object-like macros that expand to nothing.
func expandsToNothing(m *cc.Macro, macros map[string]*cc.Macro, seen map[*cc.Macro]bool) bool {
	if !m.IsConst || seen[m] {
		return false
	}
	seen[m] = true // a macro is not expanded again inside itself
	defer delete(seen, m)
	for _, t := range m.ReplacementList() {
		n := macros[t.SrcStr()]
		if t.Ch != rune(cc.IDENTIFIER) || n == nil || n.IsFnLike || !expandsToNothing(n, macros, seen) {
			return false
		}
	}
	return true
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
