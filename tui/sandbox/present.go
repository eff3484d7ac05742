package sandbox

import (
	"fmt"

	"github.com/breakerlab/breakerlab/tui/present"
)

// Moment is what presentation mode (tui/present) shows of the sandbox: the
// workers held of the pool, the faulty dependencies and their breakers in
// words, and the scenario's one sentence. In compare mode it is the left
// side's, as State is.
func (m Model) Moment() (present.Moment, bool) {
	snap := m.Snapshot()
	if snap == nil {
		return present.Moment{}, false
	}
	title := fmt.Sprintf("%s · %s", snap.Scenario, snap.Variant)
	return present.Engine(title, snap, m.Playing(), m.sim.sc.Summary), true
}
