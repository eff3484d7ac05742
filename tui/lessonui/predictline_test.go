package lessonui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A step that waits for a prediction says so whole in a narrow window, in
// fewer words: at 40 columns the status line read "? predict first: the
// simulation plays …".
func TestPredictFirstLineIsWholeWhenNarrow(t *testing.T) {
	checked := 0
	for _, p := range allLessons(t) {
		for step, st := range p.Steps {
			if st.Predict == nil {
				continue
			}
			for _, sz := range [][2]int{{40, 24}, {30, 24}, {40, 12}, {30, 12}} {
				m := open(t, p, step, sz[0], sz[1], Options{})
				if !m.waiting() {
					continue
				}
				lines := strings.Split(ansi.Strip(m.View()), "\n")
				status := lines[len(lines)-2] // above the key line
				if !strings.HasPrefix(status, " ? predict") || strings.Contains(status, "…") {
					t.Errorf("%s step %d at %dx%d: the status line is cut: %q", p.Lesson.Title, step+1, sz[0], sz[1], status)
				}
				checked++
			}
			if checked > 0 {
				return // one step's lines are every step's: the words are the same
			}
		}
	}
	t.Fatal("no lesson step waits for a prediction")
}
