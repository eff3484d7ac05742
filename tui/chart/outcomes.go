package chart

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/grid"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Outcomes charts, for each endpoint, how the requests decided in each
// stretch of virtual time ended: a column per stretch, filled from the
// bottom with ok, fallback, rejected and failed in proportion. A request
// counts in the stretch its answer came in, not the one it arrived in (the
// tables count by arrival), and the title says so; a past stretch in which
// nothing was decided (every request still waiting) shows a dot, so it
// cannot pass for missing data.
type Outcomes struct {
	th   *theme.Theme
	w, h int

	data pane.Data
	// focus names the endpoints a lesson step is about, the most telling
	// first: when not every band fits, these are kept before the others
	// (SetFocus, keep).
	focus []string
	// held: the bands stay empty while a prediction about these outcomes
	// waits for its guess (Hold).
	held bool
	// pair is the chart drawn beside this one on the same run's endpoints
	// at the same size (SetPair): the legend explains the marks either
	// draws, so that the two legends take the same lines and the bands
	// line up.
	pair  *Outcomes
	frame frame
	key   viewKey
	dirty bool
	view  string
}

// NewOutcomes makes an empty outcomes chart.
func NewOutcomes(th *theme.Theme) *Outcomes { return &Outcomes{th: th, dirty: true} }

// Init does nothing.
func (o *Outcomes) Init() tea.Cmd { return nil }

// SetFocus names the endpoints the screen is about (a lesson step's text
// or question names them), the most telling first: when the chart cannot
// show a band for every endpoint, it keeps these before the others.
func (o *Outcomes) SetFocus(names []string) {
	if !slices.Equal(names, o.focus) {
		o.focus, o.dirty = slices.Clone(names), true
	}
}

// Hold keeps the bands empty, their names and the axis drawn, while a
// lesson's prediction about these outcomes waits for its guess: a chart
// two seconds into the window showed the first of the answer.
func (o *Outcomes) Hold(on bool) {
	if on != o.held {
		o.held, o.dirty = on, true
	}
}

// keep picks the endpoints to draw when only room of them fit, in the
// snapshot's order: first those the screen is about (SetFocus), then those
// whose dependency has a fault (the hanging one a lesson is about, whose
// band shows the trouble), then the others in order. Dropping the last
// bands alone hid lesson 1's recommendations at 80×24, on every step.
func (o *Outcomes) keep(s *engine.Snapshot, room int) []int {
	n := len(s.Endpoints)
	if room >= n {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	faulty := make(map[string]bool)
	for _, f := range o.data.Faults {
		faulty[f.Dependency] = true
	}
	var order []int
	taken := make([]bool, n)
	take := func(i int) {
		if !taken[i] {
			taken[i] = true
			order = append(order, i)
		}
	}
	for _, name := range o.focus {
		for i := range s.Endpoints {
			if s.Endpoints[i].Name == name {
				take(i)
			}
		}
	}
	for i := range s.Endpoints {
		e := &s.Endpoints[i]
		if faulty[e.Name] || (e.Calls != "" && faulty[e.Calls]) {
			take(i)
		}
	}
	for i := range n {
		take(i)
	}
	kept := order[:max(room, 0)]
	slices.Sort(kept)
	return kept
}

// Update takes pane.DataMsg; the chart has no keys.
func (o *Outcomes) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(pane.DataMsg); ok {
		o.SetData(pane.Data(d))
	}
	return o, nil
}

// SetSize sets the chart's outer size, border included.
func (o *Outcomes) SetSize(w, h int) {
	if w != o.w || h != o.h {
		o.w, o.h, o.dirty = w, h, true
	}
}

// SetData takes a new snapshot; the chart redraws only when a new sample
// arrived, or the run or its faults changed: its columns count whole
// samples, and it reads no figure of the moment between two.
func (o *Outcomes) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	k := chartKey{gen: d.Gen, series: len(d.Snap.Endpoints), moment: d.Moment != nil}
	if len(d.Snap.Endpoints) > 0 {
		k.samples = len(d.Snap.Endpoints[0].Series)
	}
	o.data = d
	if o.key.update(k, nil, d.Faults) {
		o.dirty = true
		if o.pair != nil {
			// Its legend reads this chart's marks too.
			o.pair.dirty = true
		}
	}
}

