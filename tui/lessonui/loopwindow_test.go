package lessonui

import (
	"strings"
	"testing"
)

// The loop's busy share counts the measurement window only (engine's
// loopBusyShare), so before the window opens it is 0 whatever the loop
// does: lesson 14's steps that open at 15 s, five seconds before the
// window, read "loop busy 0%" of a loop about 5% busy. Until the window
// opens the pane says when it starts counting; from then on, the share.
func TestLoopBusyBeforeTheWindowIsNoFigure(t *testing.T) {
	p := lessonID(t, "14-no-thread-pool")
	checked := 0
	for i := range p.Steps {
		st := &p.Steps[i]
		if st.Scenario == nil || st.Scenario.MeasureFrom <= 0 || !strings.Contains(strings.Join(st.Panes, " "), "tasks") {
			continue
		}
		m := panesShown(answeredLater(open(t, p, i, 100, 30, inOneFrame(Options{}))))
		if m.Now() >= st.Scenario.MeasureFrom {
			continue // opens inside the window
		}
		v := tasksView(m)
		if strings.Contains(v, "loop shown after") {
			continue // held for the step's own question
		}
		checked++
		if strings.Contains(v, "busy 0%") || !strings.Contains(v, "busy – (counted from") && !strings.Contains(v, "busy –,") {
			t.Errorf("step %d at %v, before the window: the loop's line reads\n%s", i+1, m.Now(), v)
		}
		m = play(t, m)
		if v := tasksView(m); !loopFigureRE.MatchString(v) && !strings.Contains(v, "loop shown after") {
			t.Errorf("step %d at its end, in the window: no busy share\n%s", i+1, v)
		}
	}
	if checked < 3 {
		t.Fatalf("only %d steps of lesson 14 open before the window", checked)
	}
}
