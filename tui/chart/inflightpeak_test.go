package chart_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The samples see the calls in flight only at their ends, and the engine
// records the peak between them: the chart's top label must reach that
// peak, the one a lesson quotes beside it (lesson 9's "Add a timeout" says
// "up to 73 calls" where the samples top out at 72, and a chart a few
// rows high, which scales to the peak itself, read 72).
func TestInFlightScaleReachesTheRecordedPeak(t *testing.T) {
	missed := 0
	for v := 0; v <= 2; v++ {
		for _, at := range []float64{2, 4, 6} {
			d := tuitest.At(t, "checkout", v, at)
			dep := d.Snap.Dependencies[0]
			sampled := 0
			for _, s := range dep.Series {
				sampled = max(sampled, int(s.InFlight))
			}
			if sampled >= dep.InFlightMax {
				continue
			}
			missed++
			for _, sz := range [][2]int{{40, 7}, {44, 8}, {44, 9}, {44, 12}, {88, 31}} {
				f := chart.NewInFlight(tuitest.Plain())
				f.SetData(d)
				f.SetSize(sz[0], sz[1])
				top := topLabel(t, f.View())
				if top < float64(dep.InFlightMax) {
					t.Errorf("checkout/%d at %gs, %v: the axis tops out at %g, below the recorded peak %d (samples: %d)", v, at, sz, top, dep.InFlightMax, sampled)
				}
			}
		}
	}
	if missed == 0 {
		t.Fatal("no fixture whose samples miss the recorded peak: the test checks nothing")
	}
}

// topLabel is the number on the chart's top row of the y axis.
func topLabel(t *testing.T, view string) float64 {
	t.Helper()
	lines := strings.Split(ansi.Strip(view), "\n")
	if len(lines) < 2 {
		t.Fatalf("no chart:\n%s", view)
	}
	row := strings.TrimPrefix(lines[1], "│")
	label, _, ok := strings.Cut(row, "│")
	n, err := strconv.ParseFloat(strings.TrimSpace(label), 64)
	if !ok || err != nil {
		t.Fatalf("no top label on %q:\n%s", lines[1], view)
	}
	return n
}
