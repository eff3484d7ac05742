package chart

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/grid"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// InFlight charts the calls in flight at each dependency over virtual time,
// one line per dependency drawn with its letter, and each bulkhead's cap as
// a dotted line. The calls whose caller already gave up (timed out) are
// still in flight, since the dependency goes on working on them: they are
// the top part of each line's column, hatched with ╱, so a line above a
// bulkhead's cap reads as the abandoned calls it is, not as a broken cap.
// Under a cap, the part below the hatching is what the cap bounds, the
// permits held (plotted), which count the calls still dialling too.
// Without one, the calls dialling a connection are not in flight at the
// dependency and the line leaves them out (pane.Held); when they pile up
// (an unreachable host's dials last as long as the fault) they are a
// band of ░ of their own above the line, so the pile-up the map counts ("26 in flight
// · 1,897 dialling") is seen here too.
type InFlight struct {
	th   *theme.Theme
	w, h int

	data  pane.Data
	frame frame
	cols  int
	key   viewKey
	dirty bool
	view  string
	// rows are the plot rows the last picture laid its scale out for
	// (yScale), with and, when the caps were too coarse, without them;
	// 0 when it drew no plot.
	rows [2]int
	// peaks are the scale's inputs from the samples (scaleInputs), for
	// the samples of peaksOf.
	peaks   scalePeaks
	peaksOf chartKey
	// plots counts the plot's drawings, for a test that a peak between
	// two samples that moves no scale does not draw it again.
	plots int
	// shared is the top of a scale shared with a chart drawn beside this
	// one to be compared with it (ShareScale): the scale reaches at least
	// that high. 0: its own.
	shared float64
	// own is the scale the chart takes by itself (ScaleTop), kept with
	// what it was laid out for: asked once a frame, it lays the chart out
	// again only when its picture drawn on that scale would change.
	own ownScale
}

// ownScale is ScaleTop's last answer: the top, the size and the plot rows
// it was laid out on, and the picture's key on that scale (keyScale).
type ownScale struct {
	key  viewKey
	w, h int
	rows [2]int
	top  float64
	// layouts counts ScaleTop's layouts, for a test that a frame whose
	// picture would not change lays out nothing.
	layouts int
}

// scalePeaks are what the y scale reads from the samples: the highest
// cap (at least 1), and each dependency's highest plotted sample and
// highest top of its dialling band.
type scalePeaks struct {
	capTop           float64
	sampled, stacked []float64
}

// scaleInputs reads the scale's peaks from s's samples into p, reusing
// its buffers.
func scaleInputs(s *engine.Snapshot, p *scalePeaks) {
	n := len(s.Dependencies)
	p.capTop = 1
	p.sampled = append(p.sampled[:0], make([]float64, n)...)
	p.stacked = append(p.stacked[:0], make([]float64, n)...)
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if pane.Uncalled(s, d.Name) {
			continue // a dependency this variant never calls: no line, no cap
		}
		p.capTop = max(p.capTop, float64(pane.OneCap(d)))
		for _, smp := range d.Series {
			p.sampled[i] = max(p.sampled[i], float64(plotted(d, smp)))
			p.stacked[i] = max(p.stacked[i], float64(plotted(d, smp)+dialsApart(d, smp)))
		}
	}
}

// NewInFlight makes an empty in-flight chart.
func NewInFlight(th *theme.Theme) *InFlight { return &InFlight{th: th, dirty: true} }

// Init does nothing.
func (f *InFlight) Init() tea.Cmd { return nil }

// Update takes pane.DataMsg; the chart has no keys.
func (f *InFlight) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(pane.DataMsg); ok {
		f.SetData(pane.Data(d))
	}
	return f, nil
}

// SetSize sets the chart's outer size, border included.
func (f *InFlight) SetSize(w, h int) {
	if w != f.w || h != f.h {
		f.w, f.h, f.dirty = w, h, true
	}
}

// SetData takes a new snapshot; the chart redraws only when what it
// draws changed: a new sample, the run, or a figure of the moment it
// reads between two samples: whether the legend explains abandoned calls
// (mayAbandon), and the peaks in flight,
// which the y scale counts (yScale) and the top edge may name. Keyed on
// the peaks themselves, a peak that rose between two samples under the
// scale's top drew the whole chart again; it is keyed on what the scale
// makes of them, on the rows the last picture laid it out for.
func (f *InFlight) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	f.data = d
	if f.keyOn(d) {
		f.dirty = true
	}
}

