package chart

import (
	"math"
	"time"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/canvas/graph"
	"github.com/breakerlab/breakerlab/engine/report"
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

// axisSteps are the steps, in seconds, a time axis may take between its
// labels: a tenth of a second to half a minute here, the long run's steps
// (report.AxisSteps, which the pictures take too) after.
var axisSteps = append([]float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 20, 30}, report.AxisSteps[:]...)

// ticks returns a label for the columns where a round time falls, spaced so
// that the labels do not touch.
func (a timeAxis) ticks() map[int]string {
	secs := a.dur.Seconds()
	if secs <= 0 {
		return nil
	}
	steps := axisSteps
	label := axisLabel(a.dur)
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
// "21600s" on a scenario file's 24-hour run. The unit is SpanUnit's, the
// one the clock and the notes beside the axes, and run's text, read the
// run's times in.
func axisLabel(span time.Duration) func(v float64) string {
	unit := SpanUnit(span)
	return func(v float64) string { return report.AxisLabel(v, unit) }
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

// frame is a chart's axes and labels as ntcharts lays them out (lineAxes),
// kept between renders: they change only with the size and the scale. It
// keeps the axes' cells and the plot's placement, not the runes they were
// drawn on: nothing reads those once the axes are copied out.
type frame struct {
	key  frameKey
	plot plotArea
	axes axisCells
	ok   bool
}

// frameKey is what the axes depend on.
type frameKey struct {
	w, h       int
	top        float64 // the y scale's maximum
	dur, every time.Duration
	yAxis      bool
	// bareY is a y axis labelled 0 alone: no call counted yet, no cap.
	bareY bool
}

// get returns the plot's placement and the axes for key, building them
// when the key changed.
func (f *frame) get(key frameKey, build func() lineAxes) (*plotArea, axisCells) {
	if f.ok && f.key == key {
		return &f.plot, f.axes
	}
	f.key, f.ok = key, true
	a := build()
	f.plot = a.plotArea()
	f.axes = a.axes()
	return &f.plot, f.axes
}

// plotArea is where a linechart put its plot and how it maps data onto
// the plot's cells: all that drawing the data needs of the linechart.
type plotArea struct {
	origin       canvas.Point // where the axes meet, on the canvas
	xStep, yStep int          // ntcharts' label steps: an axis is drawn when positive
	// The view's lower bounds and extents, and the plot's last cell on each
	// axis: a data point's offset from the lower bound times last/extent
	// is its cell, as ntcharts scales it.
	minX, minY           float64
	spanX, spanY         float64
	lastCellX, lastCellY int
}

// scale is a data point in plot cells from the origin, unrounded, as
// linechart's ScaleFloat64Point computes it, operation for operation, so
// that the data lands where ntcharts would put it (an empty range maps
// to 0).
func (p *plotArea) scale(f canvas.Float64Point) (r canvas.Float64Point) {
	if p.spanX > 0 {
		r.X = (f.X - p.minX) * (float64(p.lastCellX) / p.spanX)
	}
	if p.spanY > 0 {
		r.Y = (f.Y - p.minY) * (float64(p.lastCellY) / p.spanY)
	}
	return r
}

// plotX is the canvas column of the plot's first column.
func plotX(p *plotArea) int {
	if p.yStep > 0 {
		return p.origin.X + 1
	}
	return p.origin.X
}

// axisCell is one cell of a linechart's axes or labels.
type axisCell struct {
	x, y int32
	r    rune
	cl   grid.Class
}

// axisCells are the cells of a chart's axes and labels, and only those: kept
// between frames they take some 16 bytes a cell of the axes, where a
// whole grid would take 5 for every cell of the chart, mostly blank.
type axisCells []axisCell

// drawOn writes the axes onto g with their left edge at column x0.
func (a axisCells) drawOn(g *grid.Grid, x0 int) {
	for _, c := range a {
		g.Set(x0+int(c.x), int(c.y), c.r, c.cl)
	}
}

// markFaults draws the faults' spans on the time axis as a heavy line.
func markFaults(g *grid.Grid, x0 int, p *plotArea, fault []bool) {
	y := p.origin.Y
	px := x0 + plotX(p)
	for c, on := range fault {
		if on {
			g.Set(px+c, y, '━', clFault)
		}
	}
}

// plotPoint is where a data point lands on the canvas: the cell the
// linechart's DrawRune would fill.
func plotPoint(pa *plotArea, f canvas.Float64Point) canvas.Point {
	p := canvas.CanvasPointFromFloat64Point(pa.origin, pa.scale(f))
	if pa.yStep > 0 {
		p.X++
	}
	if pa.xStep > 0 {
		p.Y--
	}
	return p
}

// plotLine fills the cells of a line between two data points, rasterized
// by ntcharts, as DrawRuneLine would.
func plotLine(g *grid.Grid, x0 int, pa *plotArea, a, b canvas.Float64Point, r rune, cl grid.Class) {
	for _, p := range graph.GetLinePoints(plotPoint(pa, a), plotPoint(pa, b)) {
		g.Set(x0+p.X, p.Y, r, cl)
	}
}

// timeChart is the axes of a chart with a y axis and cols columns of
// time: probe, made with the chart's size, y range, steps and y labels and
// a stand-in x range, given the time axis's range and labels. The plot's
// width is what the y labels leave, and the time axis needs it; the plot's
// size does not depend on the x range, so the result is what
// linechart.New makes with the time axis's range and labels (the chart's
// tests compare the two).
func timeChart(probe lineAxes, cols int, ticks map[int]string) lineAxes {
	probe.minX, probe.maxX = 0, float64(cols-1)
	probe.setViewXRange(0, float64(cols-1))
	probe.xLabel = func(i int, _ float64) string { return ticks[i-1] }
	return probe
}
