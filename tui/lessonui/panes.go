package lessonui

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// simPane is one pane of a step's simulation, as the player lays it out.
// The engine panes come from tui/pane and tui/chart behind small adapters;
// the rest are drawn here. Swapping a pane for another package's means
// changing newEnginePane only.
type simPane interface {
	SetSize(w, h int)
	View() string
	// Needs is the height the pane would like at width w; 0 means it
	// takes whatever is left. Min is the least height worth showing at
	// width w: asked before the pane is sized, it takes the width, or a
	// pane that remembered the width it was last sized at gave, the first
	// time a window changed size, its least at the old width, and the
	// screen depended on the sizes the window had before.
	Needs(w int) int
	Min(w int) int
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
		return &breakerPane{Breaker: pane.NewBreaker(th), th: th}
	case "chart":
		return &flexPane[*chart.Outcomes]{inner: chart.NewOutcomes(th), min: 7, max: outcomesMax}
	case "deps":
		// As the sandbox gives it at the most (tui/sandbox/arrange.go).
		return &flexPane[*chart.InFlight]{inner: chart.NewInFlight(th), min: 7, max: func(pane.Data) int { return 18 }}
	case "transitions":
		return &transitionsPane{th: th}
	case "sweep":
		return &sweepPane{th: th} // sweep.go
	case "chain":
		return &chainPane{Chain: pane.NewChain(th)}
	case "instances":
		// Its own scroll keys: ↑ and ↓ scroll the text here.
		f := pane.NewFleet(th)
		f.SetKeys(instancesKeys())
		return &instancesPane{Fleet: f} // instances.go
	case "tenants":
		return tenantsPane{pane.NewTenants(th)}
	case "tasks":
		return newTasksPane(th) // tasks.go
	case "latency":
		// The sandbox's latency chart, or its figures where rows are short
		// (latencypane.go).
		return newLatencyPane(th)
	}
	return &endpointsPane{th: th}
}

type poolPane struct{ *pane.Pool }

func (p poolPane) Min(int) int { return 4 }

// breakerPane is tui/pane's breaker: its state, window and trials. While
// a prediction about the breaker's state waits for its guess it shows
// only that the state comes after the guess (HoldState), as the outcome
// table keeps back its counts: lesson 4's first step asks in which state
// the breaker will be at 20 s, and the pane said CLOSED from the start.
type breakerPane struct {
	*pane.Breaker
	th   *theme.Theme
	held bool
	w, h int
}

func (b *breakerPane) Min(int) int { return 5 }

func (b *breakerPane) SetSize(w, h int) {
	b.w, b.h = w, h
	b.Breaker.SetSize(w, h)
}

// HoldState keeps the breaker's state back while on.
func (b *breakerPane) HoldState(on bool) { b.held = on }

// Needs is the breaker's own, or a line in its frame while held.
func (b *breakerPane) Needs(w int) int {
	if b.held {
		return 3
	}
	return b.Breaker.Needs(w)
}

func (b *breakerPane) View() string {
	if !b.held {
		return b.Breaker.View()
	}
	return heldView(b.th, b.w, b.h, "Breaker", "its state shows after your guess")
}

// heldView is a pane kept back while a prediction about it waits: its
// frame, and what it will show.
func heldView(th *theme.Theme, w, h int, title, what string) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	body := pane.Wrap(th.Dim.Render(what), max(w-2, 1))
	return strings.Join(pane.Frame(th, w, h, title, "", body), "\n")
}

// stateHolder is a pane that keeps back a breaker's state while a
// prediction about it waits for its guess (the breaker, its transitions).
type stateHolder interface{ HoldState(on bool) }

// tenantsPane is tui/pane's tenants table: a row per tenant at the front.
type tenantsPane struct{ *pane.Tenants }

// Needs counts the note under the table at its longest wording
// (RunNeeds): it grows a line when the measurement window begins, and
// counted as it read, the pane grew as the step played on (lesson 13's
// second step, at 10 s), or kept the shorter height, without its note, in
// panes placed before.
func (p tenantsPane) Needs(w int) int { return p.RunNeeds(w) }

func (p tenantsPane) Min(int) int { return p.MinHeight() }

// chainPane is tui/pane's chain of services, one row per hop. It shares
// the rest of the column as a flexible pane, up to the most it can use: a
// second line per service (its busy sparkline and answers) where the
// column is wide enough for them, else every hop on a line and the
// footer in its longest words. The layout asks Min and Max without a
// width: they are taken at the width SetSize last gave, or at the
// side-by-side width of an 80-column window before that.
type chainPane struct {
	*pane.Chain
	w int
}

func (p *chainPane) SetSize(w, h int) {
	p.w = w
	p.Chain.SetSize(w, h)
}

func (p *chainPane) width() int {
	if p.w > 0 {
		return p.w
	}
	return 39
}

func (p *chainPane) Needs(w int) int {
	p.w = w
	return 0
}

func (p *chainPane) Min(w int) int { return p.Chain.MinHeight(w) }

func (p *chainPane) Max() int {
	if w := p.width(); w-2 >= 40 {
		return p.Chain.Max(w)
	}
	return p.Chain.Needs(p.width())
}