// keyOn keys the picture on d, its scale laid out on the rows of the last
// picture, and says whether that is another picture than the last one.
func (f *InFlight) keyOn(d pane.Data) bool { return f.keyScale(&f.key, d, f.rows, f.shared) }

// keyScale keys key on d, its scale laid out on rows (those of the
// picture keyed before, as render records them) at least as high as
// shared, and says whether that is another picture than the one key was
// last keyed on.
func (f *InFlight) keyScale(key *viewKey, d pane.Data, rows [2]int, shared float64) bool {
	s := d.Snap
	k := chartKey{gen: d.Gen, series: len(s.Dependencies), moment: d.Moment != nil}
	if len(s.Dependencies) > 0 {
		k.samples = len(s.Dependencies[0].Series)
	}
	// Whether the legend explains the hatching, not the abandoned calls
	// now: under a timeout it does from the start.
	now := append(key.figures(), flag(mayAbandon(s)))
	if rows[0] == 0 || len(s.Dependencies) == 0 {
		// No scale laid out yet, or none to lay out: the peaks themselves.
		for i := range s.Dependencies {
			now = append(now, int64(s.Dependencies[i].InFlightMax))
		}
	} else {
		if f.peaksOf != k || f.peaks.sampled == nil {
			scaleInputs(s, &f.peaks)
			f.peaksOf = k
		}
		// The scale, whether the caps are drawn (the line's highest value
		// counts only there: capsTooCoarse), and the peak the top edge
		// names, as render lays them out.
		for _, gh := range rows {
			if gh == 0 {
				continue
			}
			top, linePeak, unshown := yScale(s, f.peaks.capTop, f.peaks.sampled, f.peaks.stacked, gh, shared)
			now = append(now, int64(gh), bits(top), flag(capsTooCoarse(s, top, linePeak, gh)), int64(unshown))
			if unshown >= 0 {
				now = append(now, int64(s.Dependencies[unshown].InFlightMax))
			}
		}
	}
	return key.update(k, now, d.Faults)
}

// View draws the chart, from the cache when nothing changed.
func (f *InFlight) View() string {
	if f.dirty {
		f.view = strings.Join(f.render(), "\n")
		f.dirty = false
		f.plots++
		if f.data.Snap != nil {
			// Keyed again on the rows just laid out, so that the next
			// snapshot is told apart from this one on the same rows.
			f.keyOn(f.data)
		}
	}
	return f.view
}

const (
	clCap     = clFirstData
	clLine    = clFirstData + 1 // + dependency index
	capRune   = '┄'
	hatchRune = '╱' // abandoned calls
	dialRune  = '░' // calls dialling, above the line
)

// The words for the abandoned calls in the legend, from the most to the
// least room: the legend's levels.
var abandonedWords = [...]string{
	"abandoned: the caller gave up, the dependency still works",
	"abandoned: the caller gave up",
	"abandoned",
}

const legendLevels = len(abandonedWords)

// The words for the dialling calls' band, by the same levels.
var diallingWords = [legendLevels]string{
	"dialling: calls made, not yet at the dependency",
	"dialling: not yet at the dependency",
	"dialling",
}

