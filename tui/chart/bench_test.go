package chart_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// benchSizes are the in-flight chart's sizes in the sandbox at 160×48
// and at the largest screen a session draws (tui/serve's MaxWidth ×
// MaxHeight, 320×100), where the charts' memory counts most.
var benchSizes = [][2]int{{88, 31}, {176, 80}}

// benchCharts are the charts laid out by ntcharts, each with a fixture
// that has data to draw.
var benchCharts = []struct {
	name     string
	scenario string
	variant  int
	at       float64
	chart    func() sized
}{
	{"outcomes", "cascade", 2, 30, func() sized { return chart.NewOutcomes(tuitest.Color()) }},
	{"inflight", "cascade", 1, 30, func() sized { return chart.NewInFlight(tuitest.Color()) }},
	{"pool", "go-server", 0, 60, func() sized { return chart.NewPoolGauge(tuitest.Color(), 1) }},
}

// BenchmarkView draws a chart once a frame as the sandbox does: a new
// sample each frame, the size and the scale unchanged, so the axes come
// from the chart's cache and the data is drawn afresh.
func BenchmarkView(b *testing.B) {
	for _, c := range benchCharts {
		d := tuitest.At(b, c.scenario, c.variant, c.at)
		for _, sz := range benchSizes {
			b.Run(fmt.Sprintf("%s/%dx%d", c.name, sz[0], sz[1]), func(b *testing.B) {
				ch := c.chart()
				ch.SetSize(sz[0], sz[1])
				ch.SetData(d)
				ch.View()
				b.ReportAllocs()
				b.ResetTimer()
				for i := range b.N {
					// A new generation redraws the data, as a new sample
					// would, without touching the axes' key.
					d.Gen = uint64(i) + 1
					ch.SetData(d)
					ch.View()
				}
			})
		}
	}
}

// BenchmarkHeld reports the live heap one drawn chart keeps between
// frames (its cached axes and view), at each size: over SSH every session
// keeps several, so it bounds what a classroom can hold. Run it once:
// go test ./tui/chart/ -run '^$' -bench Held -benchtime 1x
func BenchmarkHeld(b *testing.B) {
	for _, c := range benchCharts {
		d := tuitest.At(b, c.scenario, c.variant, c.at)
		for _, sz := range benchSizes {
			b.Run(fmt.Sprintf("%s/%dx%d", c.name, sz[0], sz[1]), func(b *testing.B) {
				for range b.N {
					b.ReportMetric(float64(heldBytes(c.chart, d, sz[0], sz[1])), "B/chart")
				}
			})
		}
	}
}

// heldBytes draws a few charts made by newChart at w × h and returns the
// live heap each keeps afterwards.
func heldBytes(newChart func() sized, d pane.Data, w, h int) uint64 {
	const n = 4
	charts := make([]sized, n)
	before := liveHeap()
	for i := range charts {
		charts[i] = newChart()
		charts[i].SetSize(w, h)
		charts[i].SetData(d)
		charts[i].View()
	}
	after := liveHeap()
	runtime.KeepAlive(charts)
	if after < before {
		return 0
	}
	return (after - before) / n
}

// liveHeap is the bytes of live objects after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
