package chart_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A pool no call ever waited for (the Go server's Transport behind the
// protected mode's semaphore) draws no waiting line: "w" along the zero
// row read as a measured line, and its legend as data. The legend says
// none waited, with no letter for a line that is not there; a pool that
// did have waiters still draws theirs.
func TestPoolGaugeDrawsNoLineForNoWaits(t *testing.T) {
	d := tuitest.At(t, "go-server", 0, 60)
	p := &d.Snap.Pools[0]
	if len(p.Series) < 10 {
		t.Fatalf("go-server's first pool has %d samples by 60 s", len(p.Series))
	}
	// Waits in the middle samples, as a run past its cap has them.
	for i := len(p.Series) / 3; i < 2*len(p.Series)/3; i++ {
		p.Series[i].Waiting = 5
	}
	p.WaitingMax = 5
	g := chart.NewPoolGauge(tuitest.Plain(), 0)
	g.SetSize(70, 14)
	g.SetData(d)
	v := ansi.Strip(g.View())
	if !strings.Contains(strings.Join(plotRows(v), "\n"), "w") || !strings.Contains(v, "w waiting for one") {
		t.Fatalf("a pool with waits lost its waiting line:\n%s", v)
	}

	p.WaitingMax, p.Waiting = 0, 0
	for i := range p.Series {
		p.Series[i].Waiting = 0
	}
	d.Gen++
	g = chart.NewPoolGauge(tuitest.Plain(), 0)
	g.SetSize(70, 14)
	g.SetData(d)
	v = ansi.Strip(g.View())
	tuitest.CheckBlock(t, g.View(), 70, 14)
	if strings.Contains(strings.Join(plotRows(v), "\n"), "w") {
		t.Errorf("no call waited, yet the plot draws a waiting line:\n%s", v)
	}
	if strings.Contains(v, "w waiting") || !strings.Contains(v, "none waiting for one") {
		t.Errorf("the legend names a waiting line that is not drawn, or does not say none waited:\n%s", v)
	}
}