func (f *InFlight) render() []string {
	f.rows = [2]int{}
	s := f.data.Snap
	title := "Calls in flight per dependency"
	shortTitle := "In flight" // for a peak note the whole title leaves no room for
	if s == nil || len(s.Dependencies) == 0 || f.w < 12 || f.h < 5 {
		return pane.Frame(f.th, f.w, f.h, title, "", nil)
	}
	iw, ih := f.w-2, f.h-2
	names := make([]string, len(s.Dependencies))
	for i := range s.Dependencies {
		names[i] = s.Dependencies[i].Name
	}
	letters := pane.Letters(names)
	// The y scale: the line's highest point so far, or a bulkhead's cap.
	// The samples see the count only at their ends; the peak the engine
	// records between them (InFlightMax) reaches the axis too, so that it
	// reads the "up to 73 in flight" a lesson quotes beside it (the samples
	// of lesson 9's "Add a timeout" top out at 72), but not so far above
	// the line that it flattens it (yScale): go-server's 1,315 between two
	// samples of at most 189 stretched the axis to 2000 and drew every line
	// on the 0 row. Such a peak is named on the top edge instead.
	//
	// The dialling band's top counts as a recorded peak does: go-server's
	// payments, 26 in flight under some 1,900 dials, would otherwise draw
	// its line and every other on the 0 row of an axis to 2000. Past that
	// the band runs off the top, and the top edge counts the dials.
	var inputs scalePeaks
	scaleInputs(s, &inputs)
	lay := f.layOut(s, names, letters, iw, ih, &inputs, f.shared)
	if lay.gh < 2 {
		// One plot row is the 0 row alone: every mark drew on it, 16 in
		// flight as 0, at a height of 5. The figures the line would
		// show are said instead.
		return pane.Frame(f.th, f.w, f.h, title, "", f.tooShort(letters, iw, ih))
	}
	f.rows = lay.rows
	chartH, gh, top, unshown, drawCaps := lay.chartH, lay.gh, lay.top, lay.unshown, lay.drawCaps
	var legend []string
	if lay.legendRows > 0 {
		legend = f.legend(names, letters, iw, lay.level, drawCaps)
	}
	if !drawCaps {
		// On the top edge, which pane.Frame clips at iw-3 cells: a frame
		// too narrow for the pane's whole name with them shortens the
		// name, not the caps.
		if caps := capWords(s, names, letters, iw-3-len("In flight,")); caps != "" {
			title += "," + caps
			shortTitle += "," + caps
			if pane.Width(title) > iw-3 {
				title = shortTitle
			}
		}
	}
	topLabel := strconv.FormatFloat(top, 'f', -1, 64)
	// A middle label only on a row whose value is a whole number.
	mid, midLabel := -1, ""
	for _, i := range []int{1 + (gh-1)/2, 2 + (gh-1)/2} {
		v := top * float64(i-1) / float64(gh-1)
		if gh >= 5 && i < gh && v == math.Round(v) {
			mid, midLabel = i, strconv.FormatFloat(v, 'f', -1, 64)
			break
		}
	}
	// The least top a scale takes (scaleTop of nothing): a top past it
	// comes from a call, here or in the chart a shared scale is shared
	// with (ShareScale), whose ticks are then no invention.
	bareY := lay.linePeak == 0 && !anyCap(s) && top <= scaleTop(0, gh)
	if bareY {
		// No call in flight yet and no cap to scale to (a run at 0.0 s):
		// the axis says 0 alone, not ticks up to a top of nothing ("5",
		// "2"). A bulkhead's cap, when there is one, is a bound the
		// scenario gives, and the axis scales to it already.
		topLabel, mid = "", -1
	}
	yLabel := func(i int, _ float64) string {
		switch i {
		case 1:
			return "0"
		case gh:
			return topLabel
		case mid:
			return midLabel
		}
		return ""
	}
	// The plot's width depends on the y labels' width; ntcharts works it
	// out, and the frame cache keeps it until the size or the scale changes.
	key := frameKey{w: iw, h: chartH, top: top, dur: s.Duration, every: s.SampleEvery, yAxis: true, bareY: bareY}
	// The probe becomes the chart (timeChart) when the frame is built
	// below, which it is whenever the probe was made.
	var probe *lineAxes
	if !f.frame.ok || f.frame.key != key {
		a := newLineAxes(iw, chartH, 0, 1, 0, top, 1, 1, nil, yLabel)
		probe = &a
		f.cols = probe.graphW
	}
	cols := f.cols
	if cols < 4 {
		return pane.Frame(f.th, f.w, f.h, title, "", []string{"(too narrow)"})
	}
	ax := newTimeAxis(s.Duration, s.SampleEvery, cols)
	plot, axes := f.frame.get(key, func() lineAxes {
		return timeChart(*probe, cols, ax.ticks())
	})
	g := grid.New(iw, chartH)
	axes.drawOn(g, 0)

	// The abandoned calls: the top of each column, between the calls
	// still awaited and the line. The calls dialling: above the line, up
	// to the top row at most. Caps and lines are drawn over both.
	nDeps := len(s.Dependencies)
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		series := d.Series
		cl := clLine + grid.Class(nDeps+i)
		for c := range cols {
			lo, hi := ax.buckets(c)
			if lo >= len(series) {
				break
			}
			hi = min(hi, len(series))
			b := mostInFlight(d, series, lo, hi)
			total := float64(plotted(d, series[b]))
			// The band reaches the column's highest line and dials in
			// one sample, as the scale counted it: the sample of the
			// column's line may be one before the hang's first dials.
			stack := total
			for _, smp := range series[lo:hi] {
				if n := dialsApart(d, smp); n > 0 {
					stack = max(stack, float64(plotted(d, smp)+n))
				}
			}
			if stack > total {
				line := plotPoint(plot, canvas.Float64Point{X: float64(c), Y: total})
				band := plotPoint(plot, canvas.Float64Point{X: float64(c), Y: min(stack, top)})
				for y := band.Y; y < line.Y; y++ {
					g.Set(line.X, y, dialRune, cl)
				}
			}
			gone := float64(series[b].Abandoned)
			if gone == 0 {
				continue
			}
			line := plotPoint(plot, canvas.Float64Point{X: float64(c), Y: total})
			live := plotPoint(plot, canvas.Float64Point{X: float64(c), Y: total - gone})
			for y := line.Y + 1; y < live.Y; y++ {
				g.Set(line.X, y, hatchRune, cl)
			}
		}
	}
	for i := range s.Dependencies {
		if c := pane.OneCap(&s.Dependencies[i]); drawCaps && c > 0 && !pane.Uncalled(s, s.Dependencies[i].Name) {
			plotLine(g, 0, plot, canvas.Float64Point{X: 0, Y: float64(c)}, canvas.Float64Point{X: float64(cols - 1), Y: float64(c)}, capRune, clCap)
		}
	}
	// Draw the busiest dependency last so that it stays on top.
	order := make([]int, len(s.Dependencies))
	peaks := make([]int32, len(order))
	for i := range order {
		order[i] = i
		for _, smp := range s.Dependencies[i].Series {
			peaks[i] = max(peaks[i], plotted(&s.Dependencies[i], smp))
		}
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && peaks[order[j]] < peaks[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, i := range order {
		if pane.Uncalled(s, s.Dependencies[i].Name) {
			continue
		}
		d := &s.Dependencies[i]
		series := d.Series
		cl := clLine + grid.Class(i)
		var prev canvas.Float64Point
		have := false
		for c := range cols {
			lo, hi := ax.buckets(c)
			if lo >= len(series) {
				break
			}
			// The column's most in flight, not its mean: the mean of its
			// samples hid go-server's 189 at 70 s among the 26s around it,
			// under an axis the samples' 189 had raised.
			b := mostInFlight(d, series, lo, min(hi, len(series)))
			pt := canvas.Float64Point{X: float64(c), Y: float64(plotted(d, series[b]))}
			if !have {
				prev = pt
			}
			plotLine(g, 0, plot, prev, pt, letters[i], cl)
			prev, have = pt, true
		}
	}
	markFaults(g, 0, plot, faultColumns(ax, f.data.Faults))
	colors := pane.DependencyColors(s)
	inks := []theme.Ink{clPlain: {}, clAxis: theme.InkOf(f.th.Border), clLabel: theme.InkOf(f.th.Dim),
		clFault: theme.InkOf(f.th.Bad.Bold(true)), clCap: theme.InkOf(f.th.Warn)}
	for i := range letters {
		inks = append(inks, theme.InkOf(f.th.Series(colors[i]).Bold(true)))
	}
	// The hatching is fainter than its line, which is bold. But on a light
	// background faint goes halfway to white (xterm, VTE): the light
	// theme's series colours, 4.5:1 against white and more, fell to 2.0
	// to 3.4:1, and the abandoned calls washed out. There the hatching is
	// the plain colour: its glyph and the line's bold letters tell the two
	// apart.
	for i := range letters {
		hatch := f.th.Series(colors[i])
		if !f.th.Light {
			hatch = hatch.Faint(true)
		}
		inks = append(inks, theme.InkOf(hatch))
	}
	body := append(g.Lines(inks), legend...)
	room := func(title string) int { return iw - len([]rune(title)) - 7 }
	var note string
	if unshown >= 0 {
		// A peak the axis leaves out is named even at the cost of the
		// title's words: a lesson's text may quote it beside the chart
		// (lesson 14's "Its peak of 1,315"). The title is shortened first
		// to keep "off the scale", which says why the line stays below
		// it, then its words to keep "off scale", then to fit the bare
		// peak, where even that is too long.
		n := pane.Count(s.Dependencies[unshown].InFlightMax)
		l := letters[unshown]
		explained := fmt.Sprintf("%c: peak %s off the scale", l, n)
		for _, c := range []struct{ title, note string }{
			{title, fmt.Sprintf("%c: peak %s in flight between samples, off the scale", l, n)},
			{title, fmt.Sprintf("%c: peak %s between samples, off the scale", l, n)},
			{title, explained},
			{shortTitle, explained},
			// "off scale" before the peak goes bare: at 80x24 the
			// right column's 44 had room for "p: peak 1,315" and not
			// for "the", and the line under an axis of 200 read as
			// the peak's own.
			{shortTitle, fmt.Sprintf("%c: peak %s off scale", l, n)},
			{shortTitle, fmt.Sprintf("%c: %s off scale", l, n)},
			{title, fmt.Sprintf("%c: peak %s", l, n)},
			{shortTitle, fmt.Sprintf("%c: peak %s", l, n)},
		} {
			if len([]rune(c.note)) <= room(c.title) {
				title, note = c.title, c.note
				break
			}
		}
	}
	if note == "" {
		if n := f.diallingNote(letters, top); n != "" {
			// Shortened as the peak's note is: the title first, then
			// the words.
			for _, c := range []struct{ title, note string }{
				{title, n + ", off the scale"},
				{shortTitle, n + ", off the scale"},
				{shortTitle, n},
			} {
				if len([]rune(c.note)) <= room(c.title) {
					title, note = c.title, c.note
					break
				}
			}
		}
	}
	if note == "" {
		note = f.abandonedNote(letters, room(title))
	}
	return pane.Frame(f.th, f.w, f.h, title, note, body)
}

// tooShort is the chart's body where the frame leaves its plot fewer than
// two rows: each called dependency's calls in flight at the last sample
// and its most, as the line would draw them, then why there is no line,
// in ih rows of iw cells.
func (f *InFlight) tooShort(letters []rune, iw, ih int) []string {
	var lines []string
	s := f.data.Snap
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if pane.Uncalled(s, d.Name) || len(d.Series) == 0 {
			continue
		}
		lines = append(lines, pane.Fit(fmt.Sprintf("%c %s %s now · most %s", letters[i], d.Name, pane.Count(plotted(d, d.Series[len(d.Series)-1])), pane.Count(d.InFlightMax)), iw))
	}
	lines = lines[:min(len(lines), max(ih-1, 0))]
	return append(lines, f.th.Dim.Render(pane.Fit("(too short to chart: taller shows it)", iw)))
}

