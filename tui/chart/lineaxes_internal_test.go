package chart

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/linechart"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// ntchartsPlotArea reads the plot area of a linechart whose axes are
// drawn: what lineAxes.plotArea must give.
func ntchartsPlotArea(lc *linechart.Model) plotArea {
	return plotArea{
		origin: lc.Origin(),
		xStep:  lc.XStep(), yStep: lc.YStep(),
		minX: lc.ViewMinX(), minY: lc.ViewMinY(),
		spanX: lc.ViewMaxX() - lc.ViewMinX(), spanY: lc.ViewMaxY() - lc.ViewMinY(),
		lastCellX: lc.GraphWidth() - 1, lastCellY: lc.GraphHeight() - 1,
	}
}

// ntchartsAxes copies the axes and labels of a linechart drawn by
// ntcharts, classed as lineAxes.axes classes them, from every cell that
// can hold one: what lineAxes.axes must give.
func ntchartsAxes(lc *linechart.Model) axisCells {
	o := lc.Origin()
	w, h := lc.Width(), lc.Height()
	var out axisCells
	read := func(x, y int) {
		cell := lc.Canvas.Cell(canvas.Point{X: x, Y: y})
		if cell.Rune == 0 {
			return
		}
		cl := clAxis
		if y > o.Y || x < o.X {
			cl = clLabel
		}
		out = append(out, axisCell{x: int32(x), y: int32(y), r: cell.Rune, cl: cl})
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
	return slices.Clip(out)
}

// The axes drawn on runes alone are ntcharts' own, cell for cell, and the
// plot's place is the linechart's: at sizes from none to the largest
// screen's, y ranges whose labels take from one column to seven (and an
// empty range), each pair of label steps the charts use and others, and
// the label formatters of the charts (labels at the ends and the middle
// only, ticks under the x axis that must not overlap) and ntcharts'
// default. A cell out of place would move a chart's axis on screen.
func TestLineAxesAreNtcharts(t *testing.T) {
	racefree.Only(t) // no goroutine: linecharts made and read on the test's own
	ticks := func(i int, _ float64) string {
		if i%7 == 0 {
			return strconv.Itoa(i/7*10) + "s"
		}
		if i%5 == 0 {
			return "long label " + strconv.Itoa(i)
		}
		return ""
	}
	cases := 0
	for _, w := range []int{0, 1, 2, 3, 5, 8, 13, 37, 75, 98, 198} {
		for _, h := range []int{0, 1, 2, 3, 5, 8, 24, 37} {
			for _, yr := range [][2]float64{{0, 1}, {0, 0.5}, {0, 5}, {0, 120}, {0, 1e6}, {3, 3}, {0, 2.5}} {
				gh := h - 2
				top := strconv.FormatFloat(yr[1], 'f', -1, 64)
				ends := func(i int, _ float64) string {
					switch i {
					case 1:
						return "0"
					case gh:
						return top
					case gh / 2:
						return "mid"
					}
					return ""
				}
				for fi, f := range [][2]linechart.LabelFormatter{{nil, nil}, {ticks, ends}, {ticks, nil}, {nil, ends}} {
					for _, st := range [][2]int{{1, 1}, {1, 0}, {0, 1}, {0, 0}, {2, 3}} {
						name := fmt.Sprintf("%d×%d, y %v, labels %d, steps %v", w, h, yr, fi, st)
						opts := []linechart.Option{linechart.WithXYSteps(st[0], st[1])}
						if f[0] != nil {
							opts = append(opts, linechart.WithXLabelFormatter(f[0]))
						}
						if f[1] != nil {
							opts = append(opts, linechart.WithYLabelFormatter(f[1]))
						}
						lc := linechart.New(w, h, 0, 40, yr[0], yr[1], opts...)
						got := newLineAxes(w, h, 0, 40, yr[0], yr[1], st[0], st[1], f[0], f[1])
						lc.DrawXYAxisAndLabel()
						if g, w := got.plotArea(), ntchartsPlotArea(&lc); !reflect.DeepEqual(g, w) {
							t.Errorf("%s: the plot area is %+v, ntcharts' %+v", name, g, w)
						}
						if g, w := got.axes(), ntchartsAxes(&lc); !reflect.DeepEqual(g, w) {
							t.Errorf("%s: the axes differ from ntcharts':\n%v\n%v", name, g, w)
						}
						cases++
					}
				}
			}
		}
	}
	if cases < 1000 {
		t.Fatalf("only %d charts compared", cases)
	}
}
