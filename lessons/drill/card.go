package drill

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
)

// Kind says how a card is answered.
type Kind string

const (
	// Open: the learner answers in their head (or out loud), reads the model
	// answer and grades themselves.
	Open Kind = "open"
	// Choice: pick one of the choices; graded at once. Choices are shuffled
	// when a session draws the card.
	Choice Kind = "choice"
	// Number: type a number; graded at once against the computed answer.
	Number Kind = "number"
)

// Topics are the subjects a card can belong to, in teaching order.
var Topics = []string{"cascade", "timeout", "bulkhead", "breaker", "retry", "fallback", "shuffle", "composition",
	"shedding", "deadlines", "fleet", "tenants", "tasks", "operations"}

// CheckTopic returns an error naming the allowed topics when t is not one.
func CheckTopic(t string) error {
	if slices.Contains(Topics, t) {
		return nil
	}
	return fmt.Errorf("unknown topic %q (allowed: %s)", t, strings.Join(Topics, ", "))
}

// Card is one thing to practise.
type Card struct {
	// ID is stable across versions: the schedule is kept by it.
	ID    string
	Topic string
	Kind  Kind
	// Question is what the learner is asked.
	Question string
	// Points are, for an open card, what a strong answer says, in order.
	Points []string
	// FollowUp is the question an interviewer asks next, with its answer.
	FollowUp string
	// Choices of a Choice card, in their written order: exactly one Right.
	Choices []lessons.Option
	// Check judges a Number card's typed answer (the lessons' own rules:
	// 41, 0.41 and 41 % are the same share).
	Check *lessons.PreparedQuestion
	// Explain is shown once the card is answered: the working, the why.
	Explain string
	// Source says where the card comes from: a reference document and the
	// place in it, a lesson and its step, or the generator and its seed.
	Source string
	// Generator, for a card that stands for a kind of generated problem,
	// names the kind: a session fills the card with fresh numbers.
	Generator string
	// Scenario, when set, builds the engine scenario the card describes,
	// with its numbers, for the sandbox.
	Scenario func() *engine.Scenario
}

// Answer is the card's answer as one text: the model answer's points, the
// right choice, or the number, then the explanation and the follow-up.
func (c Card) Answer() string {
	var parts []string
	switch c.Kind {
	case Open:
		for i, p := range c.Points {
			parts = append(parts, fmt.Sprintf("%d. %s", i+1, p))
		}
	case Choice:
		for _, o := range c.Choices {
			if o.Right {
				parts = append(parts, o.Text)
			}
		}
	case Number:
		if c.Check != nil {
			parts = append(parts, c.AnswerWithUnit())
		}
	}
	if c.Explain != "" {
		parts = append(parts, c.Explain)
	}
	if c.FollowUp != "" {
		parts = append(parts, "Follow-up: "+c.FollowUp)
	}
	return strings.Join(parts, "\n")
}

// Right is the index of a Choice card's right answer, or -1.
func (c Card) Right() int {
	for i, o := range c.Choices {
		if o.Right {
			return i
		}
	}
	return -1
}

// AnswerWithUnit is a Number card's answer with its unit, which agrees
// with it in number as the lessons' do ("1 call", "2 calls"); "" for a
// card with no number to check.
func (c Card) AnswerWithUnit() string {
	if c.Check == nil {
		return ""
	}
	return lessons.WithUnit(c.Check.AnswerText, c.Check.Unit)
}

// MisconceptionWhy is why a typed answer to a Number card is likely
// wrong: the why of the misconception it is taken for, found as the
// lesson player finds it (lessons.PreparedQuestion.MisconceptionFor), or
// "" when it is right, unreadable, or near none the card names.
func (c Card) MisconceptionWhy(typed string) string {
	if c.Kind != Number || c.Check == nil {
		return ""
	}
	got, err := c.Check.ParseGuess(typed)
	if err != nil {
		return ""
	}
	if ok, _ := c.Check.CheckNumber(typed); ok {
		return ""
	}
	m, ok := c.Check.MisconceptionFor(got)
	if !ok {
		return ""
	}
	return m.Why
}