// mostInFlight is the sample in series[lo:hi] with the most plotted, the
// earliest of equals: a column's line and its hatching are that sample's.
func mostInFlight(d *engine.DependencySnapshot, series []engine.DependencySample, lo, hi int) int {
	best := lo
	for b := lo + 1; b < hi; b++ {
		if plotted(d, series[b]) > plotted(d, series[best]) {
			best = b
		}
	}
	return best
}

// inLayout is how the chart's frame is shared between its plot and its
// legend, and the plot's scale (layOut).
type inLayout struct {
	level         int // the legend's level (legendLevels)
	legendRows    int // 0: no legend
	chartH, gh    int
	top, linePeak float64
	unshown       int  // the dependency whose recorded peak the axis leaves out
	drawCaps      bool // whether the caps are drawn on the plot
	rows          [2]int
}

// layOut shares the frame's inside, iw by ih, between the plot and its
// legend, and sets the plot's scale, at least shared (ShareScale). The
// legend says less when rows are short: first it leaves the fault to the
// axis and the other chart, then it names the hatching in a word. Caps
// the rows are too few to draw apart from 0 and the top are said in the
// title instead (capsTooCoarse); rows are the plot's rows each time it
// was laid out, for keyOn.
// The legend's rows are counted from its plain words, unstyled: the
// layout is asked for every frame (ScaleTop), the legend drawn only with
// the picture.
func (f *InFlight) layOut(s *engine.Snapshot, names []string, letters []rune, iw, ih int, in *scalePeaks, shared float64) inLayout {
	l := inLayout{unshown: -1, drawCaps: true}
	lay := func() {
		for l.level = range legendLevels {
			_, plain := f.legendItems(names, letters, iw, l.level, l.drawCaps, false)
			if l.legendRows = wrapRows(plain, iw); ih-l.legendRows >= 8 {
				break
			}
		}
		l.chartH = ih - l.legendRows
		if l.chartH < 4 {
			l.legendRows, l.chartH = 0, ih
		}
		l.gh = l.chartH - 2 // plot rows: ntcharts keeps two rows for the x axis
		l.top, l.linePeak, l.unshown = yScale(s, in.capTop, in.sampled, in.stacked, l.gh, shared)
	}
	lay()
	l.rows[0] = l.gh
	if capsTooCoarse(s, l.top, l.linePeak, l.gh) {
		l.drawCaps = false
		lay()
		l.rows[1] = l.gh
	}
	return l
}

