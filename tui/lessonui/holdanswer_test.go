package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// Before the guess, no step of any built-in lesson shows what its
// prediction asks about, wherever the step opens. A number whose answer
// is a tally a pane draws (an outcome share or count, a tasks figure) is
// not on screen as the lesson prints it; and a step whose prediction is
// about its run's outcomes (PredictsOutcomes) shows no share in its
// outcome table. Lesson 3's "Too small rejects good calls" opened at 9 s,
// before its 10 s window, on "recommendations 69.7% 30.0%" beside "what
// share will the cap refuse?" (32.6%): its [set] makes the early traffic
// the same as the measured part, so the share so far is the answer's.
// tallyMetrics are the metrics of a run's outcome tallies, the shares and
// counts the outcome table, the outcomes chart and the tenants table draw;
// named here, not read from the rule under test.
var tallyMetrics = map[string]bool{
	"share": true, "mean-share": true, "count": true, "requests": true,
	"tenant-share": true, "tenant-requests": true,
}

func TestNoPaneAnswersAWaitingPrediction(t *testing.T) {
	tables, figures := 0, 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			cur := &p.Steps[i]
			if cur.Predict == nil || !cur.HasSim() {
				continue
			}
			metric, own, _, _, ok := cur.PredictedMetric()
			asksFigure := cur.Predict.Kind == lessons.Number && ok && own && (tallyMetrics[metric] || metricFigures[metric] != 0)
			if !asksFigure && !cur.PredictsOutcomes() {
				continue
			}
			for _, sz := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
				name := fmt.Sprintf("%s step %d (%q) at %dx%d", p.Lesson.ID, i+1, cur.Title, sz[0], sz[1])
				m := open(t, p, i, sz[0], sz[1], Options{})
				if !m.waiting() {
					t.Fatalf("%s: the step does not wait for its prediction", name)
				}
				tw, _ := m.columns()
				sim := simColumn(m.View(), tw)
				if asksFigure {
					figures++
					answer := answerNumber(cur.Predict)
					if l := leaks(flat(sim), map[string]string{answer: "the answer"}); len(l) > 0 {
						t.Errorf("%s: the answer %s shows before the guess:\n%s", name, cur.Predict.AnswerText, sim)
					}
				}
				if !cur.PredictsOutcomes() {
					continue
				}
				es, ok := m.sim.(*engineSim)
				if !ok {
					continue
				}
				for _, pn := range es.panes {
					ep, ok := pn.(*endpointsPane)
					if !ok {
						continue
					}
					tables++
					for j, row := range tableRows(t, ep.View(), len(es.snap.Endpoints)) {
						if strings.Contains(strings.Join(row, " "), "%") {
							t.Errorf("%s at %v: %s shows %q before the guess", name, es.snap.Now, es.snap.Endpoints[j].Name, row)
						}
					}
				}
			}
		}
	}
	if figures < 20 || tables < 60 {
		t.Fatalf("only %d figures and %d outcome tables checked", figures, tables)
	}
}
