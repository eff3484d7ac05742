package chart

import (
	"math"
	"strconv"
	"time"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/canvas/graph"
	"github.com/NimbleMarkets/ntcharts/linechart"
	"github.com/breakerlab/breakerlab/tui/internal/grid"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// timeAxis maps the chart's columns to virtual time and back.
type timeAxis struct {
	dur     time.Duration // the span the axis covers, from zero
	cols    int           // plot columns
	every   time.Duration // one sample's span
	samples int           // samples over the whole span
}

func newTimeAxis(dur, every time.Duration, cols int) timeAxis {
	if every <= 0 {
		every = 100 * time.Millisecond
	}
	n := int((dur + every - 1) / every)
	return timeAxis{dur: dur, cols: max(cols, 1), every: every, samples: max(n, 1)}
}

// buckets is the range of sample indices column c covers (at least one).
func (a timeAxis) buckets(c int) (lo, hi int) {
	lo = c * a.samples / a.cols
	hi = (c + 1) * a.samples / a.cols
	if hi <= lo {
		hi = lo + 1
	}
	return lo, hi
}

// column is the column that time t falls in.
func (a timeAxis) column(t time.Duration) int {
	if a.dur <= 0 {
		return 0
	}
	return int(int64(t) * int64(a.cols) / int64(a.dur))
}

// ticks returns a label for the columns where a round time falls, spaced so
// that the labels do not touch.
func (a timeAxis) ticks() map[int]string {
	secs := a.dur.Seconds()
	if secs <= 0 {
		return nil
	}
	steps := []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600}
	label := axisLabel(secs)
	step := steps[len(steps)-1]
	for _, s := range steps {
		if float64(a.cols)*s/secs >= float64(len(label(secs))+4) {
			step = s
			break
		}
	}
	out := map[int]string{}
	last := -100 // column after the previous label
	for i := 0; ; i++ {
		v := float64(i) * step
		if v > secs+1e-9 {
			break
		}
		v = math.Round(v*10) / 10
		l := label(v)
		c := int(math.Round(v / secs * float64(a.cols)))
		if c+len(l) > a.cols {
			// The end of the axis: its label ends on the last column.
			c = a.cols - len(l)
		}
		if c < last+1 || c < 0 {
			continue
		}
		out[c] = l
		last = c + len(l)
	}
	return out
}

// axisLabel writes the axis's times for a span of secs seconds: in
// seconds, as every built-in scenario's minutes read ("90s"), but in
// minutes past half an hour and in hours past three, where seconds read
// "21600s" on a scenario file's 24-hour run.
func axisLabel(secs float64) func(v float64) string {
	unit, per := "s", 1.0
	switch {
	case secs > 3*3600:
		unit, per = "h", 3600
	case secs > 1800:
		unit, per = "m", 60
	}
	return func(v float64) string { return strconv.FormatFloat(math.Round(v/per*100)/100, 'f', -1, 64) + unit }
}

// faultColumns marks the columns a fault covers.
func faultColumns(a timeAxis, faults []pane.FaultSpan) []bool {
	cols := make([]bool, a.cols)
	for _, f := range faults {
		from := min(max(a.column(f.From), 0), a.cols)
		to := min(max(a.column(f.To-1)+1, from), a.cols)
		for c := from; c < to; c++ {
			cols[c] = true
		}
	}
	return cols
}

// niceCeil rounds v up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p+1e-9 {
			return m * p
		}
	}
	return 10 * p
}

// Ink classes shared by both charts; each chart adds its own after these.
const (
	clPlain grid.Class = iota
	clAxis
	clLabel
	clFault
	clFirstData
)

// frame is a chart's axes and labels as ntcharts lays them out, kept
// between renders: they change only with the size and the scale, and
// building a canvas costs more than drawing the data.
type frame struct {
	key  frameKey
	lc   linechart.Model
	base *grid.Grid // axes and labels only, already classed
	ok   bool
}

// frameKey is what the axes depend on.
type frameKey struct {
	w, h       int
	top        float64 // the y scale's maximum
	dur, every time.Duration
	yAxis      bool
}

// get returns the linechart and its axes for key, building them when the
// key changed.
func (f *frame) get(key frameKey, build func() linechart.Model) (*linechart.Model, *grid.Grid) {
	if f.ok && f.key == key {
		return &f.lc, f.base
	}
	f.key, f.ok = key, true
	f.lc = build()
	f.lc.DrawXYAxisAndLabel()
	f.base = axisGrid(&f.lc)
	return &f.lc, f.base
}

// plotX is the canvas column of the plot's first column.
func plotX(lc *linechart.Model) int {
	if lc.YStep() > 0 {
		return lc.Origin().X + 1
	}
	return lc.Origin().X
}

// axisGrid copies the axes and labels of a freshly drawn linechart into a
// grid, reading only the cells that can hold them.
func axisGrid(lc *linechart.Model) *grid.Grid {
	o := lc.Origin()
	w, h := lc.Width(), lc.Height()
	g := grid.New(w, h)
	read := func(x, y int) {
		cell := lc.Canvas.Cell(canvas.Point{X: x, Y: y})
		if cell.Rune == 0 {
			return
		}
		cl := clAxis
		if y > o.Y || x < o.X {
			cl = clLabel
		}
		g.Set(x, y, cell.Rune, cl)
	}
	for y := max(o.Y, 0); y < h; y++ {
		for x := range w {
			read(x, y)
		}
	}
	if lc.YStep() > 0 {
		for y := range max(o.Y, 0) {
			for x := 0; x <= o.X && x < w; x++ {
				read(x, y)
			}
		}
	}
	return g
}

// markFaults draws the faults' spans on the time axis as a heavy line.
func markFaults(g *grid.Grid, x0 int, lc *linechart.Model, fault []bool) {
	y := lc.Origin().Y
	px := x0 + plotX(lc)
	for c, on := range fault {
		if on {
			g.Set(px+c, y, '━', clFault)
		}
	}
}

// plotPoint is where a data point lands on the canvas, by ntcharts' own
// scaling: the same cell its DrawRune would fill.
func plotPoint(lc *linechart.Model, f canvas.Float64Point) canvas.Point {
	p := canvas.CanvasPointFromFloat64Point(lc.Origin(), lc.ScaleFloat64Point(f))
	if lc.YStep() > 0 {
		p.X++
	}
	if lc.XStep() > 0 {
		p.Y--
	}
	return p
}

// plotLine fills the cells of a line between two data points, rasterized
// by ntcharts, as DrawRuneLine would.
func plotLine(g *grid.Grid, x0 int, lc *linechart.Model, a, b canvas.Float64Point, r rune, cl grid.Class) {
	for _, p := range graph.GetLinePoints(plotPoint(lc, a), plotPoint(lc, b)) {
		g.Set(x0+p.X, p.Y, r, cl)
	}
}