// flexPane adapts a chart, which takes whatever height it is given, up to
// the most its data can use: a large window shows the chart, not a chart
// stretched to forty rows to say what eight say.
type flexPane[T interface {
	SetSize(w, h int)
	View() string
	SetData(d pane.Data)
}] struct {
	inner T
	min   int
	max   func(d pane.Data) int // the most rows the data can use
	most  int                   // max of the last data; 0: no limit
}

func (f *flexPane[T]) SetSize(w, h int) { f.inner.SetSize(w, h) }
func (f *flexPane[T]) View() string     { return f.inner.View() }
func (f *flexPane[T]) SetData(d pane.Data) {
	f.inner.SetData(d)
	if f.max != nil && d.Snap != nil {
		f.most = max(f.max(d), f.min)
	}
}
func (f *flexPane[T]) Needs(int) int { return 0 }
func (f *flexPane[T]) Min(int) int   { return f.min }
func (f *flexPane[T]) Max() int      { return f.most }

// outcomesMax is the tallest the outcomes chart is worth: eight rows a
// band and a row between bands, the axis, a legend of two lines and the
// frame, as the sandbox gives it (tui/sandbox/arrange.go, ask).
func outcomesMax(d pane.Data) int {
	n := len(d.Snap.Endpoints)
	return 2 + 2 + 8*n + (n - 1) + 2
}

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

// endpointsPane is a table of each endpoint's outcomes, counted by
// engine/report's Tally, the computation `breakerlab run` prints: the
// requests that arrived in the measurement window once it has begun (the
// lesson texts' numbers), before it every request so far. Each share is of
// the requests that arrived, and the requests still waiting for an answer
// have a column of their own, so a moment in the middle of a run never
// passes a share of the decided ones off as the result. At the end of the
// traffic it counts the final snapshot, the run played out through its
// drain: the numbers of `breakerlab run`, to the decimal.
type endpointsPane struct {
	cached
	th    *theme.Theme
	snap  *engine.Snapshot // the snapshot counted: the final one at the end
	final bool
	// waitingAtEnd is how many were still waiting when the traffic ended,
	// counted in the final snapshot as they ended.
	waitingAtEnd uint64
	// held: a prediction about these outcomes waits for its guess, so
	// every cell shows "-" (Hold).
	held bool
	// later is the step (from 1) whose question about the same run's
	// outcomes the table waits for, 0 for none; shares are those the
	// scenario's questions ask for; waits is the step the table waits for
	// at the moment shown (HoldForLater), and near says it waits because a
	// share shown comes near a later answer, not for the later step's
	// question about this very run.
	later  int
	shares []shareAsk
	waits  int
	near   bool
	// early holds the table for the later step before the measurement
	// window too, on a step that plays into the window (HoldForLater).
	early bool
}

// HoldForLater blanks the table as Hold does for questions of later
// steps not yet answered: one about the outcomes of the run this step
// plays (step, from 1; 0 for none), while the table counts the
// measurement window those outcomes are of (lesson 11's "No timeouts: the
// pools fill" stopped at 26 s on home 69.1% ok, and the next step asks how
// home fares); and a share a question asks for, while the table shows it
// within the question's margin, whatever the run of the scenario (lesson 11's "Deadlines
// that travel" stopped on order-page 1.7% ok, and "Where the answered
// pages came from", on the run kept slow to the end, asks for its 1.6%).
// Before the window the table counts every arrival so far, not the
// figure asked for: a quiet start shows, on a step that stops before the
// window. One that plays into it (early) holds the table for the later
// step from its start: lesson 2's first step showed "health 100.0%" at
// 0.0 s and "shown after step 2's question" at its pause, 0.5 s, where
// the window begins.
func (p *endpointsPane) HoldForLater(step int, shares []shareAsk, early bool) {
	if step != p.later || !slices.Equal(shares, p.shares) || early != p.early {
		p.later, p.shares, p.early, p.dirty = step, slices.Clone(shares), early, true
		if p.snap != nil {
			p.waits, p.near = p.waitsFor(tallyOf(p.snap))
		}
	}
}

// waitsFor is the step whose question t would answer, or 0; near says
// it would answer it only by a share that comes near the answer, which the
// next moment of a play may move off.
func (p *endpointsPane) waitsFor(t endpointTally) (step int, near bool) {
	for _, r := range t.rows {
		if p.later > 0 && r.Arrived > 0 && (t.inWindow || p.early) {
			return p.later, false // none arrived yet gives nothing away
		}
	}
	if !t.inWindow {
		return 0, false // every arrival so far: not the window's shares asked for
	}
	for _, a := range p.shares {
		for i, name := range t.names {
			if r := t.rows[i]; name == a.endpoint && r.Arrived > 0 && math.Abs(r.Share(a.outcome)-a.value) <= a.margin+1e-9 {
				return a.after, true
			}
		}
	}
	return 0, false
}

// heldFor is the step whose question the table waits for, 0 for none or
// for the step's own guess (held).
func (p *endpointsPane) heldFor() int { return p.waits }

// Hold blanks the table's shares while a prediction about them waits for
// its guess, as a table with no arrivals yet shows them: "-".
func (p *endpointsPane) Hold(on bool) {
	if on != p.held {
		p.held, p.dirty = on, true
	}
}

// Needs is the border, the header, a row per endpoint, the legend of the
// abbreviated names (if any) and a total line; Min leaves the last two out.
func (p *endpointsPane) Needs(w int) int {
	return 4 + p.rows() + p.legendRows(w)
}

