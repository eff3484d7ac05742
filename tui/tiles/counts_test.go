package tiles

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// Count, Breakers and Needs count the snapshot's circuits without reading
// them out (counts), as the player asks on every frame: the same answers
// as the circuits read out, and nothing read out to give them.
func TestCountsAreTheCircuitsUnread(t *testing.T) {
	racefree.Only(t) // no goroutine: the pane driven by hand
	for _, c := range []struct {
		name string
		v    int
	}{
		{"api-gateway", 0}, {"api-gateway", 1}, {"api-gateway", 2},
		{"fleet-probes", 0}, {"cascade", 0}, {"cascade", 2},
	} {
		s := snapAt(t, c.name, c.v, 20*time.Second)
		m := New(theme.New(theme.Plain()))
		m.SetData(pane.Data{Snap: s})
		count, breakers, needs := m.Count(), m.Breakers(), m.Needs(100)
		if !m.stale {
			t.Errorf("%s variant %d: counting read the circuits out", c.name, c.v+1)
		}
		read := tilesOf(s)
		hosts := 0
		for _, cc := range read.circuits {
			hosts += cc.hosts
		}
		if count != len(read.circuits) || breakers != hosts || needs != read.Needs(100) {
			t.Errorf("%s variant %d: counted %d circuits of %d breakers (needs %d rows), read out %d of %d (%d rows)",
				c.name, c.v+1, count, breakers, needs, len(read.circuits), hosts, read.Needs(100))
		}
	}
}

// A new snapshot is counted afresh: the pane read out for one system and
// handed another's counts the other's breakers, as a pane made for it does.
func TestCountsFollowANewSnapshot(t *testing.T) {
	racefree.Only(t) // no goroutine: the pane driven by hand
	m := tilesOf(snapAt(t, "api-gateway", 0, 20*time.Second))
	if m.Breakers() != 5 {
		t.Fatalf("api-gateway has %d breakers, want 5", m.Breakers())
	}
	m.SetData(pane.Data{Snap: snapAt(t, "fleet-probes", 0, 20*time.Second)})
	if n, w := m.Count(), m.Breakers(); n != 1 || w != 20 {
		t.Errorf("after fleet-probes' snapshot: %d circuits of %d breakers, want 1 of 20", n, w)
	}
	m.ensure()
	if n, w := m.Count(), m.Breakers(); n != 1 || w != 20 {
		t.Errorf("after fleet-probes' circuits were read out: %d circuits of %d breakers, want 1 of 20", n, w)
	}
}