// ScaleTop is the top of the y scale the chart draws its snapshot on by
// itself, without a shared top (0 when it draws none): what two charts
// drawn side by side take the larger of (ShareScale). Asked every frame,
// it answers from the last layout while the picture on its own scale
// would be the same one (keyed as the picture is, keyScale): laying the
// chart out builds its legend, which a frame has no need to pay for.
func (f *InFlight) ScaleTop() float64 {
	s := f.data.Snap
	if s == nil || len(s.Dependencies) == 0 || f.w < 12 || f.h < 5 {
		return 0
	}
	o := &f.own
	if changed := f.keyScale(&o.key, f.data, o.rows, 0); !changed && o.w == f.w && o.h == f.h {
		return o.top
	}
	names := make([]string, len(s.Dependencies))
	for i := range s.Dependencies {
		names[i] = s.Dependencies[i].Name
	}
	var in scalePeaks
	scaleInputs(s, &in)
	lay := f.layOut(s, names, pane.Letters(names), f.w-2, f.h-2, &in, 0)
	o.w, o.h, o.rows, o.top = f.w, f.h, lay.rows, lay.top
	if lay.gh < 2 {
		o.rows, o.top = [2]int{}, 0 // too short to draw a scale (render)
	}
	o.layouts++
	// Keyed again on the rows just laid out, as View does.
	f.keyScale(&o.key, f.data, o.rows, 0)
	return o.top
}