// Min keeps the legend of abbreviated names: an abbreviation nobody
// explains is no better than a cut word.
func (p *endpointsPane) Min(w int) int { return 3 + p.rows() + p.legendRows(w) }

func (p *endpointsPane) legendRows(w int) int {
	if p.snap == nil || w <= 0 {
		return 0
	}
	t := tallyOf(p.snap)
	inner := max(w-2, 1)
	if _, _, _, legend := tableLayout(t.names, len(t.columns(p.final)), inner); legend != "" {
		return len(wrapText(legend, inner))
	}
	return 0
}

// tableLayout sizes the outcome table: the widest cells that leave every
// name whole (one decimal needs 6 columns, "100.0%"; whole percentages 4).
// When even the narrowest cells leave too little, the names are
// abbreviated, never cut, and legend spells them out.
func tableLayout(names []string, cols, inner int) (cell, nameW int, shown []string, legend string) {
	nameW = 6
	for _, n := range names {
		nameW = max(nameW, len([]rune(n)))
	}
	for _, c := range []int{8, 7, 6, 5} {
		if inner-cols*(c+1) >= nameW {
			return c, nameW, names, ""
		}
	}
	cell = 5
	if inner-cols*7 >= 7 {
		cell = 6
	}
	nameW = max(inner-cols*(cell+1), 4)
	shown, legend = abbreviate(names, nameW)
	return cell, nameW, shown, legend
}

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
	p.snap, p.final, p.waitingAtEnd = d.Settled(), d.Final != nil, 0
	if p.final {
		for _, r := range tallyOf(d.Snap).rows {
			p.waitingAtEnd += r.Waiting()
		}
	}
	t := tallyOf(p.snap)
	p.waits, p.near = p.waitsFor(t)
	p.show(fmt.Sprint(t.inWindow, t.fallback, t.rows, p.final, p.waitingAtEnd, p.waits, p.near))
}

// endpointTally is what the outcome table shows at one moment.
type endpointTally struct {
	inWindow bool // counting the measurement window's arrivals
	fallback bool // the design has a fallback, so the outcome can happen
	names    []string
	rows     []report.Tally
}

// tallyOf counts a snapshot's endpoints as the table shows them: the
// measurement window's arrivals once it has begun (pane.WindowBegun, the
// tenants pane's rule), else every arrival so far; counted from its first
// instant, the table read 0 of everything at 10.0 s.
func tallyOf(s *engine.Snapshot) endpointTally {
	t := endpointTally{inWindow: pane.WindowBegun(s, s.Now)}
	for i := range s.Endpoints {
		e := &s.Endpoints[i]
		r := report.RunTally(e)
		if t.inWindow {
			r = report.WindowTally(e)
		}
		t.names = append(t.names, e.Name)
		t.rows = append(t.rows, r)
		if r.Outcomes[engine.Fallback] > 0 {
			t.fallback = true
		}
	}
	for i := range s.Dependencies {
		// The fallbacks that answer the client (engine/scenario.go,
		// FallbackKind.answers); a fail-fast 503 counts as rejected, so
		// it needs no column. The counts above catch any other.
		switch s.Dependencies[i].Fallback {
		case engine.CachedFallback, engine.DefaultFallback, engine.QueueFallback:
			t.fallback = true
		}
	}
	return t
}

// tableColumn is one column of the outcome table: an outcome, or (waiting)
// the requests with no answer yet.
type tableColumn struct {
	outcome engine.Outcome
	waiting bool
}

// columns are the table's columns: fallback only for a design that has
// one (nothing is hidden: no request can end that way without one), and
// waiting until the final count, which leaves none waiting.
func (t *endpointTally) columns(final bool) []tableColumn {
	cols := []tableColumn{{outcome: engine.OK}}
	if t.fallback {
		cols = append(cols, tableColumn{outcome: engine.Fallback})
	}
	cols = append(cols, tableColumn{outcome: engine.Rejected}, tableColumn{outcome: engine.Failed})
	waiting := !final
	for _, r := range t.rows {
		if r.Waiting() > 0 {
			waiting = true
		}
	}
	if waiting {
		cols = append(cols, tableColumn{waiting: true})
	}
	return cols
}

// header names a column in a cell of width w (5 or more).
func (c tableColumn) header(w int) string {
	switch {
	case c.waiting && w >= 7:
		return "waiting"
	case c.waiting:
		return "wait"
	case w >= 6:
		return theme.OutcomeShort(c.outcome)
	}
	return theme.OutcomeTiny(c.outcome)
}

// share is the column's share of the tally's arrivals.
func (c tableColumn) share(r report.Tally) float64 {
	if c.waiting {
		return r.WaitingShare()
	}
	return r.Share(c.outcome)
}

// count is how many requests the column's cell stands for.
func (c tableColumn) count(r report.Tally) uint64 {
	if c.waiting {
		return r.Waiting()
	}
	return r.Outcomes[c.outcome]
}

// shareText writes a share in a cell: with a decimal, as `run` prints it,
// when the cell has room, else as a whole percentage.
func shareText(f float64, decimals bool) string {
	if decimals {
		return report.Percent1(f)
	}
	return pane.Percent(f)
}

// arrivedHead heads the outcome table's count column: how many requests
// each row's shares are of.
const arrivedHead = "arrived"

