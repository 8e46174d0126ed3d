package cfront

import (
	"strings"

	"modernc.org/cc/v4"
)

// cc/v4 parses _Atomic but keeps no trace of it in types (only in the
// declarator that names it), so an access through a pointer to an _Atomic
// object, or to a field of _Atomic type, could not be told from a plain
// one. Every file's text is therefore rewritten before preprocessing: the
// keyword _Atomic becomes one of two macros of the same length (columns do
// not move), which put the keyword back followed by a type attribute that
// cc carries through typedefs, pointers and struct fields:
//
//	_Atomic int x;        ->  __cfQ__ int x;        ->  _Atomic __attribute__((__cf_atomic__)) int x;
//	_Atomic(node *) head; ->  __cfS__(node *) head; ->  _Atomic(node *) __attribute__((__cf_atomic__)) head;
//
// An _Atomic in a pointer's qualifier list (int * _Atomic p), where cc
// accepts no attribute, is left alone and refused by syntaxErrors.
const (
	atomicAttr      = "__cf_atomic__"
	atomicQualMacro = "__cfQ__"
	atomicSpecMacro = "__cfS__"
	atomicMacros    = "#define " + atomicQualMacro + " _Atomic __attribute__((" + atomicAttr + "))\n" +
		"#define " + atomicSpecMacro + "(...) _Atomic(__VA_ARGS__) __attribute__((" + atomicAttr + "))\n"
)

// markAtomic rewrites the _Atomic keywords of a C text as described above;
// everything else is unchanged, byte for byte.
func markAtomic(text string) string {
	if !strings.Contains(text, "_Atomic") {
		return text
	}
	type token struct {
		text string
		off  int
	}
	var toks []token
	scanTokens(text, true, func(tok string, off, _, _ int) bool {
		toks = append(toks, token{tok, off})
		return true
	})
	b := []byte(text)
	afterStar := false // the tokens since the last '*' are qualifiers
	for i, t := range toks {
		switch t.text {
		case "_Atomic":
			if afterStar {
				continue
			}
			macro := atomicQualMacro
			if i+1 < len(toks) && toks[i+1].text == "(" {
				macro = atomicSpecMacro
			}
			copy(b[t.off:], macro)
		case "*":
			afterStar = true
		case "const", "volatile", "restrict", "__restrict", "__restrict__", "__const", "__volatile__":
		default:
			afterStar = false
		}
	}
	return string(b)
}

// isAtomicType reports whether t is an _Atomic type (see markAtomic).
func isAtomicType(t cc.Type) bool {
	if t == nil {
		return false
	}
	if a := t.Attributes(); a != nil && a.IsAttrSet(atomicAttr) {
		return true
	}
	// A typedef name loses the attribute where it names a field or an
	// element; its declarator still says _Atomic. That applies to the
	// typedef's type itself only when the declarator derives nothing (no
	// pointer, array or function).
	if d := t.Typedef(); d != nil && d.IsAtomic() && d.Pointer == nil &&
		d.DirectDeclarator != nil && d.DirectDeclarator.Case == cc.DirectDeclaratorIdent {
		return true
	}
	return false
}
