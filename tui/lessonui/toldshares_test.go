package lessonui

import (
	"strings"
	"testing"
)

// For every step of every lesson with an outcome table: once its guess is
// made and the play has stopped, a table held for a later question does
// not stand beside text that quotes a share of it. The table and the
// words beside it never disagree: lesson 9's "Add a timeout" revealed
// "health answered 100.0% of its probes" beside a table blank "after step
// 4", and lesson 10's "A rate limiter on the partner" "Search answered
// 100.0%, home 100.0%" beside one.
func TestTableShowsTheSharesItsTextQuotes(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Scenario == nil {
				continue
			}
			m := guessAndStop(t, open(t, p, i, 160, 48, inOneFrame(Options{})))
			texts := st.Step.Body
			if st.Predict != nil && m.predicts[i].revealed {
				texts += st.Step.Predict.Reveal
			}
			told := quotedShares(texts)
			if len(told) == 0 {
				continue
			}
			es, ok := m.sim.(*engineSim)
			if !ok {
				continue
			}
			for _, pn := range es.panes {
				e, ok := pn.(*endpointsPane)
				if !ok {
					continue
				}
				checked++
				if e.heldFor() > 0 {
					var names []string
					for _, k := range told {
						names = append(names, k.endpoint+" "+k.outcome.String())
					}
					t.Errorf("%s step %d at %v: the text quotes %s, the table waits for step %d:\n%s",
						p.Lesson.ID, i+1, m.Now(), strings.Join(names, ", "), e.heldFor(), flat(e.View()))
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d tables beside quoted shares checked", checked)
	}
}
