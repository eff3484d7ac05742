package tiles

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// breakerCases are moments where a breaker's calls made and the attempts
// that reached its dependency part ways, and where they agree: cascade's
// recommendations behind a full bulkhead then an open breaker,
// api-gateway's breakers on the hung search-api (one each, then one
// shared), fleet-probes' instances' breakers open on provider, and
// before any fault.
var breakerCases = []struct {
	scenario string
	v        int
	at       time.Duration
}{
	{"cascade", 2, 8 * time.Second}, {"cascade", 2, 12 * time.Second}, {"cascade", 2, 30 * time.Second},
	{"api-gateway", 0, 25 * time.Second}, {"api-gateway", 1, 25 * time.Second},
	{"fleet-probes", 0, 30 * time.Second}, {"fleet-probes", 0, 50 * time.Second},
}

// A tile's rate is the attempts that reached its dependencies: over the
// rolling window, the engine's own count of them between the window's
// two ends (DependencySnapshot.Calls, a shared breaker's members and a
// fleet's instances summed), a second. It read the calls made: 99/s for
// cascade's recommendations while its open breaker let none through.
func TestTileCallsAreTheAttemptsTheEngineSawReachIt(t *testing.T) {
	apart := 0
	for _, c := range breakerCases {
		r, err := engine.New(tuitest.Scenario(t, c.scenario), c.v, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		stretch := min(c.at, Rolling) // the time so far, when shorter
		r.AdvanceTo(c.at - stretch)
		was := r.Snapshot()
		r.AdvanceTo(c.at)
		s := r.Snapshot()
		m := tilesOf(&s)
		for _, ci := range m.circuits {
			var n uint64
			var calls pane.Calls
			for _, e := range circuitEdges(&s, &was, ci) {
				n += e.now.Calls - e.was.Calls
				c, _ := pane.CallsOver(e.now.Series, s.SampleEvery, Rolling, e.slots)
				calls.Add(c)
			}
			want := float64(n) / stretch.Seconds()
			if math.Abs(ci.rate-want) > 1e-9*(want+1) {
				t.Errorf("%s variant %d at %v, %s: %.2f calls/s, want the %.2f a second that reached it (%d in %v)",
					c.scenario, c.v+1, c.at, ci.name, ci.rate, want, n, stretch)
			}
			m.SetSize(120, m.Needs(120))
			if v := ansi.Strip(m.View()); !strings.Contains(v, "│"+pane.Rate(want)+" ") {
				t.Errorf("%s variant %d at %v, %s: no tile starts with %s:\n%s", c.scenario, c.v+1, c.at, ci.name, pane.Rate(want), v)
			}
			if calls.Unreached() {
				apart++
			}
		}
	}
	if apart < 4 {
		t.Errorf("%d tiles' calls made part from the ones that reached it, want the breakers open and the bulkhead full these moments hold", apart)
	}
}

// edgeThen is an edge in two snapshots of one run, and the bulkhead its
// samples count against.
type edgeThen struct {
	now, was *engine.DependencySnapshot
	slots    int
}

// circuitEdges is each edge circuit c guards, in s and in was, an
// earlier snapshot of the same run (was nil: s alone).
func circuitEdges(s, was *engine.Snapshot, c circuit) []edgeThen {
	if was == nil {
		was = s
	}
	var out []edgeThen
	if c.service != "" {
		for i := range s.Services {
			for j := range s.Services[i].Dependencies {
				if d := &s.Services[i].Dependencies[j]; s.Services[i].Name+" → "+d.Name == c.name {
					out = append(out, edgeThen{d, &was.Services[i].Dependencies[j], pane.OneCap(d) * len(s.Services[i].Instances)})
				}
			}
		}
		return out
	}
	for i := range s.Dependencies {
		if d := &s.Dependencies[i]; d.Breaker != nil && d.BreakerName() == c.name {
			out = append(out, edgeThen{d, &was.Dependencies[i], pane.OneCap(d)})
		}
	}
	return out
}

// The tiles and the map say one rate for one edge: a tile's calls a
// second is the map's for the part its breaker guards, at every moment,
// the words beside it included where the tile has the room. The tiles
// rolled 10 s of calls made while the map counted 5 s of them: the same
// edge read 86/s on one and 99/s on the other.
func TestTilesAndMapSayOneRate(t *testing.T) {
	for _, c := range breakerCases {
		s := snapAt(t, c.scenario, c.v, c.at)
		tl := tilesOf(s)
		tl.SetSize(200, tl.Needs(200))
		tv := ansi.Strip(tl.View())
		mp := mappane.New(theme.New(theme.Plain()))
		mp.SetData(pane.Data{Snap: s})
		mp.SetSize(200, 40)
		mv := ansi.Strip(mp.View())
		for _, ci := range tl.circuits {
			part := ci.name
			if len(ci.members) > 1 {
				continue // a shared breaker's tile sums the rows of its members
			}
			if ci.service != "" {
				part = strings.TrimPrefix(ci.name, ci.service+" → ")
				if d, ok := serviceEdge(s, ci.service, part); ok && d.Service != "" {
					part = d.Service
				}
			}
			row := lineOf(mv, " "+part+" ")
			figure := pane.Rate(ci.rate)
			if !strings.Contains(row, "  "+figure+" ") {
				t.Errorf("%s variant %d at %v: the tile %s says %s, the map's row %q another", c.scenario, c.v+1, c.at, ci.name, figure, row)
			}
			// The map at 200 columns has room for the longest words; a tile,
			// a sixth of that wide, for the longest that fits.
			var calls pane.Calls
			for _, e := range circuitEdges(s, nil, ci) {
				c, _ := pane.CallsOver(e.now.Series, s.SampleEvery, Rolling, e.slots)
				calls.Add(c)
			}
			words := calls.RateWords(s.SampleEvery)
			onTile := false
			for _, w := range words {
				onTile = onTile || strings.Contains(tv, "│"+w+"  ")
			}
			if !strings.Contains(row, "  "+words[0]+"  ") || !onTile {
				t.Errorf("%s variant %d at %v, %s: %q not on the map's row %q, or none of them on the tile:\n%s", c.scenario, c.v+1, c.at, ci.name, words, row, tv)
			}
		}
	}
}

func serviceEdge(s *engine.Snapshot, service, dep string) (*engine.DependencySnapshot, bool) {
	for i := range s.Services {
		if s.Services[i].Name != service {
			continue
		}
		for j := range s.Services[i].Dependencies {
			if d := &s.Services[i].Dependencies[j]; d.Name == dep {
				return d, true
			}
		}
	}
	return nil, false
}

func lineOf(view, has string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, has) {
			return l
		}
	}
	return ""
}

// A tile whose calls in the window were made and none answered (a hang
// behind a breaker still closed, its calls not yet timed out) has no
// failed share: it says none was answered, not a 0% that reads as calls
// answering well, as the map's "–" does.
func TestTileWithNoneAnsweredSaysSo(t *testing.T) {
	every := 100 * time.Millisecond
	ser := make([]engine.DependencySample, 50)
	for i := range ser {
		ser[i] = engine.DependencySample{Breaker: 0, Made: uint32(10 * (i + 1)), Reached: uint32(10 * (i + 1)), InFlight: int32(10 * (i + 1))}
	}
	s := &engine.Snapshot{SampleEvery: every, Now: 5 * time.Second, Dependencies: []engine.DependencySnapshot{
		{Name: "recommendations", Breaker: &engine.BreakerSnapshot{}, Series: ser},
	}}
	m := tilesOf(s)
	m.SetSize(60, m.Needs(60))
	v := ansi.Strip(m.View())
	if want := pane.Rate(100) + "  none answered"; !strings.Contains(v, want) || strings.Contains(v, "0% failed") {
		t.Errorf("a tile with 500 calls made, none answered, does not say %q:\n%s", want, v)
	}
}
