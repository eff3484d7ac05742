package pane_test

import (
	"fmt"
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

// The widths the chain pane gets in the sandbox's right column (where the
// in-flight chart goes) in an 80×24, a 120×40 and a 200×60 terminal.
var chainWidths = []int{44, 66, 110}

const every = 500 * time.Millisecond

// ramp is a busy series of n samples: low until the sample at fullAt,
// full from there on.
func ramp(n int, fullAt time.Duration, low, full int32) []int32 {
	out := make([]int32, n)
	for i := range out {
		at := time.Duration(i+1) * every
		switch {
		case at >= fullAt:
			out[i] = full
		default:
			out[i] = low + int32(i%3)
		}
	}
	return out
}

func svcSeries(busy []int32) []engine.ServiceSample {
	out := make([]engine.ServiceSample, len(busy))
	for i, b := range busy {
		out[i] = engine.ServiceSample{Busy: b}
	}
	return out
}

func closedBreaker() *engine.BreakerSnapshot {
	return &engine.BreakerSnapshot{Config: breaker.Config{OpenFor: 5 * time.Second, HalfOpenTrials: 3}, State: breaker.Closed}
}

// chainSnap is a three-hop chain mid-cascade at 26 s: front → orders →
// inventory (two instances) → database, the database slow since 20 s.
// Inventory filled at 21 s, orders at 23.5 s; the front is filling.
func chainSnap() *engine.Snapshot {
	const now = 26 * time.Second
	n := int(now / every)
	frontBusy := ramp(n, now+time.Second, 6, 0)
	for i := n - 5; i < n; i++ {
		frontBusy[i] = int32(10 * (i - n + 6))
	}
	half := closedBreaker()
	half.State, half.TrialsSent = breaker.HalfOpen, 1
	open := closedBreaker()
	open.State, open.OpenRemaining = breaker.Open, 3200*time.Millisecond
	s := &engine.Snapshot{
		Scenario: "chain", Variant: "no deadlines", Now: now, Duration: 60 * time.Second, SampleEvery: every,
		Workers: 64, Busy: 51, Queued: 0,
		Endpoints: []engine.EndpointSnapshot{{
			Name: "checkout", Calls: "orders", Busy: 51, Arrived: 5200,
			Total: engine.Counts{4100, 0, 0, 600},
		}},
		Dependencies: []engine.DependencySnapshot{{
			Name: "orders", Service: "orders", InFlight: 48, InFlightMax: 50, DeadlineExceeded: 3, Breaker: closedBreaker(),
		}},
	}
	eps := make([]engine.EndpointSample, n)
	for i := range eps {
		eps[i].Busy = frontBusy[i]
	}
	s.Endpoints[0].Series = eps
	s.Services = []engine.ServiceSnapshot{
		{
			Name: "orders", Depth: 1, Workers: 32, QueueCap: 100, Calls: "inventory", Busy: 32, Queued: 97,
			Arrived: 5150, Answered: engine.Counts{3900, 0, 150, 500}, AbandonedWork: 1204, WastedWork: 12 * time.Second,
			ExpiredInQueue: 311,
			Instances:      []engine.InstanceSnapshot{{Busy: 32, Queued: 97, Breakers: []*engine.BreakerSnapshot{closedBreaker()}}},
			Dependencies:   []engine.DependencySnapshot{{Name: "inventory", Service: "inventory", InFlight: 32, Breaker: closedBreaker()}},
			Series:         svcSeries(ramp(n, 23500*time.Millisecond, 4, 32)),
		},
		{
			Name: "inventory", Caller: "orders", Depth: 2, Workers: 8, QueueCap: 50, Calls: "database", Busy: 16, Queued: 100,
			Arrived: 4800, Answered: engine.Counts{3500, 0, 400, 700},
			Instances: []engine.InstanceSnapshot{
				{Busy: 8, Queued: 50, Breakers: []*engine.BreakerSnapshot{half}},
				{Busy: 8, Queued: 50, Breakers: []*engine.BreakerSnapshot{open}},
			},
			Dependencies: []engine.DependencySnapshot{{Name: "database", InFlight: 16,
				Fault: &engine.Fault{Kind: engine.Slow, From: 20 * time.Second, Latency: 3 * time.Second}}},
			Series: svcSeries(ramp(n, 21*time.Second, 2, 16)),
		},
	}
	return s
}

// chainSizes are the sizes the pane gets: at 80×24 the in-flight chart's
// least slot, at 120×40 what it needs, at 200×60 room for the second lines.
func chainSizes(c *pane.Chain) [][2]int {
	return [][2]int{{chainWidths[0], 9}, {chainWidths[1], c.Needs(chainWidths[1])}, {chainWidths[2], c.Max(chainWidths[2])}}
}

func TestChainGolden(t *testing.T) {
	d := pane.Data{Snap: chainSnap(), Gen: 1}
	c := pane.NewChain(tuitest.Plain())
	c.SetData(d)
	for _, sz := range chainSizes(c) {
		c := pane.NewChain(tuitest.Plain())
		c.SetData(d)
		c.SetSize(sz[0], sz[1])
		v := c.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		checkNoCut(t, fmt.Sprintf("chain %dx%d", sz[0], sz[1]), v)
		golden.Check(t, fmt.Sprintf("chain-cascade-%dx%d", sz[0], sz[1]), v)
	}
}

// The cascade reads up the chain: the leaf's fault first (at the bottom),
// then each pool full a little later than the one below it; a fleet shows
// its size and its pools summed.
func TestChainReadsTheCascadeUpwards(t *testing.T) {
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: chainSnap(), Gen: 1})
	c.SetSize(110, c.Max(110))
	v := ansi.Strip(c.View())
	lines := strings.Split(v, "\n")
	find := func(prefix string) string {
		for _, l := range lines {
			if strings.HasPrefix(strings.TrimLeft(strings.TrimPrefix(l, "│"), " "), prefix) {
				return l
			}
		}
		t.Fatalf("no line for %q:\n%s", prefix, v)
		return ""
	}
	for _, c := range []struct{ hop, want string }{
		{"front", "51/64"},
		{"orders", "32/32"},
		{"orders", "23.5 s"},
		{"inventory ×2", "16/16"},
		{"inventory ×2", "21.0 s"},
		{"inventory ×2", "█ 1 open ▄ 1 half-open"},
		{"database", "slow 3 s since 20.0 s"},
	} {
		if l := find(c.hop); !strings.Contains(l, c.want) {
			t.Errorf("the %s row lacks %q: %q", c.hop, c.want, l)
		}
	}
	if l := find("front"); strings.Contains(l, " s ") {
		t.Errorf("the front is not full yet, it has no full-since time: %q", l)
	}
	for _, want := range []string{"2 of 3 pools full", "abandoned work 1,204", "expired in queue 311",
		"unsent past deadline 3", "timed out at deadline 0", "calls 76% ok", "waiting"} {
		if !strings.Contains(v, want) {
			t.Errorf("the chain lacks %q:\n%s", want, v)
		}
	}
	// The footer's longest wording, with the workers' time wasted, needs
	// a wider pane.
	wide := pane.NewChain(tuitest.Plain())
	wide.SetData(pane.Data{Snap: chainSnap(), Gen: 1})
	wide.SetSize(150, wide.Max(150))
	if v := ansi.Strip(wide.View()); !strings.Contains(v, "abandoned work 1,204 (12.0 s of workers' time)") {
		t.Errorf("the wide chain lacks the wasted time:\n%s", v)
	}
}

