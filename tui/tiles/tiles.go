// Package tiles draws a tile per circuit breaker, as the Hystrix dashboard
// does: the rolling rate of calls that reach the dependency (with the
// calls made beside it where most of those do not), the share of the
// answered that failed, the breaker's state (a fleet's instances counted by state, as the
// dashboard counts hosts), the calls it refused and the latency
// percentiles the clients behind it saw, with a sparkline of the rate.
// Every figure comes from the engine's snapshot.
//
// A circuit is a front dependency's own breaker, a breaker shared by a
// group of dependencies (one tile for the group), or a service's breaker
// on one of its calls, one per instance (one tile, its instances as
// hosts). It imports the engine's types, tui/pane and tui/theme.
package tiles

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Rolling is the window the rates, failed shares and percentiles cover:
// the map's (pane.LiveWindow), so that a dependency's calls a second read
// the same on its tile as on the map beside it. The Hystrix dashboard
// rolls 10 s by default; two panes showing one edge's rate two ways, a
// tile's 45/s beside the map's 0/s after a breaker opened, read as a
// contradiction.
const Rolling = pane.LiveWindow

// tileH is a tile's height, its border included.
const tileH = 7

// minTileW is the narrowest a tile is drawn.
const minTileW = 30

// circuit is one tile's content.
type circuit struct {
	name    string
	service string   // the service whose call it guards ("": the front's)
	members []string // a shared breaker's dependencies
	hosts   int      // instances with a breaker each (1: one breaker)
	state   breaker.State
	states  [breaker.MetricsOnly + 1]int
	// The breaker's own window (for one breaker): its failures and calls,
	// and the rate that opens it.
	winFailed, winCalls int
	threshold           float64
	rate, failed        float64
	calls               pane.Calls // what rate and failed are worked out from
	refused             uint64
	p50, p90, p99       time.Duration
	latOK               bool
	latOf               string // whose latency: the endpoints behind it
	spark               []float64
}

// Model is the tiles pane.
type Model struct {
	th   *theme.Theme
	w, h int

	circuits []circuit
	// data is the last snapshot handed in; stale says the circuits have
	// not been read out of it yet (a hidden pane never reads them).
	data  pane.Data
	stale bool
	buf   []uint32 // reused for the percentiles
	view  string
	dirty bool
}

// New makes an empty pane.
func New(th *theme.Theme) *Model { return &Model{th: th, dirty: true} }

// Init does nothing.
func (m *Model) Init() tea.Cmd { return nil }

// Update takes pane.DataMsg.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(pane.DataMsg); ok {
		m.SetData(pane.Data(d))
	}
	return m, nil
}

// SetSize sets the pane's outer size, border included.
func (m *Model) SetSize(w, h int) {
	if w != m.w || h != m.h {
		m.w, m.h, m.dirty = w, h, true
	}
}

// Count is the number of circuits: the pane has something to say when
// there are several, or one with several hosts.
func (m *Model) Count() int { circuits, _ := m.counts(); return circuits }

// Breakers counts the breakers behind the tiles, every instance's own.
func (m *Model) Breakers() int { _, breakers := m.counts(); return breakers }

// Needs is the height that shows every tile at width w.
func (m *Model) Needs(w int) int {
	circuits, _ := m.counts()
	per := max((w-2)/minTileW, 1)
	rows := (circuits + per - 1) / per
	return 2 + rows*tileH
}

// counts is how many circuits the last snapshot has and how many
// breakers are behind them, counted as ensure groups them but without
// reading a rate, a latency or a state: the player asks them on every
// frame to size its panes (lessonui's tilesExtra), where the tiles are
// drawn far less often, and ensure read every circuit's window of samples
// and sorted its latencies for a count.
func (m *Model) counts() (circuits, breakers int) {
	if !m.stale {
		// The circuits are read out already (or there is no snapshot):
		// they are what the snapshot counts.
		for _, c := range m.circuits {
			breakers += c.hosts
		}
		return len(m.circuits), breakers
	}
	s := m.data.Snap
	var groups []string // the shared breakers counted, a tile each
	for i := range s.Dependencies {
		dep := &s.Dependencies[i]
		if dep.Breaker == nil {
			continue
		}
		if g := dep.SharedBreaker; g != "" {
			if slices.Contains(groups, g) {
				continue
			}
			groups = append(groups, g)
		}
		circuits++
		breakers++
	}
	for i := range s.Services {
		ss := &s.Services[i]
		for j := range ss.Dependencies {
			hosts := 0
			for k := range ss.Instances {
				if j < len(ss.Instances[k].Breakers) && ss.Instances[k].Breakers[j] != nil {
					hosts++
				}
			}
			if hosts > 0 {
				circuits++
				breakers += hosts
			}
		}
	}
	return circuits, breakers
}

