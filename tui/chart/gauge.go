package chart

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/grid"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Gauge charts one limit of a tasks server over virtual time (issue 23):
// a connection pool's connections in use against its size with the
// attempts waiting for one, the process's memory against its limit (its
// live tasks where it has none), or the loop's busy share, where a stall
// is a plateau at 100 %. Lines are drawn with letters, the limit as a
// dotted line; the faults are marked on the time axis with ━, and the
// stretches the process was down (killed at its memory limit, restarting)
// with ╳, so both read without colour. Every value is the engine's, per
// time-series bucket: PoolSample, TaskSample.
type Gauge struct {
	th   *theme.Theme
	kind gaugeKind
	pool int // the pool's index, for a pool's gauge
	w, h int

	data  pane.Data
	frame frame
	cols  int
	// key is what the plot, its scale and its legend are drawn from; head
	// the figures only the top edge's words read (in use, waiting, memory
	// held, busy now), which move between two samples: on their own they
	// redraw the top edge alone (headed), not the plot.
	key, head viewKey
	dirty     bool
	headDirty bool
	// headed says whether the top edge is the head's words (head): not
	// while the frame is too small or the snapshot has no such limit.
	headed bool
	top    string // the frame's top edge
	rest   string // the frame's lines below it, joined
	more   bool   // whether the frame has lines below its top edge
	view   string
	// plots counts the plot's drawings, for a test that the head's figures
	// alone do not draw it again.
	plots int
	// shared is the top of a scale shared with a chart drawn beside this
	// one to be compared with it (ShareScale): the scale reaches at least
	// that high. 0: its own.
	shared float64
}

type gaugeKind uint8

const (
	gaugePool gaugeKind = iota
	gaugeMemory
	gaugeLoop
)

// NewPoolGauge charts pool i of the snapshot's Pools.
func NewPoolGauge(th *theme.Theme, i int) *Gauge {
	return &Gauge{th: th, kind: gaugePool, pool: i, dirty: true}
}

// NewMemoryGauge charts the tasks server's memory against its limit.
func NewMemoryGauge(th *theme.Theme) *Gauge { return &Gauge{th: th, kind: gaugeMemory, dirty: true} }

// NewLoopGauge charts the loop's busy share.
func NewLoopGauge(th *theme.Theme) *Gauge { return &Gauge{th: th, kind: gaugeLoop, dirty: true} }

// GaugeHeights are a gauge's least, wished and most useful heights.
func GaugeHeights() (least, want, most int) { return 6, 12, 16 }

// Init does nothing.
func (g *Gauge) Init() tea.Cmd { return nil }

// Update takes pane.DataMsg; the chart has no keys.
func (g *Gauge) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(pane.DataMsg); ok {
		g.SetData(pane.Data(d))
	}
	return g, nil
}

// SetSize sets the chart's outer size, border included.
func (g *Gauge) SetSize(w, h int) {
	if w != g.w || h != g.h {
		g.w, g.h, g.dirty = w, h, true
	}
}

// SetData takes a new snapshot. The chart redraws when what it plots
// changed: a new sample, the run, or a figure of the moment its scale and
// legend read (read, downSamples), which moves between two samples. When
// only the figures its top edge reads moved (head), it redraws that edge
// alone: keyed on them all, the pool's gauge drew its whole plot again
// most frames, for a count in use in its title.
func (g *Gauge) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	s := d.Snap
	k := chartKey{gen: d.Gen, series: len(s.Pools), moment: d.Moment != nil}
	switch {
	case g.kind == gaugePool && g.pool < len(s.Pools):
		k.samples = len(s.Pools[g.pool].Series)
	case s.Tasks != nil:
		k.samples = len(s.Tasks.Series)
	}
	plot, head := g.key.figures(), g.head.figures()
	switch t := s.Tasks; {
	case g.kind == gaugePool && g.pool < len(s.Pools):
		p := &s.Pools[g.pool]
		// The scale's top and the waiting line's words, not the peaks
		// they are read from: a peak in use under twice the size moves
		// neither.
		top, clipped := poolScale(p, g.shared)
		plot = append(plot, int64(p.Size), bits(top), int64(clipped))
		head = append(head, int64(p.InUse), int64(p.Waiting), int64(p.Dialling))
	case g.kind == gaugeMemory && t != nil:
		plot = append(plot, t.MemoryLimit)
		head = append(head, int64(t.Live), int64(t.LiveMax), t.Memory, int64(t.Kills), flag(t.Down), int64(t.UpAt))
	case t != nil:
		head = append(head, int64(t.Threads), bits(t.LoopBusy))
	}
	if t := s.Tasks; t != nil {
		// The downtime's marks and legend (downSamples), drawn once the
		// process was killed; how many times is the memory's note's.
		plot = append(plot, flag(t.Kills > 0))
	}
	g.data = d
	if g.key.update(k, plot, d.Faults) {
		g.dirty = true
	}
	if g.head.update(k, head, nil) {
		g.headDirty = true
	}
}

