package chart

import (
	"math"
	"testing"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/linechart"
)

// The plot area the frame keeps scales data exactly as the linechart of
// the same size, ranges and steps, bit for bit: the data must land on the cells ntcharts'
// own axes were drawn for, whatever version of ntcharts lays them out.
func TestPlotAreaScalesAsTheLinechart(t *testing.T) {
	for _, c := range []struct {
		w, h                   int
		minX, maxX, minY, maxY float64
		xStep, yStep           int
	}{
		{60, 12, 0, 47, 0, 20, 1, 1},
		{300, 100, 0, 281, 0, 7, 1, 1},
		{45, 15, 0, 1, 0, 1, 1, 0},
		{30, 8, 0, 0, 0, 5, 1, 1},  // an empty x range
		{30, 8, 0, 10, 3, 3, 0, 1}, // an empty y range
	} {
		lc := linechart.New(c.w, c.h, c.minX, c.maxX, c.minY, c.maxY, linechart.WithXYSteps(c.xStep, c.yStep))
		lc.DrawXYAxisAndLabel()
		a := newLineAxes(c.w, c.h, c.minX, c.maxX, c.minY, c.maxY, c.xStep, c.yStep, nil, nil)
		p := a.plotArea()
		for _, x := range []float64{0, 0.5, 1, 2.5, 13, c.maxX / 3, c.maxX, c.maxX + 1} {
			for _, y := range []float64{0, 0.1, 1.0 / 3, 0.5, 1, 2.25, c.maxY * 0.7, c.maxY, c.maxY * 1.5} {
				f := canvas.Float64Point{X: x, Y: y}
				got, want := p.scale(f), lc.ScaleFloat64Point(f)
				if math.Float64bits(got.X) != math.Float64bits(want.X) || math.Float64bits(got.Y) != math.Float64bits(want.Y) {
					t.Errorf("%d×%d chart: %v scales to %v, ntcharts says %v", c.w, c.h, f, got, want)
				}
			}
		}
		if p.origin != lc.Origin() {
			t.Errorf("%d×%d chart: origin %v, ntcharts says %v", c.w, c.h, p.origin, lc.Origin())
		}
	}
}
