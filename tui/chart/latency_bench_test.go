package chart_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// BenchmarkLatencyFirstDraw is the latency chart's first draw of a run it
// has not drawn (a new generation: another seed, a variant, a jump), on
// go-server stretched to 24 hours and played to 12 h, at 200×60: every
// column's percentiles worked out at once, from some millions of answers.
// Playing the run takes most of a minute; run it on its own:
// go test ./tui/chart/ -run '^$' -bench LatencyFirstDraw -benchtime 3x
func BenchmarkLatencyFirstDraw(b *testing.B) {
	sc := tuitest.Scenario(b, "go-server")
	sc.Duration, sc.MeasureTo = 24*time.Hour, 24*time.Hour
	if err := sc.Validate(); err != nil {
		b.Fatal(err)
	}
	r, err := engine.New(sc, 0, 1)
	if err != nil {
		b.Fatal(err)
	}
	r.AdvanceTo(12 * time.Hour)
	snap := r.Snapshot()
	d := pane.Data{Snap: &snap, Gen: 1}
	l := chart.NewLatency(tuitest.Color())
	l.SetSize(200, 60)
	b.ResetTimer()
	for i := range b.N {
		d.Gen = uint64(i) + 2
		l.SetData(d)
		l.View()
	}
}
