package pane

import (
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Tenants lists each tenant's requests at the front service: how many
// arrived, the share answered ok, the share rejected, how many its own
// share of a per-tenant bulkhead or quota turned away, and the share that
// failed. The shares are report.Tally's, the computation behind the table
// `breakerlab run` prints: of the arrivals so far, those still waiting
// included, and at the end of the traffic of the run played out. A noisy
// tenant's burst shows as its own rejections, or, without per-tenant
// limits, as everyone's.
type Tenants struct {
	th   *theme.Theme
	w, h int

	rows     []tenantRow
	final    bool // the counts are the run's, played out
	inWindow bool // the counts are of the measurement window's arrivals
	window   bool // the run has a measurement window, so inWindow can come true
	// from is the measurement window's start, which the note names until
	// it opens.
	from time.Duration
	// held: a lesson's prediction about how the requests end waits for
	// its guess, so every share and refusal shows "-" (Hold).
	held  bool
	dirty bool
	view  string
}

type tenantRow struct {
	name    string
	tally   report.Tally
	limited uint64
	// now is its arrivals a second over the last LiveWindow (TenantLive);
	// live says there is a bucket to judge by.
	now  float64
	live bool
}

// NewTenants makes an empty tenants pane.
func NewTenants(th *theme.Theme) *Tenants { return &Tenants{th: th, dirty: true} }

// Init does nothing: the pane waits for data.
func (p *Tenants) Init() tea.Cmd { return nil }

// Update takes DataMsg.
func (p *Tenants) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(DataMsg); ok {
		p.SetData(Data(d))
	}
	return p, nil
}

// SetSize sets the pane's outer size, border included.
func (p *Tenants) SetSize(w, h int) {
	if w != p.w || h != p.h {
		p.w, p.h, p.dirty = w, h, true
	}
}

// Hold keeps back, while on, how each tenant's requests ended: its
// shares and its count refused by its own limit show "-", as the lesson
// player's outcome table does while a prediction about the outcomes waits
// for its guess. Lesson 13's "acme's burst" asks what happens to globex's
// requests, and beside the blanked table this pane showed each tenant's
// share so far. What arrived, and how fast, stays: it is the load the
// question describes.
func (p *Tenants) Hold(on bool) {
	if on != p.held {
		p.held, p.dirty = on, true
	}
}

// TenantTally is a tenant's requests as a Tally: every arrival so far and
// how the decided ones ended.
func TenantTally(t *engine.TenantSnapshot) report.Tally {
	return report.Tally{Arrived: t.Arrived, Outcomes: t.Total}
}

// SetData takes a new snapshot; the pane redraws only if a line changed.
func (p *Tenants) SetData(d Data) {
	if d.Snap == nil {
		return
	}
	s := d.Settled()
	// Once the measurement window has begun (WindowBegun: past its first
	// instant), the window's arrivals, as `breakerlab run` and the
	// outcome tables count them (lessonui's tallyOf, the sandbox's
	// compare line). Until then the run so far, the note saying when the
	// window opens.
	inWindow := WindowBegun(s, s.Now)
	rows := make([]tenantRow, len(s.Tenants))
	for i := range s.Tenants {
		t := &s.Tenants[i]
		tally := TenantTally(t)
		if inWindow {
			tally = report.Tally{Arrived: t.WindowArrived, Outcomes: t.Window}
		}
		rows[i] = tenantRow{name: t.Name, tally: tally, limited: t.Limited}
		live, ok := TenantLive(&d.Snap.Tenants[i], d.Snap.SampleEvery)
		rows[i].now, rows[i].live = live.Rate(d.Snap.SampleEvery), ok
	}
	final, window := d.Final != nil, s.MeasureTo > 0
	if final == p.final && inWindow == p.inWindow && window == p.window && s.MeasureFrom == p.from && slices.Equal(rows, p.rows) {
		return
	}
	p.rows, p.final, p.inWindow, p.window, p.from, p.dirty = rows, final, inWindow, window, s.MeasureFrom, true
}

// Needs is the pane's height: the heads, a line per tenant and the note
// saying what the shares are of.
func (p *Tenants) Needs(w int) int {
	return 2 + 1 + max(len(p.rows), 1) + len(Wrap(p.about(), max(w-2, 1)))
}

// RunNeeds is Needs for a layout kept for the whole run (the sandbox's):
// the note counted at its longest wording. The note changes as the run
// goes (so far, then since the measurement window began, then the run
// played out); counted as it read, the height grew at the window's start
// under a layout made before it, which kept the shorter height, and the
// note, no longer fitting, went, while a layout made after it gave the
// pane its row more: the screen at a moment depended on when its window
// last changed size.
func (p *Tenants) RunNeeds(w int) int {
	note := 0
	for _, about := range p.abouts() {
		note = max(note, len(Wrap(about, max(w-2, 1))))
	}
	return 2 + 1 + max(len(p.rows), 1) + note
}

// MinHeight is the heads and a line per tenant.
func (p *Tenants) MinHeight() int { return 2 + 1 + max(len(p.rows), 1) }

