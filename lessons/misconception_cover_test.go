package lessons

import (
	"fmt"
	"testing"
)

// stillWithoutMisconception are the numeric questions written before the
// rule below, whose wrong numbers nobody has named yet: each one named
// leaves the list (the test fails on an entry that names one, or is no
// longer a numeric question), and no question joins it.
var stillWithoutMisconception = map[string]bool{
	"04-breaker-states step 7":    true,
	"06-retries-and-order step 5": true,
}

// Every numeric prediction and question of every lesson names at least
// one misconception: the wrong number its hint or its text warns about,
// and why. Without one a wrong guess gets only a distance: lesson 8's
// "How many different shards of 3?" answered with 720, the ordered picks
// its hint warns against, got "too high: twice the answer or more".
func TestNumericQuestionsNameAMisconception(t *testing.T) {
	checked := 0
	stillBare := map[string]bool{}
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			for _, q := range []*PreparedQuestion{st.Predict, st.Question} {
				if q == nil || q.Kind != Number {
					continue
				}
				where := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
				if len(q.Misconceptions) == 0 {
					stillBare[where] = true
				}
				if !stillWithoutMisconception[where] && len(q.Misconceptions) == 0 {
					t.Errorf("%s (%q, answer %s) names no misconception: add a [[...misconception]] for the wrong number it warns about", where, q.Prompt, q.AnswerText)
				}
				checked++
			}
		}
	}
	for where := range stillWithoutMisconception {
		if !stillBare[where] {
			t.Errorf("%s is listed as a numeric question without a misconception, but it names one now or is no longer numeric: take it off stillWithoutMisconception", where)
		}
	}
	if checked < 30 {
		t.Errorf("only %d numeric questions checked", checked)
	}
}
