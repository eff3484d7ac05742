package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A reflex esc does not end a timed attempt: it asks, n goes on writing
// with the answer kept, y hands it in; ctrl+d hands in at once, as the
// footer says. The footer shows esc too.
func TestEscAsksBeforeHandingIn(t *testing.T) {
	m, _, _ := model(t, 80, 24, "api-gateway")
	m = typeIn(m, "a breaker per upstream")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "ctrl+d hand in") || !strings.Contains(v, "esc hand in (asks first)") {
		t.Errorf("the footer should show both ways to hand in:\n%s", v)
	}
	m = tuitest.Press(m, "esc")
	if m.Grading() {
		t.Fatal("esc handed the answer in at once")
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Hand your answer in now?") || !strings.Contains(v, "y hand in • n keep writing") {
		t.Fatalf("esc should ask:\n%s", v)
	}
	m = tuitest.Press(m, "n")
	if m.Grading() || m.area.Value() != "a breaker per upstream" {
		t.Fatalf("n should go on writing, the answer kept (%q)", m.area.Value())
	}
	m = typeIn(m, " and a timeout")
	if m.area.Value() != "a breaker per upstream and a timeout" {
		t.Fatalf("typing after n: %q", m.area.Value())
	}
	if m = tuitest.Press(m, "esc", "y"); !m.Grading() {
		t.Fatal("y should hand the answer in")
	}
	m2, _, _ := model(t, 80, 24, "api-gateway")
	if m2 = tuitest.Press(typeIn(m2, "x"), "ctrl+d"); !m2.Grading() {
		t.Fatal("ctrl+d should hand in at once")
	}
}

// Leaving a rubric not saved asks whether to save: n leaves without
// saving, esc stays; a saved one leaves at once.
func TestLeavingAsksAboutSaving(t *testing.T) {
	m, _, _ := model(t, 80, 24, "e-commerce")
	m = tuitest.Press(typeIn(m, "best-sellers instead"), "ctrl+d")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "esc quit") {
		t.Errorf("the rubric's footer should show how to leave:\n%s", v)
	}
	m = tuitest.Press(m, "esc")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Save this graded interview before you leave?") ||
		!strings.Contains(v, "y save and quit • n quit without saving • esc stay") {
		t.Fatalf("leaving should ask about saving:\n%s", v)
	}
	stay := tuitest.Press(m, "esc")
	if stay.ask != askNone || !stay.Grading() {
		t.Fatal("esc should stay on the rubric")
	}
	_, cmd := m.Update(tuitest.Key("n"))
	if cmd == nil {
		t.Fatal("n did not leave")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("n should leave without saving")
	}
}

// A reflex ctrl+c while writing (copy, in many terminals) does not throw
// the answer away: it asks whether to hand it in, esc goes on writing with
// the answer kept, and a second ctrl+c quits. With nothing written it
// quits at once.
func TestCtrlCAsksBeforeDroppingTheAnswer(t *testing.T) {
	m, _, _ := model(t, 80, 24, "api-gateway")
	if _, cmd := m.Update(tuitest.Key("ctrl+c")); cmd == nil {
		t.Fatal("ctrl+c with nothing written should quit")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+c with nothing written should quit")
	}
	m = typeIn(m, "a breaker per upstream")
	next, cmd := m.Update(tuitest.Key("ctrl+c"))
	if cmd != nil {
		if _, ok := cmd().(tea.QuitMsg); ok {
			t.Fatal("ctrl+c quit, and the answer written was lost")
		}
	}
	m = next.(Model)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Your answer is not handed in") {
		t.Fatalf("ctrl+c should ask before the answer is lost:\n%s", v)
	}
	if stay := tuitest.Press(m, "esc"); stay.ask != askNone || stay.area.Value() != "a breaker per upstream" {
		t.Fatalf("esc should go on writing, the answer kept (%q)", stay.area.Value())
	}
	if _, cmd := m.Update(tuitest.Key("ctrl+c")); cmd == nil {
		t.Fatal("a second ctrl+c should quit")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("a second ctrl+c should quit")
	}
	if handed := tuitest.Press(m, "y"); !handed.Grading() {
		t.Fatal("y should hand the answer in")
	}
}
