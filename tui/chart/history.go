package chart

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/grid"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// History charts each circuit breaker over virtual time, as a dashboard
// of breakers does: a band of its state (each state its own glyph, so the
// band reads without colour), the failure rate its window held at every
// sample as a line against the threshold that opens it (and the slow-call
// rate when it has a slow rule), and a dotted mark through the plot at each
// change of state. A breaker that opens on failures in a row plots the run
// of failures against that count instead. One block per breaker, stacked.
//
// Every figure is a sample of the engine's series: the state, and the
// counts breaker.CountsAt gave at the sample's end.
type History struct {
	th   *theme.Theme
	w, h int

	data  pane.Data
	key   viewKey
	dirty bool
	view  string
	shown int // breakers drawn at the last render

	// legendOf is the legend's lines and what they were packed for: the
	// lesson player asks the chart's height (HistoryHeight, the legend's
	// lines) on every frame, and packing the legend's styled words took
	// four hundred allocations a frame.
	legendOf legendFor
	legendAt []string
}

// legendFor is what the legend's lines depend on: the width, the run
// (its breakers' rules), the faults and how times are written.
type legendFor struct {
	w      int
	gen    uint64
	series int
	moment bool
	faults []pane.FaultSpan
	ok     bool
}

// NewHistory makes an empty breaker history.
func NewHistory(th *theme.Theme) *History { return &History{th: th, dirty: true} }

// Init does nothing.
func (h *History) Init() tea.Cmd { return nil }

// Update takes pane.DataMsg; the chart has no keys.
func (h *History) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(pane.DataMsg); ok {
		h.SetData(pane.Data(d))
	}
	return h, nil
}

// SetSize sets the chart's outer size, border included.
func (h *History) SetSize(w, hh int) {
	if w != h.w || hh != h.h {
		h.w, h.h, h.dirty = w, hh, true
	}
}

// SetData takes a new snapshot; the chart redraws only when what it
// draws changed: a new sample, a transition (which comes between two),
// a breaker's state now (each breaker's head names it), or the run.
func (h *History) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	s := d.Snap
	k := chartKey{gen: d.Gen, series: len(s.Dependencies), transitions: len(s.Transitions), moment: d.Moment != nil}
	if len(s.Dependencies) > 0 {
		k.samples = len(s.Dependencies[0].Series)
	}
	now := h.key.figures()
	for i := range s.Dependencies {
		if b := s.Dependencies[i].Breaker; b != nil {
			now = append(now, int64(b.State))
		}
	}
	h.data = d
	if h.key.update(k, now, d.Faults) {
		h.dirty = true
	}
}

// View draws the chart, from the cache when nothing changed.
func (h *History) View() string {
	if h.dirty {
		h.view = strings.Join(h.render(), "\n")
		h.dirty = false
	}
	return h.view
}

// Breakers counts the dependencies with a breaker in the last data.
func (h *History) Breakers() int {
	if h.data.Snap == nil {
		return 0
	}
	return len(breakerDeps(h.data.Snap))
}

// breakerDeps lists the dependencies that have a breaker.
func breakerDeps(s *engine.Snapshot) []int {
	var out []int
	for i := range s.Dependencies {
		if s.Dependencies[i].Breaker != nil {
			out = append(out, i)
		}
	}
	return out
}

// HistoryRows are the rate plot's rows that show every value a breaker's
// window can hold, to a tenth: a count window of n calls moves in steps
// of 1/n, so n+1 rows draw each step on its own row (at most 11, a row per
// 10 %); a run of failures to n, n+1 rows.
func HistoryRows(c breaker.Config) int {
	if c.FailureRate == 0 && c.SlowCallRate == 0 && c.MaxConsecutiveFailures > 0 {
		return min(c.MaxConsecutiveFailures+2, 11)
	}
	if c.Window == breaker.CountWindow && c.WindowSize > 0 {
		return min(c.WindowSize+1, 11)
	}
	return 11
}

// HistoryHeight is the pane's height for plots of rows rows each, at
// width w (the legend's lines depend on it), for the breakers of s.
func (h *History) HistoryHeight(w, rows int) int {
	s := h.data.Snap
	if s == nil {
		return 2
	}
	k := len(breakerDeps(s))
	if k == 0 {
		return 2 + 3
	}
	head := 0
	if k > 1 {
		head = 1
	}
	return 2 + k*(head+rows+1) + 2 + len(h.legend(w-2, s))
}

const (
	markRune   = '┊' // a change of state
	failRune   = '•' // the failure rate (or the run of failures)
	slowRune   = '∘' // the slow-call rate
	threshRune = '┄'
)

