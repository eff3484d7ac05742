package lessonui

import (
	"regexp"
	"strings"
	"testing"
)

// shownAfterRE is the outcome table's header when it says it waits for a
// later step's question.
var shownAfterRE = regexp.MustCompile(`shown after step (\d+)'s question`)

// An outcome table that says, in the middle of a play, it is "shown after
// step N's question" is still held when the step stops: the header says
// when the learner sees the table, and a header that names a later step
// beside a table that fills in as this step ends sends the learner to the
// wrong step. Lesson 10's "A burst, unprotected" said "shown after step 5's
// question" while search's share passed near step 5's answer, and showed
// every share at its end; lesson 11's fifth step named step 9 the same
// way.
func TestOutcomesHeldForALaterStepSayWhenTheyFill(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		id := p.Lesson.ID
		for i := range p.Steps {
			m := open(t, p, i, 100, 30, Options{})
			m = send(m, keys(" ")...)
			if m.waiting() {
				m = send(m, keys(" ")...)
			}
			said, at := "", ""
			for k := 0; m.Playing(); k++ {
				if k > 100_000 {
					t.Fatal("the simulation never stopped")
				}
				m = send(m, tickMsg{m.tickID})
				if v := outcomesTable(m); v != "" && said == "" {
					if s := shownAfterRE.FindString(flat(v)); s != "" {
						said, at = s, m.Now().String()
					}
				}
			}
			if said == "" {
				continue
			}
			checked++
			v := outcomesTable(m)
			es := m.sim.(*engineSim)
			for _, row := range tableRows(t, v, len(es.snap.Endpoints)) {
				if strings.Contains(strings.Join(row, " "), "%") {
					t.Errorf("%s step %d (%s) said %q at %s, yet its table fills in when the step stops at %v:\n%s",
						id, i+1, p.Steps[i].Title, said, at, m.Now(), v)
					break
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step's play said its table waits for a later step's question: the check checked nothing")
	}
}

// outcomesTable is the outcome table as the step draws it, "" if it has
// none.
func outcomesTable(m Model) string {
	if e, ok := stepPane[*endpointsPane](m); ok {
		return e.View()
	}
	return ""
}

// stepPane is the step's pane of type T, unwrapped from its chart, and
// whether the step has one.
func stepPane[T any](m Model) (T, bool) {
	var zero T
	es, ok := m.sim.(*engineSim)
	if !ok {
		return zero, false
	}
	for _, pn := range es.panes {
		if x, ok := pn.(*chartExtra); ok {
			pn = x.enginePane
		}
		if p, ok := pn.(T); ok {
			return p, true
		}
	}
	return zero, false
}
