package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// ] on a run without events (event-loop-stall has no breaker and no
// fault) says so and which keys move time instead; at 80 columns the
// note was cut to "no events in this run (no breaker moves, …", the keys
// lost. It fits the line whole at the smallest window the sandbox draws.
func TestNoEventsNoteFitsWholeAt80Columns(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "event-loop-stall")})
	for _, k := range []string{"]", "["} {
		m = press(m, k)
		line := statusLine(m)
		if strings.Contains(line, "…") || !strings.Contains(line, "no events in this run") || !strings.Contains(line, ": goes to a time") {
			t.Errorf("%s on a run without events: the status line reads %q; want the whole note, with the keys that move time", k, line)
		}
	}
}
