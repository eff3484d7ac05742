package lessons

import (
	"fmt"
	"math"
)

// Closeness is how near a prediction came to what the engine did. A
// prediction is never right or wrong as knowledge is: a learner guesses,
// then sees the run, so the player says how far off the guess was.
type Closeness uint8

const (
	// Spot: within the prediction's tolerance, or the right choice; the
	// player calls it "right".
	Spot Closeness = iota + 1
	// Close: a number outside the tolerance but within twice it.
	Close
	// Off: anything further away, or a choice that is not the right one.
	Off
	// Skipped: the learner asked to see the run without guessing.
	Skipped
)

// String is the word the player shows.
func (c Closeness) String() string {
	switch c {
	case Spot:
		return "right"
	case Close:
		return "close"
	case Off:
		return "off"
	case Skipped:
		return "skipped"
	}
	return fmt.Sprintf("Closeness(%d)", uint8(c))
}

// DefaultPredictTolerance is the tolerance of a numeric [predict] that
// states none: 10 % of the answer (relative).
const DefaultPredictTolerance = 0.10

// JudgeGuess says how near a typed guess at a numeric prediction came, and
// returns the guess in the answer's terms (a share as 0.41, a duration in
// seconds). An input that is not a number is an error, and no judgement.
func (q *PreparedQuestion) JudgeGuess(input string) (Closeness, float64, error) {
	if q.Kind != Number {
		return 0, 0, fmt.Errorf("this prediction is answered by picking a choice")
	}
	got, err := q.ParseGuess(input)
	if err != nil {
		return 0, 0, err
	}
	return q.closeness(got), got, nil
}

// closeness grades a guess in the quantity's own terms: right within the
// tolerance, close within twice it, off beyond. Nothing else widens the
// bands, so a tight tolerance makes a tight "close" (30 s for 24 s ± 1 s
// is off).
func (q *PreparedQuestion) closeness(got float64) Closeness {
	diff := math.Abs(got - q.Answer)
	slack := 1e-9 * math.Max(1, math.Abs(q.Answer))
	tol := q.tolerance()
	switch {
	case diff <= tol+slack:
		return Spot
	case diff <= 2*tol+slack:
		return Close
	}
	return Off
}

// JudgeChoice says how a picked choice (its index in Choices) came out:
// Spot for the right one, Off for any other.
func (q *PreparedQuestion) JudgeChoice(i int) (Closeness, error) {
	if q.Kind != Choice || i < 0 || i >= len(q.Choices) {
		return 0, fmt.Errorf("choice %d does not exist: pick 1 to %d", i+1, len(q.Choices))
	}
	if q.Choices[i].Right {
		return Spot, nil
	}
	return Off, nil
}

// RightChoice is the index of the right choice, or -1 for a numeric
// question.
func (q *PreparedQuestion) RightChoice() int {
	for i, c := range q.Choices {
		if c.Right {
			return i
		}
	}
	return -1
}

// FormatGuess prints a guess, in the answer's terms, the way the answer is
// printed ("150", "41 %", "24 s", a duration in the answer's unit), so
// the two read side by side.
func (q *PreparedQuestion) FormatGuess(g float64) string {
	k := q.AnswerKind
	if k == KindCount && g != math.Trunc(g) || k == KindOdds || k == 0 {
		k = KindNumber
	}
	format := ""
	if k == KindDuration || k == KindFraction {
		// The answer's form: "0.375 s" beside "0.402 s", "60%" beside a
		// tenant's "63%".
		format = q.AnswerFormat
	}
	s, err := Value{Kind: k, F: g}.Format(format)
	if err != nil {
		return trimFloat(g, 4, true)
	}
	return s
}

// MisconceptionFor is the misconception a wrong guess most likely comes
// from: the nearest of the question's whose number is within its margin
// of the guess. ok is false when the guess is near none of them (or the
// question names none).
func (q *PreparedQuestion) MisconceptionFor(got float64) (m PreparedMisconception, ok bool) {
	best := math.Inf(1)
	for _, c := range q.Misconceptions {
		d := math.Abs(got - c.Value)
		if d <= c.Tolerance+1e-9*math.Max(1, math.Abs(c.Value)) && d < best {
			m, ok, best = c, true, d
		}
	}
	return m, ok
}

// HowFar says how far a wrong answer to a question is, without giving the
// answer away (the learner may try again): its direction, and whether it
// is within 10 % of it, off by less than half of it, by half or more, or
// a factor of two (or ten) or more away. Each band says which side its
// edge falls on: 20 for 10 is "twice the answer or more", not "more than
// twice", and 5 for 10 is "half the answer or less".
func (q *PreparedQuestion) HowFar(got float64) string {
	dir := "too high"
	if got < q.Answer {
		dir = "too low"
	}
	if q.Answer == 0 || got == 0 || (got < 0) != (q.Answer < 0) {
		return dir
	}
	// edge keeps a ratio that is exactly on a band's edge as typed (0.6
	// for 0.3 is twice it) on that edge, whatever the float division
	// leaves in the last digit.
	const edge = 1e-9
	r := got / q.Answer
	switch off := math.Abs(r - 1); {
	case off < 0.1:
		return dir + ", but within 10 % of it"
	case off < 0.5-edge:
		return dir + ", by less than half of it"
	case r >= 10-edge:
		return dir + ": ten times the answer or more"
	case r >= 2-edge:
		return dir + ": twice the answer or more"
	case r > 1:
		return dir + ", by half of it or more"
	}
	return dir + ": half the answer or less"
}
