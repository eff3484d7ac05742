package interviewui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// At 200×60 the whole rubric stood under the marks only when every point
// fit; once the points quoted their prompt's numbers, payment-checkout's
// did not, and 38 rows under the marks stood empty. As many whole points
// as fit show, the cursor's among them, and a line says which.
func TestWholeRubricShowsTheCursorsPart(t *testing.T) {
	p, err := drill.PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	m, _, _ := model(t, 200, 60, p.ID)
	m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(answer), Paste: true}))
	m = tuitest.Press(m, "ctrl+d")
	w, _ := m.layout()
	if all, _ := m.rubricLines(w); len(all) < m.bodyHeight()/2 {
		t.Skipf("the rubric takes %d lines: short enough to show whole, nothing to window", len(all))
	}
	for _, i := range []int{0, len(p.Points) / 2, len(p.Points) - 1} {
		v := ansi.Strip(m.point(i).View())
		tuitest.CheckBlock(t, v, 200, 60)
		if !strings.Contains(v, "The whole rubric") {
			t.Fatalf("point %d: no part of the whole rubric shows:\n%s", i+1, v)
		}
		if !strings.Contains(v, fmt.Sprintf("%2d. ", i+1)) {
			t.Errorf("point %d: the whole rubric's part leaves out the cursor's point:\n%s", i+1, v)
		}
		if !strings.Contains(v, fmt.Sprintf("of %d · ↑↓ move", len(p.Points))) {
			t.Errorf("point %d: nothing says which points of the rubric show:\n%s", i+1, v)
		}
	}
}

func TestRubricWindow(t *testing.T) {
	// A heading, then four points of 1, 3, 2 and 1 lines.
	all := []string{"H", "a", "b1", "b2", "b3", "c1", "c2", "d"}
	starts := []int{1, 2, 5, 7}
	for _, c := range []struct {
		cursor, rows int
		want         string // nil: ""
	}{
		{0, 20, "H|a|b1|b2|b3|c1|c2|d|   points 1–4 of 4 · ↑↓ move"},
		{0, 6, "H|a|b1|b2|b3|   points 1–2 of 4 · ↑↓ move"},
		{2, 6, "H|c1|c2|d|   points 3–4 of 4 · ↑↓ move"},
		{3, 5, "H|c1|c2|d|   points 3–4 of 4 · ↑↓ move"},
		{1, 4, ""}, // point 2's three lines and the two of the frame
		{1, 5, "H|b1|b2|b3|   point 2 of 4 · ↑↓ move"},
		{4, 20, ""},
	} {
		got := strings.Join(rubricWindow(all, starts, c.cursor, c.rows), "|")
		if got != c.want {
			t.Errorf("cursor %d in %d rows: got %q, want %q", c.cursor, c.rows, got, c.want)
		}
	}
}
