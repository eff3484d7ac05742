package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// In presentation mode the lesson's end screen (its recap, its score) is
// on the projector once n opens it from the last step: the last step's
// moment stayed there while the end screen took the keys out of sight.
func TestPresentedEndScreenIsShown(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {100, 30}} {
		last := len(allLessons(t)[0].Steps) - 1
		m := presentedLesson(t, last, sz[0], sz[1])
		m = tuitest.Press(m, "n")
		if !m.Inner().(Model).showEnd {
			t.Fatalf("%dx%d: n on the last step did not open the end screen", sz[0], sz[1])
		}
		if _, ok := m.Inner().(Model).Moment(); ok {
			t.Errorf("%dx%d: the end screen has a moment", sz[0], sz[1])
		}
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		if !strings.Contains(ansi.Strip(v), "What you learned") {
			t.Errorf("%dx%d: the projector does not show the recap:\n%s", sz[0], sz[1], ansi.Strip(v))
		}
		// p goes back to the last step, and its moment to the projector.
		back := tuitest.Press(m, "p")
		if _, ok := back.Inner().(Model).Moment(); !ok {
			t.Errorf("%dx%d: back on the last step, it has no moment", sz[0], sz[1])
		}
	}
}
