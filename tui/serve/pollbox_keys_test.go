package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A number poll longer than the window: j and k scrolled the page before
// the box saw them, so a j typed into the number moved the page and the
// box never said j is no number. Keys typed go to the box; the arrows
// scroll, and the page's last line names only them.
func TestTypedKeysGoToTheNumberBox(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: longWhy(),
		Answer: 150, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "workers", AnswerText: "150"}
	q, _ := numberQuestion(pq, false, "a test")
	room := NewRoom()
	_ = plainSession(t, room, true, 100, 30)
	s := plainSession(t, room, false, 80, 24)
	room.Ask(q)
	reads(s)
	v := s.View()
	if !strings.Contains(v, "more below · ↓ scrolls") || strings.Contains(v, "j or ↓") {
		t.Fatalf("the number poll's last line names a key the box takes:\n%s", v)
	}
	keys(s, "j")
	if s.pageScroll != 0 {
		t.Fatalf("j typed into the box scrolled the page to %d", s.pageScroll)
	}
	if s.num.typo == "" || !strings.Contains(s.num.typo, `"j"`) {
		t.Fatalf("the box did not see j: typo %q", s.num.typo)
	}
	keys(s, "1", "k", "5")
	if s.pageScroll != 0 || s.num.field.Input != "15" || !strings.Contains(s.num.field.LeftOut, "k") {
		t.Fatalf("1, k, 5 typed: scroll %d, box %q, left out %q", s.pageScroll, s.num.field.Input, s.num.field.LeftOut)
	}
	s.Update(tea.KeyMsg{Type: tea.KeyDown})
	if s.pageScroll != 1 {
		t.Fatalf("↓ did not scroll the number poll: %d", s.pageScroll)
	}
	if v := s.View(); !strings.Contains(v, "more above and below · ↓/↑ scroll") {
		t.Fatalf("after ↓:\n%s", v)
	}
	// The reveal has no box: j scrolls it again.
	room.Reveal()
	s.Update(roomMsg{})
	if v := s.View(); strings.Contains(v, "more below") && !strings.Contains(v, "j or ↓") {
		t.Fatalf("the reveal's last line does not name j:\n%s", v)
	}
}
