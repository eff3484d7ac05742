package lessonui

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// simPane is one pane of a step's simulation, as the player lays it out.
// The engine panes come from tui/pane and tui/chart behind small adapters;
// the rest are drawn here. Swapping a pane for another package's means
// changing newEnginePane only.
type simPane interface {
	SetSize(w, h int)
	View() string
	// Needs is the height the pane would like at width w; 0 means it
	// takes whatever is left. Min is the least height worth showing.
	Needs(w int) int
	Min() int
}

// enginePane is a pane fed with engine snapshots.
type enginePane interface {
	simPane
	SetData(d pane.Data)
}

func newEnginePane(name string, th *theme.Theme) enginePane {
	switch name {
	case "pool":
		return poolPane{pane.NewPool(th)}
	case "breaker":
		return breakerPane{pane.NewBreaker(th)}
	case "chart":
		return flexPane[*chart.Outcomes]{chart.NewOutcomes(th), 7}
	case "deps":
		return flexPane[*chart.InFlight]{chart.NewInFlight(th), 7}
	case "transitions":
		return &transitionsPane{th: th}
	}
	return &endpointsPane{th: th}
}

type poolPane struct{ *pane.Pool }

func (p poolPane) Min() int { return 4 }

type breakerPane struct{ *pane.Breaker }

func (b breakerPane) Min() int { return 5 }

// flexPane adapts a chart, which takes whatever height it is given.
type flexPane[T interface {
	SetSize(w, h int)
	View() string
	SetData(d pane.Data)
}] struct {
	inner T
	min   int
}

func (f flexPane[T]) SetSize(w, h int)    { f.inner.SetSize(w, h) }
func (f flexPane[T]) View() string        { return f.inner.View() }
func (f flexPane[T]) SetData(d pane.Data) { f.inner.SetData(d) }
func (f flexPane[T]) Needs(int) int       { return 0 }
func (f flexPane[T]) Min() int            { return f.min }

// cached is the part every pane drawn here shares: a size, and the last
// rendering, kept until the size or what it shows changes.
type cached struct {
	w, h  int
	key   string
	view  string
	dirty bool
}

func (c *cached) SetSize(w, h int) {
	if w != c.w || h != c.h {
		c.w, c.h, c.dirty = w, h, true
	}
}

// show sets what the pane draws, as a key; an unchanged key keeps the cache.
func (c *cached) show(key string) {
	if key != c.key {
		c.key, c.dirty = key, true
	}
}

// endpointsPane is a table of each endpoint's outcomes: in the measurement
// window once it has begun, the lesson texts' numbers; before it, every
// request so far, so there is something to see.
type endpointsPane struct {
	cached
	th   *theme.Theme
	snap *engine.Snapshot
}

// Needs is the border, the header, a row per endpoint and a total line;
// Min leaves the total line out.
func (p *endpointsPane) Needs(int) int { return 4 + p.rows() }
func (p *endpointsPane) Min() int      { return 3 + p.rows() }

func (p *endpointsPane) rows() int {
	if p.snap == nil {
		return 1
	}
	return len(p.snap.Endpoints)
}

func (p *endpointsPane) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	p.snap = d.Snap
	var b strings.Builder
	fmt.Fprint(&b, d.Snap.Now >= d.Snap.MeasureFrom)
	for _, e := range d.Snap.Endpoints {
		fmt.Fprint(&b, e.Window, e.Total, e.Busy)
	}
	p.show(b.String())
}

