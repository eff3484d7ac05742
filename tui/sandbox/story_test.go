package sandbox

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// A run whose dependencies never falter tells its story in the wait and
// the tenants' shares (noisy-tenant), or the wait and the loop's time
// (event-loop-stall): at 100x30 and 120x40 every variant shows those
// panes, whole, whatever else gives way. Noisy-tenant's per-tenant
// bulkhead made its pool pane taller, and the outcomes chart took the
// latency chart's rows at 100x30; event-loop-stall's latency found no
// room at 100x30 beside the calls in flight and the map.
func TestOwnTroubleKeepsItsStoryPanes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	story := map[string][]paneID{
		"noisy-tenant":     {pPool, pOutcomes, pTenants, pLatency},
		"event-loop-stall": {pPool, pOutcomes, pLatency, pTaskCharts},
	}
	titles := map[paneID]string{pTenants: "╭─ Tenants", pLatency: "╭─ Latency per endpoint", pTaskCharts: "╭─ Loop busy share", pOutcomes: "╭─ Outcomes per endpoint"}
	for _, name := range []string{"noisy-tenant", "event-loop-stall"} {
		sc := tuitest.Scenario(t, name)
		for v := range sc.Variants {
			m := newModel(t, 100, 30, Options{Scenario: sc, Variant: v})
			m = seekTo(t, m, 20*time.Second)
			for _, sz := range [][2]int{{100, 30}, {120, 40}} {
				m = send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				what := fmt.Sprintf("%s variant %d at %dx%d", name, v+1, sz[0], sz[1])
				a := m.arrange()
				var shown []paneID
				for c := range 2 {
					for _, s := range a.cols[c] {
						shown = append(shown, s.id)
					}
				}
				view := m.View()
				tuitest.CheckBlock(t, view, sz[0], sz[1])
				tuitest.CheckNoCuts(t, what, view)
				for _, id := range story[name] {
					if !slices.Contains(shown, id) {
						t.Errorf("%s: the %s pane is not shown (hidden: %v)\n%s", what, paneNames[id], a.hidden, view)
						continue
					}
					if title := titles[id]; title != "" && !strings.Contains(view, title) {
						t.Errorf("%s: the screen has no %q\n%s", what, title, view)
					}
				}
			}
		}
	}
}
