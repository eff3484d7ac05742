package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/deepequal"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// TestNextEventIsPlayedOnce: ] finds the next transition by playing a
// copy of the run shown on past it; the jump then goes on from that
// copy's last checkpoint (events.go's back), so the run shown before the
// jump is not played over the stretch a second time. On breaker-timeline
// at 40 s the next event is the breaker's probe at 54 s, 14 s on: more
// than checkpointSteps steps, in the main view and in compare mode (C,
// the one variant's breaker under two libraries' defaults). Each side
// lands on the snapshot a fresh run has there.
func TestNextEventIsPlayedOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	sc := tuitest.Scenario(t, "breaker-timeline")
	const from = 40 * time.Second
	for _, compare := range []bool{false, true} {
		m := seekTo(t, newModel(t, 100, 30, Options{Scenario: sc}), from)
		sims := func() []*sim { return []*sim{m.sim} }
		if compare {
			m = press(m, "C")
			if m.cmp == nil {
				t.Fatal("C opened no comparison")
			}
			sims = func() []*sim { return []*sim{m.cmp.sides[0].sim, m.cmp.sides[1].sim} }
		}
		var before []*sim
		var runsAt []time.Duration
		for _, s := range sims() {
			before = append(before, &sim{run: s.run})
			runsAt = append(runsAt, s.run.Now())
		}
		m = press(m, "]")
		if m.now() <= from+checkpointSteps*aheadStep {
			t.Fatalf("compare %v: ] went to %v, not past %v: no checkpoint to go on from", compare, m.now(), from+checkpointSteps*aheadStep)
		}
		for i, s := range sims() {
			if got := before[i].run.Now(); got != runsAt[i] {
				t.Errorf("compare %v, side %d: the run shown at %v was played on to %v for the jump to %v: the stretch was played twice",
					compare, i, runsAt[i], got, m.now())
			}
			fresh := freshSnapshot(t, s.sc, s.variant, m.now())
			if !deepequal.Equal(s.snap, fresh) {
				t.Errorf("compare %v, side %d: the snapshot at %v is not a fresh run's", compare, i, m.now())
			}
		}
	}
}
