package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// sweepStep finds a built-in lesson's step with a [sweep].
func sweepStep(t *testing.T, id, title string) (*lessons.Prepared, int) {
	t.Helper()
	for _, p := range allLessons(t) {
		for i, s := range p.Steps {
			if p.Lesson.ID == id && s.Title == title {
				if s.Sweep == nil {
					t.Fatalf("%s step %q has no [sweep]", id, title)
				}
				return p, i
			}
		}
	}
	t.Fatalf("no step %q in %s", title, id)
	return nil, 0
}

// The sweep pane keeps the map back until the step's run reaches the end
// of its traffic (the prediction is asked first), then draws the cells the
// text quotes; a window too short for the whole map says how much is left
// out.
func TestSweepPaneShowsTheMapAtTheEnd(t *testing.T) {
	for _, c := range []struct{ id, title string }{
		{"03-bulkheads", "How big is big enough"},
		{"05-tuning-a-breaker", "Where the minimum wins"},
	} {
		p, i := sweepStep(t, c.id, c.title)
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			m := open(t, p, i, sz[0], sz[1], Options{})
			v := m.View()
			if !strings.Contains(v, "designs, 2 runs each") || strings.Contains(strings.Join(strings.Fields(v), " "), "2 seeds") {
				t.Errorf("%s at %v: the map should wait for the play:\n%s", c.id, sz, v)
			}
			m = play(t, m)
			v = m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			if !strings.Contains(strings.Join(strings.Fields(v), " "), "2 seeds") || !strings.Contains(v, "✓") {
				t.Errorf("%s at %v: the map should show at the end:\n%s", c.id, sz, v)
			}
			if sz[1] == 24 && !strings.Contains(v, "more lines") {
				t.Errorf("%s at 80×24: the map does not fit and should say so:\n%s", c.id, v)
			}
			if sz[1] == 60 && !strings.Contains(v, "met from") {
				t.Errorf("%s at 200×60: the rows' edges should show:\n%s", c.id, v)
			}
			golden.Check(t, fmt.Sprintf("sweep-%s-%dx%d", c.id[:2], sz[0], sz[1]), v)
		}
	}
}
