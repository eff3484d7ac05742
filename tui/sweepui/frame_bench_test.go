package sweepui

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// benchSweep is a sweep of the shortened cascade as the sandbox's sweep
// key makes one (sandbox/sweepkey.go: a grid of nx × ny designs on 2
// seeds, the design in the form marked), with every sample it gives, in
// the order the plan hands its jobs out.
func benchSweep(b *testing.B, nx, ny int) (*sweep.Plan, []sweep.Sample) {
	b.Helper()
	sc := shortCascade()
	x, err := sweep.ParseVary(fmt.Sprintf("recommendations.timeout=200ms..5s:%d", nx))
	if err != nil {
		b.Fatal(err)
	}
	y, err := sweep.ParseVary(fmt.Sprintf("workers=100..300:%d", ny))
	if err != nil {
		b.Fatal(err)
	}
	m, err := sweep.ParseMetric("search.ok", sc, 0)
	if err != nil {
		b.Fatal(err)
	}
	p := &sweep.Plan{Build: shortCascade, Variant: 0, Axes: []sweep.Axis{x, y}, Seeds: []uint64{5, 6}, Measure: m, Set: lessons.SetKnob}
	if err := p.Prepare(); err != nil {
		b.Fatal(err)
	}
	var samples []sweep.Sample
	runner := p.Runner()
	for k := range p.JobCount() {
		s, err := runner.Run(p.JobAt(k))
		if err != nil {
			b.Fatal(err)
		}
		samples = append(samples, s)
	}
	return p, samples
}

// heatmapSizes are windows and the grid the sandbox's sweep runs in each
// (sandbox's gridSize), with the rows and columns the overlay's frame and
// lines leave the map.
var heatmapSizes = []struct {
	w, h, nx, ny int
}{
	{100, 30, 12, 8},
	{120, 40, 20, 14},
	{200, 60, 20, 14},
}

// BenchmarkFrameHeatmap is one frame of the sweep's result as the
// sandbox's sweep overlay draws it (HeatmapFit, the design marked): while
// the cells fill in, a sample comes in (Add, then the copy the overlay
// draws: Clone) before each drawing; once done, the whole map is drawn.
func BenchmarkFrameHeatmap(b *testing.B) {
	th := tuitest.Color()
	for _, sz := range heatmapSizes {
		p, samples := benchSweep(b, sz.nx, sz.ny)
		mark := &Mark{X: 1000, Y: 200, Label: "the design in the form"}
		w, h := sz.w-4, sz.h-6
		b.Run(fmt.Sprintf("filling/%dx%d", sz.w, sz.h), func(b *testing.B) {
			res := sweep.NewResult(p)
			var view string
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if i%len(samples) == 0 {
					res = sweep.NewResult(p)
				}
				res.Add(samples[i%len(samples)])
				view = HeatmapFit(res.Clone(), th, w, h, mark)
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
		b.Run(fmt.Sprintf("done/%dx%d", sz.w, sz.h), func(b *testing.B) {
			res := sweep.NewResult(p)
			for _, s := range samples {
				res.Add(s)
			}
			var view string
			b.ReportAllocs()
			for b.Loop() {
				view = HeatmapFit(res, th, w, h, mark)
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}
