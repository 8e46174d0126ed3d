// Package longtest says whether the tests run in their long form.
//
// The default go test ./... is kept short (a few minutes at most on a
// loaded two-core machine): rows of the algorithm suites that take more
// than about half a second each and the larger samples of the generated
// differential tests run only when the environment variable
// CHECKFENCE_LONG is set to something other than "" or "0":
//
//	CHECKFENCE_LONG=1 go test -timeout 60m ./...
package longtest

import "os"

// Env is the environment variable that selects the long run.
const Env = "CHECKFENCE_LONG"

// Enabled reports whether the long run was asked for.
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// N returns short, or long in the long run: the size of a sample whose
// flag was left at 0.
func N(short, long int) int {
	if Enabled() {
		return long
	}
	return short
}
