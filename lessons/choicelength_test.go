package lessons

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// A choice question must be answered by knowing the idea, not by reading
// the choices' lengths. A right choice written with more care than the
// wrong ones (qualified, precise, with its reason) is visibly longer, and a
// learner who picks the longest choice scores without knowing anything;
// the player shuffles the choices, but shuffling does not hide a length.
// The rule, on the text the learner reads (placeholders filled, counted in
// characters), for every [predict] and [question] with choices in every
// bundled lesson:
//
//   - In one question, the right choice is at most 20 % longer than the
//     longest wrong one. Below that, two choices on one screen read as the
//     same size; beyond it the right one stands out (the QA pass that found
//     the problem counted questions over this line).
//   - Across one lesson, the right choice is the longest of its question
//     (strictly: a tie is no tell) in at most half of the lesson's choice
//     questions, and the shortest in at most half. A learner who always
//     picks the longest (or the shortest) then scores no more than half,
//     where three or four choices give a guess a third or a quarter; half
//     leaves room for a right answer that is naturally the longest now
//     and then, without letting it become the habit.
//
// A wrong choice is lengthened only by making it a more specific, more
// plausible misconception (with its own why), never with padding.
const (
	choiceLengthSlack = 0.20 // the right choice's allowance over the longest wrong one
	choiceHabitShare  = 0.5  // the most of a lesson's questions whose right choice may be the longest (or the shortest)
)

// choiceLengths measures one question: the right choice's length, the
// longest and the shortest wrong one's, in characters.
func choiceLengths(q *PreparedQuestion) (right, longestWrong, shortestWrong int) {
	shortestWrong = -1
	for _, c := range q.Choices {
		n := utf8.RuneCountInString(c.Text)
		switch {
		case c.Right:
			right = n
		default:
			longestWrong = max(longestWrong, n)
			if shortestWrong < 0 || n < shortestWrong {
				shortestWrong = n
			}
		}
	}
	return right, longestWrong, shortestWrong
}

// standsOut reports whether the right choice is longer than the longest
// wrong one by more than the slack.
func standsOut(right, longestWrong int) bool {
	return float64(right) > (1+choiceLengthSlack)*float64(longestWrong)
}

func TestRightChoiceDoesNotStandOutByLength(t *testing.T) {
	for _, p := range allPrepared(t) {
		var questions, longest, shortest []string
		for i, s := range p.Steps {
			for _, q := range []struct {
				which string
				q     *PreparedQuestion
			}{{"predict", s.Predict}, {"question", s.Question}} {
				if q.q == nil || q.q.Kind != Choice {
					continue
				}
				at := fmt.Sprintf("step %d (%q) %s", i+1, s.Title, q.which)
				right, longWrong, shortWrong := choiceLengths(q.q)
				var rightText string
				var wrong []string
				for _, c := range q.q.Choices {
					if c.Right {
						rightText = c.Text
					} else {
						wrong = append(wrong, fmt.Sprintf("%q (%d)", c.Text, utf8.RuneCountInString(c.Text)))
					}
				}
				if standsOut(right, longWrong) {
					t.Errorf("%s %s: the right choice is %d characters, %.0f %% longer than the longest wrong one (%d; at most %.0f %% allowed): a learner can pick it by its length. Make the wrong choices equally specific misconceptions, or say the right one more plainly.\n  right: %q\n  wrong: %s",
						p.Lesson.ID, at, right, 100*(float64(right)/float64(longWrong)-1), longWrong, 100*choiceLengthSlack, rightText, strings.Join(wrong, ", "))
				}
				questions = append(questions, at)
				mark := fmt.Sprintf("%s: %q (%d) against %s", at, rightText, right, strings.Join(wrong, ", "))
				if right > longWrong {
					longest = append(longest, mark)
				}
				if right < shortWrong {
					shortest = append(shortest, mark)
				}
			}
		}
		most := int(choiceHabitShare * float64(len(questions)))
		for _, habit := range []struct {
			word  string
			steps []string
		}{{"longest", longest}, {"shortest", shortest}} {
			if len(habit.steps) > most {
				t.Errorf("%s: the right choice is the %s in %d of the lesson's %d choice questions (at most %d allowed): picking the %s choice every time would score %d of %d. Vary which choice is the %s:\n  %s",
					p.Lesson.ID, habit.word, len(habit.steps), len(questions), most, habit.word, len(habit.steps), len(questions), habit.word, strings.Join(habit.steps, "\n  "))
			}
		}
	}
}

// The rule's arithmetic, on made-up choices, so that a change to it is a
// change someone meant.
func TestChoiceLengthRule(t *testing.T) {
	q := func(right string, wrong ...string) *PreparedQuestion {
		pq := &PreparedQuestion{Kind: Choice, Choices: []Option{{Text: right, Right: true}}}
		for _, w := range wrong {
			pq.Choices = append(pq.Choices, Option{Text: w})
		}
		return pq
	}
	for _, c := range []struct {
		q                  *PreparedQuestion
		right, long, short int
		standsOut          bool
	}{
		{q("1234567890ab", "1234567890", "12345"), 12, 10, 5, false}, // 20 % longer: allowed
		{q("1234567890abc", "1234567890", "12345"), 13, 10, 5, true}, // 30 %: stands out
		{q("× 5 ms", "1234567", "12345678"), 6, 8, 7, false},         // counted in characters, not bytes
		{q("123", "1234567890", "12345"), 3, 10, 5, false},           // shorter is no length tell here
	} {
		right, long, short := choiceLengths(c.q)
		if right != c.right || long != c.long || short != c.short || standsOut(right, long) != c.standsOut {
			t.Errorf("%q: lengths %d, %d, %d, stands out %v; want %d, %d, %d, %v",
				c.q.Choices[0].Text, right, long, short, standsOut(right, long), c.right, c.long, c.short, c.standsOut)
		}
	}
}