func (p *endpointsPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	inner := max(p.w-2, 0)
	title, note := "Outcomes", ""
	var body []string
	if s := p.snap; s != nil {
		inWindow := s.Now >= s.MeasureFrom
		if inWindow {
			note = fmt.Sprintf("arrived %s–%s", pane.SecondsShort(s.MeasureFrom), pane.SecondsShort(s.MeasureTo))
		} else {
			note = "so far"
		}
		nameW := 6
		for _, e := range s.Endpoints {
			nameW = max(nameW, len(e.Name))
		}
		nameW = min(nameW, max(inner-4*7, 4))
		head := pane.Fit("", nameW)
		for _, o := range engine.Outcomes {
			head += " " + fmt.Sprintf("%6s", shortOutcome(o))
		}
		body = append(body, p.th.Dim.Render(head))
		for _, e := range s.Endpoints {
			c := e.Total
			if inWindow {
				c = e.Window
			}
			line := pane.Fit(e.Name, nameW)
			for _, o := range engine.Outcomes {
				cell := "     -"
				if c.Total() > 0 {
					cell = fmt.Sprintf("%6s", pane.Percent(c.Share(o)))
				}
				if c[o] > 0 {
					cell = p.th.Outcome(o).Render(cell)
				}
				line += " " + cell
			}
			body = append(body, line)
		}
		total := uint64(0)
		for _, e := range s.Endpoints {
			total += e.Total.Total()
		}
		if p.h >= 4+len(s.Endpoints) {
			noun := "requests"
			if total == 1 {
				noun = "request"
			}
			body = append(body, p.th.Dim.Render(fmt.Sprintf("%s %s answered so far", pane.Count(total), noun)))
		}
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, title, note, body), "\n")
	return p.view
}

func shortOutcome(o engine.Outcome) string {
	switch o {
	case engine.Fallback:
		return "fallbk"
	case engine.Rejected:
		return "reject"
	}
	return o.String()
}

// transitionsPane lists the breakers' transitions so far, newest last.
type transitionsPane struct {
	cached
	th    *theme.Theme
	trans []engine.Transition
}

func (p *transitionsPane) Needs(int) int { return 0 }
func (p *transitionsPane) Min() int      { return 4 }

func (p *transitionsPane) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	p.trans = d.Snap.Transitions
	p.show(fmt.Sprint(d.Gen, len(p.trans)))
}

