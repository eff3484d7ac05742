package pane

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Overview lists every dependency on a line of its own: its breaker's
// state (with the band glyph the breaker history uses), the failures its
// window holds against the rate that opens it, the calls in flight
// against the bulkhead (those whose caller gave up said apart, as the map
// says them), and the calls the breaker refused. With several
// breakers it is the whole system at a glance, where the breaker pane
// shows one at a time.
type Overview struct {
	th   *theme.Theme
	w, h int

	rows  []overviewRow
	dirty bool
	view  string
}

type overviewRow struct {
	name             string
	has              bool
	state            breaker.State
	failures, calls  int
	slow             int
	threshold        float64
	slowThreshold    float64
	inARow, runOpens int
	held, abandoned  int    // the calls in flight a caller waits on (Held), and the rest
	bulkhead         string // after the calls in flight: "/60", " (20 per tenant)", or ""
	refused          uint64
}

// NewOverview makes an empty overview.
func NewOverview(th *theme.Theme) *Overview { return &Overview{th: th, dirty: true} }

// Init does nothing.
func (o *Overview) Init() tea.Cmd { return nil }

// Update takes DataMsg.
func (o *Overview) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(DataMsg); ok {
		o.SetData(Data(d))
	}
	return o, nil
}

// SetSize sets the pane's outer size, border included.
func (o *Overview) SetSize(w, h int) {
	if w != o.w || h != o.h {
		o.w, o.h, o.dirty = w, h, true
	}
}

// Needs is the pane's height: a header and a line per dependency.
func (o *Overview) Needs() int { return 2 + 1 + len(o.rows) }

// SetData takes a new snapshot; the pane redraws only if a line changed.
func (o *Overview) SetData(d Data) {
	s := d.Snap
	if s == nil {
		return
	}
	rows := make([]overviewRow, len(s.Dependencies))
	for i := range s.Dependencies {
		dep := &s.Dependencies[i]
		// The calls held against the bulkhead, by the one rule of the
		// map and the in-flight chart (Held): the calls in flight at
		// the dependency counted its abandoned ones too, and
		// api-gateway's hung search-api read "36/25" beside the map's
		// "0/25 held · 36 abandoned", a cap broken that was not.
		r := overviewRow{name: dep.Name, held: HeldNow(dep), abandoned: dep.Abandoned, refused: dep.ShortCircuited}
		switch {
		case dep.TenantBulkhead != nil:
			// Each tenant's calls have a lane of their own: against
			// BulkheadCap, the lanes summed, "44/60" read as room to
			// spare while acme's lane turned calls away.
			r.bulkhead = " (" + TenantBulkheadSize(dep.TenantBulkhead) + ")"
		case dep.BulkheadCap > 0:
			r.bulkhead = "/" + Count(dep.BulkheadCap)
		}
		if b := dep.Breaker; b != nil {
			r.has, r.state = true, b.State
			r.failures, r.calls, r.threshold = b.Failures, b.Calls, b.Config.FailureRate
			r.slow, r.slowThreshold = b.Slow, b.Config.SlowCallRate
			r.inARow = b.Consecutive
			if n := b.Config.MaxConsecutiveFailures; n > 0 {
				r.runOpens = n + 1
			}
		}
		rows[i] = r
	}
	if slices.Equal(rows, o.rows) {
		return
	}
	o.rows, o.dirty = rows, true
}

// View draws the pane, from the cache when nothing changed.
func (o *Overview) View() string {
	if o.dirty {
		o.view = strings.Join(o.render(), "\n")
		o.dirty = false
	}
	return o.view
}

// BandGlyph is the glyph of a breaker state in the breaker history's band
// and the overview: the higher the block, the fewer calls pass.
func BandGlyph(st breaker.State) rune {
	switch st {
	case breaker.Closed:
		return '▁'
	case breaker.HalfOpen:
		return '▄'
	case breaker.Open:
		return '█'
	case breaker.ForcedOpen:
		return '▓'
	case breaker.MetricsOnly:
		return '┈'
	}
	return ' '
}

// overviewCell is one cell: its text with escape codes and its width.
type overviewCell struct {
	text string
	w    int
}

