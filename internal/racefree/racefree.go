// Package racefree marks the tests that need no race detector although
// their package runs under it. The race detector makes a test ten to
// twenty times slower and watches only memory shared between goroutines;
// a test that starts none, and calls nothing that does (a text's --check,
// the sandbox's end compared with `run`'s), gives it nothing
// to watch. So does a test that runs, on a larger input, the same
// goroutines another test runs under -race (a sweep's workers on a bigger
// grid). Such a test calls Only first: under -race it is skipped, and
// `make test` runs it in a pass of its own without -race (the Makefile's
// RACE_FREE_TESTS), so its checks run once, at full speed.
//
// It imports only the standard library's testing package, so any package's
// tests may use it.
package racefree

import "testing"

// Only skips t when the test binary was built with -race. Call it at the
// top of a test function (not inside a subtest): the Makefile finds the
// tests to run without -race by the function that calls it.
func Only(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("racefree.Only: make test runs this test without -race")
	}
}
