package lessons

import (
	"regexp"
	"testing"
)

// A step that asks for a prediction plays once the learner has guessed;
// space before a guess skips the prediction (pressed twice) and after one
// pauses the run. So its text never tells the learner to press space to
// play: twelve steps did, and a learner who guessed and then pressed space
// stopped the run they had been told to watch.
func TestPredictionStepsDoNotSayPressSpace(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	space := regexp.MustCompile(`(?i)press\s+(\*\*)?space|space(\*\*)?\s+to\s+play`)
	for _, l := range all {
		for i, s := range l.Steps {
			if s.Predict != nil && space.MatchString(s.Body) {
				t.Errorf("%s step %d (%s) asks for a prediction and tells the learner to press space: %q",
					l.ID, i+1, s.Title, space.FindString(s.Body))
			}
		}
	}
}
