package livelab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/charmbracelet/x/ansi"
)

// In a short window the key line stays on the screen's last line and the
// footer's text gives way above it, whole paragraphs at a time: at 60×15
// the text ran off the bottom, cutting "…the simulation's clock is" and
// the keys with it.
func TestShortWindowKeepsTheKeyLine(t *testing.T) {
	for _, v := range []int{0, 3} {
		m := newModel(t, v, fakeReal(t, scenarios.Checkout(), v, 6, 200*time.Millisecond))
		for range 15 {
			m.Update(tickMsg{})
		}
		for _, size := range [][2]int{{60, 15}, {60, 12}, {80, 18}, {40, 12}, {100, 8}, {80, 24}} {
			out := ansi.Strip(checkFrame(t, m, size[0], size[1]))
			lines := strings.Split(out, "\n")
			if !strings.Contains(lines[len(lines)-1], "esc/q quit") {
				t.Errorf("variant %d at %dx%d: the last line is not the keys:\n%s", v, size[0], size[1], out)
			}
			said := strings.Join(strings.Fields(out), " ")
			if (strings.Contains(said, "Why they differ") || strings.Contains(said, "Why not exactly")) && !strings.Contains(said, "the simulation's clock is exact.") {
				t.Errorf("variant %d at %dx%d: the explanation is cut:\n%s", v, size[0], size[1], out)
			}
		}
	}
}