// countColumn is the width of the outcome table's count column in inner
// cells, or 0 where it does not fit: only beside shares with a decimal
// (cells of 6 or more) and whole names, since the shares say more than
// their counts. Without the column the footer's total is of every
// endpoint, and a row's share times it counts nothing.
func countColumn(names []string, rows []report.Tally, cols, inner int) int {
	w := len(arrivedHead)
	for _, r := range rows {
		w = max(w, len(pane.Count(r.Arrived)))
	}
	cell, _, _, legend := tableLayout(names, cols, inner-w-1)
	if legend != "" || cell < 6 {
		return 0
	}
	return w
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
		t := tallyOf(s)
		span := pane.SecondsShort(s.MeasureFrom) + "–" + pane.SecondsShort(s.MeasureTo)
		short := secondsSpan(s.MeasureFrom, s.MeasureTo)
		notes := []string{"of every arrival so far", "every arrival so far", "so far"}
		switch {
		case p.final:
			// At a narrow width the window stays and "arrived" goes
			// first, then the unit of its start: a lesson's text speaks
			// of the requests that arrived in it (during the slow
			// spell), and "final" alone reads as if the table counted
			// every request of the run.
			notes = []string{"final, of arrivals " + span, "final, arrived " + span, "final, arrived " + short, "final, " + span, "final, " + short, "final"}
		case t.inWindow:
			notes = []string{"of arrivals " + span, "arrived " + span, "arrived " + short}
		}
		held := p.held || p.heldFor() > 0
		switch {
		case p.held:
			notes = []string{"shown once you have guessed", "after your guess", "after guess"}
		case held && p.near && !p.final:
			// A share passing near a later step's answer is held only
			// while it is near: lesson 10's "A burst, unprotected" said
			// "shown after step 5's question" in the middle of its play,
			// and the table filled in when the step's own run ended.
			n := p.heldFor()
			notes = []string{fmt.Sprintf("hidden while near step %d's answer", n), fmt.Sprintf("hidden: near step %d's answer", n), fmt.Sprintf("near step %d's answer", n)}
		case held:
			n := p.heldFor()
			// "hidden until" before the bare "after step 4": on lesson 1's
			// third step at 80 columns the title read "after step 4",
			// which says nothing of the table's blanks, as if the
			// outcomes belonged to a later step rather than waited for
			// its question.
			notes = []string{shownAfter(n), fmt.Sprintf("after step %d's question", n), fmt.Sprintf("hidden until step %d", n), fmt.Sprintf("after step %d", n)}
		}
		title, note = pane.Titled(p.w, []string{title}, notes)
		cols := t.columns(p.final)
		countW := countColumn(t.names, t.rows, len(cols), inner)
		tableW := inner
		if countW > 0 {
			tableW -= countW + 1
		}
		cell, nameW, names, legend := tableLayout(t.names, len(cols), tableW)
		decimals := cell >= 6
		head := pane.Fit("", nameW)
		for _, c := range cols {
			head += " " + fmt.Sprintf("%*s", cell, c.header(cell))
		}
		if countW > 0 {
			head += " " + fmt.Sprintf("%*s", countW, arrivedHead)
		}
		body = append(body, p.th.Dim.Render(head))
		var arrived, waiting uint64
		for i, r := range t.rows {
			arrived += r.Arrived
			waiting += r.Waiting()
			line := pane.Fit(names[i], nameW)
			for _, c := range cols {
				text := "-"
				if r.Arrived > 0 && !held {
					text = shareText(c.share(r), decimals)
				}
				cellText := fmt.Sprintf("%*s", cell, text)
				switch {
				case c.count(r) == 0 || held:
				case c.waiting:
					cellText = p.th.Warn.Render(cellText)
				default:
					cellText = p.th.Outcome(c.outcome).Render(cellText)
				}
				line += " " + cellText
			}
			if countW > 0 {
				n := "-"
				if !held {
					n = pane.Count(r.Arrived)
				}
				line += " " + fmt.Sprintf("%*s", countW, n)
			}
			body = append(body, line)
		}
		room := p.h - 2 - len(body)
		if legend != "" && room <= 0 && ansi.StringWidth(title)+ansi.StringWidth(legend) <= p.w-9 {
			// No row for the legend: it takes the title's note, which
			// matters less than knowing what a row is.
			note = legend
		}
		if legend != "" && room > 0 {
			// The legend goes before the footer: without it the
			// abbreviations say nothing.
			for _, l := range wrapText(legend, max(inner, 1)) {
				if room > 0 {
					body = append(body, p.th.Dim.Render(l))
					room--
				}
			}
		}
		if room > 0 && p.h >= 4+len(s.Endpoints) && !held {
			body = append(body, p.th.Dim.Render(fitting(p.footers(arrived, waiting, s), inner)))
		}
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, title, note, body), "\n")
	return p.view
}

// secondsSpan writes a window in seconds with one unit, at its end:
// "0.5–3.5 s" for 500 ms to 3.5 s, "10–30 s".
func secondsSpan(from, to time.Duration) string {
	return strconv.FormatFloat(max(from, 0).Seconds(), 'f', -1, 64) + "–" + strconv.FormatFloat(max(to, 0).Seconds(), 'f', -1, 64) + " s"
}

