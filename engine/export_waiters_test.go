package engine

// SetDeferTimeouts turns the deferral of timeouts at bulkhead waits
// (waiters.go) on or off, for the test that compares the two; it returns
// the old value.
func SetDeferTimeouts(on bool) bool {
	old := deferTimeouts
	deferTimeouts = on
	return old
}

// LiveDeferred counts r's calls waiting with a deferred timeout.
func LiveDeferred(r *Run) int {
	n := 0
	for i := range r.dependencies {
		for id := range r.deferred {
			req := &r.requests[id]
			if r.deferred[id].seq != 0 && req.ep >= 0 && int(req.dep) == i && !req.timeoutArmed && r.deferredFor(int32(id), req) {
				n++
			}
		}
	}
	return n
}