// View draws the chart, from the cache when nothing changed, and only
// its top edge when only the head's figures did.
func (g *Gauge) View() string {
	switch {
	case g.dirty:
		lines := g.render()
		g.plots++
		g.top, g.rest, g.more = "", "", len(lines) > 1
		if len(lines) > 0 {
			g.top, g.rest = lines[0], strings.Join(lines[1:], "\n")
		}
		g.dirty, g.headDirty = false, false
	case g.headDirty && g.headed:
		// The run and its pools are the picture's (the plot's key), for
		// which heads had its figures: it has them still.
		titles, notes, _ := g.heads(g.data.Snap)
		title, note := pane.Titled(g.w, titles, notes)
		// The top edge reads the width, the title and the note, not the
		// height nor the body: drawn alone, as Frame draws it.
		g.top = pane.TopEdge(g.th, g.w, title, note)
		g.headDirty = false
	default:
		return g.view
	}
	g.view = g.top
	if g.more {
		g.view += "\n" + g.rest
	}
	return g.view
}

// poolScale is a pool's plot's top when it has a size (0 when not: the
// data's), at least shared (ShareScale), and the most attempts waiting
// when they go past it (the legend's "clipped at the top"; -1 when not).
func poolScale(p *engine.PoolSnapshot, shared float64) (top float64, clipped int) {
	if p.Size <= 0 {
		return 0, -1
	}
	// The scale is the pool's: twice its size, or the most in use; the
	// waiting attempts past it are clipped at the top.
	top = max(niceCeilFine(max(2*float64(p.Size), float64(p.InUseMax))), shared)
	if float64(p.WaitingMax) > top {
		return top, p.WaitingMax
	}
	return top, -1
}

// gaugeLine is one line of a gauge: its letter, its colour (a series
// index), its legend's words and its value per sample. none, when set, is
// what the legend says instead when every value is zero, and the line is
// then not drawn: along the zero row it read as a measured line (the Go
// server's Transport in the protected mode, whose semaphore keeps every
// call from waiting for a connection, drew "w" across the whole axis).
type gaugeLine struct {
	letter rune
	color  int
	words  string
	vals   []float64
	none   string
}

// blank says the line is left out of the plot, its legend saying none.
func (l *gaugeLine) blank() bool {
	if l.none == "" {
		return false
	}
	for _, v := range l.vals {
		if v != 0 {
			return false
		}
	}
	return true
}

// reading is what a gauge draws, read from one snapshot.
type reading struct {
	lines []gaugeLine
	// limit is drawn as a dotted line when positive, named limitWords.
	limit      float64
	limitWords string
	// top is the scale's fixed top (0: the data's, rounded up); unit
	// follows the top label.
	top  float64
	unit string
}

const (
	clGaugeCap  = clFirstData
	clGaugeDown = clFirstData + 1
	clGaugeLine = clFirstData + 2 // + line index
	downRune    = '╳'
)

