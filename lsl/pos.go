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

// LimitError is a test too large for a limit of checkfence (the values
// the range analysis tracks, the table the encoder builds for an
// operation), not an invalid one: the commands report the test as
// inconclusive and go on. It unwraps to its positioned *Error.
type LimitError struct{ Err *Error }

func (e *LimitError) Error() string { return e.Err.Error() }
func (e *LimitError) Unwrap() error { return e.Err }

// Limitf returns a *LimitError at pos.
func Limitf(pos Pos, format string, args ...any) *LimitError {
	return &LimitError{Errorf(pos, format, args...)}
}
