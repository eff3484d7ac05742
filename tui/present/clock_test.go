package present_test

import (
	"strings"
	"testing"
	"time"

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
