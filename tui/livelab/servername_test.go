package livelab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// The Go server's limits pane was titled "Limits of the tasks server", the
// engine's word: the lab's user knows it as the Go server.
func TestLimitsPaneNamesTheGoServer(t *testing.T) {
	sc := scenarios.GoServer()
	m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: sc, Variant: 0, Seed: 5, Where: "127.0.0.1:7011",
		Real: fakeReal(t, sc, 0, 6, 200*time.Millisecond)})
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		m.Update(tickMsg{})
	}
	for _, size := range [][2]int{{200, 60}, {120, 40}} {
		out := ansi.Strip(checkFrame(t, m, size[0], size[1]))
		if strings.Count(out, "Limits of the Go server") != 2 || strings.Contains(out, "tasks server") {
			t.Errorf("%dx%d: both limits panes should be the Go server's:\n%s", size[0], size[1], out)
		}
	}
}