// MinHeight is one row of tiles.
func (m *Model) MinHeight() int { return 2 + tileH }

// SetData takes a snapshot; the circuits are read out of it when they
// are first asked for.
func (m *Model) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	m.data, m.stale, m.dirty = d, true, true
}

// ensure reads the circuits out of the last snapshot, once.
func (m *Model) ensure() {
	if !m.stale {
		return
	}
	m.stale = false
	s := m.data.Snap
	m.circuits = m.circuits[:0]
	groups := map[string]int{}
	for i := range s.Dependencies {
		dep := &s.Dependencies[i]
		if dep.Breaker == nil {
			continue
		}
		if g := dep.SharedBreaker; g != "" {
			if at, ok := groups[g]; ok {
				c := &m.circuits[at]
				c.members = append(c.members, dep.Name)
				c.refused += dep.ShortCircuited
				m.addRates(c, s, dep.Series, pane.OneCap(dep))
				continue
			}
			groups[g] = len(m.circuits)
		}
		c := circuit{name: dep.BreakerName(), hosts: 1, state: dep.Breaker.State, refused: dep.ShortCircuited,
			winFailed: dep.Breaker.Failures, winCalls: dep.Breaker.Calls, threshold: dep.Breaker.Config.FailureRate}
		if dep.SharedBreaker != "" {
			c.members = []string{dep.Name}
		}
		m.addRates(&c, s, dep.Series, pane.OneCap(dep))
		m.circuits = append(m.circuits, c)
	}
	for i := range s.Services {
		ss := &s.Services[i]
		for j := range ss.Dependencies {
			c := circuit{name: ss.Name + " → " + ss.Dependencies[j].Name, service: ss.Name, refused: ss.Dependencies[j].ShortCircuited}
			for k := range ss.Instances {
				if j >= len(ss.Instances[k].Breakers) {
					continue
				}
				if b := ss.Instances[k].Breakers[j]; b != nil {
					c.hosts++
					c.states[b.State]++
					c.state = b.State
					c.winFailed, c.winCalls, c.threshold = b.Failures, b.Calls, b.Config.FailureRate
				}
			}
			if c.hosts == 0 {
				continue
			}
			// The edge's samples sum its instances', and so their bulkheads.
			m.addRates(&c, s, ss.Dependencies[j].Series, pane.OneCap(&ss.Dependencies[j])*len(ss.Instances))
			m.circuits = append(m.circuits, c)
		}
	}
	for i := range m.circuits {
		m.latency(&m.circuits[i], s)
	}
}

// addRates adds a dependency's rolling rate, failed share and sparkline
// to c (a shared breaker's members add up); slots is the bulkhead its
// samples count against. The rate is the attempts that reach the
// dependency a second, the map's calls/s (pane.CallsOver, over the same
// window): the calls made read 99/s for cascade's recommendations while
// its open breaker let none through. The failed share is of the calls
// answered.
func (m *Model) addRates(c *circuit, s *engine.Snapshot, ser []engine.DependencySample, slots int) {
	calls, ok := pane.CallsOver(ser, s.SampleEvery, Rolling, slots)
	if !ok {
		return
	}
	c.calls.Add(calls)
	c.rate, c.failed = c.calls.ReachedRate(s.SampleEvery), c.calls.FailedShare()
	// The sparkline: attempts that reached it in each second, the latest last.
	spark := pane.ReachedEachSecond(ser, s.SampleEvery)
	if len(c.spark) == len(spark) {
		for i := range spark {
			c.spark[i] += spark[i]
		}
	} else {
		c.spark = spark
	}
}

