package serve

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
)

// The room's answers, kept for the teacher once the class is over. Each
// question put to the room showed its counts only while it was open: the
// teacher who ended the class got back a terminal that said the server
// had stopped, and nothing of what the room had answered, which is what a
// teacher reviews after a class (which step most of them got wrong, and
// what to go over next time). The room keeps a line a question, counts
// only and never a name, as the poll showed them: Answers lists them, and
// serve prints them when the class ends and writes them to its log.

// tallied is a question's line, and what the teacher's lesson-end page
// (roomend.go) picks and heads it by.
type tallied struct {
	from   string // the question it was (Question.From)
	lesson string // the lesson's progress key; "" for a question of none
	step   string // "step 3, the prediction": the line's head on that page
	counts string // how many answered and came right
	// at is the step (from 0) and predict whether it was the step's
	// prediction: a follower's last screen reviews the questions put to
	// the room (roomasked.go).
	at      int
	predict bool
}

// line is the whole line: the question it was, then its counts.
func (t tallied) line() string { return t.from + ": " + t.counts }

// tallyLocked sums up q's answers: the question it was, how many
// answered and came right, and the spread behind it.
func tallyLocked(q *questionState) tallied {
	a := Asked{Question: q.q, Counts: q.counts}
	for _, g := range q.guesses {
		a.Guesses = append(a.Guesses, g)
	}
	var out string
	if a.Number {
		out = numberTally(a)
	} else {
		out = choiceTally(a)
	}
	if !q.revealed {
		out += " (its answer was not revealed)"
	}
	t := tallied{from: q.q.From, counts: out, step: stepOf(q.q), at: q.q.step, predict: q.q.Predict}
	if q.q.lesson != nil {
		t.lesson = q.q.lesson.ProgressKey()
	}
	return t
}

// choiceTally is a multiple-choice question's answers: "2 students
// answered, 1 right (choice 2); by choice 1: 0 · 2: 1 · 3: 1".
func choiceTally(a Asked) string {
	n := 0
	for _, c := range a.Counts {
		n += c
	}
	if n == 0 {
		return "nobody answered"
	}
	right := 0
	if a.Right >= 0 && a.Right < len(a.Counts) {
		right = a.Counts[a.Right]
	}
	by := make([]string, len(a.Counts))
	for i, c := range a.Counts {
		by[i] = fmt.Sprintf("%d: %d", i+1, c)
	}
	return fmt.Sprintf("%s answered, %d right (choice %d); by choice %s", plural(n, "student", "students"), right, a.Right+1, strings.Join(by, " · "))
}

// numberTally is a number question's answers: "2 students answered; the
// answer 107 workers, 1 within 10% of it; median 125 workers".
func numberTally(a Asked) string {
	g := sortedGuesses(a.Guesses)
	if len(g) == 0 {
		return "nobody answered"
	}
	near := 0
	for _, x := range a.Guesses {
		if x.Verdict == lessons.Spot {
			near++
		}
	}
	within := "exactly it"
	if a.Tolerance != "" {
		within = "within " + a.Tolerance
	}
	return fmt.Sprintf("%s answered; the answer %s, %d %s; median %s", plural(len(g), "student", "students"), a.Answer, near, within, guessText(a, quantile(g, 0.5)))
}

// keepTallyLocked keeps the open question's line, as it closes or the
// next question replaces it.
func (r *Room) keepTallyLocked() {
	if r.question != nil {
		r.tallies = append(r.tallies, tallyLocked(r.question))
	}
}

// Answers is a line for each question put to the room so far, in the
// order asked, the open one last: counts only, never who answered what.
func (r *Room) Answers() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.tallies)+1)
	for _, t := range r.tallies {
		out = append(out, t.line())
	}
	if r.question != nil {
		out = append(out, tallyLocked(r.question).line())
	}
	return out
}