// The full-since column is computed from the series: another moment of
// filling gives another time.
func TestChainFullSinceFollowsTheSeries(t *testing.T) {
	s := chainSnap()
	s.Services[1].Series = svcSeries(ramp(len(s.Services[1].Series), 12500*time.Millisecond, 2, 16))
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: s, Gen: 2})
	c.SetSize(110, c.Needs(110))
	if v := ansi.Strip(c.View()); !strings.Contains(v, "12.5 s") || strings.Contains(v, "21.0 s") {
		t.Errorf("inventory filled at 12.5 s in this run:\n%s", v)
	}
	// Not full now: no time, whatever the series says.
	s.Services[1].Busy = 15
	c.SetData(pane.Data{Snap: s, Gen: 3})
	if v := ansi.Strip(c.View()); strings.Contains(v, "12.5 s") {
		t.Errorf("a pool not full now has no full-since time:\n%s", v)
	}
}

// The front's edge names its breaker's state in a word beside the glyph,
// and an edge without a breaker says so.
func TestChainEdgeStatesInWords(t *testing.T) {
	s := chainSnap()
	s.Dependencies[0].Breaker = nil
	s.Services[0].Dependencies[0].Breaker.State = breaker.Open
	s.Services[0].Instances[0].Breakers[0] = nil
	s.Services[1].Instances[1].State = engine.InstanceIsDown
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: s, Gen: 1})
	c.SetSize(110, c.Needs(110))
	v := ansi.Strip(c.View())
	for _, want := range []string{"orders, no breaker", "no breaker", "inventory ×2 1 of 2 down"} {
		if !strings.Contains(v, want) {
			t.Errorf("the chain lacks %q:\n%s", want, v)
		}
	}
}

