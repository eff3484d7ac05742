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

// A View with nothing new since the last (a key that changes nothing, the
// renderer asking again) draws nothing: it built the head, the columns
// and the footer each time, some 250 allocations. A tick draws anew.
func TestViewWithNothingNewDrawsNothing(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	m := newModel(t, 3, fakeReal(t, scenarios.Checkout(), 3, 6, 200*time.Millisecond))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	for range 5 {
		m.Update(tickMsg{})
	}
	first := m.View()
	if n := testing.AllocsPerRun(5, func() { _ = m.View() }); n != 0 {
		t.Errorf("a View with nothing new makes %.0f allocations, want none", n)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
	if m.View() != first {
		t.Error("a key that changes nothing changed the screen")
	}
	m.Update(tickMsg{})
	if m.View() == first {
		t.Error("a tick 200 ms on left the screen as it was")
	}
}
