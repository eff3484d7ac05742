package lessons

import (
	"strings"
	"testing"
)

// A learner who met a figure in an earlier step of the lesson, asked for
// the same metric again, is likely to type that figure. Where it lands
// "close", the verdict reads as nearly right though the reasoning missed
// what changed, so the step names why its answer differs, as a
// misconception. (A carried figure graded "off" is at least told how far
// off it is; several steps still leave those unnamed.) Lesson 14's "Off
// the loop" asked for the loop's busy share, 10.6 %, after "The loop is
// idle" had shown 5.0 %, and a guess of 5 was "close" with no why.
func TestAnEarlierStepsFigureCarriedOverIsNamed(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	lab := NewLab()
	checked := 0
	for _, l := range all {
		p, err := Prepare(l, lab)
		if err != nil {
			t.Fatal(err)
		}
		for j := range l.Steps {
			q := p.Steps[j].Predict
			if q == nil || q.Kind != Number || l.Steps[j].Predict == nil {
				continue
			}
			metric := strings.Fields(l.Steps[j].Predict.Answer)[0]
			for i := range j {
				e := p.Steps[i].Predict
				if e == nil || e.Kind != Number || e.AnswerKind != q.AnswerKind || l.Steps[i].Predict == nil ||
					strings.Fields(l.Steps[i].Predict.Answer)[0] != metric {
					continue
				}
				checked++
				if q.closeness(e.Answer) != Close {
					continue
				}
				if _, ok := q.MisconceptionFor(e.Answer); !ok {
					t.Errorf("%s step %d (%s) asks for %s again: a guess of step %d's %s is graded close with no misconception named; name why this step's %s differs",
						l.ID, j+1, l.Steps[j].Title, metric, i+1, e.AnswerText, q.AnswerText)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step asks for an earlier step's metric again: the check checked nothing")
	}
}
