package chart

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A gauge whose figures now move between two samples (in use, waiting,
// memory held, busy now) redraws its top edge, which says them, and not
// its plot: keyed on them all, the pool's gauge drew its whole line chart
// again most frames (BenchmarkFrames: 57 to 181 allocations a frame). The
// frames are 20 ms apart, most of them between two samples; a frame
// between the same two samples as the last one whose view moved on its top
// edge alone must not have drawn the plot, and some frames must be such,
// or the test says nothing. (A new sample draws the plot, even where it
// moves no cell.)
func TestGaugeRedrawsItsTopEdgeAloneForTheFiguresNow(t *testing.T) {
	racefree.Only(t) // no goroutine: a chart drawn frame by frame
	for _, c := range []struct {
		name     string
		scenario string
		variant  int
		from     time.Duration
		gauge    func() *Gauge
	}{
		{"pool", "go-server", 0, 20 * time.Second, func() *Gauge { return NewPoolGauge(tuitest.Color(), 1) }},
		{"memory", "go-server", 0, 20 * time.Second, func() *Gauge { return NewMemoryGauge(tuitest.Color()) }},
		{"loop", "event-loop-stall", 0, 10 * time.Second, func() *Gauge { return NewLoopGauge(tuitest.Color()) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := tuitest.Scenario(t, c.scenario)
			r, err := engine.New(sc, c.variant, tuitest.Seed)
			if err != nil {
				t.Fatal(err)
			}
			faults := pane.FaultSpans(sc, c.variant)
			r.AdvanceTo(c.from)
			g := c.gauge()
			g.SetSize(88, 31)
			var prev []string
			samples := -1
			headOnly := 0
			for i := range 150 {
				r.Advance(20 * time.Millisecond)
				s := r.Snapshot()
				drawn := g.plots
				g.SetData(pane.Data{Snap: &s, Gen: 1, Faults: faults})
				lines := strings.Split(g.View(), "\n")
				n := len(s.Tasks.Series)
				if c.name == "pool" {
					n = len(s.Pools[1].Series)
				}
				if n == samples && lines[0] != prev[0] && strings.Join(lines[1:], "\n") == strings.Join(prev[1:], "\n") {
					headOnly++
					if g.plots != drawn {
						t.Fatalf("frame %d at %.3f s: only the top edge moved, to %q, and the plot was drawn again", i, s.Now.Seconds(), lines[0])
					}
				}
				prev, samples = lines, n
			}
			if headOnly == 0 {
				t.Fatal("no frame moved the top edge alone: the test checks nothing")
			}
			t.Logf("%d frames of 150 moved the top edge alone; the plot drawn %d times", headOnly, g.plots)
		})
	}
}
