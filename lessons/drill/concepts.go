package drill

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/breakerlab/breakerlab/lessons"
)

// The hand-written cards, the reference questions (ref-...) and the concept
// cards (concept-...), live in cards.toml, written the way lesson text is:
// every number the engine or a library gives is a placeholder, every claim
// a card makes is an expect line, and any other number in a model answer
// is a given of its question. `breakerlab drill --check` (Check) holds them
// to that.

//go:embed cards.toml
var cardsFile []byte

// CardText is a hand-written card as cards.toml holds it, its placeholders
// not yet filled.
type CardText struct {
	// ID is stable across versions: the schedule is kept by it.
	ID     string `toml:"id"`
	Topic  string `toml:"topic"`
	Source string `toml:"source"`
	// Question is what the learner is asked; its numbers are givens.
	Question string `toml:"question"`
	// FollowUp is the interviewer's next question (its numbers are givens
	// too) and FollowUpAnswer its model answer.
	FollowUp       string `toml:"follow_up"`
	FollowUpAnswer string `toml:"follow_up_answer"`
	// Points are the model answer, in the order a strong answer makes them.
	Points []string `toml:"points"`
	// Expect are the claims the card makes, "METRIC ARGS OP VALUE", each
	// evaluated by the check.
	Expect []string `toml:"expect"`
	// Lesson, when set, is the lesson whose steps the card's placeholders
	// and claims may quote as stepN, as a cheat-sheet row's may: a
	// built-in lesson's ID, or "numbers" for the drill's own numbers.md.
	Lesson string `toml:"lesson"`
}

// numbersID is the ID a card's lesson gives to quote numbers.md's steps.
const numbersID = "numbers"

// lesson finds the lesson a card quotes, or nil when it quotes none.
func (t CardText) lesson() (*lessons.Lesson, error) {
	switch t.Lesson {
	case "":
		return nil, nil
	case numbersID:
		return lessons.Parse("lessons/drill/numbers.md", numbersLesson)
	}
	l, err := lessons.Lookup(t.Lesson)
	if err != nil {
		return nil, fmt.Errorf("%s: lesson %q: %w", t.ID, t.Lesson, err)
	}
	return l, nil
}

// filler fills the card's texts: in its lesson's context if it names one.
func (t CardText) filler(lab *lessons.Lab) (func(name, text string) (string, error), error) {
	l, err := t.lesson()
	if err != nil || l == nil {
		return lab.FillText, err
	}
	return func(name, text string) (string, error) { return lab.FillLessonText(l, name, text) }, nil
}

// checkClaim evaluates one of the card's claims, in its lesson's context
// if it names one.
func (t CardText) checkClaim(lab *lessons.Lab, claim string) (lessons.ClaimResult, error) {
	l, err := t.lesson()
	if err != nil {
		return lessons.ClaimResult{}, err
	}
	if l == nil {
		return lab.CheckClaim(t.ID, claim)
	}
	return lab.CheckLessonClaim(l, t.ID, claim)
}

// ParseCards reads a file of cards in the format of cards.toml. It refuses
// an unknown key, a card without an ID, question or points, an unknown
// topic, a follow-up without its answer and two cards with one ID.
func ParseCards(data []byte) ([]CardText, error) {
	var f struct {
		Card []CardText `toml:"card"`
	}
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		var strict *toml.StrictMissingError
		if errors.As(err, &strict) {
			return nil, fmt.Errorf("cards: %s", strict.String())
		}
		return nil, fmt.Errorf("cards: %w", err)
	}
	seen := map[string]bool{}
	for i, c := range f.Card {
		name := fmt.Sprintf("card %d (%s)", i+1, c.ID)
		switch {
		case c.ID == "":
			return nil, fmt.Errorf("%s: no id", name)
		case seen[c.ID]:
			return nil, fmt.Errorf("%s: two cards share the ID %q", name, c.ID)
		case strings.TrimSpace(c.Question) == "" || c.Source == "":
			return nil, fmt.Errorf("%s: a card needs a question and a source", name)
		case len(c.Points) == 0:
			return nil, fmt.Errorf("%s: a card needs the points of its model answer", name)
		case (c.FollowUp == "") != (c.FollowUpAnswer == ""):
			return nil, fmt.Errorf("%s: follow_up and follow_up_answer go together", name)
		}
		if err := CheckTopic(c.Topic); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		seen[c.ID] = true
	}
	return f.Card, nil
}

// HandCards returns the cards of cards.toml, unfilled.
func HandCards() ([]CardText, error) { return ParseCards(cardsFile) }

// fill makes the card a learner sees: every placeholder filled by lab.
func (t CardText) fill(lab *lessons.Lab) (Card, error) {
	c := Card{ID: t.ID, Topic: t.Topic, Kind: Open, Source: t.Source}
	fillText, err := t.filler(lab)
	if err != nil {
		return Card{}, err
	}
	if c.Question, err = fillText(t.ID+", question", t.Question); err != nil {
		return Card{}, err
	}
	for i, p := range t.Points {
		s, err := fillText(fmt.Sprintf("%s, point %d", t.ID, i+1), p)
		if err != nil {
			return Card{}, err
		}
		c.Points = append(c.Points, s)
	}
	if t.FollowUp != "" {
		q, err := fillText(t.ID+", follow-up", t.FollowUp)
		if err != nil {
			return Card{}, err
		}
		a, err := fillText(t.ID+", follow-up answer", t.FollowUpAnswer)
		if err != nil {
			return Card{}, err
		}
		c.FollowUp = q + " (" + a + ")"
	}
	return c, nil
}

// handCards fills every card of cards.toml. A card that cannot be filled
// is left out and named in the error.
func handCards(lab *lessons.Lab) ([]Card, error) {
	texts, err := HandCards()
	if err != nil {
		return nil, err
	}
	var out []Card
	var bad []error
	for _, t := range texts {
		c, err := t.fill(lab)
		if err != nil {
			bad = append(bad, err)
			continue
		}
		out = append(out, c)
	}
	return out, errors.Join(bad...)
}
