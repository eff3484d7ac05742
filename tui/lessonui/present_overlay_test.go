package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// presentedLesson is lesson 1's player at step in presentation mode at
// w×h, as `breakerlab lesson 1 --present` opens it.
func presentedLesson(t *testing.T, step, w, h int) present.Model {
	t.Helper()
	m, err := New(allLessons(t)[0], Options{Theme: tuitest.Plain(), Step: step})
	if err != nil {
		t.Fatal(err)
	}
	return tuitest.Send(present.Wrap(m, m.th, true), tea.WindowSizeMsg{Width: w, Height: h})
}

// In presentation mode the step list, the help and the time prompt are
// shown when they open: the projector's step used to stay while they took
// the keys out of sight, so s, k, enter jumped to another step unseen.
func TestPresentedOverlaysAreShown(t *testing.T) {
	cases := []struct {
		name string
		keys []string
		want string
	}{
		{"step list", []string{"s"}, "Steps"},
		{"help", []string{"?"}, "Keys"},
		{"go to time", []string{":"}, "go to time"},
	}
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
		for _, c := range cases {
			m := presentedLesson(t, 1, sz[0], sz[1])
			before := ansi.Strip(m.View())
			if strings.Contains(before, c.want) {
				t.Fatalf("%dx%d %s: %q is on the projector before the keys", sz[0], sz[1], c.name, c.want)
			}
			m = tuitest.Press(m, c.keys...)
			v := m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			if !strings.Contains(ansi.Strip(v), c.want) {
				t.Errorf("%dx%d %s: presentation mode does not show %q:\n%s", sz[0], sz[1], c.name, c.want, ansi.Strip(v))
			}
			// The last line is the key corner, which shows esc now.
			closed := tuitest.Press(m, "esc")
			if got := ansi.Strip(closed.View()); withoutLastLine(got) != withoutLastLine(before) {
				t.Errorf("%dx%d %s: esc should give the projector's step back:\n%s", sz[0], sz[1], c.name, got)
			}
		}
	}
}

func withoutLastLine(v string) string {
	return v[:max(strings.LastIndex(v, "\n"), 0)]
}

// The lesson list passes the open player's time prompt on: in presentation
// mode it is on the projector, the key line kept for it.
func TestPresentedPickerKeepsThePlayersPrompt(t *testing.T) {
	m := presentedLesson(t, 1, 100, 30)
	player := tuitest.Press(m, ":").Inner().(Model)
	if player.prompt == nil {
		t.Fatal(": opened no prompt")
	}
	pk := NewPicker(nil, nil, Options{Theme: tuitest.Plain()})
	pk.player = &player
	v := tuitest.Send(present.Wrap(pk, player.th, true), tea.WindowSizeMsg{Width: 100, Height: 30}).View()
	if !strings.Contains(ansi.Strip(v), "go to time") {
		t.Errorf("the lesson list in presentation mode hides the player's prompt:\n%s", ansi.Strip(v))
	}
}
