package chart

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The latency chart's height counts the legend's lines from its plain
// words (LatencyHeight), and the view draws them styled (legend): at every
// width, the two are the same lines, each the plain items it was packed
// from, two spaces apart, and none wider than the chart unless one item
// alone is. Scenarios with a fault's legend and without, with one
// endpoint and several.
func TestLatencyLegendIsTheLinesItsHeightCounts(t *testing.T) {
	racefree.Only(t) // no goroutine: legends laid out on the test's own
	packed := 0
	for _, c := range []struct {
		scenario string
		variant  int
	}{{"cascade", 1}, {"api-gateway", 0}, {"go-server", 0}} {
		l := NewLatency(tuitest.Color())
		l.SetData(tuitest.At(t, c.scenario, c.variant, 30))
		names := pane.EndpointNames(l.data.Snap)
		letters := pane.Letters(names)
		for iw := 4; iw <= 200; iw++ {
			plain := l.legendPlain(names, letters, iw)
			lines := l.legend(names, letters, iw)
			starts := latencyLegendStarts(plain, iw)
			if len(lines) != len(starts) {
				t.Fatalf("%s at %d: the view draws %d legend lines, the height counts %d", c.scenario, iw, len(lines), len(starts))
			}
			if len(lines) > 1 {
				packed++
			}
			for li, from := range starts {
				to := len(plain)
				if li+1 < len(starts) {
					to = starts[li+1]
				}
				want := strings.Join(plain[from:to], "  ")
				if got := ansi.Strip(lines[li]); got != want {
					t.Fatalf("%s at %d, line %d: drawn %q, packed %q", c.scenario, iw, li+1, got, want)
				}
				if to-from > 1 && len([]rune(want)) > iw {
					t.Fatalf("%s at %d, line %d: %q is wider than the chart", c.scenario, iw, li+1, want)
				}
			}
		}
	}
	if packed == 0 {
		t.Error("no legend took more than one line: the test checks no packing")
	}
}
