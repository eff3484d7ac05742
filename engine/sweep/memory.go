package sweep

import (
	"os"
	"runtime/debug"
)

// MemoryLimit is the soft limit on the Go heap while a sweep runs
// (issue 28: a sweep's memory stays under 64 MB whatever the grid). A
// large grid's live data (its jobs, a result per cell and seed, the
// traffic and finished runs it shares, bounded in plan.go) stays well
// under it, but its garbage (every cell's scenario built and checked,
// each run's snapshot) would let the heap grow to twice the live data
// before a collection; near the limit the collector runs sooner instead.
// The rest of the 64 MB is the runtime's and the binary's own. The
// `sweep` command and the benchmark of the built-in sweeps
// (tui/sweepui's BenchmarkSweep20x20Builtins) both run under it, so that
// the benchmark's seconds are the command's.
const MemoryLimit = 40 << 20

// LimitMemory sets the soft limit MemoryLimit unless the user has set
// GOMEMLIMIT, and returns what puts the old one back.
func LimitMemory() (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(MemoryLimit)
	return func() { debug.SetMemoryLimit(old) }
}
