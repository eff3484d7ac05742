package lessonui

import (
	"slices"
	"strings"
	"testing"
)

// At 80×24, played to where it stops after a guess, no row of the fleet
// pane and no breaker transitions pane's top edge is cut at the pane's
// edge: lesson 8's fleet read "☠ worker 0  ◐ restarting 3.5 s left …",
// its crash count lost, and lesson 12's transitions "last 7 of …", the
// total lost. Each now says less rather than be cut.
func TestFleetAndTransitionsKeepTheirFiguresAt80x24(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if !slices.Contains(st.Panes, "fleet") && !slices.Contains(st.Panes, "transitions") {
				continue
			}
			m := guessAndStop(t, open(t, p, i, 80, 24, inOneFrame(Options{})))
			checked++
			for _, l := range strings.Split(m.View(), "\n") {
				// The fleet's rows and the transitions' top edge; other
				// panes end a row in … on purpose (a breaker's window of
				// more calls than fit).
				if strings.Contains(l, "worker ") && strings.Contains(l, "…│") ||
					strings.Contains(l, "Breaker transitions") && strings.Contains(l, "… ─╮") {
					t.Errorf("%s step %d at 80x24: a pane's row is cut at its edge: %q", p.Lesson.ID, i+1, l)
				}
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d steps with a fleet or transitions pane checked", checked)
	}
}

// guessAndStop makes the step's guess (guess), or starts a step that asks
// none, and plays until the step stops.
func guessAndStop(t *testing.T, m Model) Model {
	t.Helper()
	if m.cur().Predict != nil {
		m = guess(m)
	} else {
		m = send(m, keys(" ")...)
	}
	return runToStop(t, m)
}
