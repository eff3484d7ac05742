package chart

import (
	"slices"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/canvas/runes"
	"github.com/NimbleMarkets/ntcharts/linechart"
)

// lineAxes is a linechart as the charts use one: its size, ranges, label
// steps and label formatters, the plot's place (origin, graphW, graphH)
// worked out as linechart.New works it out, and its axes and labels drawn
// as DrawXYAxisAndLabel draws them, operation for operation, but on runes
// alone. linechart.New makes a canvas of a styled cell, some 550 bytes,
// for every cell of the chart (1.5 MB for the in-flight chart at 200×60),
// of which a frame keeps only the axes' runes: each change of a chart's
// scale while a run plays (its peak rising) allocated that much, the
// largest allocation of a playing sandbox's frames. The tests compare
// every figure and cell with ntcharts' own.
type lineAxes struct {
	w, h                                   int
	minX, maxX, minY, maxY                 float64 // the expected values
	viewMinX, viewMaxX, viewMinY, viewMaxY float64 // the values shown
	xStep, yStep                           int
	xLabel, yLabel                         linechart.LabelFormatter
	origin                                 canvas.Point
	graphW, graphH                         int
}

// newLineAxes is linechart.New(w, h, minX, maxX, minY, maxY) with
// WithXYSteps(xStep, yStep) and the label formatters given (nil: the
// linechart's default).
func newLineAxes(w, h int, minX, maxX, minY, maxY float64, xStep, yStep int, xLabel, yLabel linechart.LabelFormatter) lineAxes {
	if xLabel == nil {
		xLabel = linechart.DefaultLabelFormatter()
	}
	if yLabel == nil {
		yLabel = linechart.DefaultLabelFormatter()
	}
	a := lineAxes{w: max(w, 0), h: max(h, 0), minX: minX, maxX: maxX, minY: minY, maxY: maxY,
		viewMinX: minX, viewMaxX: maxX, viewMinY: minY, viewMaxY: maxY,
		xStep: xStep, yStep: yStep, xLabel: xLabel, yLabel: yLabel}
	a.updateSizes()
	return a
}

// updateSizes is linechart's UpdateGraphSizes: the y labels' widest
// takes the columns left of the y axis, the x axis and its labels the
// last two rows.
func (a *lineAxes) updateSizes() {
	a.origin, a.graphW, a.graphH = canvas.Point{X: 0, Y: a.h - 1}, a.w, a.h
	if a.xStep > 0 {
		a.origin.Y--
		a.graphH -= 2
	}
	if a.yStep > 0 {
		var last string
		n := 0
		increment := (a.viewMaxY - a.viewMinY) / float64(a.graphH)
		for i := 0; i <= a.graphH; i += a.yStep {
			if s := a.yLabel(i, a.viewMinY+(increment*float64(i))); s != last {
				n = max(n, len(s))
				last = s
			}
		}
		a.origin.X += n
		a.graphW -= n + 1
	}
}

// setViewXRange is linechart's SetViewXRange: the values shown, within
// the expected ones.
func (a *lineAxes) setViewXRange(lo, hi float64) {
	lo, hi = max(a.minX, lo), min(a.maxX, hi)
	if lo < hi {
		a.viewMinX, a.viewMaxX = lo, hi
		a.updateSizes()
	}
}

// plotArea is the plot's placement and scale (newPlotArea of the
// linechart).
func (a *lineAxes) plotArea() plotArea {
	return plotArea{
		origin: a.origin,
		xStep:  a.xStep, yStep: a.yStep,
		minX: a.viewMinX, minY: a.viewMinY,
		spanX: a.viewMaxX - a.viewMinX, spanY: a.viewMaxY - a.viewMinY,
		lastCellX: a.graphW - 1, lastCellY: a.graphH - 1,
	}
}

// axes draws the axes and labels as DrawXYAxisAndLabel does, then reads
// them out (readAxes of the linechart).
func (a *lineAxes) axes() axisCells {
	w, h, o := a.w, a.h, a.origin
	cells := make([]rune, w*h) // 4 bytes a cell, where ntcharts' canvas takes some 550
	in := func(x, y int) bool { return x >= 0 && x < w && y >= 0 && y < h }
	at := func(x, y int) rune {
		if !in(x, y) {
			return runes.Null
		}
		return cells[y*w+x]
	}
	set := func(x, y int, r rune) {
		if in(x, y) {
			cells[y*w+x] = r
		}
	}
	up := func(x, y int) { // graph.DrawVerticalLineUp
		for ; y >= 0; y-- {
			set(x, y, runes.LineVertical)
		}
	}
	right := func(x, y int) { // graph.DrawHorizonalLineRight
		for ; x < w; x++ {
			set(x, y, runes.LineHorizontal)
		}
	}
	text := func(x, y int, s string) { // canvas' SetStringWithStyle
		if y < 0 || y >= h {
			return
		}
		for _, r := range s {
			set(x, y, r)
			x++
		}
	}
	switch drawY, drawX := a.yStep > 0, a.xStep > 0; {
	case drawY && drawX:
		set(o.X, o.Y, runes.LineUpRight)
		up(o.X, o.Y-1)
		right(o.X+1, o.Y)
	case drawY:
		up(o.X, o.Y)
	case drawX:
		right(o.X, o.Y)
	}
	if n := a.yStep; n > 0 { // drawYLabel: a label repeated is left out
		var last string
		increment := (a.viewMaxY - a.viewMinY) / float64(a.graphH)
		for i := 0; i <= a.graphH; i += n {
			if s := a.yLabel(i, a.viewMinY+(increment*float64(i))); last != s {
				text(o.X-len(s), o.Y-i, s)
				last = s
			}
		}
	}
	if n := a.xStep; n > 0 { // drawXLabel: a label only after a blank cell, and only whole
		var last string
		increment := (a.viewMaxX - a.viewMinX) / float64(a.graphW)
		for i := 0; i < a.graphW; i += n {
			if at(o.X+i-1, o.Y+1) != runes.Null {
				continue
			}
			s := a.xLabel(i, a.viewMinX+(increment*float64(i)))
			if s != last && len(s)+o.X+i <= w {
				text(o.X+i, o.Y+1, s)
				last = s
			}
		}
	}
	var out axisCells
	read := func(x, y int) {
		r := at(x, y)
		if r == runes.Null {
			return
		}
		cl := clAxis
		if y > o.Y || x < o.X {
			cl = clLabel
		}
		out = append(out, axisCell{x: int32(x), y: int32(y), r: r, cl: cl})
	}
	for y := max(o.Y, 0); y < h; y++ {
		for x := range w {
			read(x, y)
		}
	}
	if a.yStep > 0 {
		for y := range max(o.Y, 0) {
			for x := 0; x <= o.X && x < w; x++ {
				read(x, y)
			}
		}
	}
	// The slice grew by doubling: keep no spare capacity between frames.
	return slices.Clip(out)
}
