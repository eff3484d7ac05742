package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// On the "make the window larger" screen no key but q reaches the step it
// hides.
func TestTooSmallTakesNoKey(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, 0, 20, 6, Options{Embedded: true})
	for _, k := range []string{"space", "n", "right", "1", "?", "v", "esc"} {
		next, cmd := m.Update(tuitest.Key(k))
		after := next.(Model)
		if cmd != nil || after.playing || after.Step() != m.Step() || after.showHelp || after.Now() != m.Now() {
			t.Errorf("%s on the too-small screen reached the lesson", k)
		}
	}
	if _, cmd := m.Update(tuitest.Key("q")); cmd == nil {
		t.Error("q should leave from the too-small screen")
	}
	m = send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if next, _ := m.Update(tuitest.Key("n")); next.(Model).Step() != 1 {
		t.Error("n should work again once the window is large enough")
	}
}