// Without services the pane says so rather than drawing an empty table.
func TestChainWithoutServices(t *testing.T) {
	c := pane.NewChain(tuitest.Plain())
	c.SetData(tuitest.At(t, "cascade", 2, 26))
	c.SetSize(66, 10)
	v := c.View()
	tuitest.CheckBlock(t, v, 66, 10)
	if !strings.Contains(ansi.Strip(v), "no services") {
		t.Errorf("the chain should say the scenario has no services:\n%s", v)
	}
}

// checkNoCut fails when a line of the view cuts a word or a number, or
// two lines split one (tuitest.CheckNoCuts, the check every screen's
// tests share).
func checkNoCut(t *testing.T, what, view string) {
	t.Helper()
	tuitest.CheckNoCuts(t, what, view)
}

// Every new pane fills exactly its size and cuts no word, at every width
// from 30 to 120 and a range of heights, before and after data.
func TestNewPanesFillTheirSizeAndCutNoWord(t *testing.T) {
	mks := map[string]func(*theme.Theme) sized{
		"chain":   func(th *theme.Theme) sized { return pane.NewChain(th) },
		"fleet":   func(th *theme.Theme) sized { return pane.NewFleet(th) },
		"tenants": func(th *theme.Theme) sized { return pane.NewTenants(th) },
	}
	data := map[string]pane.Data{
		"chain":   {Snap: chainSnap(), Gen: 1},
		"fleet":   {Snap: fleetSnap(), Gen: 1},
		"tenants": {Snap: tenantSnap(), Gen: 1},
	}
	for name, mk := range mks {
		for w := 30; w <= 120; w += 3 {
			for h := 6; h <= 26; h += 4 {
				p := mk(tuitest.Plain())
				p.SetSize(w, h)
				tuitest.CheckBlock(t, p.View(), w, h)
				p.SetData(data[name])
				v := p.View()
				tuitest.CheckBlock(t, v, w, h)
				if w >= 44 {
					checkNoCut(t, fmt.Sprintf("%s %dx%d", name, w, h), v)
				}
			}
		}
	}
}

// Colour changes no layout, and the new panes use it.
func TestNewPanesColourMovesNothing(t *testing.T) {
	cases := []struct {
		mk func(*theme.Theme) sized
		d  pane.Data
	}{
		{func(th *theme.Theme) sized { return pane.NewChain(th) }, pane.Data{Snap: chainSnap(), Gen: 1}},
		{func(th *theme.Theme) sized { return pane.NewFleet(th) }, pane.Data{Snap: fleetSnap(), Gen: 1}},
		{func(th *theme.Theme) sized { return pane.NewTenants(th) }, pane.Data{Snap: tenantSnap(), Gen: 1}},
	}
	for _, c := range cases {
		plain, color := c.mk(tuitest.Plain()), c.mk(tuitest.Color())
		for _, p := range []sized{plain, color} {
			p.SetSize(110, 24)
			p.SetData(c.d)
		}
		cv := color.View()
		if cv == plain.View() {
			t.Errorf("%T: the colour theme added no colour", plain)
		}
		if ansi.Strip(cv) != plain.View() {
			t.Errorf("%T: colour changed the layout:\n%s\n---\n%s", plain, ansi.Strip(cv), plain.View())
		}
	}
}

// An unchanged snapshot costs nothing: View hands back the cached string.
func TestNewPanesCacheTheirView(t *testing.T) {
	for _, c := range []struct {
		p sized
		d pane.Data
	}{
		{pane.NewChain(tuitest.Color()), pane.Data{Snap: chainSnap(), Gen: 1}},
		{pane.NewFleet(tuitest.Color()), pane.Data{Snap: fleetSnap(), Gen: 1}},
		{pane.NewTenants(tuitest.Color()), pane.Data{Snap: tenantSnap(), Gen: 1}},
	} {
		c.p.SetSize(80, 24)
		c.p.SetData(c.d)
		first := c.p.View()
		if n := testing.AllocsPerRun(20, func() { c.p.SetData(c.d); _ = c.p.View() }); n > 10 {
			t.Errorf("%T: %v allocations a frame with unchanged data; want the cache", c.p, n)
		}
		if c.p.View() != first {
			t.Errorf("%T: the same data drew another view", c.p)
		}
	}
}

// At its least height the chain keeps every hop and its whole footer:
// nothing dropped below the frame.
func TestChainMinHeightKeepsTheFooter(t *testing.T) {
	for w := 40; w <= 120; w += 4 {
		c := pane.NewChain(tuitest.Plain())
		c.SetData(pane.Data{Snap: chainSnap(), Gen: 1})
		h := c.MinHeight(w)
		c.SetSize(w, h)
		v := ansi.Strip(c.View())
		for _, want := range []string{"front", "orders", "inventory", "database", "cancelled", "deadline"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d: the chain lacks %q:\n%s", w, h, want, v)
			}
		}
	}
}
