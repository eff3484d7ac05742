package lessons

import (
	"slices"
	"testing"
)

// staticPanes draw nothing of the step's run: the odds pane is a table of
// counts worked out from the fleet's sizes.
var staticPanes = []string{"odds"}

// A prediction holds the step's run back until the guess, plays it, and
// then shows its answer as "What happened". For every prediction of every
// lesson, the play must show something: a pane that draws the run, or an
// answer read from the run (Asks' Run). Lesson 8's "The odds grow in your
// favour" played 20 s of a run beside the odds pane alone, then called a
// count for 16 of 64 workers "What happened": a sum, not a run, which a
// [question] asks without the wait.
func TestPredictionsShowTheirRun(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			if st.Predict == nil {
				continue
			}
			checked++
			drawn := slices.ContainsFunc(st.Panes, func(name string) bool { return !slices.Contains(staticPanes, name) })
			if !drawn && !p.Asks(i, true).Run {
				t.Errorf("%s step %d (%q): the play shows nothing the prediction asks (panes %v); ask it as a [question]", p.Lesson.ID, i+1, st.Title, st.Panes)
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d predictions checked", checked)
	}
}
