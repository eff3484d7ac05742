package pane_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// playHalfSeconds hands visit the data of every half second of variant v
// of the built-in name, the end's marked final as the sandbox marks it.
func playHalfSeconds(t *testing.T, name string, v int, visit func(at time.Duration, d pane.Data)) {
	t.Helper()
	r, err := engine.New(tuitest.Scenario(t, name), v, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for at := time.Duration(0); ; at += 500 * time.Millisecond {
		at = min(at, r.End())
		r.AdvanceTo(at)
		s := r.Snapshot()
		d := pane.Data{Snap: &s, Gen: 1}
		if at == r.End() {
			d.Final = &s
		}
		visit(at, d)
		if at == r.End() {
			return
		}
	}
}

// The heights the sandbox's layout asks of the tenants and fleet panes
// hold all run: the layout is made when the window's size changes and
// kept while the run plays, so a height that moved with the run made the
// screen at a moment depend on when the window was last resized. The
// tenants' note grew a line at 100 columns as the measurement window
// began; the fleet's footer as its breakers opened and probed.
func TestLayoutHeightsHoldAllRun(t *testing.T) {
	racefree.Only(t) // no goroutine: seven runs read every half second
	tenantWidths := []int{44, 55, 66, 98, 110}
	for v := range tuitest.Scenario(t, "noisy-tenant").Variants {
		p := pane.NewTenants(tuitest.Plain())
		first := map[int]int{}
		playHalfSeconds(t, "noisy-tenant", v, func(at time.Duration, d pane.Data) {
			p.SetData(d)
			for _, w := range tenantWidths {
				got := p.RunNeeds(w)
				if want, ok := first[w]; !ok {
					first[w] = got
				} else if got != want {
					t.Errorf("noisy-tenant, variant %d, width %d: the tenants pane needs %d rows at %v, %d before", v+1, w, got, at, want)
					first[w] = got // one error a change
				}
			}
		})
	}
	fleetWidths := []int{36, 44, 56, 90, 110}
	for v := range tuitest.Scenario(t, "fleet-probes").Variants {
		f := pane.NewFleet(tuitest.Plain())
		first := map[int][2]int{}
		playHalfSeconds(t, "fleet-probes", v, func(at time.Duration, d pane.Data) {
			f.SetData(d)
			for _, w := range fleetWidths {
				got := [2]int{f.RunMinHeight(w), f.RunNeeds(w)}
				if want, ok := first[w]; !ok {
					first[w] = got
				} else if got != want {
					t.Errorf("fleet-probes, variant %d, width %d: the fleet pane asks %v rows (least, most) at %v, %v before", v+1, w, got, at, want)
					first[w] = got // one error a change
				}
			}
		})
	}
}