// heads are the gauge's titles and notes for its top edge, the longest
// first (pane.Titled): its figures now, which move between two samples.
// ok is false when the snapshot has no such limit.
func (g *Gauge) heads(s *engine.Snapshot) (titles, notes []string, ok bool) {
	switch g.kind {
	case gaugePool:
		if g.pool >= len(s.Pools) {
			return nil, nil, false
		}
		p := &s.Pools[g.pool]
		titles = []string{fmt.Sprintf("Pool %s (%s connections)", p.Name, p.Kind), "Pool " + p.Name, p.Name}
		use := pane.PoolInUse(p)
		notes = []string{use + " · " + pane.Count(p.Waiting) + " waiting", use + " · " + pane.Count(p.Waiting) + " wait", use}
		if dial := pane.Dialling(p.Dialling, p.InUse); dial != "" {
			// An unreachable host's dials fill the pool while its calls in
			// flight stay few: the note says which part of the count they
			// are.
			bare := strings.TrimSuffix(use, " in use")
			notes = []string{use + dial + " · " + pane.Count(p.Waiting) + " waiting", use + dial + " · " + pane.Count(p.Waiting) + " wait",
				use + dial, bare + dial, pane.Count(p.Dialling) + " dialling", use}
		}
		return titles, notes, true
	case gaugeMemory:
		t := s.Tasks
		if t == nil {
			return nil, nil, false
		}
		tasks := pane.Counted(t.Live, "task", "tasks")
		if t.MemoryLimit <= 0 {
			return []string{"Live tasks, parked or running", "Live tasks", "Tasks"},
				[]string{tasks + " · most " + pane.Count(t.LiveMax), tasks}, true
		}
		held := pane.MemoryHeld(t)
		kills := pane.Kills(t)
		notes = []string{held + " · " + tasks + kills, held + kills, held}
		if t.Down {
			notes = []string{"down, back at " + g.data.Moment.Or(t.UpAt, 1, pane.Seconds(t.UpAt)) + kills, "down" + kills, "down"}
		}
		return []string{"Memory against the limit", "Memory", "Mem"}, notes, true
	default:
		t := s.Tasks
		if t == nil {
			return nil, nil, false
		}
		now := "busy " + pane.Percent(pane.LoopNow(t))
		threads := "1 thread"
		if t.Threads != 1 {
			threads = strconv.Itoa(t.Threads) + " threads"
		}
		return []string{"Loop busy share (" + threads + ")", "Loop busy share", "Loop"},
			[]string{now + " · " + pane.Percent(t.LoopBusy) + " over the window", now}, true
	}
}

// read is what the gauge plots from s, with its legend's words and its
// scale; ok is false when the snapshot has no such limit.
func (g *Gauge) read(s *engine.Snapshot) (reading, bool) {
	switch g.kind {
	case gaugePool:
		if g.pool >= len(s.Pools) {
			return reading{}, false
		}
		p := &s.Pools[g.pool]
		in := make([]float64, len(p.Series))
		wait := make([]float64, len(p.Series))
		for i, smp := range p.Series {
			in[i], wait[i] = float64(smp.InUse), float64(smp.Waiting)
		}
		// The plot holds the samples alone: a wait that began and ended
		// between two of them is in the pool's most, not on the line, so
		// "none" is said only when the most is none too.
		none := "none waiting for one"
		if p.WaitingMax > 0 {
			none = "waiting for one: 0 at every sample, most " + pane.Count(p.WaitingMax) + " between"
		}
		r := reading{lines: []gaugeLine{{'u', 0, "in use", in, ""}, {'w', 2, "waiting for one", wait, none}}}
		if p.Size > 0 {
			r.limit, r.limitWords = float64(p.Size), "size "+pane.Count(p.Size)
			var clipped int
			if r.top, clipped = poolScale(p, g.shared); clipped >= 0 {
				r.lines[1].words = "waiting (most " + pane.Count(clipped) + ", clipped at the top)"
			}
		}
		return r, true
	case gaugeMemory:
		t := s.Tasks
		if t == nil {
			return reading{}, false
		}
		if t.MemoryLimit <= 0 {
			live := make([]float64, len(t.Series))
			for i, smp := range t.Series {
				live[i] = float64(smp.Live)
			}
			return reading{lines: []gaugeLine{{'t', 1, "live tasks (no memory limit)", live, ""}}}, true
		}
		mem := make([]float64, len(t.Series))
		for i, smp := range t.Series {
			mem[i] = pane.MiB(smp.Memory)
		}
		return reading{lines: []gaugeLine{{'m', 1, "memory held by the live tasks", mem, ""}},
			limit:      pane.MiB(t.MemoryLimit),
			top:        niceCeilFine(pane.MiB(t.MemoryLimit) * 1.1),
			limitWords: fmt.Sprintf("limit %.0f MiB", pane.MiB(t.MemoryLimit)), unit: " MiB"}, true
	default:
		t := s.Tasks
		if t == nil {
			return reading{}, false
		}
		busy := make([]float64, len(t.Series))
		for i, smp := range t.Series {
			busy[i] = float64(smp.LoopShare)
		}
		return reading{lines: []gaugeLine{{'b', 3, "busy share of the loop's time", busy, ""}}, top: 1}, true
	}
}

