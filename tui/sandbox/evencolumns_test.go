package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Both columns end on the row above the status line: at 80x24 the right
// column of multi-hop and fleet-probes, a breaker and a chain with no
// chart to grow, ended a row above the left and left a blank row under it.
func TestColumnsEndOnOneRowAt80x24(t *testing.T) {
	for _, name := range []string{"multi-hop", "fleet-probes"} {
		m := newModel(t, 80, 24, Options{Scenario: builtin(name)(t)})
		m = seekTo(t, m, 20*time.Second)
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		last := lines[len(lines)-3] // above the status line and the keys
		if strings.Count(last, "╰") != 2 {
			t.Errorf("%s: the body's last row %q does not end both columns:\n%s", name, last, strings.Join(lines, "\n"))
		}
	}
}
