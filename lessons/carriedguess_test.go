package lessons

import (
	"strings"
	"testing"
)

// A learner who met a figure in an earlier step of the lesson, asked for
// the same metric again, is likely to type that figure. Where it lands
// "close", the verdict reads as nearly right though the reasoning missed
// what changed, so the step names why its answer differs, as a
// misconception. Graded "off", the learner is told only how far off the
// guess is, which says nothing of the belief behind it (that the earlier
// figure carries over unchanged), so those are named too. Lesson 14's
// "Off the loop" asked for the loop's busy share, 10.6 %, after "The loop
// is idle" had shown 5.0 %, and a guess of 5 was "close" with no why;
// lesson 3's "The checkout's cap of 4" graded step 2's 90.1 %, refused
// in a hang, "off" with no why.
func TestAnEarlierStepsFigureCarriedOverIsNamed(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		l := p.Lesson
		for j, sj := range p.Steps {
			q := sj.Predict
			if q == nil || q.Kind != Number || sj.Step.Predict == nil {
				continue
			}
			metric := strings.Fields(sj.Step.Predict.Answer)[0]
			for _, si := range p.Steps[:j] {
				e := si.Predict
				if e == nil || e.Kind != Number || e.AnswerKind != q.AnswerKind || si.Step.Predict == nil ||
					strings.Fields(si.Step.Predict.Answer)[0] != metric {
					continue
				}
				checked++
				grade := q.closeness(e.Answer)
				if grade != Close && grade != Off {
					continue
				}
				// A figure above the most the answer can be is refused
				// as typed, with MostWhy, which already says why it
				// cannot carry over (lesson 8's "Route 53": 452 degraded
				// of 27 customers); a misconception there could never
				// show and is refused when the lesson is prepared.
				if q.HasMost && e.Answer > q.Most {
					continue
				}
				if _, ok := q.MisconceptionFor(e.Answer); !ok {
					t.Errorf("%s step %d (%s) asks for %s again: a guess of %q's %s is graded %s with no misconception named; name why this step's %s differs",
						l.ID, j+1, sj.Title, metric, si.Title, e.AnswerText, grade, q.AnswerText)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step asks for an earlier step's metric again: the check checked nothing")
	}
}
