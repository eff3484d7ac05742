package sandbox

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// Faults inside services and bursts of traffic are events like a
// dependency's fault: in multi-hop (a service's database), rate-limit-vs-
// bulkhead (a burst) and noisy-tenant (a tenant's burst), every time axis
// on screen marks them, ] walks from 0 through each one's start and end,
// and [ walks back through them from the end.
func TestInnerFaultsAreOnEveryAxisAndReachable(t *testing.T) {
	racefree.Only(t)
	for _, name := range []string{"multi-hop", "rate-limit-vs-bulkhead", "noisy-tenant"} {
		sc := tuitest.Scenario(t, name)
		var want []time.Duration // the inner spans' starts and ends
		spans := pane.FaultSpans(sc, 0)
		for _, f := range spans {
			if f.What == "" && !strings.Contains(f.Dependency, "/") {
				continue // a front dependency's fault: tested elsewhere
			}
			want = append(want, f.From)
			if f.To < sc.Duration {
				want = append(want, f.To)
			}
		}
		if len(want) == 0 {
			t.Fatalf("%s: no fault inside a service and no burst: %+v", name, spans)
		}
		m := newModel(t, 200, 60, Options{Scenario: sc})

		// ] from 0 to the end, then [ back.
		var forward, back []time.Duration
		for range 64 {
			before := m.Now()
			m = press(m, "]")
			if m.Now() <= before {
				break
			}
			forward = append(forward, m.Now())
		}
		m = goTo(m, strings.TrimSuffix(pane.SecondsShort(sc.Duration), " s"))
		for range 64 {
			before := m.Now()
			m = press(m, "[")
			if m.Now() >= before {
				break
			}
			back = append(back, m.Now())
		}
		for _, at := range want {
			if !slices.Contains(forward, at) {
				t.Errorf("%s: ] never stops at %v: %v", name, at, forward)
			}
			if !slices.Contains(back, at) {
				t.Errorf("%s: [ never stops at %v: %v", name, at, back)
			}
		}

		// In the first inner span, every chart with a time axis that the
		// layout shows marks it.
		m = goTo(m, strings.TrimSuffix(pane.SecondsShort(want[0]+time.Second), " s"))
		charts := map[paneID]func() string{
			pOutcomes: m.out.View, pHistory: m.xp.hist.View, pInFlight: m.inf.View, pLatency: m.xp.lat.View,
		}
		shown := 0
		for _, col := range m.arrange().cols {
			for _, s := range col {
				view, ok := charts[s.id]
				if !ok {
					continue
				}
				shown++
				if v := ansi.Strip(view()); !strings.Contains(v, "━") {
					t.Errorf("%s at %v: the %s chart marks no fault:\n%s", name, m.Now(), paneNames[s.id], v)
				}
			}
		}
		t.Logf("%s: %d charts checked at %v", name, shown, m.Now())
		if shown == 0 {
			t.Errorf("%s: no chart with a time axis at 200×60 (hidden: %s)", name, m.Hidden())
		}
	}
}
