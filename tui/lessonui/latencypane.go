package lessonui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// chartRows is the least height the latency chart is drawn in.
const chartRows = 7

// latencyPane is the sandbox's latency chart (each endpoint's p50 and p99
// over time) and, where the window leaves it fewer rows than the chart
// needs, a line per endpoint with its p50 and p99 as figures. At 80x24 the
// steps whose reveal quotes a latency (lesson 9's "Through the incident",
// 10's, 11's, 14's) left the chart out under "1 more pane needs a taller
// window", and the learner read a figure nowhere on screen. The figures
// are the snapshot's window percentiles, the numbers a lesson's p50 and
// p99 quote, written by lessons.LatencyText as the text writes them.
type latencyPane struct {
	flexPane[*chart.Latency]
	th   *theme.Theme
	w, h int
	// names, at and answered are the settled snapshot's endpoints, their
	// p50 and p99, and whether any request of the window has its answer;
	// the figures are written from them only when drawn (figures), so a
	// frame that draws the chart, or nothing new, writes no strings.
	names    []string
	at       [][2]time.Duration
	answered []bool
	focus    []string
	held     bool // HoldFigures
	view     string
	dirty    bool
}

func newLatencyPane(th *theme.Theme) *latencyPane {
	return &latencyPane{
		flexPane: flexPane[*chart.Latency]{inner: chart.NewLatency(th), min: chartRows, max: func(pane.Data) int { return 16 }},
		th:       th,
		dirty:    true,
	}
}

// Short is the height the figures take in the rows left, 0 for none: a
// row per endpoint under the title, or fewer rows, down to the one
// endpoint the step is most about (SetFocus); the frame comes with rows
// the other panes leave over. placePanes gives the pane this much when
// the chart's Min does not fit: at 80x24 lesson 10's "A rate limiter on
// the partner" left four rows under its chain and outcome table, one
// short of a frame round three endpoints, and lesson 14's "Breaker and
// bulkhead" two, where the reveal quotes search's p99. Asking no more
// leaves lesson 9's "Through the incident" its transitions pane whole,
// the five transitions its text tells.
func (p *latencyPane) Short(_, left int) int {
	if left < 2 {
		return 0
	}
	return min(1+max(len(p.names), 1), left)
}

// SetFocus names the endpoints the step is about (stepFocus): with no
// room for a row each, the figures keep theirs.
func (p *latencyPane) SetFocus(names []string) {
	p.focus, p.dirty = slices.Clone(names), true
	p.flexPane.SetFocus(names)
}

func (p *latencyPane) SetSize(w, h int) {
	if w != p.w || h != p.h {
		p.w, p.h, p.dirty = w, h, true
	}
	p.flexPane.SetSize(w, h)
}

func (p *latencyPane) SetData(d pane.Data) {
	p.flexPane.SetData(d)
	s := d.Settled()
	if s == nil {
		return
	}
	if len(p.names) != len(s.Endpoints) {
		p.names = make([]string, len(s.Endpoints))
		p.at = make([][2]time.Duration, len(s.Endpoints))
		p.answered = make([]bool, len(s.Endpoints))
		p.dirty = true
	}
	for i := range s.Endpoints {
		e := &s.Endpoints[i]
		at, answered := [2]time.Duration{e.P50, e.P99}, e.Window.Total() > 0
		if p.names[i] != e.Name || p.at[i] != at || p.answered[i] != answered {
			p.names[i], p.at[i], p.answered[i], p.dirty = e.Name, at, answered, true
		}
	}
}

// latencyFigure writes a percentile as the lesson text writes it, or "-"
// while none of the window's requests has its answer (the percentiles of
// nothing read 0 ms, a latency nobody saw) or while held.
func latencyFigure(d time.Duration, shown bool) string {
	if !shown {
		return "-"
	}
	return lessons.LatencyText(d)
}

// HoldFigures keeps the figures back while a prediction about the step's
// latency waits for its guess: "-", as the outcome table holds its
// shares, with the title saying when they come.
func (p *latencyPane) HoldFigures(on bool) {
	if on != p.held {
		p.held, p.dirty = on, true
	}
}

func (p *latencyPane) View() string {
	if p.h >= chartRows || p.h <= 0 {
		return p.flexPane.View()
	}
	if p.dirty {
		p.view, p.dirty = p.figures(), false
	}
	return p.view
}

// figures draws the short form: a row per endpoint, its name and its two
// figures under "p50 p99", right-aligned as a table's numbers, in a frame
// where the rows hold one, else under a title line at the same columns.
// With too few rows for every endpoint it keeps those the step is about
// and says how many it shows.
func (p *latencyPane) figures() string {
	const col = 9 // "7.53 ms" and two spaces
	inner := max(p.w-2, 1)
	nameW := max(inner-2-2*col, 1)
	framed := p.h >= 2+len(p.names)
	room := p.h - 1
	if framed {
		room = p.h - 2
	}
	keep := p.kept(room)
	rows := make([]string, 0, len(p.names))
	var b strings.Builder
	for i, n := range p.names {
		if !keep[i] {
			continue
		}
		b.Reset()
		shown := p.answered[i] && !p.held
		p50, p99 := latencyFigure(p.at[i][0], shown), latencyFigure(p.at[i][1], shown)
		b.WriteString(pane.Fit(n, nameW))
		b.WriteString(strings.Repeat(" ", max(col-len([]rune(p50)), 0)))
		b.WriteString(p50)
		b.WriteString(strings.Repeat(" ", max(col-len([]rune(p99)), 0)))
		b.WriteString(p99)
		rows = append(rows, b.String())
	}
	title, note := "Latency", "p50"+strings.Repeat(" ", col-3)+"p99"
	if len(rows) < len(p.names) {
		title = fmt.Sprintf("Latency, %d of %d", len(rows), len(p.names))
	}
	if p.held {
		note = "after your guess" // as the outcome table says it
	}
	if framed {
		return strings.Join(pane.Frame(p.th, p.w, p.h, title, note, rows), "\n")
	}
	// No room for the frame's bottom edge: an open box would read as cut
	// off, so the title heads the rows as a table's header does.
	head := p.th.PaneTitle.Render(title) + strings.Repeat(" ", max(nameW+2*col-len(title)-len(note), 1)) + p.th.Dim.Render(note)
	lines := []string{" " + head}
	for _, r := range rows {
		lines = append(lines, " "+r)
	}
	return strings.Join(pane.Block(lines, p.w, p.h), "\n")
}

// kept marks the endpoints shown in room rows: every one when they fit,
// else the step's focus first, in its order, then the rest in theirs;
// they are drawn in the scenario's order.
func (p *latencyPane) kept(room int) []bool {
	keep := make([]bool, len(p.names))
	left := max(room, 0)
	for _, f := range p.focus {
		if i := slices.Index(p.names, f); i >= 0 && left > 0 && !keep[i] {
			keep[i], left = true, left-1
		}
	}
	for i := range keep {
		if !keep[i] && left > 0 {
			keep[i], left = true, left-1
		}
	}
	return keep
}
