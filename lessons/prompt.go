package lessons

import (
	"fmt"
	"regexp"
	"strings"
)

// A prediction asks for something its prompt does not state (FORMAT.md,
// Predictions): its answer, as printed, is none of the numbers in its
// prompt, and none of them typed back as a guess grades right. Prepare
// holds every lesson to it, a teacher's as the built-in ones.

// promptNumber is a number as a prompt prints it, with the unit that may
// follow it: "1.575 s", "500 ms", "12,000", "41 %". A number inside a word
// ("p99") is not one.
var promptNumber = regexp.MustCompile(`(?:^|[^\pL\pN.])(\d[\d,]*(?:\.\d+)?)(?:\s?(ms|s|%)\b|\s?%)?`)

// promptNumbers are the numbers a prompt prints, as a learner would type
// them back: "1.575s", "12000", "41%".
func promptNumbers(prompt string) []string {
	var out []string
	for _, m := range promptNumber.FindAllStringSubmatch(prompt, -1) {
		n := strings.ReplaceAll(m[1], ",", "")
		unit := m[2]
		if unit == "" && strings.HasSuffix(strings.TrimSpace(m[0]), "%") {
			unit = "%"
		}
		out = append(out, n+unit)
	}
	return out
}

// sameTerms says whether a number as a prompt prints it is in the terms of
// an answer of kind k: a duration has a time unit, a share a percent sign,
// anything else neither.
func sameTerms(n string, k Kind) bool {
	switch {
	case strings.HasSuffix(n, "s"):
		return k == KindDuration
	case strings.HasSuffix(n, "%"):
		return k == KindFraction
	}
	return true
}

// promptGivesAnswer refuses a numeric prediction whose prompt, as filled,
// states its answer, or states a number that typed back as a guess is
// graded right. A number in other terms than the answer's ("5 s" beside a
// count of workers) is another quantity, and allowed.
func (q *PreparedQuestion) promptGivesAnswer() error {
	if q == nil || q.Kind != Number {
		return nil
	}
	const rule = "a prediction asks for what its prompt does not say: keep the number for reveal, or ask about another quantity"
	for _, n := range promptNumbers(q.Prompt) {
		if !sameTerms(n, q.AnswerKind) {
			continue
		}
		v, err := q.ParseGuess(n)
		if err != nil {
			continue // "500ms" against a count: not a guess at it
		}
		if printed := q.FormatGuess(v); printed == q.AnswerText {
			return fmt.Errorf("the prompt %q states the answer, %s: %s", q.Prompt, q.AnswerText, rule)
		}
		if q.closeness(v) == Spot {
			return fmt.Errorf("the prompt %q states %s, which typed back as a guess is graded right (the answer is %s, give or take %s): %s",
				q.Prompt, q.FormatGuess(v), q.AnswerText, q.FormatGuess(q.tolerance()), rule)
		}
	}
	return nil
}
