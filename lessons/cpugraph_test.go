package lessons

import (
	"regexp"
	"testing"
)

// shownCPURE finds a sentence that speaks of a CPU graph as one the
// learner is looking at: "the CPU graph shows the same flat line", "what
// the CPU graph showed during the stall".
var shownCPURE = regexp.MustCompile(`(?i)\bthe CPU graph (?:shows|showed)\b`)

// No pane draws the CPU: the engine models a loop's busy share and its
// lag, not a processor. Lesson 14 said, beside its panes, that "the CPU
// graph shows the same flat line" and that the loop's busy share "is
// also about what the CPU graph showed during the stall", and a learner
// looked for a graph that is not on the screen. A CPU graph is the
// learner's own monitoring's, and the text says so.
func TestNoStepSpeaksOfACPUGraphAsShown(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Sim == nil {
				continue
			}
			checked++
			for _, txt := range []string{st.Text, revealOf(st.Predict), revealOf(st.Question)} {
				for _, m := range shownCPURE.FindAllString(oneLine(txt), -1) {
					t.Errorf("%s step %d (%s) says %q, but no pane draws the CPU: speak of a CPU graph as the learner's monitoring would show it",
						p.Lesson.ID, i+1, st.Title, m)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step plays a simulation: the check checked nothing")
	}
}
