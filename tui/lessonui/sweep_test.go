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

// The sweep pane keeps the map back until the step plays: after the guess
// in lesson 3, at space in lesson 5, whose step asks none. It waited for
// the step's own run to reach the end of its traffic, which the map has
// no part in, and left lesson 3's pane empty for some 20 s of play. At
// the end it draws the cells the text quotes; a window too short for the
// whole map says how much is left out.
func TestSweepPaneShowsTheMapOnceItPlays(t *testing.T) {
	for _, c := range []struct{ id, title, waits string }{
		{"03-bulkheads", "How big is big enough", "once you have made your prediction"},
		{"05-tuning-a-breaker", "Where the minimum wins", "when the step plays (space)"},
	} {
		p, i := sweepStep(t, c.id, c.title)
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			m := panesShown(open(t, p, i, sz[0], sz[1], Options{}))
			v := m.View()
			mapShown := func(v string) bool {
				return strings.Contains(strings.Join(strings.Fields(v), " "), "2 seeds") && strings.Contains(v, "✓")
			}
			// The pane's words share their rows with the text's: its last word.
			last := c.waits[strings.LastIndex(c.waits, " ")+1:] + "."
			if !strings.Contains(v, "designs, 2 runs each") || !strings.Contains(v, last) || mapShown(v) {
				t.Errorf("%s at %v: the map should wait, saying it does %q:\n%s", c.id, sz, c.waits, v)
			}
			m = send(m, keys(" ")...)
			if m.waiting() {
				m = send(m, keys(" ")...) // no guess: the play starts
			}
			m = send(m, tickMsg{m.tickID})
			switch {
			case m.cur().Predict != nil:
				// Lesson 3's: nothing on screen moves with the run, so the
				// prediction, here skipped, shows its result at once
				// (TestTimelessStepRevealsAtTheGuess).
				if m.Playing() || !m.predicts[i].revealed {
					t.Fatalf("%s at %v: playing %v, revealed %v; want the result at once", c.id, sz, m.Playing(), m.predicts[i].revealed)
				}
			case !m.Playing():
				t.Fatalf("%s at %v: the step does not play", c.id, sz)
			}
			if v = m.View(); !mapShown(v) {
				t.Errorf("%s at %v: the map should show at once:\n%s", c.id, sz, v)
			}
			m = playToPause(t, m)
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