// footers say how many requests the table counts, every endpoint's in
// all (a row's share is of its own, in the arrived column where it fits),
// and how many of them are still waiting (or that none is: every one has
// its outcome, whatever it was), longest first. A request with no answer
// yet is "waiting", never "open", the word of a breaker's state.
func (p *endpointsPane) footers(arrived, waiting uint64, s *engine.Snapshot) []string {
	n := pane.Count(arrived)
	switch {
	case waiting > 0:
		w := pane.Count(waiting)
		return []string{
			fmt.Sprintf("%s requests in all, %s still waiting for an answer", n, w),
			fmt.Sprintf("%s requests in all, %s still waiting", n, w),
			fmt.Sprintf("%s in all, %s waiting", n, w),
		}
	case p.final && p.waitingAtEnd > 0:
		w, end := pane.Count(p.waitingAtEnd), pane.SecondsShort(s.Duration)
		// In the words a learner has: the traffic stopped, some were
		// still waiting, and the table counts them by how they ended.
		// "7 waiting at 6 s, now counted", 80 columns' words, said
		// neither what stopped at 6 s nor what counting them meant.
		return []string{
			fmt.Sprintf("%s requests in all; the %s still waiting when the traffic stopped at %s are counted by how they ended, as `run` does", n, w, end),
			fmt.Sprintf("%s requests in all; %s still waiting when the traffic stopped at %s, counted by how they ended", n, w, end),
			fmt.Sprintf("%s requests in all; %s still waiting when traffic stopped at %s: counted as they ended", n, w, end),
			fmt.Sprintf("%s in all; %s still waiting when traffic stopped at %s: counted as they ended", n, w, end),
			fmt.Sprintf("%s still waiting when the traffic stopped at %s, counted by how they ended", w, end),
			fmt.Sprintf("%s still waiting when traffic stopped at %s: counted as they ended", w, end),
			fmt.Sprintf("%s ended after traffic stopped at %s", w, end),
			fmt.Sprintf("%s ended after traffic stop at %s", w, end),
			fmt.Sprintf("%s ended after %s", w, end),
		}
	case arrived == 0:
		return []string{"none arrived yet"}
	case arrived == 1:
		return []string{"1 request, no longer waiting"}
	}
	// "Answered" would read as success, the word the lessons use for it
	// ("home answered 64.7 %"), under a table that may be mostly failures:
	// what the footer says is only that nobody is waiting any more.
	return []string{
		fmt.Sprintf("%s requests in all, none still waiting", n),
		fmt.Sprintf("%s requests in all, none waiting", n),
		fmt.Sprintf("%s in all, none waiting", n),
	}
}

// fitting is the first of the texts that fits in w cells, or the last.
func fitting(texts []string, w int) string {
	for _, t := range texts {
		if ansi.StringWidth(t) <= w {
			return t
		}
	}
	return texts[len(texts)-1]
}

// transitionsPane lists the breakers' transitions so far, newest last.
type transitionsPane struct {
	cached
	th    *theme.Theme
	trans []engine.Transition
	// decimals is how many decimals the times are written with: as
	// `breakerlab run` lists the run's transitions (and the breaker pane's
	// log writes them), from the run played out once it has been, else
	// from the transitions so far.
	decimals int
	grew     bool // Max changed since the panes were placed
	held     bool // HoldState
}

// Needs is a line for each of the last five transitions (fitEntries
// keeps them a line each where rows are short): asked for, rather than
// only shared out with the charts, the rows go to it in the step's order
// of panes, so a step that names it first (the one its text points to)
// shows a breaker's last rounds, opened, probed, opened again, closed, in
// a small window too. Past its needs it shares the rest up to Max, as
// the charts do (placePanes).
func (p *transitionsPane) Needs(int) int { return min(2+min(max(len(p.trans), 2), 5), p.Max()) }
func (p *transitionsPane) Min(int) int   { return 4 }

// Max is room for the entries so far and one more, up to twelve: older
// ones give way, and the title's note counts them, rather than the pane
// standing empty in a tall window.
func (p *transitionsPane) Max() int { return transitionsMax(len(p.trans)) }

func transitionsMax(n int) int { return 2 + min(max(n+1, 2), 12) }

// Relayout says the pane's Max changed with the entries (extras.go).
func (p *transitionsPane) Relayout() bool { m := p.grew; p.grew = false; return m }

// HoldState keeps the transitions back while on: "no transition yet"
// would say the breaker is still closed.
func (p *transitionsPane) HoldState(on bool) {
	if on != p.held {
		p.held, p.dirty = on, true
	}
}

func (p *transitionsPane) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	p.grew = p.grew || transitionsMax(len(d.Snap.Transitions)) != transitionsMax(len(p.trans))
	p.trans = d.Snap.Transitions
	all := d.Snap.Transitions
	if d.Final != nil {
		all = d.Final.Transitions
	}
	p.decimals = report.TransitionDecimals(all)
	p.show(fmt.Sprint(d.Gen, len(p.trans), p.decimals))
}

