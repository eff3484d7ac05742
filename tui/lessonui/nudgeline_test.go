package lessonui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Space pressed before a prediction says that space again plays without
// one; at 30 columns "? space again plays without a guess" (36 cells) was
// cut. It says so whole in fewer words, and in full where it fits.
func TestSpaceAgainLineIsWholeWhenNarrow(t *testing.T) {
	for _, p := range allLessons(t) {
		for step, st := range p.Steps {
			if st.Predict == nil {
				continue
			}
			for _, sz := range [][2]int{{30, 24}, {30, 12}, {40, 24}, {40, 12}} {
				m := open(t, p, step, sz[0], sz[1], Options{})
				if !m.waiting() {
					t.Fatalf("%s step %d at %dx%d does not wait for its prediction", p.Lesson.Title, step+1, sz[0], sz[1])
				}
				m = send(m, keys(" ")...)
				if m.Playing() {
					t.Fatalf("%s step %d at %dx%d: space played before the prediction", p.Lesson.Title, step+1, sz[0], sz[1])
				}
				lines := strings.Split(ansi.Strip(m.View()), "\n")
				status := strings.TrimRight(lines[len(lines)-2], " ") // above the key line
				if !strings.HasPrefix(status, " ? space") || !strings.HasSuffix(status, "guess") || strings.Contains(status, "…") {
					t.Errorf("%s step %d at %dx%d: the status line is cut: %q", p.Lesson.Title, step+1, sz[0], sz[1], status)
				}
				if full := " ? space again plays without a guess"; sz[0] >= 40 && status != full {
					t.Errorf("%s step %d at %dx%d: the status line is %q, want %q", p.Lesson.Title, step+1, sz[0], sz[1], status, full)
				}
			}
			return // one step's lines are every step's: the words are the same
		}
	}
	t.Fatal("no lesson step waits for a prediction")
}
