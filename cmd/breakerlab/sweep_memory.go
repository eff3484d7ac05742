package main

import (
	"os"
	"runtime/debug"
)

// sweepMemoryLimit is the soft limit on the Go heap while `breakerlab
// sweep` runs (issue 28: a sweep's memory stays under 64 MB whatever the
// grid). A large grid's live data (its jobs, a result per cell and seed,
// the traffic and finished runs it shares, bounded in engine/sweep) stays
// well under it, but its garbage (every cell's scenario built and
// checked, each run's snapshot) would let the heap grow to twice the live
// data before a collection; near the limit the collector runs sooner
// instead. The rest of the 64 MB is the runtime's and the binary's own.
const sweepMemoryLimit = 40 << 20

// limitSweepMemory sets the soft limit unless the user has set GOMEMLIMIT,
// and returns what puts the old one back.
func limitSweepMemory() (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(sweepMemoryLimit)
	return func() { debug.SetMemoryLimit(old) }
}
