package chart_test

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// freshCharts are the charts on the runs whose frames move what each
// draws between two samples: a breaker's transitions (breaker-timeline;
// api-gateway's five breakers, whose heads say each one's state), the
// calls in flight's peak between samples, which lifts the y scale
// (cascade; go-server's, off the scale), a pool's and the process's
// figures now (go-server, event-loop-stall).
var freshCharts = []struct {
	name     string
	scenario string
	variant  int
	chart    func() sized
}{
	{"history", "breaker-timeline", 0, func() sized { return chart.NewHistory(tuitest.Color()) }},
	{"history", "api-gateway", 0, func() sized { return chart.NewHistory(tuitest.Color()) }},
	{"history", "cascade", 2, func() sized { return chart.NewHistory(tuitest.Color()) }},
	{"inflight", "cascade", 0, func() sized { return chart.NewInFlight(tuitest.Color()) }},
	{"inflight", "checkout", 1, func() sized { return chart.NewInFlight(tuitest.Color()) }},
	{"inflight", "go-server", 0, func() sized { return chart.NewInFlight(tuitest.Color()) }},
	{"outcomes", "cascade", 2, func() sized { return chart.NewOutcomes(tuitest.Color()) }},
	{"latency", "cascade", 1, func() sized { return chart.NewLatency(tuitest.Color()) }},
	{"pool", "go-server", 0, func() sized { return chart.NewPoolGauge(tuitest.Color(), 0) }},
	{"pool", "go-server", 1, func() sized { return chart.NewPoolGauge(tuitest.Color(), 1) }},
	{"memory", "go-server", 0, func() sized { return chart.NewMemoryGauge(tuitest.Color()) }},
	{"loop", "event-loop-stall", 0, func() sized { return chart.NewLoopGauge(tuitest.Color()) }},
}

// A chart drawn for a snapshot is the chart drawn afresh for that
// snapshot at that size, whatever it drew before: its cache skips only
// work whose result cannot differ. Keyed on the run and its samples, the
// breaker history stopped at lesson 5's 1.726 s said "0 changes" until a
// resize drew "1 change", and the calls in flight kept the y scale of the
// last sample while the peak between samples had raised it; keyed on
// the scale alone, it would name go-server's peak off the scale as 1,311
// when it had reached 1,314, 11 ms after the hang ends at 70 s. The frames
// fall between samples, a few milliseconds apart around each transition
// and each fault's start and end, and at every frame of play through the
// busiest second (tuitest.Frames); every ninth one the chart is resized
// and back, as a window is (such a frame is four charts drawn: every third
// one made the test twice as slow).
func TestChartsDrawWhatAFreshChartDraws(t *testing.T) {
	racefree.Only(t) // no goroutine: charts drawn frame by frame
	sizes := [][2]int{{88, 31}, {110, 22}}
	for _, c := range freshCharts {
		t.Run(c.name+"/"+c.scenario+fmt.Sprint(c.variant), func(t *testing.T) {
			frames := tuitest.Frames(t, c.scenario, c.variant, 48)
			kept := c.chart()
			kept.SetSize(sizes[0][0], sizes[0][1])
			for i, d := range frames {
				kept.SetData(d)
				checkFresh(t, kept, c.chart, d, sizes[0], i)
				if i%9 == 8 {
					kept.SetSize(sizes[1][0], sizes[1][1])
					checkFresh(t, kept, c.chart, d, sizes[1], i)
					kept.SetSize(sizes[0][0], sizes[0][1])
					checkFresh(t, kept, c.chart, d, sizes[0], i)
				}
			}
		})
	}
}

// checkFresh fails unless kept's view is that of a chart made by fresh,
// sized sz and given only d.
func checkFresh(t *testing.T, kept sized, fresh func() sized, d pane.Data, sz [2]int, frame int) {
	t.Helper()
	f := fresh()
	f.SetSize(sz[0], sz[1])
	f.SetData(d)
	if got, want := kept.View(), f.View(); got != want {
		t.Fatalf("frame %d at %.3f s, %d×%d: the kept chart draws\n%s\na fresh one draws\n%s",
			frame, d.Snap.Now.Seconds(), sz[0], sz[1], ansi.Strip(got), ansi.Strip(want))
	}
}