// ShareScale draws the chart on a scale that reaches at least top: two
// charts shown side by side to be compared are drawn on one scale, the
// larger of their ScaleTops, or the lower line reads as high as the other
// on its own, shorter axis. 0 gives it back its own scale.
func (f *InFlight) ShareScale(top float64) {
	if top != f.shared {
		f.shared, f.dirty = top, true
	}
}

// yScale is the top of the y scale for a plot of rows rows, the highest
// value the line is read at (linePeak), and the dependency whose recorded
// peak the scale leaves out (-1 when none). capTop is the highest cap (at
// least 1), sampled each dependency's highest sample, stacked the highest
// top of its dialling band (dialsApart). The recorded peaks (InFlightMax)
// and the bands' tops count unless they raise the scale so far that the
// line's highest sample is drawn in its lowest quarter (go-server's 189 under
// 2000): then the axis ran to a value nothing on the plot reaches, and is
// kept to the line and the caps. Not at half: a round top alone may be
// 2.5 times the line's highest, and a peak a little above the samples
// stays, as the lessons quote it (lesson 14's search, 13 over samples of
// 9, kept its scale to 20). The top is at least shared (ShareScale).
func yScale(s *engine.Snapshot, capTop float64, sampled, stacked []float64, rows int, shared float64) (top, linePeak float64, unshown int) {
	line := slices.Max(sampled)
	recorded := max(line, slices.Max(stacked))
	for i := range s.Dependencies {
		if !pane.Uncalled(s, s.Dependencies[i].Name) {
			recorded = max(recorded, float64(s.Dependencies[i].InFlightMax))
		}
	}
	top = max(scaleTop(max(capTop, recorded), rows), shared)
	lineTop := max(scaleTop(max(capTop, line), rows), shared)
	if top == lineTop || line >= top/4 {
		return top, recorded, -1
	}
	// Each peak the scale to the line holds still counts; the highest of
	// the others is named on the top edge.
	unshown, linePeak = -1, line
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if pane.Uncalled(s, d.Name) {
			continue
		}
		if p := float64(d.InFlightMax); p <= lineTop {
			linePeak = max(linePeak, p)
		} else if unshown < 0 || d.InFlightMax > s.Dependencies[unshown].InFlightMax {
			unshown = i
		}
	}
	return lineTop, linePeak, unshown
}

