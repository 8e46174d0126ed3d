package main

import (
	"os"
	"testing"

	"checkfence/internal/stopsignal"
	"checkfence/internal/testmain"
)

// TestMain points the observation-set cache at a temporary directory, so
// that the tests neither read nor fill the user's cache.
func TestMain(m *testing.M) {
	if os.Getenv(asMainEnv) == "1" {
		main()
		return
	}
	// the tests run checkfence in this process with no signal to stop
	// it: Ctrl-C stops them as usual
	stopsignal.Release()
	testmain.Tune()
	dir, err := os.MkdirTemp("", "checkfence-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
