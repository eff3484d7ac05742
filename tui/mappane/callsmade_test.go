package mappane

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// go-server's first variant at 30 s: payments has hung since 20 s and
// checkout calls it about 190 times a second, each call dialling a
// connection the hung host never accepts. The map's calls/s is those
// calls made, not the answers (none: it read 0.00/s, and a learner read
// that checkout had stopped calling), and with none answered it has no
// failed share. Its figures and cascade's are pane.EdgeCalls', the count
// the circuit tiles take theirs from.
func TestMapRatesAreTheCallsMade(t *testing.T) {
	for _, c := range []struct {
		scenario string
		v        int
		at       time.Duration
		hung     string // a dependency called fast and answering none
	}{
		{"go-server", 0, 30 * time.Second, "payments"},
		{"go-server", 1, 30 * time.Second, ""},
		{"cascade", 0, 15 * time.Second, ""},
		{"cascade", 2, 26 * time.Second, ""},
	} {
		s := snapAt(t, c.scenario, c.v, c.at)
		m := newMap(s, 200, 40)
		view := ansi.Strip(m.View())
		for i := range s.Dependencies {
			d := &s.Dependencies[i]
			calls, ok := pane.EdgeCallsOver(d.Series, s.SampleEvery, pane.LiveWindow)
			n := nodeNamed(t, m, d.Name)
			if !ok || n.rate != calls.Rate(s.SampleEvery) || n.failed != calls.FailedShare() {
				t.Errorf("%s variant %d at %v, %s: %.2f/s %.3f failed, pane.EdgeCalls says %.2f/s %.3f",
					c.scenario, c.v+1, c.at, d.Name, n.rate, n.failed, calls.Rate(s.SampleEvery), calls.FailedShare())
			}
			if row := lineOf(view, "◆ "+d.Name); !strings.Contains(row, pane.Rate(n.rate)) {
				t.Errorf("%s variant %d at %v: %s's row %q does not say %s", c.scenario, c.v+1, c.at, d.Name, row, pane.Rate(n.rate))
			}
			if d.Name != c.hung {
				continue
			}
			if calls.Answered != 0 || n.rate < 100 {
				t.Errorf("%s variant %d at %v: %s at %.2f calls/s, %d answered: want the hang's many calls made, none answered",
					c.scenario, c.v+1, c.at, d.Name, n.rate, calls.Answered)
			}
			// None answered: no failed share, not a 0% that reads as
			// calls answering well.
			row := lineOf(view, "◆ "+d.Name)
			if at := strings.Index(row, pane.Rate(n.rate)); at < 0 || !strings.HasPrefix(strings.TrimLeft(row[at+len(pane.Rate(n.rate)):], " "), noneAnswered) {
				t.Errorf("%s variant %d at %v: %s's row %q, want %s then %q for its failed share",
					c.scenario, c.v+1, c.at, d.Name, row, pane.Rate(n.rate), noneAnswered)
			}
		}
	}
}