// SetPair pairs two charts shown side by side on one scenario's endpoints
// at one size (the live lab's simulated and measured columns): each
// legend then explains the marks of both, so both take the same lines.
// The simulated side's legend said how a short band picks its cells, a
// line the measured side's did not need, and its bands sat a row off
// the measured side's at 200x60.
func SetPair(a, b *Outcomes) {
	a.pair, b.pair = b, a
	a.dirty, b.dirty = true, true
}

// View draws the chart, from the cache when nothing changed.
func (o *Outcomes) View() string {
	if o.dirty {
		o.view = strings.Join(o.render(), "\n")
		o.dirty = false
	}
	return o.view
}

// anyNone says whether some past column of some band of s has nothing
// decided in it.
func anyNone(s *engine.Snapshot, ax timeAxis, cw int) bool {
	for e := range s.Endpoints {
		for c := range cw {
			if decidedIn(&s.Endpoints[e], ax, c) == 0 && columnStarted(&s.Endpoints[e], ax, c) {
				return true
			}
		}
	}
	return false
}

// columnStarted says whether column c of the axis has begun: its first
// sample is in the endpoint's series.
func columnStarted(e *engine.EndpointSnapshot, ax timeAxis, c int) bool {
	lo, _ := ax.buckets(c)
	return lo < len(e.Series)
}

// decidedIn counts the requests decided in column c of the axis, so far.
func decidedIn(e *engine.EndpointSnapshot, ax timeAxis, c int) uint64 {
	lo, hi := ax.buckets(c)
	var n uint64
	for b := lo; b < min(hi, len(e.Series)); b++ {
		for _, k := range e.Series[b].Outcomes {
			n += uint64(k)
		}
	}
	return n
}

// glyphNone marks a past stretch in which nothing was decided.
const glyphNone = '·'

// Classes of the outcome fills follow the shared ones.
const clOutcome = clFirstData // + outcome index

