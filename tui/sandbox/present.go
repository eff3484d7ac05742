package sandbox

import (
	"fmt"

	"github.com/breakerlab/breakerlab/tui/present"
)

// Moment is what presentation mode (tui/present) shows of the sandbox: the
// workers held of the pool, the faulty dependencies and their breakers in
// words, and the scenario's one sentence. In compare mode it is both
// sides, each with its workers held and its dependencies, side by side,
// and the lines that say how the two differ, as compare mode's own screen
// writes them.
//
// While something is open over the run that takes the keys (the knob
// form, the chaos menu, the help, a sweep, the fleet, a prompt, the leave
// question), there is no moment: presentation mode draws the screen itself,
// so the room sees what the presenter's keys now act on.
func (m Model) Moment() (present.Moment, bool) {
	if m.overlayOpen() {
		return present.Moment{}, false
	}
	if m.cmp != nil {
		return m.compareMoment(), true
	}
	snap := m.Snapshot()
	if snap == nil {
		return present.Moment{}, false
	}
	title := fmt.Sprintf("%s · %s", snap.Scenario, snap.Variant)
	return present.Engine(title, snap, m.Playing(), m.sim.sc.Summary), true
}

// overlayOpen reports whether something over the run takes the keys:
// every case Update and View give before the run's own view.
func (m Model) overlayOpen() bool {
	return m.form != nil || m.chaos != nil || m.showHelp || m.sw != nil ||
		m.fleetOpen || m.prompt != nil || m.leaving != nil
}

// KeyLineAsks reports whether the key line asks something (a prompt being
// typed, the leave question) instead of listing keys: presentation mode
// then keeps it, where it would give the line to the key corner.
func (m Model) KeyLineAsks() bool {
	return m.prompt != nil || m.leaving != nil
}

// compareMoment is compare mode for a projector: the two sides' numbers
// from their own snapshots, and compare mode's difference lines (computed
// once, in refresh, from the same snapshots).
func (m Model) compareMoment() present.Moment {
	c := m.cmp
	mo := present.Moment{
		Title: fmt.Sprintf("%s · compare %s vs %s", m.sim.sc.Name, sideTag(c.sides[0]), sideTag(c.sides[1])),
		Clock: present.Clock(m.now(), m.end(), m.Playing()),
	}
	for i, s := range c.sides {
		snap := &s.sim.snap
		mo.Sides = append(mo.Sides, present.Side{
			Name:  fmt.Sprintf("%c: %s", 'A'+i, sideName(s.sim.sc, s)),
			Value: snap.Busy, Of: snap.Workers, Label: "workers held",
			Details: present.EngineDetails(snap, true),
		})
	}
	if len(c.diffTitles) > 0 {
		mo.Details = append(mo.Details, c.diffTitles[0])
	}
	mo.Details = append(mo.Details, c.diffs...)
	return mo
}