// render draws the whole frame, and says in g.headed whether its top
// edge is the head's words.
func (g *Gauge) render() []string {
	g.headed = false
	s := g.data.Snap
	if s == nil || g.w < 12 || g.h < 5 {
		return pane.Frame(g.th, g.w, g.h, "", "", nil)
	}
	rd, ok := g.read(s)
	if !ok {
		return pane.Frame(g.th, g.w, g.h, "", "", nil)
	}
	titles, notes, _ := g.heads(s)
	title, note := pane.Titled(g.w, titles, notes)
	g.headed = true
	iw, ih := g.w-2, g.h-2
	down := g.downSamples(s)
	legend := g.legend(rd, down != nil, iw)
	chartH := ih - len(legend)
	if chartH < 4 {
		legend, chartH = nil, ih
	}
	top := max(ownTop(rd), g.shared)
	topLabel := strconv.FormatFloat(top, 'f', -1, 64) + rd.unit
	if g.kind == gaugeLoop {
		topLabel = "100%"
	}
	gh := chartH - 2
	yLabel := func(i int, _ float64) string {
		switch i {
		case 1:
			return "0"
		case gh:
			return topLabel
		}
		return ""
	}
	key := frameKey{w: iw, h: chartH, top: top, dur: s.Duration, every: s.SampleEvery, yAxis: true}
	// The probe becomes the chart (timeChart) when the frame is built
	// below, which it is whenever the probe was made.
	var probe *lineAxes
	if !g.frame.ok || g.frame.key != key {
		a := newLineAxes(iw, chartH, 0, 1, 0, top, 1, 1, nil, yLabel)
		probe = &a
		g.cols = probe.graphW
	}
	cols := g.cols
	if cols < 4 {
		return pane.Frame(g.th, g.w, g.h, title, note, []string{"(too narrow)"})
	}
	ax := newTimeAxis(s.Duration, s.SampleEvery, cols)
	plot, axes := g.frame.get(key, func() lineAxes {
		return timeChart(*probe, cols, ax.ticks())
	})
	gr := grid.New(iw, chartH)
	axes.drawOn(gr, 0)
	if rd.limit > 0 {
		plotLine(gr, 0, plot, canvas.Float64Point{X: 0, Y: rd.limit}, canvas.Float64Point{X: float64(cols - 1), Y: rd.limit}, capRune, clGaugeCap)
	}
	// The first line last, on top: in use over waiting.
	for li := len(rd.lines) - 1; li >= 0; li-- {
		l := rd.lines[li]
		if l.blank() {
			continue
		}
		var prev canvas.Float64Point
		have := false
		for c := range cols {
			lo, hi := ax.buckets(c)
			if lo >= len(l.vals) {
				break
			}
			end := min(hi, len(l.vals))
			var sum float64
			for _, v := range l.vals[lo:end] {
				sum += v
			}
			pt := canvas.Float64Point{X: float64(c), Y: min(sum/float64(end-lo), top)}
			if !have {
				prev = pt
			}
			plotLine(gr, 0, plot, prev, pt, l.letter, clGaugeLine+grid.Class(li))
			prev, have = pt, true
		}
	}
	markFaults(gr, 0, plot, faultColumns(ax, g.data.Faults))
	if down != nil {
		y, px := plot.origin.Y, plotX(plot)
		for c := range cols {
			lo, hi := ax.buckets(c)
			for b := lo; b < min(hi, len(down)); b++ {
				if down[b] {
					gr.Set(px+c, y, downRune, clGaugeDown)
					break
				}
			}
		}
	}
	inks := []theme.Ink{clPlain: {}, clAxis: theme.InkOf(g.th.Border), clLabel: theme.InkOf(g.th.Dim),
		clFault: theme.InkOf(g.th.Bad.Bold(true)), clGaugeCap: theme.InkOf(g.th.Warn), clGaugeDown: theme.InkOf(g.th.Bad.Bold(true))}
	for _, l := range rd.lines {
		inks = append(inks, theme.InkOf(g.th.Series(l.color).Bold(true)))
	}
	return pane.Frame(g.th, g.w, g.h, title, note, append(gr.Lines(inks), legend...))
}

// ownTop is the top of the scale rd is drawn on, before any top it
// shares (ShareScale): its fixed top, or its data's peak rounded up.
func ownTop(rd reading) float64 {
	if rd.top != 0 {
		return rd.top
	}
	peak := max(rd.limit, 1)
	for _, l := range rd.lines {
		for _, v := range l.vals {
			peak = max(peak, v)
		}
	}
	return niceCeilFine(max(peak, 5))
}

// ScaleTop is the top of the y scale the gauge draws its snapshot on by
// itself, without a shared top (0 when it has nothing to draw): what two
// gauges drawn side by side take the larger of (ShareScale).
func (g *Gauge) ScaleTop() float64 {
	s := g.data.Snap
	if s == nil {
		return 0
	}
	if g.kind == gaugePool && g.pool < len(s.Pools) && s.Pools[g.pool].Size > 0 {
		// The pool's scale without reading its series, once a frame.
		top, _ := poolScale(&s.Pools[g.pool], 0)
		return top
	}
	rd, ok := g.read(s)
	if !ok {
		return 0
	}
	return ownTop(rd)
}

