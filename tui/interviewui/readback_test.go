package interviewui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A terminal's interview, which saves to the learner's own folder, says
// on its list how a saved interview is read back (`breakerlab interview
// --history`); one without that to say (a student's over SSH) says only
// that the answer is saved.
func TestListSaysHowToReadBack(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", cfg)
	o := Terminal()
	if o.Dir == "" || !strings.Contains(o.Review, "`breakerlab interview --history`") {
		t.Fatalf("a terminal's options: dir %q, review %q", o.Dir, o.Review)
	}
	const readBack = "saved: `breakerlab interview --history` reads it back."
	for _, c := range []struct {
		w, h   int
		review string
		want   string
	}{
		{80, 24, o.Review, "The graded answer is " + readBack},
		{200, 60, o.Review, "enter saves the graded answer: `breakerlab interview --history` reads it back."},
		{80, 24, "", "The graded answer is saved."},
	} {
		m, err := New(Options{Theme: tuitest.Plain(), Dir: o.Dir, Review: c.review})
		if err != nil {
			t.Fatal(err)
		}
		m = settle(tuitest.Send(m, tea.WindowSizeMsg{Width: c.w, Height: c.h}))
		mainW, _ := m.layout()
		var words []string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if r := []rune(l); len(r) > mainW {
				l = string(r[:mainW]) // the main column, without the side panel
			}
			words = append(words, strings.Fields(l)...)
		}
		text := strings.Join(words, " ")
		where := fmt.Sprintf("the list at %dx%d", c.w, c.h)
		if !strings.Contains(text, c.want) {
			t.Errorf("%s lacks %q:\n%s", where, c.want, ansi.Strip(m.View()))
		}
		if c.review == "" && strings.Contains(text, "--history") {
			t.Errorf("%s names --history with nothing to read back with:\n%s", where, ansi.Strip(m.View()))
		}
		tuitest.CheckNoCuts(t, where, m.View(), promptTexts()...)
	}
}
