package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// In presentation mode, whatever opens over the run and takes the keys is
// shown: the projector's big number used to stay while the knob form, the
// chaos menu, the help, a sweep, the fleet, a prompt or the leave question
// took the keys out of sight.
func TestPresentedOverlaysAreShown(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	cases := []struct {
		name string
		open func(Model) Model
		want string
	}{
		{"knob form", func(m Model) Model { return press(m, "e") }, "Knobs"},
		{"chaos menu", func(m Model) Model { return press(m, "f") }, "Chaos"},
		{"help", func(m Model) Model { return press(m, "?") }, "Keys"},
		{"sweep", func(m Model) Model { return send(press(m, "e"), ctrlS) }, "Sweep"},
		{"fleet", func(m Model) Model { return press(withServices(m, 6), "I") }, "inventory: 6 instances"},
		{"go to time", func(m Model) Model { return press(m, ":") }, "go to time"},
		{"seed prompt", func(m Model) Model { return press(m, "S") }, "enter alone"},
		{"leave question", func(m Model) Model {
			return press(m, "e", "ctrl+u", "3", "0", "enter", "q")
		}, "y quits and loses them"},
	}
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		for _, c := range cases {
			m := c.open(newModel(t, sz[0], sz[1], Options{Scenario: shortCascade(t)}))
			if _, ok := m.Moment(); ok {
				t.Errorf("%dx%d %s: the sandbox still has a moment for the projector", sz[0], sz[1], c.name)
			}
			if !strings.Contains(ansi.Strip(m.View()), c.want) {
				t.Fatalf("%dx%d %s: the screen itself does not show %q:\n%s", sz[0], sz[1], c.name, c.want, ansi.Strip(m.View()))
			}
			p := present.Wrap(m, m.th, true)
			p = tuitest.Send(p, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			v := p.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			if !strings.Contains(ansi.Strip(v), c.want) {
				t.Errorf("%dx%d %s: presentation mode does not show %q:\n%s", sz[0], sz[1], c.name, c.want, ansi.Strip(v))
			}
		}
	}
}

// Opened in presentation mode with the keys a presenter presses, the knob
// form is on the projector, and esc gives the number back.
func TestPresentedKnobFormOpensAndCloses(t *testing.T) {
	m := newModel(t, 100, 30, Options{Scenario: shortCascade(t)})
	p := tuitest.Send(present.Wrap(m, m.th, true), tea.WindowSizeMsg{Width: 100, Height: 30})
	if strings.Contains(ansi.Strip(p.View()), "Knobs") {
		t.Fatal("the projector shows the knob form before e")
	}
	open := tuitest.Press(p, "e")
	if !strings.Contains(ansi.Strip(open.View()), "Knobs") {
		t.Errorf("e in presentation mode does not show the knob form:\n%s", ansi.Strip(open.View()))
	}
	back := tuitest.Press(open, "esc")
	if back.View() != p.View() {
		t.Errorf("esc should give the projector's number back:\n%s", ansi.Strip(back.View()))
	}
}