func (o *Outcomes) render() []string {
	s := o.data.Snap
	title := "Outcomes per endpoint, as decided"
	if s == nil || len(s.Endpoints) == 0 || o.w < 8 || o.h < 5 {
		return pane.Frame(o.th, o.w, o.h, title, "", nil)
	}
	iw, ih := o.w-2, o.h-2
	n := len(s.Endpoints)
	names := pane.EndpointNames(s)
	// The bands are labelled with the endpoints' names when the names
	// leave the plot at least half the width, else with their letters (the
	// pool's), which the legend then spells out: a name is never cut.
	lw := 0
	for _, n := range names {
		lw = max(lw, len([]rune(n)))
	}
	lw++
	letters := pane.Letters(names)
	byLetter := iw-lw < max(12, iw/2)
	if byLetter {
		lw = 2
		for i := range names {
			names[i] = string(letters[i])
		}
	}
	cw := iw - lw
	if cw < 4 {
		return pane.Frame(o.th, o.w, o.h, title, "", []string{"(too narrow)"})
	}
	ax := newTimeAxis(s.Duration, s.SampleEvery, cw)
	// Whether some past column of some band has nothing decided in it, so
	// the legend explains the dot; worked out before the layout because
	// the legend's height depends on it.
	none := anyNone(s, ax, cw)
	var pairSnap *engine.Snapshot
	if o.pair != nil && o.pair.data.Snap != nil && len(o.pair.data.Snap.Endpoints) == n {
		pairSnap = o.pair.data.Snap
		none = none || anyNone(pairSnap, ax, cw)
	}
	// A band too short for its shares draws each outcome of a notable share
	// all the same (apportion), and the legend says so when that changed a
	// cell. Saying it takes a legend line, so the layout is worked out
	// again with it; the line stays on the terms of any other (the bands
	// keep two rows) or when it leaves them as tall as they were without
	// it (it takes a blank row), else the rule goes to an edge of the
	// frame (the end of render): a band of two rows thinned to one to explain itself showed less. The bands
	// stay two rows or as tall as before, so the rule's words, which
	// depend on whether they are one row high, hold on the second pass.
	var (
		legend            []string
		chartH, rows      int
		hb, sep, shown    int
		bareHB, bareShown int
		kept              []int
		rule              []string
		ruleLine          int
		ruleSaid          bool
	)
	for pass := range 2 {
		items, ruleItem := o.legendItems(iw, none, rule)
		var letterLines []string
		if byLetter {
			letterLines = o.letterLegend(s, letters, iw)
		}
		legend, ruleLine = packLegend(items, ruleItem, nil, "  ", iw)
		legend = append(slices.Clone(letterLines), legend...)
		if ruleLine >= 0 {
			ruleLine += len(letterLines)
		}
		full := len(legend)
		// The bands with the legend at its fewest lines, one: a line
		// more that leaves them so (it takes a blank row above them)
		// thins nothing.
		fewest := func(l int) bool {
			h, sp, sh := bandLayout(ih-l-2, n)
			bh, bsp, bsh := bandLayout(ih-1-2, n)
			return h == bh && sp == bsp && sh == bsh
		}
		// Drop lines of the legend before the bands get too thin, unless
		// the bands stay as they would be with one line; what the dropped
		// lines said is then packed, in shorter words, into the lines
		// kept (fitLegend), so that every mark drawn stays explained.
		for len(legend) > 1 {
			left := ih - len(legend) - 2 // rows for the bands, under the axis' two
			if left >= 2*n || fewest(len(legend)) {
				break
			}
			if len(legend)-1 <= ruleLine {
				if h, _, sh := bandLayout(left, n); h == bareHB && sh == bareShown {
					break
				}
			}
			legend = legend[:len(legend)-1]
		}
		if kept := len(legend) - len(letterLines); kept > 0 && len(legend) < full {
			// The outcomes' shorter names come after the rule's move
			// to the note, which has room for it.
			if packed, rl, ok := fitLegend(items, ruleItem, iw, kept, ruleItem < 0); ok {
				legend, ruleLine = append(slices.Clone(letterLines), packed...), rl
				if ruleLine >= 0 {
					ruleLine += len(letterLines)
				}
			} else if packed, _, ok := fitLegend(without(items, ruleItem), -1, iw, kept, true); ok {
				// No room for the rule: an edge of the frame says it.
				legend, ruleLine = append(slices.Clone(letterLines), packed...), -1
			}
		}
		chartH = ih - len(legend)
		if chartH < 3 {
			legend = legend[:0]
			chartH = ih
		}
		ruleSaid = ruleLine >= 0 && ruleLine < len(legend)
		// The plot's rows above the axis: the axis and its labels take the
		// chart's last two (the linechart's origin, fetched once the
		// layout is settled, so the frame's cache keeps one size).
		rows = chartH - 2
		hb, sep, shown = bandLayout(rows, n)
		kept = o.keep(s, shown)
		if pass > 0 || o.held || !o.promotes(s, kept, ax, cw, hb) && (pairSnap == nil || !o.promotes(pairSnap, kept, ax, cw, hb)) {
			break
		}
		bareHB, bareShown = hb, shown
		rule = shareRule(hb)
	}
	plot, axes := o.frame.get(frameKey{w: cw, h: chartH, top: 1, dur: s.Duration, every: s.SampleEvery}, func() lineAxes {
		ticks := ax.ticks()
		return newLineAxes(cw, chartH, 0, 1, 0, 1, 1, 0, func(i int, _ float64) string { return ticks[i] }, nil)
	})
	g := grid.New(iw, chartH)
	axes.drawOn(g, lw)
	top := rows - (shown*hb + sep*(shown-1)) // blank rows above the bands
	cells := make([]int, len(engine.Outcomes))
	x0 := lw + plotX(plot)
	for row, e := range kept {
		ep := &s.Endpoints[e]
		y0 := top + row*(hb+sep) // the band's top row
		label := []rune(names[e])
		g.Text(lw-1-len(label), y0+(hb-1)/2, string(label), clFirstData+grid.Class(len(engine.Outcomes)+e))
		for c := range cw {
			if o.held {
				break
			}
			if !columnStarted(ep, ax, c) {
				break
			}
			counts, total := columnCounts(ep, ax, c)
			if total == 0 {
				// Nothing was decided here: every request of the stretch
				// is still waiting (or none came).
				g.Set(x0+c, y0+hb-1, glyphNone, clLabel)
				continue
			}
			apportion(cells, counts[:], total, hb)
			y := y0 + hb - 1
			for oi, k := range cells {
				for range k {
					g.Set(x0+c, y, theme.OutcomeGlyph(engine.Outcomes[oi]), clOutcome+grid.Class(oi))
					y--
				}
			}
		}
	}
	markFaults(g, lw, plot, faultColumns(ax, o.data.Faults))
	inks := o.inks(n)
	body := g.Lines(inks)
	body = append(body, legend...)
	span := "≈" + columnSpan(s.Duration, cw)
	// The span is the note to give up first: the axis has its labels.
	notes := []string{span + " a column", span + "/col", ""}
	if shown < n {
		// Say that bands are missing rather than drop them silently.
		// Name what is hidden and how to see it, shortening to a count.
		var hidden []string
		for e := range n {
			if !slices.Contains(kept, e) {
				hidden = append(hidden, s.Endpoints[e].Name)
			}
		}
		which := strings.Join(hidden, ", ")
		notes = []string{
			"enlarge to see " + which + " · " + span + " a column",
			"enlarge to see " + which,
			which + " hidden", // "hidden: " first left no dash before it at 39 columns
			fmt.Sprintf("%d of %d shown", shown, n),
		}
	}
	if o.held {
		notes = []string{"shown once you have guessed", "after your guess", "after guess"}
	}
	titled := pane.Titled
	if shown < n && !o.held {
		titled = pane.TitledNoteFirst // what is hidden matters more than the longer title
	}
	// The shortest title is not "Outcomes": the lesson player shows this
	// chart under its outcomes table, titled so, and two panes of one name
	// left the learner to guess which was which. "Timeline" says what the
	// chart adds and, at 8 cells like "Outcomes", still leaves a
	// 39-column frame (80×24's) room to name a hidden band ("enlarge to
	// see profile").
	title, note := titled(o.w, []string{title, "Outcomes as decided", "Timeline"}, notes)
	// No legend line was left for the rule: it goes beside the title, in
	// the span's place (the axis has its labels), in the longest words
	// that fit there, else into the bottom edge. The title is picked
	// without it, as the rule comes only once a column needs it: picked
	// with it, the 80×24 pane's "Outcomes as decided" turned into
	// "Timeline" some 12 s into cascade's run, a pane renamed under the
	// learner's eyes.
	foot := ""
	if rule != nil && !ruleSaid && shown == n && !o.held {
		if r, ok := firstFitting(rule, o.w-9-pane.Width(title)); ok {
			note = r
		} else if r, ok := firstFitting(rule, pane.FootRoom(o.w)); ok {
			foot = r
		}
	}
	return pane.FrameFoot(o.th, o.w, o.h, title, note, foot, body)
}