// cells is r's row; all says the abandoned calls beside the held ones.
func (o *Overview) cells(r overviewRow, all bool) []overviewCell {
	plain := func(s string) overviewCell { return overviewCell{s, ansi.StringWidth(s)} }
	styled := func(s string, st func(...string) string) overviewCell {
		return overviewCell{st(s), ansi.StringWidth(s)}
	}
	out := []overviewCell{plain(r.name)}
	if !r.has {
		out = append(out, styled("no breaker", o.th.Dim.Render), plain(""))
	} else {
		st := string(BandGlyph(r.state)) + " " + r.state.String()
		out = append(out, styled(st, o.th.State(r.state).Render))
		var win string
		switch {
		case r.threshold > 0:
			rate := 0.0
			if r.calls > 0 {
				rate = float64(r.failures) / float64(r.calls)
			}
			cmp := "<"
			if r.calls > 0 && rate >= r.threshold {
				cmp = "≥"
			}
			win = fmt.Sprintf("%d/%d %s %s %s", r.failures, r.calls, Percent(rate), cmp, PercentExact(r.threshold))
			if r.slowThreshold > 0 {
				// A breaker that opens on slowness too says how slow.
				win += fmt.Sprintf(" · %d slow", r.slow)
			}
		case r.runOpens > 0:
			win = fmt.Sprintf("%d/%d in a row", r.inARow, r.runOpens)
		}
		out = append(out, plain(win))
	}
	use := Count(r.held) + r.bulkhead
	if r.abandoned > 0 {
		// The map's words: held, then the abandoned apart
		// ("0/25 held · 36 abandoned"); a tenant's lanes after the
		// word ("12 held (20 per tenant) · …"). Without all, the word
		// "held" still says there are others.
		use = Count(r.held) + r.bulkhead + " held"
		if strings.HasPrefix(r.bulkhead, " ") {
			use = Count(r.held) + " held" + r.bulkhead
		}
		if all {
			use += " · " + Count(r.abandoned) + " abandoned"
		}
	}
	out = append(out, plain(use))
	ref := Count(r.refused)
	if !r.has {
		ref = "–"
	}
	return append(out, plain(ref))
}

var overviewHeads = []string{"dependency", "breaker", "window failed", "in flight", "refused"}

// overviewInFlight is the column of the calls in flight.
const overviewInFlight = 3

func (o *Overview) render() []string {
	inner := max(o.w-2, 0)
	var table [][]overviewCell
	var widths []int
	n := 0
	// The abandoned calls are said while the calls in flight fit with
	// them; else the held ones alone, "0/25 held", as the map leaves them
	// out, rather than the column.
	for _, all := range []bool{true, false} {
		table = make([][]overviewCell, len(o.rows))
		widths = make([]int, len(overviewHeads))
		for i, h := range overviewHeads {
			widths[i] = len([]rune(h))
		}
		for i, r := range o.rows {
			table[i] = o.cells(r, all)
			for c, cell := range table[i] {
				widths[c] = max(widths[c], cell.w)
			}
		}
		// The columns that fit, from the left; the note says which gave way.
		used := 0
		n = 0
		for n < len(widths) && used+widths[n]+2*min(n, 1) <= inner {
			used += widths[n] + 2*min(n, 1)
			n++
		}
		if n > overviewInFlight {
			break
		}
	}
	n = max(n, 1)
	line := func(cells []overviewCell) string {
		var b strings.Builder
		for c := range n {
			if c > 0 {
				b.WriteString("  ")
			}
			b.WriteString(cells[c].text)
			if c < n-1 {
				b.WriteString(strings.Repeat(" ", widths[c]-cells[c].w))
			}
		}
		return b.String()
	}
	heads := make([]overviewCell, len(overviewHeads))
	for i, h := range overviewHeads {
		heads[i] = overviewCell{o.th.Dim.Render(h), len([]rune(h))}
	}
	body := []string{line(heads)}
	for _, cells := range table {
		body = append(body, line(cells))
	}
	groups := append(hiddenGroups(overviewHeads[n:]), []string{""})
	title, note := titledGroups(o.w, []string{"Dependencies at a glance", "Dependencies"}, groups)
	return Frame(o.th, o.w, o.h, title, note, body)
}

// BreakerCount counts the dependencies of s with a breaker.
func BreakerCount(s *engine.Snapshot) int {
	n := 0
	for i := range s.Dependencies {
		if s.Dependencies[i].Breaker != nil {
			n++
		}
	}
	return n
}
