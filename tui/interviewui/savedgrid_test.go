package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// stripShown counts the rows of the strip of marks on screen: the lines
// that begin with a point's mark and name more than one point.
func stripShown(view string) int {
	n := 0
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		if strings.Count(l, "[ ]")+strings.Count(l, "[x]") > 1 {
			n++
		}
	}
	return n
}

// The note "Saved to …" takes two rows at 80×24: the grid of marks stays
// drawn, with the point beside the answer paged where it no longer fits
// whole. It went, leaving five blank rows, while the keys still offered
// ←↑↓→ through it.
func TestSavedNoteKeepsTheGrid(t *testing.T) {
	m, _, dir := model(t, 80, 24, "api-gateway")
	m = tuitest.Press(write(m, answer), "ctrl+d")
	m = tuitest.Press(m, "y", "n", "y")
	rows := stripShown(m.View())
	if rows == 0 {
		t.Fatalf("no grid of marks before saving:\n%s", ansi.Strip(m.View()))
	}
	m = tuitest.Send(m, tea.Msg(savedMsg{path: dir + "/interviews/2026-11-30T140000-api-gateway.json"}))
	// Every point once, the longest among them.
	for i := range m.said {
		m = m.point(i)
		v := m.View()
		tuitest.CheckBlock(t, v, 80, 24)
		if !strings.Contains(v, "Saved to") {
			t.Fatalf("no note of the save:\n%s", ansi.Strip(v))
		}
		if got := stripShown(v); got != rows {
			t.Fatalf("point %d, with the note of the save: %d rows of the grid, want %d:\n%s", i+1, got, rows, ansi.Strip(v))
		}
		if !strings.Contains(v, "←↑↓→ move") {
			t.Fatalf("point %d: the keys do not offer the grid's arrows:\n%s", i+1, ansi.Strip(v))
		}
	}
}

// Where the grid cannot show, the arrows go to the previous or the next
// point, and the keys say that, not ←↑↓→ through a grid not drawn.
func TestNoGridNoGridArrows(t *testing.T) {
	m, _, _ := model(t, 80, 16, "api-gateway")
	m = tuitest.Press(write(m, answer), "ctrl+d")
	v := m.View()
	if stripShown(v) != 0 {
		t.Fatalf("the test wants a window too short for the grid:\n%s", ansi.Strip(v))
	}
	if strings.Contains(v, "←↑↓→") || !strings.Contains(v, "↑/↓ point") {
		t.Fatalf("without the grid the keys offer its arrows:\n%s", ansi.Strip(v))
	}
}
