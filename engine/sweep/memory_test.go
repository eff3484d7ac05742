package sweep

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A sweep holds the Go heap to its soft limit while it runs, and puts
// the one before back after, unless the user set GOMEMLIMIT: then the
// user's stands. The limit is checked with the variable unset, as a
// user's usually is (cmd/breakerlab's test binary sets it for its own
// runs).
func TestSweepHoldsItsMemoryLimit(t *testing.T) {
	racefree.Only(t) // no goroutine: sets and reads the runtime's limit
	before := debug.SetMemoryLimit(-1)
	t.Setenv("GOMEMLIMIT", "") // put back at the end
	os.Unsetenv("GOMEMLIMIT")
	restore := LimitMemory()
	if got := debug.SetMemoryLimit(-1); got != MemoryLimit {
		restore()
		t.Fatalf("with GOMEMLIMIT unset, the sweep's limit is %d bytes, want %d (%d MB)", got, MemoryLimit, MemoryLimit>>20)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after the sweep the limit is %d bytes, want the one before, %d", got, before)
	}

	t.Setenv("GOMEMLIMIT", "1GiB")
	restore = LimitMemory()
	got := debug.SetMemoryLimit(-1)
	restore()
	if got != before {
		t.Errorf("with GOMEMLIMIT set, the sweep changed the limit to %d bytes, want it left at %d", got, before)
	}
}
