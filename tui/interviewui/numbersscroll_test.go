package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// At 80×24 the numbers ctrl+o shows in the answer's place outgrew the
// window on api-gateway: its five upstreams filled the rows, and what goes
// wrong in the engine's worst design was cut off with no sign and no key
// to reach it. The page now scrolls: pgdn and ↓ reach its last line, the
// arrows stay on the page, and every line of the worst design is seen on
// the way, for every prompt with a scenario.
func TestNumbersPageScrollsToWhatGoesWrong(t *testing.T) {
	for _, p := range drill.Prompts() {
		if _, ok := scenarios.Lookup(p.Scenario); !ok {
			continue
		}
		m, _, _ := model(t, 80, 24, p.ID)
		m = settle(tuitest.Press(m, "ctrl+o"))
		seen := map[string]bool{}
		for range 20 {
			v := ansi.Strip(m.View())
			tuitest.CheckBlock(t, m.View(), 80, 24)
			if !strings.Contains(v, "Numbers to size with") && !strings.Contains(v, "lines ") {
				t.Fatalf("%s: pgdn left the numbers page:\n%s", p.ID, v)
			}
			for _, l := range strings.Split(v, "\n") {
				seen[strings.TrimSpace(l)] = true
			}
			m = tuitest.Press(m, "pgdown")
		}
		m = tuitest.Press(m, "down")
		if v := ansi.Strip(m.View()); strings.Contains(v, "ctrl+d hand in") {
			t.Errorf("%s: ↓ on the numbers page went back to the answer:\n%s", p.ID, v)
		}
		w, _ := m.sidePlace()
		worst := m.runLines(p.Scenario, false, w)
		if len(worst) == 0 {
			t.Fatalf("%s: no runs of %s came back", p.ID, p.Scenario)
		}
		for _, l := range worst {
			if l := strings.TrimSpace(ansi.Strip(l)); l != "" && !seen[l] {
				t.Errorf("%s: at 80×24 the numbers page never shows %q", p.ID, l)
			}
		}
		m = tuitest.Press(m, "x")
		if v := ansi.Strip(m.View()); strings.Contains(v, "Numbers to size with") || m.area.Value() != "" {
			t.Errorf("%s: a key other than the arrows should go back to the answer, typing nothing:\n%s", p.ID, v)
		}
	}
}
