package builder

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The preview: after every edit the system runs once, on the builder's
// seed, and the map and the charts draw that run, so the learner sees at
// once what the part just added does to the traffic. A system whose
// traffic is heavy runs for a shorter stretch, so that an edit stays
// quick whatever the system.

// previewBudget bounds the requests a preview simulates.
const previewBudget = 100_000

// previewHorizon is how far the preview runs: the whole traffic, or as
// many whole seconds of it as the budget allows (one at least).
func previewHorizon(sc *engine.Scenario) time.Duration {
	var perSecond float64
	for _, e := range sc.Variants[0].System.Endpoints {
		switch {
		case e.Interval > 0:
			perSecond += float64(time.Second) / float64(e.Interval)
		default:
			perSecond += e.Rate
			for _, b := range e.Bursts {
				perSecond = max(perSecond, b.Rate) // a surge counts at its height
			}
		}
	}
	if perSecond*sc.Duration.Seconds() <= previewBudget {
		return sc.Duration
	}
	secs := int64(previewBudget / perSecond)
	return max(time.Duration(secs)*time.Second, time.Second)
}

// runPreview runs the system to the horizon and hands the snapshot to the
// map and the charts.
func (m *Model) runPreview() {
	m.showPreview(m.sc, uint64(m.id)+1)
}

// showPreview runs sc's first variant for the map and the charts; gen
// names the run, for the charts' caches.
func (m *Model) showPreview(sc *engine.Scenario, gen uint64) {
	r, err := engine.New(sc, 0, m.o.Seed)
	if err != nil {
		return // check refused such a system before it got here
	}
	m.horizon = previewHorizon(sc)
	r.AdvanceTo(m.horizon)
	snap := r.Snapshot()
	d := pane.Data{Snap: &snap, Gen: gen, Faults: pane.FaultSpans(sc, 0)}
	m.mp.SetData(d)
	m.inf.SetData(d)
	m.out.SetData(d)
	m.lat.SetData(d)
	m.setFile(sc)
}

// startGen is the run name of start i's preview: apart from every edit's.
func startGen(i int) uint64 { return 1<<62 + uint64(i) }

// previewStart shows the start under the cursor in the map and charts.
func (m *Model) previewStart() {
	sc := m.startScenario(m.pick)
	if sc != nil && check(sc) == nil {
		m.showPreview(sc, startGen(m.pick))
	}
}