// Ink classes of the history.
const (
	clThresh = clFirstData + iota
	clFailDot
	clSlowDot
	clMark
	clName
	clClosed
	clHalf
	clOpen
)

func (h *History) stateClass(st breaker.State) grid.Class {
	switch st {
	case breaker.HalfOpen:
		return clHalf
	case breaker.Open, breaker.ForcedOpen:
		return clOpen
	}
	return clClosed
}

// legend explains the band, the lines and the marks, packed on as few
// lines as fit in iw cells; s is the last data's snapshot, whose lines
// are kept until the width, the run, the faults or the moment's rule
// changes. The lines are the chart's: a caller that changes them copies
// them first.
func (h *History) legend(iw int, s *engine.Snapshot) []string {
	k := legendFor{w: iw, gen: h.key.run.gen, series: len(s.Dependencies), moment: h.data.Moment != nil, faults: h.key.faults, ok: true}
	if c := &h.legendOf; c.ok && c.w == k.w && c.gen == k.gen && c.series == k.series && c.moment == k.moment && slices.Equal(c.faults, k.faults) {
		return h.legendAt
	}
	h.legendOf, h.legendAt = k, h.packLegend(iw, s)
	return h.legendAt
}

// packLegend packs the legend's words in as few lines of iw cells as
// fit, in short words when that saves a line.
func (h *History) packLegend(iw int, s *engine.Snapshot) []string {
	long := h.legendWords(iw, s, false)
	if len(long) <= 1 {
		return long
	}
	if short := h.legendWords(iw, s, true); len(short) < len(long) {
		return short
	}
	return long
}