func (p *transitionsPane) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	if p.held {
		p.view = heldView(p.th, p.w, p.h, "Breaker transitions", "shown after your guess")
		return p.view
	}
	// One entry per transition: the time and the states, then the reason,
	// on the same line when it fits, else wrapped under the states (never
	// cut). The newest entries are kept whole when not all fit.
	inner := max(p.w-2, 1)
	// The times are padded to the longest, so that the states line up.
	at := make([]string, len(p.trans))
	pad := 7
	for i, t := range p.trans {
		at[i] = report.TransitionTime(t.At, p.decimals)
		pad = max(pad, len(at[i]))
	}
	var entries [][]string
	for i, t := range p.trans {
		st := p.th.State(t.To).Bold(true)
		line := fmt.Sprintf("%*s  %s → %s", pad, at[i], t.From, st.Render(t.To.String()))
		entry := []string{line}
		if r := t.Reason(); r != "" {
			if ansi.StringWidth(line)+2+ansi.StringWidth(r) <= inner {
				entry[0] += p.th.Dim.Render("  " + r)
			} else {
				// Under the states.
				indent := pad + 2
				for _, l := range wrapText(r, max(inner-indent, 1)) {
					entry = append(entry, strings.Repeat(" ", min(indent, max(inner-1, 0)))+p.th.Dim.Render(l))
				}
			}
		}
		entries = append(entries, entry)
	}
	body, shown := fitEntries(entries, p.h-2, inner)
	title, note := "Breaker transitions", fmt.Sprint(len(p.trans))
	if shown < len(entries) {
		// At 80 columns "Breaker transitions ─ last 7 of …" lost the
		// total, the figure that says how many are not shown: the note
		// says less rather than be cut.
		title, note = pane.Titled(p.w, []string{title},
			[]string{fmt.Sprintf("last %d of %d", shown, len(entries)), fmt.Sprintf("%d of %d", shown, len(entries))})
	}
	if len(body) == 0 {
		body = []string{p.th.Dim.Render("no transition yet")}
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, title, note, body), "\n")
	return p.view
}

// fitEntries keeps the newest entries that fit room rows (0: no limit),
// each whole. Where not every entry fits whole, each shown entry keeps only
// its first line (the time and the states) and the newest take their
// reasons back while rows are left: more transitions on screen, since a
// run's transitions read together (open, half-open, open again). A row
// still left goes to the start of the next one's reason, ended with "…".
// inner is the width of a row; shown is how many entries are on screen.
func fitEntries(entries [][]string, room, inner int) (body []string, shown int) {
	total := 0
	for _, e := range entries {
		total += len(e)
	}
	if room <= 0 || total <= room {
		for _, e := range entries {
			body = append(body, e...)
		}
		return body, len(entries)
	}
	shown = min(len(entries), room)
	first := len(entries) - shown
	extra := room - shown
	lines := make([]int, len(entries)) // the lines each entry shows
	for i := first; i < len(entries); i++ {
		lines[i] = 1
	}
	for i := len(entries) - 1; i >= first && extra > 0; i-- {
		more := min(len(entries[i])-1, extra)
		lines[i] += more
		extra -= more
		if more < len(entries[i])-1 {
			break // an older entry whole beside a newer one cut reads out of order
		}
	}
	for i := first; i < len(entries); i++ {
		part := entries[i][:lines[i]]
		body = append(body, part...)
		if len(part) < len(entries[i]) && len(part) > 1 {
			body[len(body)-1] = markCut(body[len(body)-1], inner)
		}
	}
	return body, shown
}

// markCut ends a line whose sentence goes on below the pane with " …",
// within inner cells, at a word.
func markCut(l string, inner int) string {
	if ansi.StringWidth(l)+2 <= inner {
		return l + " …"
	}
	keep := max(inner-2, 0)
	plain := ansi.Truncate(ansi.Strip(l), keep, "")
	if i := strings.LastIndex(strings.TrimRight(plain, " "), " "); i > 0 {
		keep = ansi.StringWidth(strings.TrimRight(plain[:i], " "))
	}
	return ansi.Truncate(l, keep, "") + " …"
}

// shuffleData is what the shuffle panes draw from.
type shuffleData struct {
	snap     *shuffle.Snapshot
	cfg      shuffle.SimConfig
	poisoned []int32 // the poisoned customer's shard
	// hist is the other customers' counts at each playback.Step so far,
	// and end the step's end, for the chart over time.
	hist []shuffle.CustomerCounts
	end  time.Duration
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
func (p *fleetPane) Min(int) int { return 4 }

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
			crashes := ""
			if w.Crashes > 0 {
				crashes = p.th.Dim.Render(fmt.Sprintf("  crashed %d×", w.Crashes))
			}
			line := fmt.Sprintf("%sworker %d  %s", mark, i, state)
			if w.Phase == shuffle.WorkerRestarting && pane.Width(line+crashes) > p.w-2 {
				// At 80 columns "◐ restarting 3.5 s left" pushed the
				// crash count past the edge ("left …"): the state says
				// the same in fewer words, so the count stays whole.
				state = p.th.Warn.Render("◐ up in") + p.th.Dim.Render(" "+pane.SecondsShort(w.Until-s.At))
				line = fmt.Sprintf("%sworker %d  %s", mark, i, state)
			}
			body = append(body, line+crashes)
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
	// held are the counts since the start that a later step's question
	// asks for, and after the step (from 1) each waits for (HoldRows).
	held  customerRow
	after map[customerRow]int
}

// customerRow is a count of the customers pane since the start, as a set
// of them: those a later question asks for are held back (HoldRows).
type customerRow uint8

const (
	rowEverLost customerRow = 1 << iota
	rowEverDegraded
)

// customerRows is the row that shows each timeline metric a prediction
// may ask for (lessons' ever-lost and ever-degraded).
var customerRows = map[string]customerRow{"ever-lost": rowEverLost, "ever-degraded": rowEverDegraded}

