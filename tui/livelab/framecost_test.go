package livelab

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// The footer (each endpoint's shares side by side, the verdict, why the
// two sides differ, all wrapped to the width) is drawn once a frame: View
// asked for it once more for every blank line it padded with, and once
// again to add it. With the panes as they were, a frame costs less than
// drawing the footer twice.
func TestFooterDrawnOnceAFrame(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	for _, v := range []int{0, 3} {
		for _, size := range [][2]int{{100, 30}, {200, 60}} {
			m := newModel(t, v, fakeReal(t, scenarios.Checkout(), v, 6, 200*time.Millisecond))
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			for range 15 {
				m.Update(tickMsg{})
			}
			_ = m.View()
			footer := testing.AllocsPerRun(5, func() { _ = m.footer() })
			frame := testing.AllocsPerRun(5, func() { _ = m.View() })
			if frame >= 2*footer {
				t.Errorf("variant %d at %dx%d: a frame makes %.0f allocations, the footer %.0f: the footer is drawn more than once", v, size[0], size[1], frame, footer)
			}
		}
	}
}
