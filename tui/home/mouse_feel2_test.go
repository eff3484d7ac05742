package home

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// lineOf is the first line of m's screen that contains s.
func lineOf(t *testing.T, m Model, s string) int {
	t.Helper()
	for y, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(l, s) {
			return y
		}
	}
	t.Fatalf("no line holds %q:\n%s", s, ansi.Strip(m.View()))
	return -1
}

func click(m Model, x, y int) Model {
	return run(m, tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

// A click on a menu item selects it and a click on the selected item opens
// it, as a click on the sandbox's tabs does (the wheel moved the cursor, a
// click did nothing); the same on the scenario picker.
func TestClickSelectsThenOpens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := newHome(t, Options{})
		m = run(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		y := lineOf(t, m, "Sandbox")
		if m = click(m, 6, y); m.screen != onMenu || items[m.cursor].title != "Sandbox" {
			t.Fatalf("%v: a click on Sandbox should select it (cursor on %q, screen %d)", size, items[m.cursor].title, m.screen)
		}
		// A click on the description's line counts too.
		if m = click(m, 30, y); m.screen != onPicker {
			t.Fatalf("%v: a click on the selected item should open it (screen %d)", size, m.screen)
		}
		name := m.o.Scenarios[1].Name
		y = lineOf(t, m, " "+name+" ")
		if m = click(m, 6, y); m.screen != onPicker || m.pick != 1 {
			t.Fatalf("%v: a click on %s should select it (pick %d)", size, name, m.pick)
		}
		if m = click(m, 6, y); m.screen != onSandbox {
			t.Fatalf("%v: a second click on %s should open it (screen %d)", size, name, m.screen)
		}
	}
	// A click off the rows does nothing.
	m := newHome(t, Options{})
	cur := m.cursor
	if m = click(m, 6, 1); m.cursor != cur || m.screen != onMenu {
		t.Errorf("a click on the title moved the cursor to %d (screen %d)", m.cursor, m.screen)
	}
}
