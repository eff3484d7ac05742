package sandbox

import (
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A tasks server (issue 23) has no worker pool to draw: what runs out is
// what its parked tasks hold. In the pool's place the sandbox stacks the
// server's limits at a glance (pane.Limits) over a chart per connection
// pool, as far as the room goes, since the cascade runs through them; a
// second stack (pTaskCharts, in the right column) charts the memory
// against its limit and the loop's busy share (chart.Gauge), the loop
// first where the process has no memory limit.

// What the panes of a tasks server show, for the help screen: the limits
// in the worker pool's place, and the charts.
const (
	tasksPanesHelp  = "Limits (a tasks server: an event loop or a goroutine per request, with no worker pool): a line per connection pool (in use against its size, the attempts waiting for a connection, those refused after the pool's wait and those whose caller gave up first), a line per dependency's semaphore (permits held against its size, the calls waiting for one, those turned away and those that waited out the acquisition timeout), the memory the live tasks hold against the process's limit with its kills, and the loop's busy share in the last stretch and over the window, with its lag. █ is used, ░ free. Lines to spare list each host of a pool shared by several."
	tasksChartsHelp = "Pool, memory and loop charts (a tasks server): a pool's connections in use (u) against its size (┄) and the attempts waiting for one (w, clipped at the scale's top, about twice the size, with the most in the legend); the memory the live tasks hold (m) against the limit (┄), or the live tasks (t) where there is none; the loop's busy share (b), where a blocking call or a pause shows as a plateau at 100 %. ╳ on the time axis marks where the process was down, killed at its memory limit and restarting."
)

// tasksPanes are a tasks server's panes.
type tasksPanes struct {
	th     *theme.Theme
	limits *pane.Limits
	pools  []*chart.Gauge
	memory *chart.Gauge
	loop   *chart.Gauge
	on     bool // the run is a tasks server's

	left, right gaugeStack
}

func newTasksPanes(th *theme.Theme) *tasksPanes {
	t := &tasksPanes{th: th, limits: pane.NewLimits(th), memory: chart.NewMemoryGauge(th), loop: chart.NewLoopGauge(th)}
	t.left.head = t.limits
	return t
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
	for len(t.pools) < len(d.Snap.Pools) {
		t.pools = append(t.pools, chart.NewPoolGauge(t.th, len(t.pools)))
	}
	t.pools = t.pools[:len(d.Snap.Pools)]
	t.left.charts = t.pools
	// Live tasks without a memory limit say less than the loop.
	if d.Snap.Tasks.MemoryLimit <= 0 {
		t.right.charts = []*chart.Gauge{t.loop, t.memory}
	} else {
		t.right.charts = []*chart.Gauge{t.memory, t.loop}
	}
	t.limits.SetData(d)
	for _, g := range t.right.charts {
		g.SetData(d)
	}
	for _, g := range t.pools {
		g.SetData(d)
	}
}

// gaugeStack is panes one above the other in one slot of the layout: a
// head that keeps its lines (or none), then as many charts as find their
// least height, sharing the rest.
type gaugeStack struct {
	head    *pane.Limits
	charts  []*chart.Gauge
	headH   int
	shown   []*chart.Gauge
	heights []int
}

// ask is what the stack asks for: the head with one chart at the least
// (the head alone, when it has one), every chart at its least height as
// wished, at its most useful height at the most.
func (g *gaugeStack) ask() sizes {
	least, _, most := chart.GaugeHeights()
	head := 0
	if g.head != nil {
		head = g.head.Needs()
	}
	n := len(g.charts)
	lo := head
	if head == 0 {
		lo = least
	}
	return sizes{lo, head + n*least, head + n*most}
}

// usable is the most of h rows the stack draws in: under a head, rows too
// few for a chart's least height would stand blank, past the head's lines.
func (g *gaugeStack) usable(h int) int {
	least, _, _ := chart.GaugeHeights()
	if g.head == nil || len(g.charts) == 0 {
		return h
	}
	if h-g.head.Needs() < least {
		return min(h, g.head.Max())
	}
	return h
}

// SetSize lays the stack out in w×h.
func (g *gaugeStack) SetSize(w, h int) {
	least, _, most := chart.GaugeHeights()
	g.headH = 0
	if g.head != nil {
		g.headH = min(g.head.Needs(), h)
	}
	rest := h - g.headH
	n := min(len(g.charts), rest/least)
	g.shown, g.heights = g.charts[:n], g.heights[:0]
	for i, c := range g.shown {
		ch := min(rest/(n-i), most)
		if i == n-1 {
			ch = rest // the last takes what is left, so nothing stays blank
		}
		c.SetSize(w, ch)
		g.heights = append(g.heights, ch)
		rest -= ch
	}
	if g.head != nil {
		if n == 0 {
			g.headH = h // the head alone takes the slot
		}
		g.head.SetSize(w, g.headH)
	}
}

// View stacks the panes.
func (g *gaugeStack) View() string {
	parts := make([]string, 0, 1+len(g.shown))
	if g.head != nil {
		parts = append(parts, g.head.View())
	}
	for _, c := range g.shown {
		parts = append(parts, c.View())
	}
	return strings.Join(parts, "\n")
}

// poolPane is what compare mode draws in the pool's place on each side:
// the worker pool, or a tasks server's limits.
type poolPane interface {
	SetData(pane.Data)
	SetSize(w, h int)
	Needs(w int) int
	View() string
}

// newPoolPane is the pool's pane for a compare side's system: its limits
// when its server is a tasks server.
func newPoolPane(th *theme.Theme, sys *engine.System) poolPane {
	if sys.Tasks != nil {
		return limitsPane{pane.NewLimits(th)}
	}
	return pane.NewPool(th)
}

// limitsPane is the limits pane as compare mode sizes a pool.
type limitsPane struct{ *pane.Limits }

func (l limitsPane) Needs(int) int { return l.Limits.Needs() }