// ShareScale draws the gauge on a scale that reaches at least top: two
// gauges shown side by side to be compared are drawn on one scale, the
// larger of their ScaleTops, or the one whose line tops out lower reads as
// close to the other as its own top is. 0 gives it back its own scale.
func (g *Gauge) ShareScale(top float64) {
	if top != g.shared {
		g.shared, g.dirty = top, true
	}
}

// niceCeilFine rounds v up to a number with one or two significant
// digits that reads well on an axis: 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8
// times a power of ten.
func niceCeilFine(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if v <= m*p+1e-9 {
			return m * p
		}
	}
	return 10 * p
}

// downSamples is, per sample, whether the process was down at its end;
// nil when it never was.
func (g *Gauge) downSamples(s *engine.Snapshot) []bool {
	if s.Tasks == nil || s.Tasks.Kills == 0 {
		return nil
	}
	out := make([]bool, len(s.Tasks.Series))
	for i, smp := range s.Tasks.Series {
		out[i] = smp.Down
	}
	return out
}

// legend names the lines, the limit, the process's downtime and the
// fault, wrapped to the width; the fault only where it fits on its line.
func (g *Gauge) legend(rd reading, down bool, iw int) []string {
	var items, plain []string
	for _, l := range rd.lines {
		if l.blank() {
			// Words alone, no letter: there is no line to name.
			items, plain = append(items, g.th.Dim.Render(l.none)), append(plain, l.none)
			continue
		}
		items = append(items, g.th.Series(l.color).Bold(true).Render(string(l.letter))+" "+l.words)
		plain = append(plain, string(l.letter)+" "+l.words)
	}
	if rd.limit > 0 {
		items = append(items, g.th.Warn.Render(string(capRune))+" "+rd.limitWords)
		plain = append(plain, string(capRune)+" "+rd.limitWords)
	}
	if down {
		w := "process down (OOM kill)"
		if g.kind == gaugeMemory {
			w = "down: killed at its memory limit, restarting"
		}
		items = append(items, g.th.Bad.Bold(true).Render(string(downRune))+" "+w)
		plain = append(plain, string(downRune)+" "+w)
	}
	lines := wrapItems(items, plain, iw)
	// The fault only where it fits on the last line: the outcomes chart
	// names it beside, and a line of its own would cost a plot row. Its
	// words are the longest that fit in what the line leaves, not in the
	// whole width: at 80x24 the live lab's go server showed ━ on the axis
	// and no word for it, "━ payment slow 0.5s–3.5s" being too long beside
	// "u in use  w waiting for one" where "━ fault" fitted, and no outcomes
	// chart beside to name it.
	if len(lines) > 0 {
		lastPlain := ansi.Strip(lines[len(lines)-1])
		room := iw - len([]rune(lastPlain)) - 2
		if fl := faultLegendPlain(&g.data, room); fl != "" {
			if last := wrapItems([]string{lines[len(lines)-1], faultLegend(g.th, &g.data, room)}, []string{lastPlain, fl}, iw); len(last) == 1 {
				lines[len(lines)-1] = last[0]
			}
		}
	}
	return lines
}

// wrapItems joins legend items two spaces apart into lines of at most iw
// cells, measured by their plain text.
func wrapItems(items, plain []string, iw int) []string {
	var lines []string
	var cur strings.Builder
	w := 0
	for i, it := range items {
		pw := len([]rune(plain[i]))
		if wrapsBefore(w, pw, iw) {
			lines = append(lines, cur.String())
			cur.Reset()
			w = 0
		}
		if w > 0 {
			cur.WriteString("  ")
			w += 2
		}
		cur.WriteString(it)
		w += pw
	}
	if w > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// wrapsBefore says whether an item pw cells wide starts a new line after
// w cells of a line iw wide (two cells apart from the one before it).
func wrapsBefore(w, pw, iw int) bool { return w > 0 && w+2+pw > iw }

// wrapRows is how many lines wrapItems wraps items of these plain words
// into, counted without building them.
func wrapRows(plain []string, iw int) int {
	rows, w := 0, 0
	for _, p := range plain {
		pw := utf8.RuneCountInString(p)
		if wrapsBefore(w, pw, iw) {
			rows++
			w = 0
		}
		if w > 0 {
			w += 2
		}
		w += pw
	}
	if w > 0 {
		rows++
	}
	return rows
}
