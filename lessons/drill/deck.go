package drill

import (
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/breakerlab/breakerlab/lessons"
)

//go:embed numbers.md
var numbersLesson []byte

// lessonTopics files each built-in lesson under a topic. A lesson missing
// from it falls under "cascade"; TestEveryLessonHasATopic keeps it whole.
var lessonTopics = map[string]string{
	"01-one-slow-dependency":            "cascade",
	"02-timeouts":                       "timeout",
	"03-bulkheads":                      "bulkhead",
	"04-breaker-states":                 "breaker",
	"05-tuning-a-breaker":               "breaker",
	"06-retries-and-order":              "retry",
	"07-fallbacks-and-metrics":          "fallback",
	"08-shuffle-sharding":               "shuffle",
	"09-checkout-incident":              "composition",
	"10-shedding-rate-limits-bulkheads": "bulkhead",
	"11-deadlines-across-hops":          "timeout",
	"12-a-fleet-of-breakers":            "breaker",
	"13-partitioning-by-tenant":         "bulkhead",
}

// numbersTopics files the numbers cards, by step (from 1) of numbers.md.
func numbersTopic(title string) string {
	t := strings.ToLower(title)
	switch {
	case strings.Contains(t, "shard") || strings.Contains(t, "worker") || strings.Contains(t, "pairs") || strings.Contains(t, "route 53"):
		return "shuffle"
	case strings.Contains(t, "bulkhead"):
		return "bulkhead"
	case strings.Contains(t, "checkout") || strings.Contains(t, "abandoned"):
		return "timeout"
	case strings.Contains(t, "little") || strings.Contains(t, "shared pool"):
		return "cascade"
	}
	return "breaker"
}

var built struct {
	once sync.Once
	deck []Card
	err  error
}

// Deck returns every card: the reference questions, the concept cards,
// the numbers cards, every lesson question and one card for each kind of
// generated problem. The lesson and numbers cards are filled by running the
// engine once (about a second); later calls return the same cards, which
// callers must not change.
//
// A lesson that cannot be prepared is left out and named in the error,
// which then comes with the rest of the deck: a drill without one lesson's
// questions is still a drill. With no deck at all, the error is all there is.
func Deck() ([]Card, error) {
	built.once.Do(func() { built.deck, built.err = buildDeck() })
	return built.deck, built.err
}

func buildDeck() ([]Card, error) {
	deck := append(referenceCards(), conceptCards()...)
	lab := lessons.NewLab()
	nums, err := numbersCards(lab)
	if err != nil {
		return nil, err
	}
	deck = append(deck, nums...)
	all, err := lessons.All()
	if err != nil {
		return nil, fmt.Errorf("loading the lessons for the drill: %w", err)
	}
	var skipped []error
	for _, l := range all {
		cards, err := lessonCards(l, lab)
		if err != nil {
			skipped = append(skipped, err)
			continue
		}
		deck = append(deck, cards...)
	}
	deck = append(deck, generatorCards()...)
	seen := map[string]bool{}
	for _, c := range deck {
		if seen[c.ID] {
			return nil, fmt.Errorf("two drill cards share the ID %q", c.ID)
		}
		seen[c.ID] = true
	}
	if len(skipped) > 0 {
		return deck, fmt.Errorf("%d lesson(s) left out of the deck: %w", len(skipped), errors.Join(skipped...))
	}
	return deck, nil
}

// numbersCards fills numbers.md, a file in the lesson format, with the
// lessons' own metrics: one card a step.
func numbersCards(lab *lessons.Lab) ([]Card, error) {
	l, err := lessons.Parse("lessons/drill/numbers.md", numbersLesson)
	if err != nil {
		return nil, err
	}
	p, err := lessons.Prepare(l, lab)
	if err != nil {
		return nil, err
	}
	var out []Card
	for i := range p.Steps {
		s := &p.Steps[i]
		c, ok := questionCard(s, fmt.Sprintf("numbers-%02d", i+1), numbersTopic(s.Title),
			fmt.Sprintf("the references' figures, recomputed (%s)", s.Title))
		if ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// lessonCards turns a lesson's questions into cards.
func lessonCards(l *lessons.Lesson, lab *lessons.Lab) ([]Card, error) {
	p, err := lessons.Prepare(l, lab)
	if err != nil {
		return nil, fmt.Errorf("preparing lesson %s for the drill: %w", l.ID, err)
	}
	topic, ok := lessonTopics[l.ID]
	if !ok {
		topic = "cascade"
	}
	var out []Card
	for i := range p.Steps {
		s := &p.Steps[i]
		c, ok := questionCard(s, fmt.Sprintf("lesson-%s-%d", l.ID, i+1), topic,
			fmt.Sprintf("lesson %s, step %d (%s)", l.ID, i+1, s.Title))
		if ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// questionCard makes a card of a prepared step's question, if it has one.
func questionCard(s *lessons.PreparedStep, id, topic, source string) (Card, bool) {
	q := s.Question
	if q == nil {
		return Card{}, false
	}
	c := Card{ID: id, Topic: topic, Question: q.Prompt, Explain: q.Explain, Source: source}
	switch q.Kind {
	case lessons.Choice:
		c.Kind = Choice
		c.Choices = append([]lessons.Option(nil), q.Choices...)
	case lessons.Number:
		c.Kind = Number
		c.Check = q
	default:
		return Card{}, false
	}
	return c, true
}

// Filter keeps the cards of a topic ("" keeps all).
func Filter(deck []Card, topic string) []Card {
	if topic == "" {
		return deck
	}
	var out []Card
	for _, c := range deck {
		if c.Topic == topic {
			out = append(out, c)
		}
	}
	return out
}
