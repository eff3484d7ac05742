package lab

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The live lab's breaker snapshot marks its window's slow calls, as the
// simulation's does: without them the breaker pane drew a payment slower
// than the breaker's slow-call duration ✓, answered in time, beside a
// slow-call rate that counted it.
func TestLiveBreakerSnapshotMarksSlowCalls(t *testing.T) {
	cfg := DefaultConfig(Protected)
	a, err := newAPI(cfg, time.Now(), "http://127.0.0.1:1", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { a.halt(); a.pool.close() }()
	l := &Lab{Config: cfg, API: a}
	now := a.now()
	for _, took := range []time.Duration{cfg.Scaled(BreakerSlowCall) + time.Millisecond, time.Millisecond} {
		p, err := a.brk.Allow(now)
		if err != nil {
			t.Fatal(err)
		}
		now += took
		a.brk.Record(now, p, breaker.Success)
	}
	bs := l.breakerSnapshot(now, func(d time.Duration) time.Duration { return d })
	if bs.Slow != 1 {
		t.Fatalf("the breaker counts %d slow calls, want the first one", bs.Slow)
	}
	if w := bs.WindowCalls; len(w) != 2 || !w[0].Slow() || w[0].Failed() || w[1].Slow() || w[1].Failed() {
		t.Errorf("the window's calls are %v: want the slow success, then the fast one", w)
	}
}
