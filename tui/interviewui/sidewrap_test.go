package interviewui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The side panel is drawn in Update, once for its size and what it shows
// (sideWrap), not in every frame. A resize, another prompt under the
// chooser's cursor, its runs coming back, the prompt begun and the answer
// handed in each change it: after each, Update has drawn it for what it
// shows now, and the screen is the one drawn with the panel afresh.
func TestSidePanelFollowsSizeAndWhatItShows(t *testing.T) {
	m, err := New(Options{Theme: tuitest.Color(), Now: (&clockAt{start}).now})
	if err != nil {
		t.Fatal(err)
	}
	var before []string // the panel at the step before
	check := func(step, want string) {
		t.Helper()
		_, sw := m.layout()
		bh := m.bodyHeight()
		if !m.side.fits(m, sw, bh) {
			t.Errorf("%s: the side panel is kept for %d×%d, %v, prompt %q, runs in %v; not for %d×%d, %v, prompt %q: View draws it in every frame",
				step, m.side.w, m.side.h, m.side.phase, m.side.prompt, m.side.runsIn, sw, bh, m.phase, m.sideKey(sw, bh).prompt)
		}
		fresh := m
		fresh.side = sideWrap{}
		got, wantView := m.View(), fresh.View()
		if got != wantView {
			t.Errorf("%s: the screen drawn with the kept panel differs from the panel drawn afresh:\n%s\nwant:\n%s", step, ansi.Strip(got), ansi.Strip(wantView))
		}
		if v := ansi.Strip(got); !strings.Contains(v, want) {
			t.Errorf("%s: %q is not on screen, the panel is not what the step shows:\n%s", step, want, v)
		}
		if slices.Equal(m.side.lines, before) && !strings.HasPrefix(step, "the prompt begun") {
			t.Errorf("%s: the panel is the one of the step before, nothing changed to test", step)
		}
		before = m.side.lines
	}
	m = tuitest.Send(m, tea.WindowSizeMsg{Width: 200, Height: 60})
	check("the chooser at 200×60, its runs playing", "the engine is playing")
	m = settle(m)
	check("the runs back", "What goes wrong")
	m = tuitest.Press(m, "down")
	check("the next prompt under the cursor", "the engine is playing")
	m = settle(m)
	check("its runs back", "What goes wrong")
	m = tuitest.Press(m, "enter")
	if m.phase != writing {
		t.Fatal("enter began no prompt")
	}
	// The same lines as the chooser's for this prompt: the step checks
	// that the panel is drawn again for the new phase, not that it changed.
	check("the prompt begun", "time left")
	for _, size := range [][2]int{{130, 40}, {120, 30}, {200, 60}} {
		m = tuitest.Send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		check(fmt.Sprintf("resized to %d×%d", size[0], size[1]), "Numbers to size with")
	}
	m = tuitest.Press(write(m, answer), "ctrl+d")
	if !m.Grading() {
		t.Fatal("the answer was not handed in")
	}
	check("the answer handed in", "designs of")
}
