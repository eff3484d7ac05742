package chart_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// frameCharts are the charts on runs where much moves between samples:
// cascade's breaker and peaks in flight, go-server's pools.
var frameCharts = []struct {
	name     string
	scenario string
	variant  int
	chart    func() sized
}{
	{"outcomes", "cascade", 2, func() sized { return chart.NewOutcomes(tuitest.Color()) }},
	{"inflight", "cascade", 1, func() sized { return chart.NewInFlight(tuitest.Color()) }},
	{"history", "cascade", 2, func() sized { return chart.NewHistory(tuitest.Color()) }},
	{"latency", "cascade", 1, func() sized { return chart.NewLatency(tuitest.Color()) }},
	{"pool", "go-server", 0, func() sized { return chart.NewPoolGauge(tuitest.Color(), 1) }},
}

// BenchmarkFrames is a chart's cost per frame as a screen plays a run:
// a snapshot every 20 ms of virtual time (a frame's 50 ms at the lesson
// player's slower speeds), from 20 s on, most of them between two
// samples, drawn at 88×31 (the sandbox's in-flight chart at 160×48).
func BenchmarkFrames(b *testing.B) {
	const frames, step = 200, 20 * time.Millisecond
	for _, c := range frameCharts {
		b.Run(c.name, func(b *testing.B) {
			sc := tuitest.Scenario(b, c.scenario)
			r, err := engine.New(sc, c.variant, tuitest.Seed)
			if err != nil {
				b.Fatal(err)
			}
			faults := pane.FaultSpans(sc, c.variant)
			r.AdvanceTo(20 * time.Second)
			ds := make([]pane.Data, frames)
			for i := range ds {
				r.Advance(step)
				s := r.Snapshot()
				ds[i] = pane.Data{Snap: &s, Gen: 1, Faults: faults}
			}
			ch := c.chart()
			ch.SetSize(88, 31)
			ch.SetData(ds[0])
			ch.View()
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				ch.SetData(ds[i%frames])
				ch.View()
			}
		})
	}
}
