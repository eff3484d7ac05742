package chart

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/NimbleMarkets/ntcharts/linechart"
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
	held    bool
	frame   frame
	key     chartKey
	hasData bool
	dirty   bool
	view    string
}

// chartKey is what a chart's picture depends on besides its size.
type chartKey struct {
	gen     uint64
	samples int
	series  int
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
// arrived or the run changed.
func (o *Outcomes) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	k := chartKey{gen: d.Gen, series: len(d.Snap.Endpoints)}
	if len(d.Snap.Endpoints) > 0 {
		k.samples = len(d.Snap.Endpoints[0].Series)
	}
	o.data = d
	if o.hasData && k == o.key {
		return
	}
	o.key, o.hasData, o.dirty = k, true, true
}

// View draws the chart, from the cache when nothing changed.
func (o *Outcomes) View() string {
	if o.dirty {
		o.view = strings.Join(o.render(), "\n")
		o.dirty = false
	}
	return o.view
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
	none := false
	for e := range s.Endpoints {
		for c := range cw {
			if decidedIn(&s.Endpoints[e], ax, c) == 0 && columnStarted(&s.Endpoints[e], ax, c) {
				none = true
			}
		}
	}
	legend := o.legend(iw, none)
	if byLetter {
		legend = append(o.letterLegend(s, letters, iw), legend...)
	}
	// Drop the fault's line of the legend before the bands get too thin:
	// the heavy axis still marks the fault.
	for len(legend) > 1 && ih-len(legend)-2 < 2*n {
		legend = legend[:len(legend)-1]
	}
	chartH := ih - len(legend)
	if chartH < 3 {
		legend = legend[:0]
		chartH = ih
	}
	lc, base := o.frame.get(frameKey{w: cw, h: chartH, top: 1, dur: s.Duration, every: s.SampleEvery}, func() linechart.Model {
		ticks := ax.ticks()
		return linechart.New(cw, chartH, 0, 1, 0, 1,
			linechart.WithXYSteps(1, 0),
			linechart.WithXLabelFormatter(func(i int, _ float64) string { return ticks[i] }))
	})
	g := grid.New(iw, chartH)
	g.Blit(base, lw, 0)
	rows := lc.Origin().Y // plot rows above the axis
	sep := 0
	if rows >= 2*n+(n-1) {
		sep = 1
	}
	hb := (rows - sep*(n-1)) / max(n, 1)
	shown := n
	if hb < 1 {
		hb, sep, shown = 1, 0, rows
	}
	kept := o.keep(s, shown)
	top := rows - (shown*hb + sep*(shown-1)) // blank rows above the bands
	cells := make([]int, len(engine.Outcomes))
	x0 := lw + plotX(lc)
	for row, e := range kept {
		ep := &s.Endpoints[e]
		y0 := top + row*(hb+sep) // the band's top row
		label := []rune(names[e])
		g.Text(lw-1-len(label), y0+(hb-1)/2, string(label), clFirstData+grid.Class(len(engine.Outcomes)+e))
		for c := range cw {
			if o.held {
				break
			}
			lo, hi := ax.buckets(c)
			if lo >= len(ep.Series) {
				break
			}
			var counts [8]uint64
			var total uint64
			for b := lo; b < min(hi, len(ep.Series)); b++ {
				for oi := range engine.Outcomes {
					counts[oi] += uint64(ep.Series[b].Outcomes[oi])
					total += uint64(ep.Series[b].Outcomes[oi])
				}
			}
			if total == 0 {
				// Nothing was decided here: every request of the stretch
				// is still waiting (or none came).
				g.Set(x0+c, y0+hb-1, glyphNone, clLabel)
				continue
			}
			apportion(cells, counts[:len(engine.Outcomes)], total, hb)
			y := y0 + hb - 1
			for oi, k := range cells {
				for range k {
					g.Set(x0+c, y, theme.OutcomeGlyph(engine.Outcomes[oi]), clOutcome+grid.Class(oi))
					y--
				}
			}
		}
	}
	markFaults(g, lw, lc, faultColumns(ax, o.data.Faults))
	inks := o.inks(n)
	body := g.Lines(inks)
	body = append(body, legend...)
	span := "≈" + pane.SecondsShort(roundSpan(s.Duration/time.Duration(cw)))
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
	return pane.Frame(o.th, o.w, o.h, title, note, body)
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

// legend explains the fills, the dot of a stretch with nothing decided
// (when the chart has one) and the fault marks, packed on as few lines as
// fit, most important first.
func (o *Outcomes) legend(iw int, none bool) []string {
	var parts []string
	plain := -1
	for _, oc := range engine.Outcomes {
		plain += 3 + len(oc.String())
	}
	gap := " "
	if plain > iw {
		gap, plain = "", plain-len(engine.Outcomes)
	}
	for _, oc := range engine.Outcomes {
		g := string(theme.OutcomeGlyph(oc))
		parts = append(parts, o.th.Outcome(oc).Render(g)+gap+oc.String())
	}
	type item struct {
		text  string
		width int
	}
	items := []item{{strings.Join(parts, " "), plain}}
	if none {
		t := string(glyphNone) + " nothing decided"
		items = append(items, item{o.th.Dim.Render(t), len([]rune(t))})
	}
	if f := faultLegend(o.th, o.data.Faults, iw); f != "" {
		items = append(items, item{f, len([]rune(faultLegendPlain(o.data.Faults, iw)))})
	}
	var lines []string
	line, w := "", 0
	for _, it := range items {
		switch {
		case w == 0:
			line, w = it.text, it.width
		case w+2+it.width <= iw:
			line, w = line+"  "+it.text, w+2+it.width
		default:
			lines = append(lines, line)
			line, w = it.text, it.width
		}
	}
	return append(lines, line)
}

// faultLegend says what the heavy stretch of the time axis means, in at
// most w cells.
func faultLegend(th *theme.Theme, faults []pane.FaultSpan, w int) string {
	p := faultLegendPlain(faults, w)
	if p == "" {
		return ""
	}
	return th.Bad.Bold(true).Render("━") + p[len("━"):]
}

// faultLegendPlain is the longest of the fault's descriptions that fits in
// w cells: the first fault in full with a count of the others, the faults'
// dependencies, their number. Cut words never: the shortest stands even
// when it does not fit.
func faultLegendPlain(faults []pane.FaultSpan, w int) string {
	if len(faults) == 0 {
		return ""
	}
	f := faults[0]
	first := fmt.Sprintf("━ %s %s %s–%s", f.Dependency, spanVerb(f), trimSeconds(f.From), trimSeconds(f.To))
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

// apportion splits rows cells among counts in proportion, by largest
// remainder, so the cells always add up to rows.
func apportion(cells []int, counts []uint64, total uint64, rows int) {
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
}
