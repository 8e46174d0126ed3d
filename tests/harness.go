package tests

import "checkfence/lsl"

// Test is one test of a test file: a harness of operation calls.
// The init operations run first, serially, on thread index 0 (what
// lsl_get_thread_id returns during init); then each thread runs its
// operations in order, concurrently with the others. Thread i of Threads
// has thread index i (CheckFence counted from 0, and the PyPy examples
// index arrays with it).
type Test struct {
	Pos     lsl.Pos // of the test's name
	Name    string
	Init    []OpCall
	Threads [][]OpCall
}

// OpCall is one operation invocation: a C function with no parameters.
type OpCall struct {
	Pos  lsl.Pos
	Name string
}
