package lessons

import (
	"fmt"
	"strings"
	"testing"
)

// repeatRun is how many words in a row make a sentence read twice.
const repeatRun = 8

// wordRuns are a text's runs of n words, lower case, without the
// punctuation and emphasis that do not change how a sentence reads.
func wordRuns(s string, n int) map[string]bool {
	words := strings.Fields(strings.ToLower(strings.NewReplacer("*", "", ",", "", ".", "", ":", "", ";", "").Replace(s)))
	runs := map[string]bool{}
	for i := 0; i+n <= len(words); i++ {
		runs[strings.Join(words[i:i+n], " ")] = true
	}
	return runs
}

// A wrong choice's why is shown and then, after the play, the reveal (or
// the explanation): the two do not say the same sentence. Lesson 1's
// first step showed "Each request holds its worker for only tens of
// milliseconds, so few workers are held …" and at once "Each request
// holds its worker for only tens of milliseconds, so a worker is free …".
func TestWrongChoiceWhyIsNotSaidAgain(t *testing.T) {
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			where := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			for _, q := range []*PreparedQuestion{st.Predict, st.Question} {
				if q == nil {
					continue
				}
				after := wordRuns(q.Reveal+" "+q.Explain, repeatRun)
				for _, c := range q.Choices {
					for run := range wordRuns(c.Why, repeatRun) {
						if after[run] {
							t.Errorf("%s: the why of %q says %q again after it: word it otherwise", where, c.Text, run)
							break
						}
					}
				}
			}
		}
	}
}