// The note under the table, by what the shares are of: the arrivals so
// far or since the measurement window began, those waiting included; at
// the end, the run played out, as `breakerlab run` counts them. Each fits
// two lines in the lesson player's tenants pane at 80×24 (37 columns
// inside): RunNeeds keeps rows for the longest all run, and a four-line
// note took the worker pool's accept-queue line below it
// (lessonui's TestTenantsNoteFitsTwoLinesAt80x24).
const (
	tenantsAboutHeld        = "Each tenant's shares show once you have guessed."
	tenantsAboutFinalWindow = "Played out: breakerlab run's shares of measurement window arrivals."
	tenantsAboutWindow      = "Measurement window so far: shares of arrivals, those waiting included."
	tenantsAboutFinal       = "Played out: breakerlab run's shares of each tenant's requests."
	tenantsAboutSoFar       = "So far: shares of each tenant's arrivals, those waiting included."
	// Before the measurement window opens, followed by its start and ".".
	tenantsAboutBefore = "Shares so far, waiting included; the measurement window opens at "
)

// before is the note before the measurement window opens.
func (p *Tenants) before() string { return tenantsAboutBefore + SecondsShort(p.from) + "." }

func (p *Tenants) about() string {
	switch {
	case p.held:
		return tenantsAboutHeld
	case p.final && p.inWindow:
		return tenantsAboutFinalWindow
	case p.inWindow:
		return tenantsAboutWindow
	case p.final:
		return tenantsAboutFinal
	case p.window:
		return p.before()
	}
	return tenantsAboutSoFar
}

// abouts are every note about can give in the run: those of the
// measurement window where it has one.
func (p *Tenants) abouts() []string {
	if p.window {
		return []string{tenantsAboutHeld, tenantsAboutFinalWindow, tenantsAboutWindow, tenantsAboutFinal, p.before()}
	}
	return []string{tenantsAboutHeld, tenantsAboutFinal, tenantsAboutSoFar}
}

// View draws the pane, from the cache when nothing changed.
func (p *Tenants) View() string {
	if p.dirty {
		p.view = strings.Join(p.render(), "\n")
		p.dirty = false
	}
	return p.view
}

func (p *Tenants) render() []string {
	th := p.th
	inner := max(p.w-2, 0)
	if len(p.rows) == 0 {
		return Frame(th, p.w, p.h, "Tenants", "", Wrap(th.Dim.Render("No tenants in this scenario."), max(inner, 1)))
	}
	share := func(t report.Tally, o engine.Outcome) cell {
		if p.held {
			return dimCell(th, "-")
		}
		s := Percent(t.Share(o))
		if t.Outcomes[o] == 0 {
			return dimCell(th, s)
		}
		return cell{th.Outcome(o).Render(s), len([]rune(s))}
	}
	cols := []column{
		{heads: []string{"tenant"}, keep: true},
		{heads: []string{"arrived"}, right: true},
		{heads: []string{"now"}, right: true},
		{heads: []string{"ok"}, right: true},
		{heads: []string{"rejected"}, right: true},
		{heads: []string{"limited"}, right: true},
		{heads: []string{"failed"}, right: true},
		{heads: []string{"fallback"}, right: true},
	}
	for _, r := range p.rows {
		cols[0].cells = append(cols[0].cells, []cell{plainCell(r.name)})
		cols[1].cells = append(cols[1].cells, []cell{plainCell(Count(r.tally.Arrived))})
		now := dimCell(th, "–")
		if r.live {
			now = plainCell(Rate(r.now))
		}
		cols[2].cells = append(cols[2].cells, []cell{now})
		cols[3].cells = append(cols[3].cells, []cell{share(r.tally, engine.OK)})
		cols[4].cells = append(cols[4].cells, []cell{share(r.tally, engine.Rejected)})
		lim := plainCell(Count(r.limited))
		switch {
		case p.held:
			lim = dimCell(th, "-")
		case r.limited == 0:
			lim = dimCell(th, "0")
		}
		cols[5].cells = append(cols[5].cells, []cell{lim})
		cols[6].cells = append(cols[6].cells, []cell{share(r.tally, engine.Failed)})
		cols[7].cells = append(cols[7].cells, []cell{share(r.tally, engine.Fallback)})
	}
	t := fitTable(th, cols, inner, nil, []int{7, 6, 5, 2, 1, 4})
	body := t.lines()
	about := Wrap(th.Dim.Render(p.about()), max(inner, 1))
	noted := p.h-2-len(body) >= len(about)
	if noted {
		body = append(body, about...)
	}
	groups := append(hiddenGroups(t.hidden()), []string{""})
	title, note := titledGroups(p.w, []string{"Tenants at the front service", "Tenants"}, groups)
	if !noted && !p.held && p.window && !p.inWindow {
		// Without the note, the run's counts so far read as the
		// window's, which the sandbox at 80×24 has no row for: the
		// title says "so far", the hidden columns' shortest wording
		// given way to it first.
		const room = 9 // as titledGroups counts the edge
		if t, n := titledGroups(p.w, []string{"Tenants at the front service so far", "Tenants so far"}, groups); ansi.StringWidth(t)+ansi.StringWidth(n) <= p.w-room {
			title, note = t, n
		}
	}
	return Frame(th, p.w, p.h, title, note, body)
}
