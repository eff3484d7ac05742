package chart_test

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A drawn chart keeps between frames little more than its picture: its
// axes' cells and its view, not ntcharts' canvas, whose styled cells took
// some 550 bytes for every cell of the chart (7.7 MB for the in-flight chart
// at the largest screen a session draws, most of a classroom session's
// heap). The bound, 32 bytes a cell, leaves room for the view string's
// colour escapes and is a seventeenth of what the canvas took.
func TestChartsKeepLittleBetweenFrames(t *testing.T) {
	const w, h = 176, 80 // the in-flight chart at the largest screen, 320×100
	for _, c := range benchCharts {
		t.Run(c.name, func(t *testing.T) {
			d := tuitest.At(t, c.scenario, c.variant, c.at)
			held := heldBytes(c.chart, d, w, h)
			if bound := uint64(32 * w * h); held > bound {
				t.Errorf("the %s chart at %d × %d keeps %d KB between frames, over %d KB", c.name, w, h, held>>10, bound>>10)
			}
		})
	}
}
