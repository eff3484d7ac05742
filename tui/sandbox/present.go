package sandbox

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/present"
)

// Moment is what presentation mode (tui/present) shows of the sandbox: the
// workers held of the pool (a tasks server's tasks live, present.Held),
// the faulty dependencies and their breakers in words, and the design
// shown (designCaption). In compare mode it is both sides, each with its
// workers held and its dependencies, side by side, and the lines that say
// how the two differ, as compare mode's own screen writes them.
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
	return present.Engine(title, snap, m.Playing(), designCaption(m.sim.sc, m.sim.variant)), true
}

// designCaption is the sentence under the number: the design on screen. A
// scenario's summary is one sentence for all its variants and may be true
// of one alone: cascade's "one hanging dependency takes every worker of a
// shared pool" is its first design, and under the bulkhead and breaker's
// 9/200 it told the room the reverse of what it saw. The title above
// already names the variant shown, so a scenario of several variants is
// captioned with what the title lacks: where the variant stands among
// them, in the sandbox's word ("variant 3 of 3"), and the edit's mark
// where the summary carries one the name does not (summary.go: a moved
// fault, which no variant's name says). Repeating the name made the
// projector say it twice. A scenario of one variant keeps its summary,
// which can only be about that one.
func designCaption(sc *engine.Scenario, v int) string {
	if len(sc.Variants) < 2 || v < 0 || v >= len(sc.Variants) {
		return sc.Summary
	}
	caption := fmt.Sprintf("variant %d of %d", v+1, len(sc.Variants))
	if base, _, _ := splitEditMark(sc.Summary); base != sc.Summary {
		mark := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(sc.Summary, base), " ("), ")")
		if !strings.HasSuffix(sc.Variants[v].Name, " ("+mark+")") {
			caption += " (" + mark + ")"
		}
	}
	return caption
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
		label, _ := present.Held(snap)
		mo.Sides = append(mo.Sides, present.Side{
			Name:  fmt.Sprintf("%c: %s", 'A'+i, sideName(s.sim.sc, s)),
			Value: snap.Busy, Of: snap.Workers, Label: label,
			Details: present.EngineDetails(snap, true),
		})
	}
	if len(c.diffTitles) > 0 {
		mo.Details = append(mo.Details, c.diffTitles[0])
	}
	mo.Details = append(mo.Details, c.diffs...)
	return mo
}
