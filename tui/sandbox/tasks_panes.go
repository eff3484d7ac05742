package sandbox

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A tasks server (issue 23) has no worker pool to draw: what runs out is
// what its parked tasks hold. In the pool's place the sandbox stacks the
// server's limits at a glance (pane.Limits) and, as far as the room goes,
// a chart per connection pool, the memory against its limit and the
// loop's busy share over time (chart.Gauge): the pools first, since the
// cascade runs through them, then the memory, then the loop.

// tasksPanes are the panes in the worker pool's place for a tasks server.
type tasksPanes struct {
	th     *theme.Theme
	limits *pane.Limits
	pools  []*chart.Gauge
	memory *chart.Gauge
	loop   *chart.Gauge
	on     bool // the run is a tasks server's
	// limitless: the process has no memory limit, and its chart counts
	// live tasks; the loop's chart goes before it then.
	limitless bool

	// The layout: the charts shown, each with its height, below the
	// limits' own.
	limitsH int
	shown   []*chart.Gauge
	heights []int
	w       int
}

func newTasksPanes(th *theme.Theme) *tasksPanes {
	return &tasksPanes{th: th, limits: pane.NewLimits(th), memory: chart.NewMemoryGauge(th), loop: chart.NewLoopGauge(th)}
}

// setData hands the snapshot to every pane; a pool chart per pool of the run.
func (t *tasksPanes) setData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	t.on = d.Snap.Tasks != nil
	if !t.on {
		return
	}
	t.limitless = d.Snap.Tasks.MemoryLimit <= 0
	for len(t.pools) < len(d.Snap.Pools) {
		t.pools = append(t.pools, chart.NewPoolGauge(t.th, len(t.pools)))
	}
	t.pools = t.pools[:len(d.Snap.Pools)]
	t.limits.SetData(d)
	for _, g := range t.charts() {
		g.SetData(d)
	}
}

// charts are the charts in the order they get room: the pools, the
// memory against its limit, the loop; live tasks without a limit last.
func (t *tasksPanes) charts() []*chart.Gauge {
	out := append(make([]*chart.Gauge, 0, len(t.pools)+2), t.pools...)
	if t.limitless {
		return append(out, t.loop, t.memory)
	}
	return append(out, t.memory, t.loop)
}

// ask is what the panes ask for together: the limits at the least; with
// every chart at its least height as wished; every chart at its most
// useful one at the most.
func (t *tasksPanes) ask() sizes {
	least, _, most := chart.GaugeHeights()
	n := len(t.charts())
	lh := t.limits.Needs()
	return sizes{lh, lh + n*least, lh + n*most}
}

// SetSize lays the panes out in w×h: the limits their lines, then as many
// charts as find their least height, sharing what is left.
func (t *tasksPanes) SetSize(w, h int) {
	least, _, most := chart.GaugeHeights()
	t.w = w
	t.limitsH = min(t.limits.Needs(), h)
	rest := h - t.limitsH
	all := t.charts()
	n := min(len(all), rest/least)
	t.shown, t.heights = all[:n], t.heights[:0]
	for i, g := range t.shown {
		gh := min(rest/(n-i), most)
		if i == n-1 {
			gh = rest // the last takes what is left, so nothing stays blank
		}
		g.SetSize(w, gh)
		t.heights = append(t.heights, gh)
		rest -= gh
	}
	if n == 0 {
		t.limitsH = h // the limits alone take the slot
	}
	t.limits.SetSize(w, t.limitsH)
}

// View stacks the panes.
func (t *tasksPanes) View() string {
	parts := make([]string, 0, 1+len(t.shown))
	parts = append(parts, t.limits.View())
	for _, g := range t.shown {
		parts = append(parts, g.View())
	}
	return strings.Join(parts, "\n")
}
