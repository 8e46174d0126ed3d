// Package algorithms holds the studied concurrent data types of the
// CheckFence paper (Section 4, Table 1) — one folder each: the C code as
// published (NAME.c), corrected and fenced (NAME-fenced.c), the paper's
// tests (NAME.tests, Fig. 8) and the verdicts the semantics predicts
// (expected.tsv), with the test that shows each fence necessary
// (fences.tsv). The same layout serves examples/structures.
//
// In: a folder. Out: a Suite, the parsed expectations, which the Go tests
// check (the quick rows) and `checkfence bench` measures (paper Fig. 10
// and 11).
package algorithms
