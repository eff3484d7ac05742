package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
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

// A question whose choices the window hides says so beside the answers'
// keys: lesson 4's last step at 80×24.
func TestQuestionBelowTheFoldSaysSo(t *testing.T) {
	p := allLessons(t)[3]
	last := len(p.Steps) - 1
	m := open(t, p, last, 80, 24, Options{})
	if v := m.View(); !strings.Contains(v, "1-3 answer") || !strings.Contains(v, "a question for you, below: j scrolls to it") {
		t.Fatalf("the footer offers 1-3 while the choices are below; the status should say so:\n%s", v)
	}
	if v := open(t, p, last, 120, 60, Options{}).View(); strings.Contains(v, "below: j") {
		t.Errorf("a window that shows the question should not send the learner below:\n%s", v)
	}
}

// The last screen says "done" only when the list would: every question
// answered right. With one never answered it says what is left.
func TestEndSaysDoneOnlyWhenTheListDoes(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, 0, 100, 40, Options{})
	for range p.Steps {
		m = send(m, keys("n")...)
	}
	if !m.showEnd {
		t.Fatalf("n through every step should reach the last screen:\n%s", m.View())
	}
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if m.Progress().Done || strings.Contains(v, "Lesson 1 done") || !strings.Contains(v, "Lesson 1, every step seen") ||
		!strings.Contains(v, "questions are not answered right yet (m reviews them)") {
		t.Errorf("with questions unanswered the last screen must not say done, and should say what is left:\n%s", m.View())
	}
}

// A learner who jumped to the last step and went on has not seen every
// step: the last screen says how many are left, never "every step seen",
// and the status line does not call the lesson finished.
func TestEndAfterAJumpSaysWhatIsUnseen(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, len(p.Steps)-1, 100, 40, Options{})
	m = send(m, keys("n")...)
	if !m.showEnd {
		t.Fatalf("n on the last step should reach the last screen:\n%s", m.View())
	}
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	want := fmt.Sprintf("%d steps not seen yet", len(p.Steps)-1)
	if strings.Contains(v, "every step seen") || strings.Contains(v, "lesson finished") || !strings.Contains(v, want) {
		t.Errorf("after a jump to the last step the last screen should say %q, not every step seen:\n%s", want, m.View())
	}
}
