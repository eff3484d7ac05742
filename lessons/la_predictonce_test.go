package lessons

import (
	"strings"
	"testing"
)

// A prediction asks for something the learner has not been shown. Lessons
// 1 to 7 are taken in order, so a [predict] that asks of the same run what
// an earlier one asked (the same answer expression, or the same right
// choice) was answered by that earlier reveal: lesson 3's "Compartments"
// once asked again lesson 1's "Where this course goes" (search behind a
// share of 20), and lesson 7's "What to watch" asked again lesson 4's "The
// breaker's cost" (the time open of the same timeline).
func TestLessonsOneToSevenNeverPredictTheSameThingTwice(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	var ordered []*Lesson
	for _, l := range all {
		if l.ID >= "01" && l.ID < "08" {
			ordered = append(ordered, l)
		}
	}
	if len(ordered) != 7 {
		t.Fatalf("found %d of lessons 1 to 7", len(ordered))
	}
	checkPredictsOnce(t, ordered)
}

func checkPredictsOnce(t *testing.T, lessons []*Lesson) {
	t.Helper()
	first := map[string]string{} // what is asked of which run → where it was first asked
	for _, l := range lessons {
		for _, st := range l.Steps {
			if st.Predict == nil || st.Sim == nil {
				continue
			}
			asked := predictedAnswer(st.Predict)
			if asked == "" {
				continue
			}
			k := st.Sim.key() + " → " + asked
			where := l.ID + ` step "` + st.Title + `"`
			if prev, ok := first[k]; ok {
				t.Errorf("%s predicts %q of the same run as %s, whose reveal has told it already", where, asked, prev)
				continue
			}
			first[k] = where
		}
	}
}

// predictedAnswer is what a prediction asks for: its answer expression, or
// its right choice's text.
func predictedAnswer(q *Question) string {
	if q.Answer != "" {
		return strings.TrimSpace(q.Answer)
	}
	for _, c := range q.Choices {
		if c.Right {
			return strings.ToLower(strings.TrimSpace(c.Text))
		}
	}
	return ""
}
