package lessons

import (
	"regexp"
	"testing"
)

// A step without a [predict] plays when the learner presses space: nothing
// waits for a guess. Lesson 2's first step said "Once you have guessed, it
// plays" with no question on it, and a learner looked for one.
func TestStepsWithoutPredictionDoNotAskForAGuess(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	guess := regexp.MustCompile(`(?i)once you have guessed|make your guess|before you guess|after your guess|when you have guessed`)
	for _, l := range all {
		for i, s := range l.Steps {
			if s.Predict == nil && guess.MatchString(s.Body) {
				t.Errorf("%s step %d (%s) has no prediction but tells the learner to guess: %q",
					l.ID, i+1, s.Title, guess.FindString(s.Body))
			}
		}
	}
}

// The player prints a choice's why, a misconception's why and a question's
// explanation as plain text, not Markdown: lesson 6 showed its readers
// `CallNotPermittedException` with the backticks. A step's text and a
// prediction's reveal are Markdown and may use it.
func TestPlainExplanationsHoldNoMarkdown(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	// A code span, strong or emphasised words, a link.
	markdown := regexp.MustCompile("`|\\*\\*|(^|\\s)\\*\\S|\\]\\(")
	for _, l := range all {
		for i, s := range l.Steps {
			for _, q := range []*Question{s.Predict, s.Question} {
				if q == nil {
					continue
				}
				plain := []string{q.Explain}
				for _, c := range q.Choices {
					plain = append(plain, c.Why)
				}
				for _, m := range q.Misconceptions {
					plain = append(plain, m.Why)
				}
				for _, p := range plain {
					if m := markdown.FindString(p); m != "" {
						t.Errorf("%s step %d (%s): %q is shown as plain text, and its %q would print as it is",
							l.ID, i+1, s.Title, p, m)
					}
				}
			}
		}
	}
}