// firstFitting is the first of texts (the longest first) at most w cells
// wide.
func firstFitting(texts []string, w int) (string, bool) {
	for _, t := range texts {
		if pane.Width(t) <= w {
			return t, true
		}
	}
	return "", false
}

// bandLayout fits n bands into rows: their height, the blank row between
// two when there is room for it, and how many are shown (all, unless some
// would get no row).
func bandLayout(rows, n int) (hb, sep, shown int) {
	if rows >= 2*n+(n-1) {
		sep = 1
	}
	hb = (rows - sep*(n-1)) / max(n, 1)
	if hb < 1 {
		return 1, 0, rows
	}
	return hb, sep, n
}

// letterLegend spells out the band letters, packed on as few lines as fit.
func (o *Outcomes) letterLegend(s *engine.Snapshot, letters []rune, iw int) []string {
	var lines []string
	var cur strings.Builder
	w := 0
	for i := range s.Endpoints {
		item := string(letters[i]) + " " + s.Endpoints[i].Name
		pw := len([]rune(item))
		if w > 0 && w+2+pw > iw {
			lines = append(lines, cur.String())
			cur.Reset()
			w = 0
		}
		if w > 0 {
			cur.WriteString("  ")
			w += 2
		}
		cur.WriteString(o.th.Series(i).Render(string(letters[i])) + " " + s.Endpoints[i].Name)
		w += pw
	}
	if w > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

func (o *Outcomes) inks(endpoints int) []theme.Ink {
	inks := []theme.Ink{clPlain: {}, clAxis: theme.InkOf(o.th.Border), clLabel: theme.InkOf(o.th.Dim), clFault: theme.InkOf(o.th.Bad.Bold(true))}
	for _, oc := range engine.Outcomes {
		inks = append(inks, theme.InkOf(o.th.Outcome(oc)))
	}
	for e := range endpoints {
		inks = append(inks, theme.InkOf(o.th.Series(e)))
	}
	return inks
}

// legendItem is one entry of the legend in its words, the longest first:
// words plain, draw(k) words[k] as drawn (styled only once the words are
// chosen: a frame of the sandbox draws the chart afresh).
type legendItem struct {
	kind  legendKind
	words []string
	draw  func(k int) string
	// from is the longest words that fit a line.
	from int
}

// legendKind says what a legend entry explains.
type legendKind int

const (
	legendFills legendKind = iota
	legendRule
	legendNone
	legendFault
)

// width is the cells words k take.
func (it *legendItem) width(k int) int { return len([]rune(it.words[k])) }

// legendItems are the legend's entries, most important first: the fills,
// how a band too short for its shares draws them (rule's words, when that
// changed a cell), the dot of a stretch with nothing decided (when the
// chart has one) and the fault marks. It returns them and the rule's
// index (-1 without a rule).
func (o *Outcomes) legendItems(iw int, none bool, rule []string) ([]legendItem, int) {
	// The outcomes' names, then the shorter names the lesson tables use
	// where they are narrow, so that the dot and the fault still find
	// room beside them on a one-line legend.
	type naming struct {
		gap   string
		names func(engine.Outcome) string
	}
	namings := []naming{{" ", engine.Outcome.String}, {"", engine.Outcome.String}, {"", theme.OutcomeShort}, {"", theme.OutcomeTiny}}
	fill := func(n naming, styled bool) string {
		parts := make([]string, len(engine.Outcomes))
		for i, oc := range engine.Outcomes {
			g := string(theme.OutcomeGlyph(oc))
			if styled {
				g = o.th.Outcome(oc).Render(g)
			}
			parts[i] = g + n.gap + n.names(oc)
		}
		return strings.Join(parts, " ")
	}
	fills := legendItem{kind: legendFills, draw: func(k int) string { return fill(namings[k], true) }}
	for _, n := range namings {
		fills.words = append(fills.words, fill(n, false))
	}
	if fills.width(0) > iw {
		fills.from = 1 // a glyph close to its name
	}
	items := []legendItem{fills}
	dim := func(it *legendItem) func(int) string {
		return func(k int) string { return o.th.Dim.Render(it.words[k]) }
	}
	ruleItem := -1
	if len(rule) > 0 {
		it := legendItem{kind: legendRule}
		for _, r := range rule {
			if len([]rune(r)) <= iw {
				it.words = append(it.words, r)
			}
		}
		if len(it.words) == 0 {
			it.words = rule[len(rule)-1:]
		}
		it.draw = dim(&it)
		ruleItem = len(items)
		items = append(items, it)
	}
	if none {
		it := legendItem{kind: legendNone}
		for _, t := range []string{" nothing decided", " undecided", "undecided", "none"} {
			it.words = append(it.words, string(glyphNone)+t)
		}
		it.draw = dim(&it)
		items = append(items, it)
	}
	if first := faultLegendPlain(&o.data, iw); first != "" {
		it := legendItem{kind: legendFault, words: []string{first}}
		last := "fault"
		if len(o.data.Faults) > 1 {
			last = "faults"
		}
		for _, t := range []string{"━ " + last, "━" + last} {
			if len([]rune(t)) < len([]rune(first)) {
				it.words = append(it.words, t)
			}
		}
		// As faultLegend draws it: the mark in the fault's colour.
		it.draw = func(k int) string { return o.th.Bad.Bold(true).Render("━") + it.words[k][len("━"):] }
		items = append(items, it)
	}
	return items, ruleItem
}

// without is items less the one at i (none when i < 0).
func without(items []legendItem, i int) []legendItem {
	if i < 0 {
		return items
	}
	return slices.Delete(slices.Clone(items), i, i+1)
}

// packLegend lays the items out, each in its words pick[i] (its longest
// that fit when pick is nil), on as few lines of iw cells as fit, sep
// between two on a line. It returns the lines and the one item ruleItem
// is on (-1 without it).
func packLegend(items []legendItem, ruleItem int, pick []int, sep string, iw int) ([]string, int) {
	var lines []string
	var line strings.Builder
	ruleLine := -1
	onLine := legendLines(items, pick, sep, iw)
	for i := range items {
		if i > 0 && onLine[i] != onLine[i-1] {
			lines = append(lines, line.String())
			line.Reset()
		} else if i > 0 {
			line.WriteString(sep)
		}
		line.WriteString(items[i].draw(chosen(items, pick, i)))
		if i == ruleItem {
			ruleLine = onLine[i]
		}
	}
	return append(lines, line.String()), ruleLine
}

// chosen is the words item i is drawn in: pick[i], or its longest that
// fit when pick is nil.
func chosen(items []legendItem, pick []int, i int) int {
	if pick == nil {
		return items[i].from
	}
	return pick[i]
}

// legendLines is the line of the legend each item goes on, as packLegend
// lays them out, without drawing them.
func legendLines(items []legendItem, pick []int, sep string, iw int) []int {
	onLine := make([]int, len(items))
	n, w := 0, 0
	for i := range items {
		width := items[i].width(chosen(items, pick, i))
		switch {
		case i == 0:
			w = width
		case w+len(sep)+width <= iw:
			w += len(sep) + width
		default:
			n++
			w = width
		}
		onLine[i] = n
	}
	return onLine
}

// fitLegend packs the items into at most lines lines, in their longest
// words that fit: it shortens first the fills' spacing, then the fault's
// words (the axis still marks where it is), the dot's, the rule's, the
// space between entries, and the outcomes' names last, unless short is
// false; then it gives back the longer words the lines still have room
// for, the outcomes' names' at once, then the rule's, the dot's, the
// fault's and the fills' spacing. ok is false when even the shortest words
// take more lines.
func fitLegend(items []legendItem, ruleItem, iw, lines int, short bool) (packed []string, ruleLine int, ok bool) {
	pick := make([]int, len(items))
	for i, it := range items {
		pick[i] = it.from
	}
	sep := "  "
	fits := func() bool {
		on := legendLines(items, pick, sep, iw)
		return len(on) == 0 || on[len(on)-1] < lines
	}
	index := func(k legendKind) int {
		return slices.IndexFunc(items, func(it legendItem) bool { return it.kind == k })
	}
	// shorten steps item k's words down, at most to its words last (its
	// shortest when last < 0).
	shorten := func(k legendKind, last int) bool {
		i := index(k)
		if i >= 0 && last < 0 {
			last = len(items[i].words) - 1
		}
		for i >= 0 && pick[i] < min(last, len(items[i].words)-1) {
			if pick[i]++; fits() {
				return true
			}
		}
		return false
	}
	const closeUp, tiny = 1, 3 // the fills' words: a glyph close to its name; the shortest names
	done := fits() || shorten(legendFills, closeUp) || shorten(legendFault, -1) ||
		shorten(legendNone, -1) || shorten(legendRule, -1)
	if !done {
		sep = " "
		done = fits() || (short && shorten(legendFills, tiny))
	}
	if !done {
		return nil, -1, false
	}
	// Shortening one entry can leave room for another's longer words:
	// the space between entries first, the fills' spacing last, which
	// says nothing.
	if sep == " " {
		if sep = "  "; !fits() {
			sep = " "
		}
	}
	for _, k := range []legendKind{legendRule, legendNone, legendFault, legendFills} {
		for i := index(k); i >= 0 && pick[i] > items[i].from; {
			if pick[i]--; !fits() {
				pick[i]++
				break
			}
		}
	}
	packed, ruleLine = packLegend(items, ruleItem, pick, sep, iw)
	return packed, ruleLine, true
}

// faultLegend says what the heavy stretch of the time axis means, in at
// most w cells.
func faultLegend(th *theme.Theme, d *pane.Data, w int) string {
	p := faultLegendPlain(d, w)
	if p == "" {
		return ""
	}
	return th.Bad.Bold(true).Render("━") + p[len("━"):]
}

// faultLegendPlain is the longest of the fault's descriptions that fits in
// w cells: the first fault in full with a count of the others, the faults'
// dependencies, their number. Cut words never: the shortest stands even
// when it does not fit. Its times read in seconds, "10s–30s", or on a
// long run as the run's notes write them (d.Moment): "12h 00m–12h 05m
// 10.5s", where "43200s–43510.5s" sat under axes in hours.
func faultLegendPlain(d *pane.Data, w int) string {
	faults := d.Faults
	if len(faults) == 0 {
		return ""
	}
	f := faults[0]
	from, to := d.Moment.Or(f.From, 0, trimSeconds(f.From)), d.Moment.Or(f.To, 0, trimSeconds(f.To))
	first := fmt.Sprintf("━ %s %s %s–%s", f.Dependency, spanVerb(f), from, to)
	tries := []string{first}
	if len(faults) > 1 {
		var deps []string
		for _, g := range faults {
			if !slices.Contains(deps, g.Dependency) {
				deps = append(deps, g.Dependency)
			}
		}
		tries = []string{first + fmt.Sprintf(" (+%d more)", len(faults)-1), first + fmt.Sprintf(" +%d", len(faults)-1),
			"━ faults: " + strings.Join(deps, ", "), fmt.Sprintf("━ %d faults", len(faults))}
	} else {
		tries = append(tries, "━ "+f.Dependency+" "+spanVerb(f), "━ fault")
	}
	for _, t := range tries {
		if len([]rune(t)) <= w {
			return t
		}
	}
	return tries[len(tries)-1]
}

// spanVerb is what the span's part does: a service's or a burst's own
// words, else the dependency fault's verb.
func spanVerb(f pane.FaultSpan) string {
	if f.What != "" {
		return f.What
	}
	return verb(f.Kind)
}

func verb(k engine.FaultKind) string {
	switch k {
	case engine.Hang:
		return "hangs"
	case engine.Slow:
		return "slow"
	case engine.Error:
		return "errors"
	}
	return k.String()
}

// trimSeconds writes a time as seconds without a space: "10s", "0.5s".
func trimSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// roundSpan rounds a column's span for its label.
func roundSpan(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Second:
		return d.Round(time.Second)
	case d >= time.Second:
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(10 * time.Millisecond)
}

// columnSpan writes the virtual time a column of a run of duration dur
// drawn cols wide covers, as the status line's clock writes a time of the
// run (SpanUnit, pane.ClockIn): in the axes' unit, or the largest below it
// the span fills ("49m 39s" a column of a 24-hour run, whose axes and
// clock read in hours; "56 s" where "0h 00m" said nothing), and in the
// fewest digits in seconds. It wrote "2979 s" under a clock in hours.
func columnSpan(dur time.Duration, cols int) string {
	span := roundSpan(dur / time.Duration(cols))
	unit := SpanUnit(dur)
	for unit > time.Second && span < unit {
		unit /= 60 // an hour's minutes, a minute's seconds
	}
	if unit > time.Second {
		return pane.ClockIn(span, unit)
	}
	return pane.SecondsShort(span)
}

// NotablePercent is the share of a column's requests from which an
// outcome always gets a cell of its band: a one-row band gave its cell to
// the largest share, so noisy-tenant's surge, 38% of it rejected, was
// drawn solid ok while every other pane said otherwise. The help says it
// (CellRule), so it is exported rather than typed there again.
const NotablePercent = 10

// CellRule says in the help's words how a band picks its cells
// (apportion), with the threshold the chart applies: the legend's
// "cell: worst outcome ≥10%" was explained nowhere.
func CellRule() string {
	p := strconv.Itoa(NotablePercent) + "%"
	return "A band's rows are shared among the outcomes by count, but an outcome of at least " + p +
		" of a column's decided requests always gets a cell, the worst first: so a band one row high shows in each cell the worst outcome that reached " + p +
		" of its column, not the commonest (the legend's \"cell: worst outcome ≥" + p + "\")."
}

// shareRule is what the legend says, the longest words first, when a band
// too short for its shares drew one of NotablePercent or more that
// proportion alone would have left out (apportion): what a one-row band's
// cell shows, else that each such outcome keeps a cell.
func shareRule(hb int) []string {
	p := "≥" + strconv.Itoa(NotablePercent) + "%"
	if hb == 1 {
		return []string{"a cell shows its worst outcome of " + p, "cell: worst outcome " + p, "cell: worst " + p, "worst " + p}
	}
	return []string{"an outcome of " + p + " always gets a cell, worst first", "outcomes " + p + " always get a cell", p + " always shown", p + " shown"}
}

// columnCounts counts, by outcome, the requests decided in column c of the
// axis so far, and their total.
func columnCounts(e *engine.EndpointSnapshot, ax timeAxis, c int) (counts [len(engine.Outcomes)]uint64, total uint64) {
	lo, hi := ax.buckets(c)
	for b := lo; b < min(hi, len(e.Series)); b++ {
		for oi := range engine.Outcomes {
			counts[oi] += uint64(e.Series[b].Outcomes[oi])
			total += uint64(e.Series[b].Outcomes[oi])
		}
	}
	return counts, total
}

// promotes says whether some column of the kept bands, hb rows high, draws
// an outcome that proportion alone would have left out: then the legend
// must say how the chart picks its cells.
func (o *Outcomes) promotes(s *engine.Snapshot, kept []int, ax timeAxis, cw, hb int) bool {
	cells := make([]int, len(engine.Outcomes))
	for _, e := range kept {
		ep := &s.Endpoints[e]
		for c := range cw {
			if !columnStarted(ep, ax, c) {
				break
			}
			counts, total := columnCounts(ep, ax, c)
			if total > 0 && apportion(cells, counts[:], total, hb) {
				return true
			}
		}
	}
	return false
}

// apportion splits rows cells among counts in proportion, by largest
// remainder, so the cells always add up to rows; then each outcome of at
// least NotablePercent of the total that got no cell takes one, the worst
// (the last, in engine.Outcomes' order) first, from the outcome with the
// most cells while it keeps one, else from the best outcome drawn that is
// better than it. So a one-row band shows the worst outcome of a notable
// share, not the largest one. It says whether any outcome took a cell so.
func apportion(cells []int, counts []uint64, total uint64, rows int) (promoted bool) {
	given := 0
	rem := make([]uint64, len(counts))
	for i, c := range counts {
		q := c * uint64(rows)
		cells[i] = int(q / total)
		rem[i] = q % total
		given += cells[i]
	}
	for given < rows {
		best := -1
		for i := range counts {
			if counts[i] > 0 && (best < 0 || rem[i] > rem[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		cells[best]++
		rem[best] = 0
		given++
	}
	for i := len(counts) - 1; i >= 0; i-- {
		if cells[i] > 0 || counts[i]*100 < total*NotablePercent {
			continue
		}
		donor := -1
		for j := range cells {
			if cells[j] > 1 && (donor < 0 || cells[j] > cells[donor]) {
				donor = j
			}
		}
		for j := 0; donor < 0 && j < i; j++ {
			if cells[j] > 0 {
				donor = j
			}
		}
		if donor < 0 {
			break // every cell shows an outcome worse than this one
		}
		cells[donor]--
		cells[i]++
		promoted = true
	}
	return promoted
}
