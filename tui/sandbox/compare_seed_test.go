package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// At 80 columns compare mode under two libraries' presets cut its status
// line at its end, "breaker-timeline · compare 1/resilience4j …", and the
// seed, which reproduces both runs and shows nowhere else in compare mode,
// went with it. The scenario's name (on the title line) goes first, then
// the sides' words; the seed stays.
func TestCompareStatusKeepsTheSeedAt80Columns(t *testing.T) {
	for _, c := range []struct {
		scenario string
		keys     []string
	}{
		{"breaker-timeline", []string{"C"}},
		{"breaker-timeline", []string{"C", "p", "p", "p"}}, // failsafe-go on the right, the longest
		{"cascade", []string{"C", "P", "P", "P"}},
		{"cascade", []string{"c"}},
	} {
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, c.scenario)})
		m = press(m, c.keys...)
		if on, _, _ := m.Comparing(); !on {
			t.Fatalf("%s %v: not in compare mode", c.scenario, c.keys)
		}
		m.setNote("", false) // the status line as it reads once the key's note is gone
		m.refresh()
		if line := statusLine(m); !strings.HasSuffix(strings.TrimRight(line, " "), "seed 5") {
			t.Errorf("%s %v: the status line %q has lost the seed", c.scenario, c.keys, line)
		}
	}
}
