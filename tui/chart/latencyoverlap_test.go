package chart_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Two endpoints whose latencies are the same draw one line over the
// other: each shows in the cells they share, at 80×24's pane (lesson 6's
// checkout hid health's climb to 1 s) and at 200×60's, and the legend
// that names the letters stays where the pane has room for three plot
// rows and a line of legend only by giving up the time labels (lesson
// 14's step 8 drew three endpoints and no legend).
func TestLatencyLinesThatMeetBothShow(t *testing.T) {
	d := tuitest.At(t, "checkout", 1, 6)
	snap := *d.Snap
	snap.Endpoints = []engine.EndpointSnapshot{d.Snap.Endpoints[0], d.Snap.Endpoints[0]}
	snap.Endpoints[1].Name = "twin"
	d.Snap = &snap
	names := pane.EndpointNames(&snap)
	letters := pane.Letters(names)
	for _, sz := range [][2]int{{39, 7}, {39, 8}, {90, 18}} {
		l := chart.NewLatency(tuitest.Plain())
		l.SetData(d)
		l.SetSize(sz[0], sz[1])
		v := l.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		lines := strings.Split(v, "\n")
		var plot, legend strings.Builder
		for _, ln := range lines[1 : len(lines)-1] {
			if i := strings.Index(ln, "┤"); i >= 0 || strings.Contains(ln, "│      │") {
				plot.WriteString(ln)
			}
			if strings.Contains(ln, " "+names[1]) {
				legend.WriteString(ln)
			}
		}
		for _, r := range letters {
			if up := strings.ToUpper(string(r)); !strings.Contains(plot.String(), up) {
				t.Errorf("at %dx%d no %s in the plot: a line lies under the other\n%s", sz[0], sz[1], up, v)
			}
		}
		if legend.Len() == 0 || !strings.Contains(legend.String(), " "+names[0]) {
			t.Errorf("at %dx%d the legend does not name both endpoints\n%s", sz[0], sz[1], v)
		}
	}
}
