package lessonui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A click on a lesson (its title or its summary) selects it, and a click
// on the lesson selected opens it, as enter does (the wheel moved the
// cursor; a click did nothing).
func TestClickSelectsThenOpensALesson(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		p := feelPicker(t, true, sz[0], sz[1])
		l := p.lessons[2]
		y := -1
		for i, line := range strings.Split(ansi.Strip(p.View()), "\n") {
			if strings.Contains(line, fmt.Sprintf("%d. %s", l.Number, l.Title)) {
				y = i
			}
		}
		if y < 0 {
			t.Fatalf("%v: lesson %d is not on screen", sz, l.Number)
		}
		clickAt := func(p Picker, x, y int) (Picker, tea.Cmd) {
			next, cmd := p.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			return next.(Picker), cmd
		}
		p, cmd := clickAt(p, 8, y+1) // the summary's first line
		if p.nav.Cursor != 2 || cmd != nil || p.busy {
			t.Fatalf("%v: a click on lesson 3's summary should select it (cursor %d, busy %v)", sz, p.nav.Cursor, p.busy)
		}
		if p, cmd = clickAt(p, 5, y); !p.busy || cmd == nil {
			t.Fatalf("%v: a click on the lesson selected should open it, as enter does", sz)
		}
		// A click on the title line selects nothing.
		q := feelPicker(t, true, sz[0], sz[1])
		if q, _ = clickAt(q, 5, 0); q.nav.Cursor != 0 {
			t.Errorf("%v: a click on the title moved the cursor to %d", sz, q.nav.Cursor)
		}
	}
}