// latency takes the percentiles of the answers of the last rolling
// window of the endpoints whose calls go through c: those calling one of
// its dependencies, or for a service's circuit those calling into that
// service's part of the system.
func (m *Model) latency(c *circuit, s *engine.Snapshot) {
	m.buf = m.buf[:0]
	var names []string
	for i := range s.Endpoints {
		ep := &s.Endpoints[i]
		if !reaches(s, ep.Calls, c) {
			continue
		}
		names = append(names, ep.Name)
		k := max(int(Rolling/max(s.SampleEvery, 1)), 1)
		from := 0
		for _, b := range ep.Series[:max(len(ep.Series)-k, 0)] {
			for _, n := range b.Outcomes {
				from += int(n)
			}
		}
		if from < len(ep.Latencies) {
			m.buf = append(m.buf, ep.Latencies[from:]...)
		}
	}
	c.latOf = strings.Join(names, ", ")
	if len(m.buf) == 0 {
		return
	}
	slices.Sort(m.buf)
	q := func(p float64) time.Duration {
		i := min(int(p*float64(len(m.buf))), len(m.buf)-1)
		return time.Duration(m.buf[i]) * time.Microsecond
	}
	c.p50, c.p90, c.p99, c.latOK = q(0.50), q(0.90), q(0.99), true
}

// reaches says whether a call to dependency dep goes through circuit c:
// dep is one of its dependencies, or calls a service at or above the one
// whose circuit it is.
func reaches(s *engine.Snapshot, dep string, c *circuit) bool {
	if dep == c.name || slices.Contains(c.members, dep) {
		return true
	}
	d, ok := s.Dependency(dep)
	if c.service == "" || !ok || d.Service == "" {
		return false
	}
	for svc, hops := c.service, 0; svc != "" && hops <= len(s.Services); hops++ {
		if svc == d.Service {
			return true
		}
		next := ""
		for i := range s.Services {
			if s.Services[i].Name == svc {
				next = s.Services[i].Caller
			}
		}
		svc = next
	}
	return false
}

// View draws the pane.
func (m *Model) View() string {
	m.ensure()
	if m.dirty {
		m.view = strings.Join(m.render(), "\n")
		m.dirty = false
	}
	return m.view
}

func (m *Model) render() []string {
	inner := max(m.w-2, 0)
	per := max(inner/minTileW, 1)
	per = min(per, max(len(m.circuits), 1))
	tw := inner / per
	var body []string
	for at := 0; at < len(m.circuits); at += per {
		lines := make([]string, tileH)
		for k := at; k < min(at+per, len(m.circuits)); k++ {
			w := tw
			if k-at == per-1 {
				w = inner - tw*(per-1) // the row's last tile takes the rest
			}
			for i, l := range m.tile(&m.circuits[k], w) {
				lines[i] += l
			}
		}
		for i := range lines {
			lines[i] = pane.Fit(lines[i], inner)
		}
		body = append(body, lines...)
	}
	if len(m.circuits) == 0 {
		body = append(body, m.th.Dim.Render("No circuit breaker in this variant."))
	}
	notes := []string{"calls/s: those that reach it · rolling " + pane.SecondsShort(Rolling), "rolling " + pane.SecondsShort(Rolling), ""}
	if fit := max((m.h-2)/tileH, 0) * per; fit < len(m.circuits) {
		// The tiles that find no room: say how many are shown.
		notes = []string{fmt.Sprintf("%d of %d circuits, taller shows all · rolling %s", fit, len(m.circuits), pane.SecondsShort(Rolling)),
			fmt.Sprintf("%d of %d circuits · rolling %s", fit, len(m.circuits), pane.SecondsShort(Rolling)),
			fmt.Sprintf("%d of %d circuits", fit, len(m.circuits))}
	}
	title, note := pane.TitledNoteFirst(m.w, []string{"Circuits, as the Hystrix dashboard draws them", "Circuits"}, notes)
	return pane.Frame(m.th, m.w, m.h, title, note, body)
}

