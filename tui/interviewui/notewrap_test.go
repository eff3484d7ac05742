package interviewui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The notice and the question under the body are wrapped in Update, once
// per width and per text (noteWrap), not in every frame. A resize, a new
// notice, a question asked and one answered each change them: after each,
// Update has wrapped them for what is on screen now, and the screen is the
// one drawn with them wrapped afresh.
func TestNoteWrapFollowsSizeNoticeAndQuestion(t *testing.T) {
	m, err := New(Options{Theme: tuitest.Color(), Prompt: "payment-checkout", Now: (&clockAt{start}).now,
		Notice: "Welcome back: the interview you left is open again, its clock where it stopped, and its answer as you wrote it."})
	if err != nil {
		t.Fatal(err)
	}
	var before []string // the lines at the step before
	check := func(step, want string) {
		t.Helper()
		if !m.noteWrap.fits(m) {
			t.Errorf("%s: the notice is kept wrapped for %d columns, notice %q, question %d; not for %d, %q, %d: View wraps it in every frame",
				step, m.noteWrap.w, m.noteWrap.note, m.noteWrap.ask, m.w, m.note, m.ask)
		}
		fresh := m
		fresh.noteWrap = noteWrap{}
		got, wantView := m.View(), fresh.View()
		if got != wantView {
			t.Errorf("%s: the screen drawn with the kept notice differs from the notice wrapped afresh:\n%s\nwant:\n%s", step, ansi.Strip(got), ansi.Strip(wantView))
		}
		if v := strings.Join(strings.Fields(ansi.Strip(got)), " "); !strings.Contains(v, want) {
			t.Errorf("%s: %q is not on screen:\n%s", step, want, ansi.Strip(got))
		}
		if slices.Equal(m.noteWrap.lines, before) {
			t.Errorf("%s: the notice's lines are the ones of the step before, nothing changed to test", step)
		}
		before = m.noteWrap.lines
	}
	// 80 columns fit the notice on two lines, 60 on three, 200 on one.
	for _, size := range [][2]int{{80, 24}, {60, 24}, {200, 60}} {
		m = tuitest.Send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		check(fmt.Sprintf("at %d×%d", size[0], size[1]), "its answer as you wrote it")
	}
	m = tuitest.Send(m, savedMsg{err: errors.New("disk full")})
	check("a new notice, an error", "Not saved: disk full")
	m = tuitest.Press(write(m, "a timeout of 800 ms"), "esc")
	if m.ask != askHandIn {
		t.Fatal("esc asked nothing")
	}
	check("the hand-in question", "Hand your answer in now?")
	m = tuitest.Press(m, "n")
	check("the question answered", "Not saved: disk full")
}
