package home

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A narrow menu's key line says how to go down as well as up: at 40x12
// it read "↑/k up • enter open • ? keys • q quit" over "↓ 34 more lines
// below", ↓ dropped for room and ↑ kept.
func TestNarrowMenuSaysDown(t *testing.T) {
	for _, sz := range [][2]int{{40, 12}, {36, 20}, {80, 24}, {100, 30}} {
		m := send(newHome(t, Options{}), tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		l := lines[len(lines)-1]
		if strings.Contains(l, "↑") && !strings.Contains(l, "↓") {
			t.Errorf("%dx%d: the key line says up but not down: %q", sz[0], sz[1], l)
		}
		if !strings.Contains(l, "enter open") {
			t.Errorf("%dx%d: the key line lost enter: %q", sz[0], sz[1], l)
		}
	}
}