// abandonedNote counts, for the title's edge, the abandoned calls and the
// calls in flight at the dependency that has the most abandoned at the last
// sample, in at most room cells; it is empty when none has any, or when it
// does not fit.
func (f *InFlight) abandonedNote(letters []rune, room int) string {
	best, most := -1, int32(0)
	for i := range f.data.Snap.Dependencies {
		series := f.data.Snap.Dependencies[i].Series
		if len(series) == 0 {
			continue
		}
		if a := series[len(series)-1].Abandoned; a > most {
			best, most = i, a
		}
	}
	if best < 0 {
		return ""
	}
	d := &f.data.Snap.Dependencies[best]
	all := plotted(d, d.Series[len(d.Series)-1])
	for _, note := range []string{
		fmt.Sprintf("%c: %d of %d in flight abandoned", letters[best], most, all),
		fmt.Sprintf("%c: %d/%d abandoned", letters[best], most, all),
	} {
		if len([]rune(note)) <= room {
			return note
		}
	}
	return ""
}

// diallingNote counts, for the title's edge, the calls dialling at the
// last sample of the dependency with the most, when its band runs off a
// scale up to top ("p: 1,897 dialling"); empty when no band does.
func (f *InFlight) diallingNote(letters []rune, top float64) string {
	best, most := -1, int32(0)
	for i := range f.data.Snap.Dependencies {
		d := &f.data.Snap.Dependencies[i]
		if len(d.Series) == 0 {
			continue
		}
		last := d.Series[len(d.Series)-1]
		if n := dialsApart(d, last); n > most && float64(plotted(d, last)+n) > top {
			best, most = i, n
		}
	}
	if best < 0 {
		return ""
	}
	return fmt.Sprintf("%c: %s dialling", letters[best], pane.Count(int(most)))
}

// dialsApart is the calls dialling a connection to d at sample smp that
// its line leaves out, drawn as a band above it: none under a bulkhead's
// one cap, whose permits (the line) count them, and none while they are
// a handful or the fewer of its calls, as the map leaves them unsaid
// (pane.DiallingShown): a healthy pool's few dials would draw a speck
// above every line.
func dialsApart(d *engine.DependencySnapshot, smp engine.DependencySample) int32 {
	if pane.OneCap(d) > 0 || !pane.DiallingShown(int(smp.Dialling), int(smp.InFlight)+int(smp.Dialling)) {
		return 0
	}
	return smp.Dialling
}

// mayDial reports whether a called dependency's calls have dialled in a
// band of their own (dialsApart) so far, for the legend to explain it.
func mayDial(s *engine.Snapshot) bool {
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if pane.Uncalled(s, d.Name) {
			continue
		}
		for _, smp := range d.Series {
			if dialsApart(d, smp) > 0 {
				return true
			}
		}
	}
	return false
}

// plotted is the height of d's line at sample smp: the calls a caller
// waits on (pane.Held: under a bulkhead's one cap, the permits held), and
// the abandoned on top.
func plotted(d *engine.DependencySnapshot, smp engine.DependencySample) int32 {
	return pane.Held(d, smp) + smp.Abandoned
}

// mayAbandon reports whether the snapshot's calls can be abandoned (a
// dependency has a timeout) or have been, so that the legend explains the
// hatching before it first appears, and keeps the chart's height steady.
func mayAbandon(s *engine.Snapshot) bool {
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if d.Timeout > 0 || d.Abandoned > 0 {
			return true
		}
		for _, smp := range d.Series {
			if smp.Abandoned > 0 {
				return true
			}
		}
	}
	return false
}

// anyCap says whether a dependency the variant calls has a bulkhead's
// single cap (OneCap), which the chart draws and scales to.
func anyCap(s *engine.Snapshot) bool {
	for i := range s.Dependencies {
		if pane.OneCap(&s.Dependencies[i]) > 0 && !pane.Uncalled(s, s.Dependencies[i].Name) {
			return true
		}
	}
	return false
}

// scaleTop is the top of the y scale for a plot of rows rows whose values
// reach peak: rounded up to a figure ticks are read by when the plot has
// rows for a middle label, else peak itself (at least 5): with only 0 and
// the top labelled, a top of 100 over a peak of 80 drew the peak on the
// 100 row.
func scaleTop(peak float64, rows int) float64 {
	if rows < 5 {
		return math.Ceil(max(peak, 5))
	}
	return niceCeil(max(peak, 5))
}

