package mappane

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/present"
)

// The calls a dependency holds are written in three places: the map's
// "60/60 held", the presenter's "60 held · 12 abandoned" and the in-flight
// chart's line (and a picture's, both pane.Held of a sample). At a
// sample's end the three say one number for every dependency of the
// front. The presenter had a rule of its own and said "0 held" for
// go-server's payments at 45 s, all 60 of its permits held by calls
// dialling the provider, unreachable, while the map and the chart said
// 60.
func TestMapPresenterAndChartHoldOneNumber(t *testing.T) {
	for _, c := range []struct {
		scenario string
		variants int
		at       []time.Duration
	}{
		{"go-server", 2, []time.Duration{20 * time.Second, 45 * time.Second, 60 * time.Second}},
		{tuitest.UnreachableGoServer, 2, []time.Duration{20 * time.Second, 45 * time.Second, 60 * time.Second}},
		{"go-inventory", 4, []time.Duration{20 * time.Second, 35 * time.Second, 50 * time.Second}},
		{"cascade", 3, []time.Duration{5 * time.Second, 15 * time.Second, 25 * time.Second}},
		{"noisy-tenant", 3, []time.Duration{10 * time.Second, 20 * time.Second, 30 * time.Second}},
	} {
		// permitsApart counts the dependencies whose permits held are not
		// their calls at the dependency: without one, the rules that
		// differ there would pass unseen.
		permitsApart := 0
		for v := range c.variants {
			r, err := engine.New(tuitest.Scenario(t, c.scenario), v, tuitest.Seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range c.at {
				r.AdvanceTo(at)
				s := r.Snapshot()
				g := build(&s)
				for i := range s.Dependencies {
					d := &s.Dependencies[i]
					where := c.scenario + "/" + strconv.Itoa(v) + " at " + at.String() + ": " + d.Name
					if len(d.Series) == 0 || time.Duration(len(d.Series))*s.SampleEvery != s.Now {
						t.Fatalf("%s: %d samples of %v at %v; the chart's last point is not now", where, len(d.Series), s.SampleEvery, s.Now)
					}
					chart := int(pane.Held(d, d.Series[len(d.Series)-1]))
					presenter := presentedHeld(t, where, d)
					onMap, ok := mapHeld(&g, d.Name)
					if !ok {
						t.Fatalf("%s: not on the map", where)
					}
					if onMap != chart || presenter != chart {
						t.Errorf("%s: map %d held, presenter %d, chart %d", where, onMap, presenter, chart)
					}
					if pane.OneCap(d) > 0 && d.Bulkhead != d.InFlight-d.Abandoned {
						permitsApart++
					}
				}
			}
		}
		if c.scenario == tuitest.UnreachableGoServer && permitsApart == 0 {
			t.Errorf("%s: no dependency held permits apart from its calls at the dependency; the case this test is about is gone", c.scenario)
		}
	}
}

// presentedHeld is the number the presenter's dependency line says held.
func presentedHeld(t *testing.T, where string, d *engine.DependencySnapshot) int {
	t.Helper()
	words := present.CallsHeld(d)
	n, rest, ok := strings.Cut(words, " held")
	held, err := strconv.Atoi(n)
	if !ok || err != nil || (rest != "" && !strings.HasPrefix(rest, " · ")) {
		t.Fatalf("%s: the presenter says %q, not %q", where, words, "N held")
	}
	return held
}

// mapHeld is the calls held the map draws on the front's edge name, and
// on the leaf it reaches.
func mapHeld(g *graph, name string) (int, bool) {
	for _, e := range g.nodes[g.front].edges {
		if e.name != name {
			continue
		}
		if n := &g.nodes[e.to]; n.kind == Leaf && n.used != e.held {
			return -1, true // the edge and its leaf disagree: no one number
		}
		return e.held, true
	}
	return 0, false
}
