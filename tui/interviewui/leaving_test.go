package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// embedded is the interview inside the home screen, on prompt p ("" for
// the list), saving to dir ("" for nowhere).
func embedded(t *testing.T, p, dir string, onScreen bool) Model {
	t.Helper()
	m, err := New(Options{Theme: tuitest.Plain(), Dir: dir, Prompt: p, Embedded: true, OnScreen: onScreen, Now: (&clockAt{start}).now})
	if err != nil {
		t.Fatal(err)
	}
	return settle(tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24}))
}

// The palette's jump away leaves at once when nothing the learner wrote
// would be lost, and asks, on the answer or the rubric itself, when
// something would: the question esc asks on the rubric, and for an answer
// not handed in whether to hand it in.
func TestLeavingAsksOnlyWhenWorkWouldBeLost(t *testing.T) {
	jump := palette.JumpMsg{Command: "lesson", Arg: "4"}
	dir := t.TempDir()
	written := write(embedded(t, "payment-checkout", dir, false), answer)
	graded := tuitest.Press(written, "ctrl+d", "y")
	for _, c := range []struct {
		name string
		m    Model
		ask  string // the question's first words; "" leaves at once
	}{
		{"the list", embedded(t, "", dir, false), ""},
		{"an answer not begun", embedded(t, "payment-checkout", dir, false), ""},
		{"an answer of blanks", typeIn(embedded(t, "payment-checkout", dir, false), "  \n "), ""},
		{"an answer written", written, "Your answer is not handed in"},
		{"a rubric not saved", graded, "Save this graded interview"},
		{"a rubric saved", tuitest.Send(graded, tea.Msg(savedMsg{path: dir + "/x.json"})), ""},
		{"a rubric with nowhere to save", tuitest.Press(write(embedded(t, "payment-checkout", "", false), answer), "ctrl+d"), ""},
		{"a rubric kept nowhere", tuitest.Press(write(embedded(t, "payment-checkout", dir, true), answer), "ctrl+d"), "Nothing of this interview is kept"},
		{"the keys over a rubric", tuitest.Press(graded, "?"), "Save this graded interview"},
		{"the sandbox over a rubric", tuitest.Press(graded, "p"), "Save this graded interview"},
	} {
		next, ok := c.m.Leaving(jump)
		v := ansi.Strip(next.View())
		if ok != (c.ask == "") || c.ask != "" && !strings.Contains(v, c.ask) {
			t.Errorf("%s: leaves at once %v, want %v; the screen should ask %q:\n%s", c.name, ok, c.ask == "", c.ask, v)
		}
	}
}

// Answered by leaving, the question sends the palette's jump, and asks no
// more when it comes back; answered by staying, the jump is dropped, and
// a later esc goes back, not where the palette once said.
func TestLeavingSendsTheJumpOnlyWhenTheLearnerLeaves(t *testing.T) {
	jump := palette.JumpMsg{Command: "drill"}
	m, _ := write(embedded(t, "payment-checkout", "", false), answer).Leaving(jump)
	if !strings.Contains(ansi.Strip(m.View()), "n leave without it") {
		t.Fatalf("the question should say what n does:\n%s", ansi.Strip(m.View()))
	}
	left, cmd := m.Update(tuitest.Key("n"))
	if cmd == nil || cmd() != tea.Msg(jump) {
		t.Fatal("n should send the palette's jump")
	}
	if _, ok := left.(Model).Leaving(jump); !ok {
		t.Error("once the learner chose to leave, the jump should not ask again")
	}

	// esc stays and writes on; the rubric, with nowhere to save, is left
	// by esc at once, back to the home screen.
	m, _ = write(embedded(t, "payment-checkout", "", false), answer).Leaving(jump)
	m = tuitest.Press(m, "esc")
	if m.ask != askNone || m.phase != writing {
		t.Fatalf("esc should go back to writing:\n%s", ansi.Strip(m.View()))
	}
	m = tuitest.Press(m, "ctrl+d")
	if _, cmd := m.Update(tuitest.Key("esc")); cmd == nil || cmd() != tea.Msg(BackMsg{}) {
		t.Error("esc on the rubric should go back, not take the jump the learner stayed from")
	}

	// y hands the answer in: the rubric opens, and the jump is dropped.
	m, _ = write(embedded(t, "payment-checkout", "", false), answer).Leaving(jump)
	if m = tuitest.Press(m, "y"); !m.Grading() || m.then != nil {
		t.Errorf("y should hand the answer in and drop the jump: grading %v, jump %v", m.Grading(), m.then)
	}
}
