package lsl

import "fmt"

// Pos is a position in a source file (C, LSL, litmus or test file).
// The zero Pos means "no position".
type Pos struct {
	File string
	Line int // 1-based; 0 if unknown
	Col  int // 1-based; 0 if unknown
}

// IsValid reports whether p carries a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	switch {
	case !p.IsValid() && p.File == "":
		return "-"
	case !p.IsValid():
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is an error at a source position. Its text is "file:line:col: msg",
// the form every diagnostic of checkfence takes.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.File == "" && !e.Pos.IsValid() {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Errorf returns an *Error at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}
