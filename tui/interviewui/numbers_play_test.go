package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The numbers panel names p only where p plays the scenario: once the
// answer is handed in. While it is written p is a letter of the answer,
// and while a question is chosen it starts nothing, so search-ranking's
// panel saying "p plays cascade" there was untrue.
func TestNumbersPanelNamesPOnlyWhereItPlays(t *testing.T) {
	m, _, _ := model(t, 120, 40, "search-ranking")
	if m.phase != writing {
		t.Fatal("search-ranking does not open on its answer")
	}
	if v := flat([]string{m.View()}); !strings.Contains(v, "Numbers to size with") || strings.Contains(v, "p plays") {
		t.Errorf("while the answer is written the screen names p as playing, or shows no panel:\n%s", m.View())
	}
	choosing := m
	choosing.phase = picking
	if p := flat(choosing.numbersOf(m.prompt, sideWidth)); strings.Contains(p, "p plays") {
		t.Errorf("while a question is chosen the panel names p as playing:\n%s", p)
	}
	if m = typeIn(m, "p"); m.area.Value() != "p" || m.inSandbox {
		t.Fatalf("p while writing did not type into the answer (%q, sandbox %v)", m.area.Value(), m.inSandbox)
	}
	if m = tuitest.Press(m, "ctrl+d"); !m.Grading() {
		t.Fatal("ctrl+d did not hand the answer in")
	}
	if v := flat([]string{m.View()}); !strings.Contains(v, "p plays cascade in the sandbox") {
		t.Errorf("once handed in the panel does not say p plays cascade:\n%s", m.View())
	}
	if m = tuitest.Press(m, "p"); !m.inSandbox {
		t.Error("once handed in, p did not play the scenario")
	}
}
