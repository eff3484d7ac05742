package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// At 60×16 the keys (?) do not fit: the page says which lines it shows
// and that more follow, as the other screens' keys do; its scrolling keys
// scroll it (on the rubric they do not move the answer or the point), G
// reaches its last row, and any other key only closes it.
func TestKeysScrollInAShortWindow(t *testing.T) {
	for _, at := range []string{"the list", "the rubric"} {
		m := embedded(t, "", "", false)
		if at == "the rubric" {
			m = tuitest.Press(write(embedded(t, "payment-checkout", "", false), answer), "ctrl+d")
		}
		m = tuitest.Send(m, tea.WindowSizeMsg{Width: 60, Height: 16})
		pick, scroll := m.pick, m.scroll
		m = tuitest.Press(m, "?")
		v := ansi.Strip(m.View())
		tuitest.CheckBlock(t, m.View(), 60, 16)
		if !strings.Contains(v, "lines 1–") || !strings.Contains(v, "↓ more") || !strings.Contains(v, "↑/↓ scroll") {
			t.Fatalf("%s: the keys should say they have more lines, and how to scroll them:\n%s", at, v)
		}
		if m = tuitest.Press(m, "j"); !m.showKey || !strings.Contains(ansi.Strip(m.View()), "lines 2–") {
			t.Fatalf("%s: j should scroll the keys a line:\n%s", at, ansi.Strip(m.View()))
		}
		m = tuitest.Press(m, "pgdown", "G")
		v = ansi.Strip(m.View())
		if !m.showKey || !strings.Contains(v, "· the end") || !strings.Contains(v, "back (from the list and the rubric)") {
			t.Fatalf("%s: G should show the keys' last row:\n%s", at, v)
		}
		if m = tuitest.Press(m, "x"); m.showKey || m.pick != pick || m.scroll != scroll || m.phase == writing || len(m.said) > 0 && m.said[0] {
			t.Errorf("%s: x should close the keys and only that", at)
		}
	}
}
