package present_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// The projector's clock reads what the presenter's status line reads at
// every instant, the last tenth before the end included: it kept its own
// copy of the status line's rule, free to drift from it.
func TestClockAgreesWithTheStatusLine(t *testing.T) {
	const end = 16 * time.Second
	st := pane.NewStatus(theme.New(theme.Plain()))
	st.SetSize(120, 1)
	for _, now := range []time.Duration{0, time.Millisecond, 99 * time.Millisecond, 100 * time.Millisecond,
		149 * time.Millisecond, 150 * time.Millisecond, 12345 * time.Millisecond, 15950 * time.Millisecond,
		15999 * time.Millisecond, end - time.Nanosecond, end} {
		st.SetInfo(pane.StatusInfo{Now: now, Duration: end, Speed: 1, Scenario: "cascade", Variant: "v"})
		line := ansi.Strip(st.View())
		_, clock, _ := strings.Cut(present.Clock(now, end, false), " ")
		if !strings.Contains(line, " "+clock+" ") {
			t.Errorf("at %v the projector reads %q, the status line %q", now, clock, line)
		}
	}
}

// On a long run the projector's clock reads as the status line's does,
// in the time axes' unit (chart.SpanUnit): "12h 00m / 24h 00m", where it
// read "43200.0 s / 86400.0 s" under the presenter's "12h 00m".
func TestLongRunClockAgreesWithTheStatusLine(t *testing.T) {
	st := pane.NewStatus(theme.New(theme.Plain()))
	st.SetSize(120, 1)
	for _, end := range []time.Duration{40 * time.Minute, 4 * time.Hour, 24 * time.Hour} {
		for _, now := range []time.Duration{0, 59 * time.Second, end / 2, end - time.Nanosecond, end} {
			st.SetInfo(pane.StatusInfo{Now: now, Duration: end, Unit: chart.SpanUnit(end), Speed: 1, Scenario: "go-server", Variant: "v"})
			line := ansi.Strip(st.View())
			_, clock, _ := strings.Cut(present.Clock(now, end, false), " ")
			if !strings.Contains(line, " "+clock+" ") || strings.Contains(clock, " s") {
				t.Errorf("at %v of %v the projector reads %q, the status line %q", now, end, clock, line)
			}
		}
	}
}
