// Package tests reads test files: the test programs of the CheckFence paper,
// Section 2.1, in the syntax of the original CheckFence tool, so that its
// test files (the .lsl files next to the C files) work unchanged.
//
// In: the text of a test file. Out: one *Test per test, a harness of
// operation calls: init operations that run first, serially, then threads
// that each run their operations in order. The unroller turns a harness and
// the lsl.Program of the C files into straight-line threads.
//
// # Syntax
//
//	// a comment runs to the end of the line
//	/* a block comment may span lines; it does not nest */
//	test NAME = [INIT_OP ...] ( OP ... [| OP ...] ... )
//
// For example "test T0 = i ( e | d )" runs i, then e and d on two threads;
// the paper's test Tpc2, written ( ee | dd ) there, is
// "test Tpc2 = ( e e | d d )". Tokens are separated by white space or
// comments, and a test may span several lines up to its closing
// parenthesis. Test and operation names are C identifiers as the C front
// end reads them (letters, Unicode's included, digits, underscores and '$',
// not starting with a digit); "test" itself is
// reserved, so that a test missing its ")" is reported where the next test
// begins. A test has at least one thread and every thread at least one
// operation: "( a | )" and "( )" are errors. Init operations are optional.
//
// Names of tests need not be unique. Every definition is kept, in file
// order, and the second and later definitions of a name are renamed NAME#2,
// NAME#3, ... ("#" cannot occur in an identifier, so these never clash with
// a name in the file). Select with NAME picks them all; NAME#2 picks one.
//
// Errors are *lsl.Error values, "file:line:col: message", with 1-based
// lines and byte columns, as the LSL parser counts them.
//
// # Operations
//
// An operation is a C function with no parameters (its result, if any, is
// ignored). Test.Check reports each operation that names no procedure of the
// program ("unknown operation") or names one with parameters
// ("operation "enq" takes 2 parameters; operations must take none").
package tests
