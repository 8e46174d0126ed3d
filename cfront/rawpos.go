package cfront

import (
	"reflect"

	"modernc.org/cc/v4"
)

// rawText addresses the text cc read the main file from (wrapSource's
// form) by the byte offsets of its tokens. Line and column cannot: a
// #line directive renumbers them, and names another file.
type rawText struct {
	text string
	src  uintptr // cc's buffer of the text (see sourceOf)
}

// newRawText is the rawText of text, which main, a token cc read from it
// (the enter pragma of wrapSource), identifies.
func newRawText(text string, main cc.Token) rawText {
	return rawText{text, sourceOf(main)}
}

// sourceOf identifies the source cc read tok from, 0 if unknown. cc does
// not export it; a token's position names a file only as #line says.
func sourceOf(tok cc.Token) uintptr {
	f := reflect.ValueOf(tok).FieldByName("s")
	if !f.IsValid() || f.Kind() != reflect.Pointer {
		return 0
	}
	return f.Pointer()
}

// offset returns the offset of tok in the text, false where tok is not
// written there as it reads: it comes from another file, or from a macro's
// expansion (whose tokens stand at the invocation).
func (r rawText) offset(tok cc.Token) (int, bool) {
	if r.src == 0 || sourceOf(tok) != r.src {
		return 0, false
	}
	off, s := tok.Position().Offset, tok.SrcStr()
	if off < 0 || off+len(s) > len(r.text) || r.text[off:off+len(s)] != s {
		return 0, false
	}
	return off, true
}