// tile draws one circuit w cells wide.
func (m *Model) tile(c *circuit, w int) []string {
	in := w - 2
	st := c.state
	if c.hosts > 1 {
		st = worst(c.states)
	}
	state := m.th.State(st).Bold(true).Render(fmt.Sprintf("%c %s", pane.BandGlyph(st), strings.ToUpper(st.String())))
	lines := []string{m.rateLine(c, in)}
	switch {
	case c.hosts > 1:
		var parts []string
		for _, s := range []breaker.State{breaker.Open, breaker.HalfOpen, breaker.Closed} {
			if n := c.states[s]; n > 0 {
				parts = append(parts, m.th.State(s).Render(fmt.Sprintf("%c %d", pane.BandGlyph(s), n)))
			}
		}
		lines = append(lines, fmt.Sprintf("hosts %d: %s", c.hosts, strings.Join(parts, " ")))
	case c.threshold > 0:
		lines = append(lines, fitting(in, fmt.Sprintf("window %d/%d failed, opens at %s", c.winFailed, c.winCalls, pane.Percent(c.threshold)),
			fmt.Sprintf("window %d/%d failed, opens %s", c.winFailed, c.winCalls, pane.Percent(c.threshold)),
			fmt.Sprintf("%d/%d failed, opens at %s", c.winFailed, c.winCalls, pane.Percent(c.threshold))))
	default:
		lines = append(lines, fmt.Sprintf("window %d/%d failed", c.winFailed, c.winCalls))
	}
	ref := "refused " + pane.Count(c.refused)
	if len(c.members) > 1 {
		ref += fmt.Sprintf(" · shared by %d", len(c.members))
	}
	lines = append(lines, ref)
	if c.latOK {
		lines = append(lines, fitting(in, fmt.Sprintf("p50 %s  p90 %s  p99 %s", dur(c.p50), dur(c.p90), dur(c.p99)),
			fmt.Sprintf("p50 %s p90 %s p99 %s", dur(c.p50), dur(c.p90), dur(c.p99)),
			fmt.Sprintf("p50 %s  p99 %s", dur(c.p50), dur(c.p99))))
	} else {
		lines = append(lines, m.th.Dim.Render("no answers in the window"))
	}
	lines = append(lines, m.th.Dim.Render(sparkline(c.spark, in)))
	name := c.name
	return pane.Frame(m.th, w, tileH, name, state, lines)
}

// rateLine is a tile's first line: the calls that reach the dependency a
// second, in bold, and the calls made beside them where most did not
// reach it, worded as the map words them (pane.Calls.RateWords, the
// longest that fits in w cells), then the failed share of the answered,
// or with calls made and none answered, that none was.
func (m *Model) rateLine(c *circuit, w int) string {
	failed := pane.Percent(c.failed) + " failed"
	switch {
	case c.calls.NoneAnswered():
		// A 0% here read as calls answering well while none had.
		failed = m.th.Dim.Render("none answered")
	case c.failed >= 0.5:
		failed = m.th.Bad.Render(failed)
	}
	var words []string
	for _, r := range c.calls.RateWords(m.data.Snap.SampleEvery) {
		figure, rest, _ := strings.Cut(r, " · ")
		if rest != "" {
			rest = m.th.Dim.Render(" · " + rest)
		}
		words = append(words, m.th.Bold.Render(figure)+rest+"  "+failed)
	}
	return fitting(w, words...)
}

// fitting is the first of the wordings, longest first, that fits in w
// cells; the last when none does.
func fitting(w int, words ...string) string {
	for _, s := range words {
		if ansi.StringWidth(s) <= w {
			return s
		}
	}
	return words[len(words)-1]
}

func worst(states [breaker.MetricsOnly + 1]int) breaker.State {
	for _, s := range []breaker.State{breaker.Open, breaker.ForcedOpen, breaker.HalfOpen} {
		if states[s] > 0 {
			return s
		}
	}
	return breaker.Closed
}

// sparkline draws the last w values on eight levels, scaled to their
// largest.
func sparkline(v []float64, w int) string {
	if len(v) > w {
		v = v[len(v)-w:]
	}
	top := 0.0
	for _, x := range v {
		top = max(top, x)
	}
	levels := []rune("▁▂▃▄▅▆▇█")
	var b strings.Builder
	for _, x := range v {
		i := 0
		if top > 0 {
			i = min(int(x/top*float64(len(levels)-1)+0.5), len(levels)-1)
		}
		b.WriteRune(levels[i])
	}
	return b.String()
}

// dur writes a latency shortly: "850 µs", "12 ms", "1.2 s".
func dur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}
