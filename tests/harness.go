package tests

import (
	"strings"

	"checkfence/lsl"
)

// Test is one test of a test file: a harness of operation calls.
// The init operations run first, serially, on thread index 0 (what
// lsl_get_thread_id returns during init); then each thread runs its
// operations in order, concurrently with the others. Thread i of Threads
// has thread index i (CheckFence counted from 0, and the PyPy examples
// index arrays with it).
type Test struct {
	Pos     lsl.Pos // of the test's name
	Name    string  // as written, or NAME#2, NAME#3, ... for later duplicates
	Init    []OpCall
	Threads [][]OpCall
}

// OpCall is one operation invocation: a C function with no parameters.
type OpCall struct {
	Pos  lsl.Pos
	Name string
}

// BaseName is the name as the test file writes it: Name without the "#2",
// "#3", ... that Parse appends to later definitions of the same name.
func (t *Test) BaseName() string {
	if t == nil {
		return ""
	}
	base, _, _ := strings.Cut(t.Name, "#")
	return base
}

// String renders t in the test-file syntax, "test T0 = i ( e | d )", on one
// line. A renamed duplicate prints its BaseName, so the Strings of all tests
// of a file, parsed together in order, give the same names again. A test
// built by hand with names that are not identifiers, or with empty threads,
// prints text that does not parse.
func (t *Test) String() string {
	if t == nil {
		return "<nil test>"
	}
	var b strings.Builder
	b.WriteString("test ")
	b.WriteString(t.BaseName())
	b.WriteString(" =")
	for _, op := range t.Init {
		b.WriteString(" ")
		b.WriteString(op.Name)
	}
	b.WriteString(" (")
	for i, thread := range t.Threads {
		if i > 0 {
			b.WriteString(" |")
		}
		for _, op := range thread {
			b.WriteString(" ")
			b.WriteString(op.Name)
		}
	}
	b.WriteString(" )")
	return b.String()
}
