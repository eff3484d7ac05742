package sandbox

import (
	"fmt"
	"sync"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// builtinRuns holds engine.RunAll of the built-in scenarios on
// tuitest.Seed, each run once per test binary: the one-truth tests (compare
// mode's shares, the sandbox's end against run's JSON, the chain pane)
// check the sandbox against the same runs, and a fleet's runs take
// seconds. The snapshots are shared: read them, never change them.
var builtinRuns struct {
	sync.Mutex
	runs map[string]*builtinRun
}

type builtinRun struct {
	once  sync.Once
	snaps []engine.Snapshot
	err   error
}

// runBuiltin is engine.RunAll(b.Build(), tuitest.Seed) for the built-in
// scenario named name, as it is built, with no knob changed.
func runBuiltin(t testing.TB, name string) []engine.Snapshot {
	t.Helper()
	builtinRuns.Lock()
	if builtinRuns.runs == nil {
		builtinRuns.runs = map[string]*builtinRun{}
	}
	r := builtinRuns.runs[name]
	if r == nil {
		r = &builtinRun{}
		builtinRuns.runs[name] = r
	}
	builtinRuns.Unlock()
	r.once.Do(func() {
		b, ok := scenarios.Lookup(name)
		if !ok {
			r.err = fmt.Errorf("no built-in scenario %q", name)
			return
		}
		r.snaps, r.err = engine.RunAll(b.Build(), tuitest.Seed)
	})
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.snaps
}
