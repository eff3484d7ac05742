package chart_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// On a long run every chart's fault legend writes the fault's start and
// end as the run's notes do (Data.Moment): "hangs 12h 00m–12h 05m 10.5s",
// where it read "hangs 43200s–43510.5s" under axes in hours.
func TestFaultLegendsWriteALongRunsTimes(t *testing.T) {
	d := tuitest.At(t, "cascade", 2, 20)
	d.Faults[0].From, d.Faults[0].To = 12*time.Hour, 12*time.Hour+5*time.Minute+10500*time.Millisecond
	d.Moment = func(at time.Duration, decimals int) string { return playback.NoteTime(at, 24*time.Hour, decimals) }
	const want = "hangs 12h 00m–12h 05m 10.5s"
	th := tuitest.Plain()
	for name, c := range map[string]sized{
		"outcomes": chart.NewOutcomes(th), "latency": chart.NewLatency(th),
		"in flight": chart.NewInFlight(th), "history": chart.NewHistory(th),
	} {
		c.SetSize(120, 20)
		c.SetData(d)
		if v := ansi.Strip(c.View()); !strings.Contains(v, want) || strings.Contains(v, "43200") {
			t.Errorf("the %s chart's legend does not read %q:\n%s", name, want, v)
		}
	}
}

// The memory chart of a process killed at its limit says when it is back
// as the run writes a moment (Data.Moment).
func TestMemoryGaugeWritesTheComebackByTheRun(t *testing.T) {
	var d pane.Data
	for at := 30.0; at <= 120 && (d.Snap == nil || !d.Snap.Tasks.Down); at++ {
		d = tuitest.At(t, "go-server", 0, at)
	}
	if !d.Snap.Tasks.Down {
		t.Fatal("go-server's process is never down")
	}
	d.Moment = func(at time.Duration, _ int) string { return "<" + at.String() + ">" }
	g := chart.NewMemoryGauge(tuitest.Plain())
	g.SetSize(90, 14)
	g.SetData(d)
	if want := "back at <" + d.Snap.Tasks.UpAt.String() + ">"; !strings.Contains(ansi.Strip(g.View()), want) {
		t.Errorf("the memory chart lacks %q:\n%s", want, ansi.Strip(g.View()))
	}
}