func (p *transitionsPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	var body []string
	for _, t := range p.trans {
		st := p.th.State(t.To).Bold(true)
		line := fmt.Sprintf("%6s  %s → %s", pane.SecondsShort(t.At), t.From, st.Render(t.To.String()))
		if r := t.Reason(); r != "" {
			line += p.th.Dim.Render("  " + r)
		}
		body = append(body, line)
	}
	if len(body) == 0 {
		body = []string{p.th.Dim.Render("no transition yet")}
	}
	if room := p.h - 2; room > 0 && len(body) > room {
		body = body[len(body)-room:]
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Breaker transitions", fmt.Sprint(len(p.trans)), body), "\n")
	return p.view
}

// shuffleData is what the shuffle panes draw from.
type shuffleData struct {
	snap     *shuffle.Snapshot
	cfg      shuffle.SimConfig
	poisoned []int32 // the poisoned customer's shard
}

type shufflePane interface {
	simPane
	SetShuffle(d shuffleData)
}

func newShufflePane(name string, th *theme.Theme) shufflePane {
	switch name {
	case "customers":
		return &customersPane{th: th}
	case "odds":
		return &oddsPane{th: th}
	}
	return &fleetPane{th: th}
}

// fleetPane shows each worker of the fleet: up, crashed or restarting.
type fleetPane struct {
	cached
	th *theme.Theme
	d  shuffleData
}

func (p *fleetPane) Needs(int) int {
	if p.d.snap == nil {
		return 4
	}
	return 3 + min(len(p.d.snap.Workers), 16)
}
func (p *fleetPane) Min() int { return 4 }

func (p *fleetPane) SetShuffle(d shuffleData) {
	p.d = d
	var b strings.Builder
	for _, w := range d.snap.Workers {
		fmt.Fprint(&b, w.Phase, w.Crashes, (w.Until-d.snap.At)/(100*time.Millisecond), ";")
	}
	p.show(b.String())
}

func (p *fleetPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	var body []string
	note := ""
	if s := p.d.snap; s != nil {
		bad := map[int32]bool{}
		for _, w := range p.d.poisoned {
			bad[w] = true
		}
		up := 0
		for i, w := range s.Workers {
			var state string
			switch w.Phase {
			case shuffle.WorkerUp:
				up++
				state = p.th.Good.Render("● up")
			case shuffle.WorkerCrashed:
				state = p.th.Bad.Bold(true).Render("✗ crashed")
			case shuffle.WorkerRestarting:
				state = p.th.Warn.Render("◐ restarting") + p.th.Dim.Render(" "+pane.SecondsShort(w.Until-s.At)+" left")
			}
			mark := "  "
			if bad[int32(i)] {
				mark = p.th.Bad.Render("☠ ")
			}
			line := fmt.Sprintf("%sworker %d  %s", mark, i, state)
			if w.Crashes > 0 {
				line += p.th.Dim.Render(fmt.Sprintf("  crashed %d×", w.Crashes))
			}
			body = append(body, line)
		}
		body = append(body, p.th.Dim.Render("☠ = the poisoned customer's shard"))
		note = fmt.Sprintf("%d of %d up", up, len(s.Workers))
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Fleet", note, body), "\n")
	return p.view
}

// customersPane counts the other customers by what they have left.
type customersPane struct {
	cached
	th *theme.Theme
	d  shuffleData
}

func (p *customersPane) Needs(int) int { return 10 }
func (p *customersPane) Min() int      { return 5 }

func (p *customersPane) SetShuffle(d shuffleData) {
	p.d = d
	s := d.snap
	p.show(fmt.Sprint(s.Now, s.EverLost, s.EverDegraded, s.Requests))
}

func (p *customersPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	var body []string
	note := ""
	if s := p.d.snap; s != nil {
		others := s.Now.Healthy + s.Now.Degraded + s.Now.Lost
		note = fmt.Sprintf("%s others · %s", pane.Count(others), p.d.cfg.Strategy)
		row := func(label string, n int, style func(string) string) string {
			return fmt.Sprintf("%-10s %s", label, style(fmt.Sprintf("%5s", pane.Count(n))))
		}
		body = append(body,
			p.th.Dim.Render("right now"),
			row("healthy", s.Now.Healthy, func(x string) string { return p.th.Good.Render(x) }),
			row("degraded", s.Now.Degraded, func(x string) string { return p.th.Warn.Render(x) })+p.th.Dim.Render("  some workers down"),
			row("lost", s.Now.Lost, func(x string) string { return p.th.Bad.Bold(true).Render(x) })+p.th.Dim.Render("  every worker down"),
			p.th.Dim.Render("at some moment since the start"),
			row("lost", s.EverLost, func(x string) string { return p.th.Bad.Bold(true).Render(x) }),
			row("degraded", s.EverDegraded, func(x string) string { return p.th.Warn.Render(x) }),
		)
		r := s.Requests
		body = append(body, p.th.Dim.Render(fmt.Sprintf("requests %s: %s on a retry, %s failed",
			pane.Count(r.Sent), pane.Count(r.ServedOnRetry), pane.Count(r.Failed))))
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Customers", note, body), "\n")
	return p.view
}

// oddsPane is the table of shard counts and overlap chances, computed
// exactly by engine/shuffle.
type oddsPane struct {
	cached
	th   *theme.Theme
	rows []shuffle.OddsRow
	err  error
}

func (p *oddsPane) Needs(int) int { return 4 + len(shuffle.ScenarioFleets()) }
func (p *oddsPane) Min() int      { return 5 }

func (p *oddsPane) SetShuffle(shuffleData) {
	if p.rows == nil && p.err == nil {
		p.rows, p.err = shuffle.OddsTable(shuffle.ScenarioFleets())
		p.dirty = true
	}
}

func (p *oddsPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	body := []string{p.th.Dim.Render(fmt.Sprintf("%7s %4s %16s %9s", "workers", "each", "shards", "share any"))}
	for _, r := range p.rows {
		shards, _ := new(big.Int).SetString(r.Shards, 10)
		body = append(body, fmt.Sprintf("%7s %4d %16s %9s", pane.Count(r.Workers), r.PerCustomer, lessonsGroup(shards), pane.Percent(r.ShareAny)))
	}
	body = append(body, p.th.Dim.Render("two random customers share all their workers 1 time in shards"))
	if p.err != nil {
		body = append(body, p.th.Error.Render(p.err.Error()))
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Shard odds", "exact", body), "\n")
	return p.view
}

// lessonsGroup writes a big count with thousands separators.
func lessonsGroup(n *big.Int) string {
	if n == nil {
		return "?"
	}
	s := n.String()
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