// legendWords packs the legend's items, in full words or, with short,
// in one word each.
func (h *History) legendWords(iw int, s *engine.Snapshot, short bool) []string {
	type item struct{ text, plain string }
	word := func(long, brief string) string {
		if short {
			return brief
		}
		return long
	}
	var items []item
	band := func(st breaker.State, name string) item {
		g := string(pane.BandGlyph(st))
		return item{h.th.State(st).Render(g) + " " + name, g + " " + name}
	}
	items = append(items, band(breaker.Closed, "closed"), band(breaker.HalfOpen, "half-open"), band(breaker.Open, "open"))
	rate, slow, run := false, false, false
	for _, i := range breakerDeps(s) {
		c := s.Dependencies[i].Breaker.Config
		switch {
		case c.FailureRate > 0 || c.SlowCallRate > 0:
			rate = true
			slow = slow || c.SlowCallRate > 0
		case c.MaxConsecutiveFailures > 0:
			run = true
		}
	}
	add := func(r rune, st func(...string) string, words string) {
		items = append(items, item{st(string(r)) + " " + words, string(r) + " " + words})
	}
	if rate {
		add(failRune, h.th.Bad.Render, word("failure rate", "failed"))
	}
	if slow {
		add(slowRune, h.th.Warn.Render, word("slow-call rate", "slow"))
	}
	if run {
		add(failRune, h.th.Bad.Render, word("failures in a row", "in a row"))
	}
	add(threshRune, h.th.Warn.Render, word("opens at", "opens"))
	add(markRune, h.th.Dim.Render, word("state changed", "change"))
	if f := faultLegendPlain(&h.data, iw); f != "" {
		items = append(items, item{faultLegend(h.th, &h.data, iw), f})
	}
	var lines []string
	var cur strings.Builder
	w := 0
	for _, it := range items {
		pw := len([]rune(it.plain))
		if w > 0 && w+2+pw > iw {
			lines = append(lines, cur.String())
			cur.Reset()
			w = 0
		}
		if w > 0 {
			cur.WriteString("  ")
			w += 2
		}
		cur.WriteString(it.text)
		w += pw
	}
	if w > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// labelW is the width of the y labels: "100%", and "state" by the band.
const labelW = 5

func (h *History) render() []string {
	s := h.data.Snap
	title := "Breaker history"
	if s == nil || h.w < 12 || h.h < 5 {
		return pane.Frame(h.th, h.w, h.h, title, "", nil)
	}
	iw, ih := h.w-2, h.h-2
	deps := breakerDeps(s)
	if len(deps) == 0 {
		body := pane.Wrap("No circuit breaker in this variant: nothing opens, whatever fails.", iw)
		return pane.Frame(h.th, h.w, h.h, title, "", body)
	}
	cols := iw - labelW - 1
	if cols < 8 {
		return pane.Frame(h.th, h.w, h.h, title, "", []string{"(too narrow)"})
	}
	legend := h.legend(iw, s)
	// The legend gives way before the plots get too thin; the band's
	// glyphs are the one thing that must stay explained, on one line.
	head := 0
	if len(deps) > 1 {
		head = 1
	}
	for len(legend) > 1 && (ih-len(legend)-2)/len(deps) < head+4 {
		legend = legend[:len(legend)-1]
	}
	plotH := ih - len(legend) - 2 // the time axis takes two rows
	per := plotH / len(deps)
	shown := len(deps)
	if per < head+3 {
		per = head + 3
		shown = max(plotH/per, 0)
	}
	h.shown = shown
	if shown == 0 {
		return pane.Frame(h.th, h.w, h.h, title, "", []string{"(too low)"})
	}
	// No taller than the steps the windows' values take: the rows left
	// over stay blank rather than stretch the plot.
	most := 3
	for _, i := range deps[:shown] {
		most = max(most, HistoryRows(s.Dependencies[i].Breaker.Config))
	}
	rows := min(per-head-1, most)
	per = head + rows + 1
	ax := newTimeAxis(s.Duration, s.SampleEvery, cols)
	g := grid.New(iw, shown*per+2)
	x0 := labelW + 1
	marks := h.markColumns(ax)
	for bi := range shown {
		d := &s.Dependencies[deps[bi]]
		y0 := bi * per
		if head > 0 {
			st := breaker.State(d.Breaker.State)
			g.Text(0, y0, d.Name, clName)
			g.Text(len([]rune(d.Name))+1, y0, string(pane.BandGlyph(st))+" "+st.String(), h.stateClass(st))
		}
		top := y0 + head
		h.drawRates(g, d, ax, top, rows, x0)
		for c, on := range marks[d.Name] {
			if !on {
				continue
			}
			for y := top; y < top+rows; y++ {
				if r, _ := g.At(x0+c, y); r == ' ' || r == threshRune {
					g.Set(x0+c, y, markRune, clMark)
				}
			}
		}
		h.drawBand(g, d, ax, top+rows, x0)
	}
	drawTimeAxis(g, labelW, shown*per, cols, ax, h.data.Faults)
	inks := []theme.Ink{clPlain: {}, clAxis: theme.InkOf(h.th.Border), clLabel: theme.InkOf(h.th.Dim),
		clFault:  theme.InkOf(h.th.Bad.Bold(true)),
		clThresh: theme.InkOf(h.th.Warn), clFailDot: theme.InkOf(h.th.Bad.Bold(true)), clSlowDot: theme.InkOf(h.th.Warn),
		clMark: theme.InkOf(h.th.Dim), clName: theme.InkOf(h.th.Bold),
		clClosed: theme.InkOf(h.th.State(breaker.Closed)), clHalf: theme.InkOf(h.th.State(breaker.HalfOpen)),
		clOpen: theme.InkOf(h.th.State(breaker.Open))}
	body := append(g.Lines(inks), legend...)
	var notes []string
	if shown < len(deps) {
		notes = []string{fmt.Sprintf("%d of %d breakers shown · a taller window shows all", shown, len(deps)),
			fmt.Sprintf("%d of %d shown · taller shows all", shown, len(deps)), fmt.Sprintf("%d of %d shown", shown, len(deps))}
	} else if len(deps) == 1 {
		d := &s.Dependencies[deps[0]]
		n := 0
		for _, t := range s.Transitions {
			if t.Service == "" && t.Dependency == d.BreakerName() {
				n++
			}
		}
		changes := fmt.Sprintf("%d changes", n)
		if n == 1 {
			changes = "1 change"
		}
		notes = []string{d.Name + " · " + changes, changes, ""}
	}
	if notes == nil {
		notes = []string{""}
	}
	t, note := pane.Titled(h.w, []string{title, "History"}, notes)
	return pane.Frame(h.th, h.w, h.h, t, note, body)
}

// markColumns marks, per dependency, the columns in which its breaker
// changed state.
func (h *History) markColumns(ax timeAxis) map[string][]bool {
	out := map[string][]bool{}
	for _, t := range h.data.Snap.Transitions {
		m := out[t.Dependency]
		if m == nil {
			m = make([]bool, ax.cols)
			out[t.Dependency] = m
		}
		if c := ax.column(t.At); c >= 0 && c < ax.cols {
			m[c] = true
		}
	}
	return out
}

// drawRates plots the window's failure (and slow-call) rate per column,
// from the column's last sample whose window held calls, against the
// threshold, in rows rows from top.
func (h *History) drawRates(g *grid.Grid, d *engine.DependencySnapshot, ax timeAxis, top, rows, x0 int) {
	c := d.Breaker.Config
	byRun := c.FailureRate == 0 && c.SlowCallRate == 0 && c.MaxConsecutiveFailures > 0
	scale := 1.0 // the value at the top row
	thresh, slowThresh := c.FailureRate, c.SlowCallRate
	if byRun {
		scale = float64(c.MaxConsecutiveFailures + 1)
		thresh = scale
	}
	row := func(v float64) int {
		f := min(max(v/scale, 0), 1)
		return top + rows - 1 - int(math.Round(f*float64(rows-1)))
	}
	// A label owns its row's whole label column: a short plot puts the
	// threshold on the row of 100 % or of 0 %, and a label written over a
	// longer one without clearing it read "150%".
	label := func(y int, s string) {
		for x := range labelW {
			g.Set(x, y, ' ', clLabel)
		}
		g.Text(labelW-len([]rune(s)), y, s, clLabel)
	}
	// The axis and its labels: the top, zero and the threshold, which
	// wins a row it shares.
	g.VLine(labelW, top, top+rows-1, '│', clAxis)
	if byRun {
		label(top+rows-1, "0")
	} else {
		label(top, "100%")
		label(top+rows-1, "0%")
	}
	for _, th := range []float64{slowThresh, thresh} {
		if th <= 0 || (byRun && th != thresh) {
			continue
		}
		y := row(th)
		g.HLine(x0, x0+ax.cols-1, y, threshRune, clThresh)
		g.Set(labelW, y, '┤', clAxis)
		if byRun {
			label(y, fmt.Sprint(int(th)))
		} else {
			label(y, pane.Percent(th))
		}
	}
	series := d.Series
	for col := range ax.cols {
		lo, hi := ax.buckets(col)
		if lo >= len(series) {
			break
		}
		last := -1
		if byRun {
			last = min(hi, len(series)) - 1 // a run of none is a value too
		}
		for b := min(hi, len(series)) - 1; b >= lo && last < 0; b-- {
			if series[b].Calls > 0 {
				last = b
			}
		}
		if last < 0 {
			continue
		}
		smp := series[last]
		if byRun {
			g.Set(x0+col, row(float64(smp.Consecutive)), failRune, clFailDot)
			continue
		}
		if c.SlowCallRate > 0 {
			g.Set(x0+col, row(float64(smp.Slow)/float64(smp.Calls)), slowRune, clSlowDot)
		}
		if c.FailureRate > 0 || c.SlowCallRate == 0 {
			g.Set(x0+col, row(float64(smp.Failures)/float64(smp.Calls)), failRune, clFailDot)
		}
	}
}

// drawBand draws the state band on row y: per column, the state at the
// column's end, or half-open when the breaker was half-open at any sample
// of it or entered half-open in it (a probe shows even when it failed
// within the same instant).
func (h *History) drawBand(g *grid.Grid, d *engine.DependencySnapshot, ax timeAxis, y, x0 int) {
	probes := make([]bool, ax.cols)
	for _, t := range h.data.Snap.Transitions {
		if t.Service == "" && t.Dependency == d.BreakerName() && t.To == breaker.HalfOpen {
			if c := ax.column(t.At); c >= 0 && c < ax.cols {
				probes[c] = true
			}
		}
	}
	series := d.Series
	g.Text(0, y, "state", clLabel)
	g.Set(labelW, y, '│', clAxis)
	for col := range ax.cols {
		lo, hi := ax.buckets(col)
		if lo >= len(series) {
			break
		}
		end := min(hi, len(series))
		st := breaker.State(series[end-1].Breaker)
		for b := lo; b < end; b++ {
			if breaker.State(series[b].Breaker) == breaker.HalfOpen {
				st = breaker.HalfOpen
			}
		}
		if probes[col] {
			st = breaker.HalfOpen
		}
		g.Set(x0+col, y, pane.BandGlyph(st), h.stateClass(st))
	}
}

// drawTimeAxis draws a time axis at row y: the corner at x, then a line of
// cols cells (heavy over a fault) and the tick labels on the row below.
func drawTimeAxis(g *grid.Grid, x, y, cols int, ax timeAxis, faults []pane.FaultSpan) {
	g.Set(x, y, '└', clAxis)
	fault := faultColumns(ax, faults)
	for c := range cols {
		if c < len(fault) && fault[c] {
			g.Set(x+1+c, y, '━', clFault)
		} else {
			g.Set(x+1+c, y, '─', clAxis)
		}
	}
	for c, l := range ax.ticks() {
		g.Text(x+1+c, y+1, l, clLabel)
	}
}
