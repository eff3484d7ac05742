package lessonui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// At 60×16 the player's keys do not fit: the help says which lines it
// shows and that more follow, its scrolling keys scroll it (they do not
// close it and then act on the step), G reaches its last key, and any
// other key only closes it.
func TestHelpScrollsInAShortWindow(t *testing.T) {
	m := open(t, allLessons(t)[0], 0, 60, 16, Options{Embedded: true})
	m = send(m, keys("?")...)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "lines 1–") || !strings.Contains(v, "↓ more") || !strings.Contains(v, "↑/↓ scroll") {
		t.Fatalf("the help should say it has more lines, and how to scroll them:\n%s", v)
	}
	m = send(m, keys("j")...)
	if v := ansi.Strip(m.View()); !m.showHelp || !strings.Contains(v, "lines 2–") {
		t.Fatalf("j should scroll the help a line:\n%s", v)
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyPgDown})
	if !m.showHelp || m.Step() != 0 {
		t.Fatalf("pgdn should page the help, not leave it for step %d", m.Step()+1)
	}
	m = send(m, keys("G")...)
	v := ansi.Strip(m.View())
	for _, want := range []string{"· the end", "slower", "pick an answer", "review the missed", "take the question again"} {
		if !strings.Contains(v, want) && !strings.Contains(strings.Join(helpLinesSeen(t, m), "\n"), want) {
			t.Errorf("scrolling should reach %q:\n%s", want, v)
		}
	}
	m = send(m, keys("n")...)
	if m.showHelp || m.Step() != 0 {
		t.Errorf("n should close the help and only that: help %v, step %d", m.showHelp, m.Step()+1)
	}
}

// helpLinesSeen scrolls m's help from its top to its end a line at a time
// and returns every line shown on the way.
func helpLinesSeen(t *testing.T, m Model) []string {
	t.Helper()
	m = send(m, keys("g")...)
	var seen []string
	for range 200 {
		v := ansi.Strip(m.View())
		seen = append(seen, v)
		if strings.Contains(v, "· the end") {
			return seen
		}
		m = send(m, keys("j")...)
	}
	t.Fatal("the help never reached its end")
	return nil
}

// Inside the home screen the palette's key works in a lesson: its help
// lists it there, and only there.
func TestHelpListsThePaletteInsideHome(t *testing.T) {
	for _, embedded := range []bool{true, false} {
		m := open(t, allLessons(t)[0], 0, 200, 60, Options{Embedded: embedded})
		v := ansi.Strip(send(m, keys("?")...).View())
		if got := strings.Contains(v, "ctrl+k go anywhere"); got != embedded {
			t.Errorf("inside home %v: the help lists ctrl+k %v:\n%s", embedded, got, v)
		}
	}
}
