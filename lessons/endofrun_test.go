package lessons

import (
	"regexp"
	"strings"
	"testing"
)

// endOfRunRE finds a sentence that states what the run has done by its
// end: "By the end of the run inventory has finished 792 calls", "Over
// the whole run ... 74 rounds of probes failed".
var endOfRunRE = regexp.MustCompile(`(?i)(by the end of the run|over the (whole )?run)[^.]*`)

// A step that pauses before its run ends and states, as done, a figure of
// the run's end says how to reach it: at the pause the screen shows the
// pause's figures, and the learner looks in vain for the end's. Lesson
// 11's "Working for nobody" stopped at 39 s on the chain pane's 1,304
// abandoned calls and said "By the end of the run inventory has finished
// 792 calls", which no pane showed until the learner played on, as
// nothing told them to. A sentence in the future ("will have") is told as
// what is still to come, and passes. So does a figure the text says no
// pane shows: lesson 12's "A cooldown shorter than the restart" paused at
// 28 s on "Over the whole run ... 74 rounds of probes failed", a count the
// transitions pane never totals, and playing on would not have shown it.
func TestAnEndOfRunFigureAtAnEarlierPauseSaysPlayOn(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Scenario == nil || st.PauseAt < 0 || st.PauseAt >= st.End {
				continue
			}
			for _, txt := range []string{st.Text, revealOf(st.Predict), revealOf(st.Question)} {
				txt = oneLine(txt)
				for _, s := range endOfRunRE.FindAllString(txt, -1) {
					if strings.Contains(s, " will ") {
						continue
					}
					checked++
					if low := strings.ToLower(txt); !strings.Contains(low, "play on") && !strings.Contains(low, "no pane") {
						t.Errorf("%s step %d (%s) pauses at %v, before its run ends at %v, and says %q without telling the learner to play on to see it, or that no pane shows it",
							p.Lesson.ID, i+1, st.Title, st.PauseAt, st.End, s)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step states an end-of-run figure at an earlier pause: the check checked nothing")
	}
}

func revealOf(q *PreparedQuestion) string {
	if q == nil {
		return ""
	}
	return q.Reveal
}