// HoldRows keeps back the counts since the start that a later step's
// question asks for on the same run: lesson 8's "Shuffle sharding" ended
// on "degraded 452", the answer of the next step's "lose one worker at
// some point, but never both?".
func (p *customersPane) HoldRows(held customerRow, after map[customerRow]int) {
	if held != p.held || !maps.Equal(after, p.after) {
		p.held, p.after, p.dirty = held, maps.Clone(after), true
	}
}

func (p *customersPane) Needs(int) int { return 10 }
func (p *customersPane) Min(int) int   { return 5 }

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
		// The title's note in full, else the strategy alone (the step is
		// about it), else the count: never a word cut.
		room := p.w - ansi.StringWidth("Customers") - 8
		for _, n := range []string{fmt.Sprintf("%s others · %s", pane.Count(others), p.d.cfg.Strategy), fmt.Sprint(p.d.cfg.Strategy), pane.Count(others) + " others"} {
			if ansi.StringWidth(n) <= room {
				note = n
				break
			}
		}
		row := func(label string, n int, style func(string) string) string {
			return fmt.Sprintf("%-10s %s", label, style(fmt.Sprintf("%5s", pane.Count(n))))
		}
		good := func(x string) string { return p.th.Good.Render(x) }
		warn := func(x string) string { return p.th.Warn.Render(x) }
		bad := func(x string) string { return p.th.Bad.Bold(true).Render(x) }
		// A count a later question asks for is held (holding), and so is
		// healthy right now beside a held count of the moment: with the
		// others' total in the title, it would give the held one away.
		line := func(label string, n int, style func(string) string, note string, step int) string {
			if step > 0 {
				return p.heldLine(label, step)
			}
			return row(label, n, style) + note
		}
		nowDegraded, nowLost := p.holding(rowEverDegraded, s.Now.Degraded), p.holding(rowEverLost, s.Now.Lost)
		body = append(body,
			p.th.Dim.Render("right now"),
			line("healthy", s.Now.Healthy, good, "", max(nowDegraded, nowLost)),
			line("degraded", s.Now.Degraded, warn, p.th.Dim.Render("  some workers down"), nowDegraded),
			line("lost", s.Now.Lost, bad, p.th.Dim.Render("  every worker down"), nowLost),
			p.th.Dim.Render("at some moment since the start"),
			line("lost", s.EverLost, bad, "", p.holding(rowEverLost, s.EverLost)),
			line("degraded", s.EverDegraded, warn, "", p.holding(rowEverDegraded, s.EverDegraded)),
		)
		r := s.Requests
		for _, l := range pane.Wrap(fmt.Sprintf("requests %s: %s on a retry, %s failed",
			pane.Count(r.Sent), pane.Count(r.ServedOnRetry), pane.Count(r.Failed)), max(p.w-2, 1)) {
			body = append(body, p.th.Dim.Render(l))
		}
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Customers", note, body), "\n")
	return p.view
}

// holding is the step (from 1) whose question a count of kind r waits
// for, or 0 where it shows: a count since the start, or the count right
// now of the same kind, which reaches it whenever every customer it
// counts is in that state at once (lesson 8's "Shuffle sharding" ended on
// 452 degraded right now and since the start alike). A count of none
// tells nothing yet: before the poisoned customer's first request every
// count is 0, whatever comes.
func (p *customersPane) holding(r customerRow, n int) int {
	if p.held&r == 0 || n == 0 {
		return 0
	}
	return p.after[r]
}

// heldLine is a held count's row: its label, and when it shows.
func (p *customersPane) heldLine(label string, step int) string {
	// The words are built only as far as the first that fits: the pane
	// draws them at every change of its counts.
	room, n := max(p.w-2-11, 1), strconv.Itoa(step)
	when := shownAfter(step)
	if len(when) > room {
		when = "after step " + n + "'s question"
		if len(when) > room {
			when = "hidden until step " + n
		}
		if len(when) > room {
			when = "after step " + n
		}
	}
	return pane.Fit(label, 10) + " " + p.th.Dim.Render(when)
}

// oddsPane is the table of shard counts and overlap chances, computed
// exactly by engine/shuffle.
type oddsPane struct {
	cached
	th   *theme.Theme
	rows []shuffle.OddsRow
	err  error
	// needs is the height Needs found at width needsW: the rows never
	// change once computed, and the player asks on every frame (asks),
	// where wrapping the table again took most of a frame's allocations.
	needs, needsW int
}

// Needs counts the table and its note at the pane's width.
func (p *oddsPane) Needs(w int) int {
	p.SetShuffle(shuffleData{})
	if p.needs == 0 || p.needsW != w {
		p.needs, p.needsW = 2+len(oddsTable(p.rows, max(w-2, 1))), w
	}
	return p.needs
}
func (p *oddsPane) Min(int) int { return 5 }

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
	body := oddsTable(p.rows, max(p.w-2, 1))
	for i := range body {
		if i == 0 || i > len(p.rows) {
			body[i] = p.th.Dim.Render(body[i])
		}
	}
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

