package exercisesui

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// A tick of the spinner (ten a second while tests run) moves the spinner
// and the seconds: its frame draws the task (the README, reflowed) as
// drawn for the width before, and the header and the key help once, not
// once more to measure the body. Such a frame made 1,005 allocations at
// 120×40 (25 a line) and 1,008 at 100×30 before, 445 after; the budget is
// 20 a line.
func TestSpinnerFrameAllocations(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	for _, size := range [][2]int{{100, 30}, {120, 40}} {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		at := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)
		f := newFake()
		m := New(f, Options{Manual: true, Renderer: r, Now: func() time.Time { return at }})
		next, _ := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m = next.(Model)
		e := m.current()
		_ = m.startCheck(e)
		next, _ = m.Update(checkedMsg{name: e.Name, gen: m.gen[e.Name], result: f.Check(context.Background(), e, nil)})
		m = next.(Model)
		_ = m.startCheck(e) // tested again: the spinner turns
		n := testing.AllocsPerRun(10, func() {
			at = at.Add(100 * time.Millisecond)
			next, _ := m.Update(tickMsg{})
			m = next.(Model)
			_ = m.View()
		})
		if perLine := n / float64(size[1]); perLine > 20 {
			t.Errorf("%dx%d: a spinner tick's frame makes %.0f allocations, %.0f a line; the budget is 20", size[0], size[1], n, perLine)
		}
	}
}
