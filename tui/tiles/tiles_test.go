package tiles

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

func snapAt(t testing.TB, name string, v int, at time.Duration) *engine.Snapshot {
	t.Helper()
	return tuitest.At(t, name, v, at.Seconds()).Snap
}

func tilesOf(s *engine.Snapshot) *Model {
	m := New(theme.New(theme.Plain()))
	m.SetData(pane.Data{Snap: s})
	m.ensure()
	return m
}

// A tile per circuit: one per breaker of its own, one for a shared
// breaker's whole group, one for a fleet's breakers on one call (its
// instances as hosts).
func TestOneTilePerCircuit(t *testing.T) {
	for _, c := range []struct {
		name         string
		v            int
		tiles, hosts int
	}{
		{"api-gateway", 0, 5, 5}, {"api-gateway", 1, 1, 1}, {"api-gateway", 2, 0, 0},
		{"fleet-probes", 0, 1, 20}, {"cascade", 2, 1, 1},
	} {
		m := tilesOf(snapAt(t, c.name, c.v, 20*time.Second))
		if m.Count() != c.tiles || m.Breakers() != c.hosts {
			t.Errorf("%s variant %d: %d tiles of %d breakers, want %d of %d", c.name, c.v+1, m.Count(), m.Breakers(), c.tiles, c.hosts)
		}
	}
	m := tilesOf(snapAt(t, "api-gateway", 1, 20*time.Second))
	m.SetSize(60, m.Needs(60))
	if v := ansi.Strip(m.View()); !strings.Contains(v, "upstreams") || !strings.Contains(v, "shared by 5") {
		t.Errorf("the shared breaker's tile does not say so:\n%s", v)
	}
}

// A tile's figures are the engine's: the rolling rate of the attempts
// that reached the dependency and the failed share of the answered from
// the edge's running counts, the state and the refusals from its breaker,
// the percentiles from its endpoint's answers of the window.
func TestTileFiguresAreTheEngines(t *testing.T) {
	s := snapAt(t, "cascade", 2, 26*time.Second)
	m := tilesOf(s)
	c := m.circuits[0]
	d, _ := s.Dependency("recommendations")
	k := int(Rolling / s.SampleEvery)
	last, first := d.Series[len(d.Series)-1], d.Series[len(d.Series)-1-k]
	if want := float64(last.Reached-first.Reached) / Rolling.Seconds(); c.rate != want {
		t.Errorf("rate %v, want %v", c.rate, want)
	}
	if want := float64(last.FailedCalls-first.FailedCalls) / float64(last.Answered-first.Answered); c.failed != want {
		t.Errorf("failed %v, want %v", c.failed, want)
	}
	if c.state != d.Breaker.State || c.refused != d.ShortCircuited {
		t.Errorf("state %v refused %d, want %v %d", c.state, c.refused, d.Breaker.State, d.ShortCircuited)
	}
	ep, _ := s.Endpoint("recommendations")
	from := 0
	for _, b := range ep.Series[:len(ep.Series)-k] {
		for _, n := range b.Outcomes {
			from += int(n)
		}
	}
	lat := slices.Clone(ep.Latencies[from:])
	slices.Sort(lat)
	if want := time.Duration(lat[len(lat)*99/100]) * time.Microsecond; c.p99 != want {
		t.Errorf("p99 %v, want %v", c.p99, want)
	}
	if !c.latOK || c.latOf != "recommendations" {
		t.Errorf("latency of %q", c.latOf)
	}
	// The fleet's tile counts its instances' breakers by state.
	f := snapAt(t, "fleet-probes", 0, 40*time.Second)
	fc := tilesOf(f).circuits[0]
	n := 0
	for _, in := range f.Services[0].Instances {
		if in.Breakers[0] != nil && in.Breakers[0].State == breaker.Open {
			n++
		}
	}
	if fc.states[breaker.Open] != n || fc.name != "api → provider" || fc.latOf != "page" {
		t.Errorf("fleet tile: %d open (want %d), %q, latency of %q", fc.states[breaker.Open], n, fc.name, fc.latOf)
	}
}

// The tiles at 80×24, 120×40 and 200×60: as wide as the window, as tall as
// they need.
func TestTilesGolden(t *testing.T) {
	cases := []struct {
		name string
		v    int
		at   time.Duration
	}{{"api-gateway", 0, 25 * time.Second}, {"api-gateway", 1, 25 * time.Second}, {"fleet-probes", 2, 40 * time.Second}, {"breaker-timeline", 0, 50 * time.Second}}
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		var b strings.Builder
		for _, c := range cases {
			m := tilesOf(snapAt(t, c.name, c.v, c.at))
			m.SetSize(sz[0], min(sz[1], m.Needs(sz[0])))
			v := m.View()
			tuitest.CheckNoCuts(t, c.name, v)
			fmt.Fprintf(&b, "──── %s variant %d at %s ────\n%s\n", c.name, c.v+1, pane.Seconds(c.at), ansi.Strip(v))
		}
		golden.Check(t, fmt.Sprintf("tiles-%dx%d", sz[0], sz[1]), b.String())
	}
}

func BenchmarkSetDataView(b *testing.B) {
	s := snapAt(b, "api-gateway", 0, 25*time.Second)
	m := New(theme.New(theme.Plain()))
	m.SetSize(120, 20)
	d := pane.Data{Snap: s}
	for b.Loop() {
		m.SetData(d)
		_ = m.View()
	}
}

// Tiles that find no room are counted in the title's note.
func TestShortPaneSaysHowManyTiles(t *testing.T) {
	m := tilesOf(snapAt(t, "api-gateway", 0, 25*time.Second))
	m.SetSize(90, 2+tileH)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "2 of 5 circuits") {
		t.Errorf("a pane with room for two tiles does not say so:\n%s", v)
	}
}
