package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// `breakerlab --present` opens the menu, which has no key number and,
// its key help left out, looked as it does without the mode: its last line
// says the mode is on and that the sandbox and the lessons show big, on a
// projector's 100×30 and on 80×24. Without the mode, and on the sandbox,
// whose number is the moment, the line is not there.
func TestPresentedMenuSaysWhereItShows(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{})
	lastLine := func(v string) string {
		lines := strings.Split(ansi.Strip(v), "\n")
		return strings.TrimSpace(lines[len(lines)-1])
	}
	for _, size := range []tea.WindowSizeMsg{{Width: 100, Height: 30}, {Width: 80, Height: 24}, {Width: 200, Height: 60}} {
		p := tuitest.Send(present.Wrap(m, m.th, true), size)
		last := lastLine(p.View())
		if !strings.HasPrefix(last, "present") || !strings.Contains(last, "sandbox") || !strings.Contains(last, "lesson") || !strings.Contains(last, present.Key) {
			t.Errorf("at %dx%d the presented menu's last line reads %q, want it to say presentation mode shows on the sandbox and the lessons", size.Width, size.Height, last)
		}
		if plain := lastLine(tuitest.Send(present.Wrap(m, m.th, false), size).View()); strings.Contains(plain, "presentation") || strings.Contains(plain, "presenting") {
			t.Errorf("at %dx%d the menu without presentation mode says %q", size.Width, size.Height, plain)
		}
	}
	m = press(m, "down", "enter", "enter") // Sandbox, then cascade
	if !m.InSandbox() {
		t.Fatal("the sandbox should be open")
	}
	if notes := m.PresentNote(); notes != nil {
		t.Errorf("the sandbox, which has its moment, has a note: %q", notes)
	}
}
