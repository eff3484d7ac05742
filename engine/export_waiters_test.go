package engine

// SetDeferTimeouts turns the deferral of timeouts at bulkhead waits
// (waiters.go) on or off, for the test that compares the two; it returns
// the old value.
func SetDeferTimeouts(on bool) bool {
	old := deferTimeouts
	deferTimeouts = on
	return old
}
