package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A long run's clock reads in the unit its time axes read in: an hour's
// run in minutes and seconds, a run past three hours in hours and
// minutes, where seconds read "3600.0 s" and "14400.0 s"; and the knob
// form's "at" reads as the clock does. A built-in's minute stays in
// seconds (the goldens hold it).
func TestLongRunClockReadsInTheAxisUnit(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	hours := tuitest.Scenario(t, "checkout")
	hours.Duration, hours.MeasureTo = 4*time.Hour, 4*time.Hour
	for _, c := range []struct {
		sc         func(testing.TB) *engine.Scenario
		start, end string
	}{
		{longCheckout, "0m 00s / 60m 00s", "60m 00s / 60m 00s"},
		{func(testing.TB) *engine.Scenario { return hours }, "0h 00m / 4h 00m", "4h 00m / 4h 00m"},
	} {
		sc := c.sc(t)
		m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc}))
		status := func() string {
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			return lines[len(lines)-2]
		}
		if got := status(); !strings.Contains(got, c.start) {
			t.Errorf("%v run at 0 s: the status line reads %q, want %q", sc.Duration, got, c.start)
		}
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("G")})
		m = drainWork(t, next.(Model))
		if got := status(); !strings.Contains(got, c.end) {
			t.Errorf("%v run at its end: the status line reads %q, want %q", sc.Duration, got, c.end)
		}
		next, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("e")})
		m = next.(Model)
		at, _, _ := strings.Cut(c.end, " /")
		if title := strings.Split(ansi.Strip(m.View()), "\n")[1]; !strings.Contains(title, "at "+at) {
			t.Errorf("%v run at its end: the knob form's title reads %q, want the clock's %q", sc.Duration, title, at)
		}
	}
}
