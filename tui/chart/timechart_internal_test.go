package chart

import (
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/NimbleMarkets/ntcharts/linechart"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The axes timeChart makes of the probe that measured its plot are those
// of the linechart linechart.New makes with the time axis's range and
// labels: the same plot area, and the same axes and labels drawn, cell for
// cell, at sizes and scales whose y labels take different widths.
func TestTimeChartIsTheLinechartMadeAfresh(t *testing.T) {
	racefree.Only(t) // no goroutine: linecharts made and read on the test's own
	for _, c := range []struct {
		w, h int
		top  float64
	}{{37, 8, 5}, {98, 20, 120}, {198, 24, 1e6}, {20, 6, 0.5}} {
		topLabel := strconv.FormatFloat(c.top, 'f', -1, 64)
		gh := c.h - 2
		yLabel := func(i int, _ float64) string {
			switch i {
			case 1:
				return "0"
			case gh:
				return topLabel
			}
			return ""
		}
		probe := newLineAxes(c.w, c.h, 0, 1, 0, c.top, 1, 1, nil, yLabel)
		if lc := linechart.New(c.w, c.h, 0, 1, 0, c.top, linechart.WithXYSteps(1, 1), linechart.WithYLabelFormatter(yLabel)); probe.graphW != lc.GraphWidth() {
			t.Errorf("%d×%d up to %v: the probe's plot is %d columns wide, ntcharts' %d", c.w, c.h, c.top, probe.graphW, lc.GraphWidth())
		}
		cols := probe.graphW
		ticks := newTimeAxis(30*time.Second, 100*time.Millisecond, cols).ticks()
		got := timeChart(probe, cols, ticks)
		want := linechart.New(c.w, c.h, 0, float64(cols-1), 0, c.top,
			linechart.WithXYSteps(1, 1),
			linechart.WithYLabelFormatter(yLabel),
			linechart.WithXLabelFormatter(func(i int, _ float64) string { return ticks[i-1] }))
		want.DrawXYAxisAndLabel()
		if g, w := got.plotArea(), ntchartsPlotArea(&want); g != w {
			t.Errorf("%d×%d up to %v: the plot area is %+v, made afresh %+v", c.w, c.h, c.top, g, w)
		}
		if g, w := got.axes(), ntchartsAxes(&want); !reflect.DeepEqual(g, w) {
			t.Errorf("%d×%d up to %v: the axes differ from those made afresh:\n%v\n%v", c.w, c.h, c.top, g, w)
		}
	}
}
