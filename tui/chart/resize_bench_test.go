package chart_test

import (
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"testing"
)

// BenchmarkResize draws a chart once a frame as a window being dragged
// makes the sandbox draw it: a new size every frame, so the axes are laid
// out afresh (the frame cache's other case, BenchmarkView's being a size
// kept).
func BenchmarkResize(b *testing.B) {
	for _, c := range benchCharts {
		d := tuitest.At(b, c.scenario, c.variant, c.at)
		b.Run(c.name, func(b *testing.B) {
			ch := c.chart()
			ch.SetData(d)
			b.ReportAllocs()
			for i := range b.N {
				sz := benchSizes[i%len(benchSizes)]
				ch.SetSize(sz[0], sz[1])
				ch.View()
			}
		})
	}
}