// abbreviate shortens the names wider than w to a prefix and a full stop
// ("recommendations" to "recom."), distinct from each other, and returns
// the legend that spells each one out.
func abbreviate(names []string, w int) ([]string, string) {
	out := make([]string, len(names))
	var legend []string
	used := map[string]bool{}
	for _, n := range names {
		if len([]rune(n)) <= w {
			used[n] = true
		}
	}
	for i, n := range names {
		r := []rune(n)
		if len(r) <= w {
			out[i] = n
			continue
		}
		a := ""
		for k := max(w-1, 1); k >= 1; k-- {
			if c := string(r[:k]) + "."; !used[c] {
				a = c
				break
			}
		}
		if a == "" {
			a = strconv.Itoa(i+1) + "."
		}
		used[a] = true
		out[i] = a
		legend = append(legend, a+" = "+n)
	}
	return out, strings.Join(legend, ", ")
}

// oddsTable lays the odds out in width w: the numbers always whole (the
// widest is Route 53's 730,862,190,080), the headings and the note as long
// as the width allows, the short headings explained by the note.
func oddsTable(rows []shuffle.OddsRow, w int) []string {
	type cells struct{ workers, each, shards, any string }
	var data []cells
	wW, wE, wS, wA := 0, 0, 0, 0
	for _, r := range rows {
		shards, _ := new(big.Int).SetString(r.Shards, 10)
		c := cells{pane.Count(r.Workers), strconv.Itoa(r.PerCustomer), lessonsGroup(shards), report.Percent1(r.ShareAny)}
		data = append(data, c)
		wW, wE, wS, wA = max(wW, len(c.workers)), max(wE, len(c.each)), max(wS, len(c.shards)), max(wA, len(c.any))
	}
	heads := [][4]string{
		{"workers", "each", "shards", "share any"},
		{"fleet", "each", "shards", "any"},
		{"n", "k", "shards", "any"},
	}
	notes := [][]string{
		{"1 in shards: the odds that two random customers get the same shard; share any: the chance they have at least one worker in common"},
		{"same shard for two random customers: 1 in shards; any: at least one worker in common"},
		{"n workers, k each; same shard: 1 in shards; any: a worker in common"},
	}
	for i, h := range heads {
		cw := [4]int{max(wW, len(h[0])), max(wE, len(h[1])), max(wS, len(h[2])), max(wA, len(h[3]))}
		if cw[0]+cw[1]+cw[2]+cw[3]+3 > w && i < len(heads)-1 {
			continue
		}
		row := func(a, b, c, d string) string {
			return fmt.Sprintf("%*s %*s %*s %*s", cw[0], a, cw[1], b, cw[2], c, cw[3], d)
		}
		out := []string{row(h[0], h[1], h[2], h[3])}
		for _, c := range data {
			out = append(out, row(c.workers, c.each, c.shards, c.any))
		}
		for _, n := range notes[i] {
			out = append(out, wrapText(n, w)...)
		}
		return out
	}
	return nil
}

// holder is a pane that can keep back what it counts while a prediction
// about it waits for its guess (the outcome table, the outcomes chart).
type holder interface{ Hold(on bool) }

func (f *flexPane[T]) Hold(on bool) {
	if in, ok := any(f.inner).(holder); ok {
		in.Hold(on)
	}
}

// focuser is a pane that keeps the endpoints a step is about when it cannot
// show them all (the outcomes chart).
type focuser interface{ SetFocus(names []string) }

func (f *flexPane[T]) SetFocus(names []string) {
	if in, ok := any(f.inner).(focuser); ok {
		in.SetFocus(names)
	}
}

// stepFocus names the endpoints a step is about, the most telling first:
// those its question names (the prediction's or the self-check's), in the
// order it names them; then those calling a dependency with a fault (the
// hanging one a lesson is about); then those its text names. An endpoint
// is named by its own name or by the dependency it calls. A chart with no
// room for every endpoint keeps these and drops the others first.
func stepFocus(st *lessons.PreparedStep, sc *engine.Scenario, v int) []string {
	if sc == nil || v < 0 || v >= len(sc.Variants) {
		return nil
	}
	eps := sc.Variants[v].System.Endpoints
	var out []string
	add := func(name string) {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	named := func(text string) {
		type at struct {
			pos  int
			name string
		}
		var found []at
		for _, e := range eps {
			pos := -1
			for _, w := range []string{e.Name, e.Calls} {
				if p := wordIndex(text, w); p >= 0 && (pos < 0 || p < pos) {
					pos = p
				}
			}
			if pos >= 0 {
				found = append(found, at{pos, e.Name})
			}
		}
		slices.SortStableFunc(found, func(a, b at) int { return a.pos - b.pos })
		for _, f := range found {
			add(f.name)
		}
	}
	for _, q := range []*lessons.PreparedQuestion{st.Predict, st.Question} {
		if q != nil {
			named(q.Prompt)
		}
	}
	faulty := make(map[string]bool)
	for _, f := range pane.FaultSpans(sc, v) {
		faulty[f.Dependency] = true
	}
	for _, e := range eps {
		if faulty[e.Name] || (e.Calls != "" && faulty[e.Calls]) {
			add(e.Name)
		}
	}
	named(st.Text)
	return out
}

// wordIndex is where word first stands as a whole word in text, case
// aside, or -1.
func wordIndex(text, word string) int {
	if word == "" {
		return -1
	}
	lt, lw := strings.ToLower(text), strings.ToLower(word)
	isWord := func(r byte) bool {
		return r == '_' || r == '-' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9')
	}
	for from := 0; ; {
		i := strings.Index(lt[from:], lw)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(lw)
		if (i == 0 || !isWord(lt[i-1])) && (end == len(lt) || !isWord(lt[end])) {
			return i
		}
		from = i + 1
	}
}