// capsTooCoarse says whether a bulkhead's cap would fall on the 0 row of
// a plot of rows rows up to top, or, under a line that goes above it, on
// the top row: drawn on the 0 row, a cap of 20 under a line at 80 read as
// a cap of none, its line far above it; on the top row, a line above its
// cap would read as held at it. Two rows have no row for a cap between
// them.
func capsTooCoarse(s *engine.Snapshot, top, linePeak float64, rows int) bool {
	for i := range s.Dependencies {
		c := float64(pane.OneCap(&s.Dependencies[i]))
		if c <= 0 || pane.Uncalled(s, s.Dependencies[i].Name) {
			continue
		}
		if row := math.Round(c * float64(rows-1) / top); row < 1 || c < linePeak && row >= float64(rows-1) {
			return true
		}
	}
	return false
}

// legend names each line's letter, the caps (when drawn), the abandoned
// calls' hatching, the dialling calls' band and the fault's span; level 0
// says the most, and the fault only there.
func (f *InFlight) legend(names []string, letters []rune, iw int, level int, drawCaps bool) []string {
	items, plain := f.legendItems(names, letters, iw, level, drawCaps, true)
	return wrapItems(items, plain, iw) // gauge.go
}

// legendItems are the legend's entries (legend) as drawn, when styled,
// and as plain words, whose widths wrap them (wrapItems, wrapRows).
func (f *InFlight) legendItems(names []string, letters []rune, iw int, level int, drawCaps, styled bool) (items, plain []string) {
	var colors []int
	if styled {
		colors = pane.DependencyColors(f.data.Snap)
	}
	for i, n := range names {
		if pane.Uncalled(f.data.Snap, n) {
			continue
		}
		if styled {
			items = append(items, f.th.Series(colors[i]).Bold(true).Render(string(letters[i]))+" "+n)
		}
		plain = append(plain, string(letters[i])+" "+n)
	}
	if caps := capWords(f.data.Snap, names, letters, iw); caps != "" && drawCaps {
		if styled {
			items = append(items, f.th.Warn.Render("┄")+caps)
		}
		plain = append(plain, "┄"+caps)
	}
	// A band's entry: its rune and the longest of its words (longest
	// first) that fit on a line of their own at this level.
	band := func(r rune, forms []string) {
		words := forms[len(forms)-1]
		for _, w := range forms[min(level, len(forms)-1):] {
			if len([]rune(w))+2 <= iw {
				words = w
				break
			}
		}
		if styled {
			items = append(items, f.th.Dim.Render(string(r))+" "+words)
		}
		plain = append(plain, string(r)+" "+words)
	}
	if mayAbandon(f.data.Snap) {
		band(hatchRune, abandonedWords[:])
	}
	if mayDial(f.data.Snap) {
		band(dialRune, diallingWords[:])
	}
	if level == 0 {
		if fl := faultLegendPlain(&f.data, iw); fl != "" {
			if styled {
				items = append(items, faultLegend(f.th, &f.data, iw))
			}
			plain = append(plain, fl)
		}
	}
	return items, plain
}

// capWords names, after the ┄, every bulkhead cap the chart draws: one
// value when the caps are all alike, else each value with the letters of
// the dependencies it caps ("caps 25 (s), 10 (u o c a)"), or the values
// alone when that does not fit in iw. Empty when no called dependency has
// a bulkhead.
func capWords(s *engine.Snapshot, names []string, letters []rune, iw int) string {
	var values []int
	who := map[int][]string{}
	for i := range s.Dependencies {
		c := pane.OneCap(&s.Dependencies[i])
		if c <= 0 || pane.Uncalled(s, names[i]) {
			continue
		}
		if _, seen := who[c]; !seen {
			values = append(values, c)
		}
		who[c] = append(who[c], string(letters[i]))
	}
	switch len(values) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" cap %d", values[0])
	}
	var long, short []string
	for _, v := range values {
		long = append(long, fmt.Sprintf("%d (%s)", v, strings.Join(who[v], " ")))
		short = append(short, strconv.Itoa(v))
	}
	if w := " caps " + strings.Join(long, ", "); len([]rune(w))+1 <= iw {
		return w
	}
	return " caps " + strings.Join(short, ", ")
}
