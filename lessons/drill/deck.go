package drill

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
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
	"10-shedding-rate-limits-bulkheads": "shedding",
	"11-deadlines-across-hops":          "deadlines",
	"12-a-fleet-of-breakers":            "fleet",
	"13-partitioning-by-tenant":         "tenants",
	"14-no-thread-pool":                 "tasks",
}

// numbersTopics files each step of numbers.md, by its title, under a
// topic; TestEveryNumbersStepHasATopic keeps it whole.
var numbersTopics = map[string]string{
	"Little's law on a normal day":      "cascade",
	"Little's law during a hang":        "cascade",
	"The shared pool":                   "cascade",
	"The breaker's fallback share":      "fallback",
	"The checkout table: 20 a second":   "timeout",
	"The checkout table: 40 a second":   "timeout",
	"Sizing the payment bulkhead":       "bulkhead",
	"Abandoned work":                    "timeout",
	"The breaker timeline":              "breaker",
	"Calls that reached the dependency": "breaker",
	"Pairs of 8 workers":                "shuffle",
	"Shuffle against plain":             "shuffle",
	"Sharing one worker of 8":           "shuffle",
	"Route 53's shards":                 "shuffle",
	"16 workers, 4 each":                "shuffle",
	"Resilience4j's minimum":            "breaker",
	"Polly's failure ratio":             "breaker",
	"Hystrix's volume":                  "breaker",
	"gobreaker's trip":                  "breaker",

	// Sizing the payment bulkhead for 40 a second; ref-001-self-check-2
	// quotes these steps.
	"Sizing the payment bulkhead at 40 a second":                        "bulkhead",
	"Headroom at 40 a second":                                           "bulkhead",
	"A bulkhead of 12 at 40 a second, the provider hanging":             "bulkhead",
	"A bulkhead of the whole pool at 40 a second, the provider hanging": "bulkhead",

	// A breaker flapping on random failures under its threshold, and two
	// ways to tune it; concept-flapping quotes these steps.
	"A flapping breaker: ten calls judged, a short wait": "operations",
	"The same failures, fifty calls judged":              "operations",
	"The same failures, ten calls judged, a longer wait": "operations",
	// Semaphores whose permits add up to more than their pool;
	// concept-shares-must-fit quotes it.
	"Permits that add up to more than the pool": "tasks",
	// concept-semaphore-vs-thread-pool quotes it.
	"A thread-pool bulkhead with a queue, the provider slow": "bulkhead",
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
	lab := lessons.NewLab()
	var skipped []error
	deck, err := handCards(lab)
	if err != nil {
		skipped = append(skipped, err)
	}
	nums, err := numbersCards(lab)
	if err != nil {
		return nil, err
	}
	deck = append(deck, nums...)
	all, err := lessons.All()
	if err != nil {
		return nil, fmt.Errorf("loading the lessons for the drill: %w", err)
	}
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
		return deck, fmt.Errorf("cards left out of the deck: %w", errors.Join(skipped...))
	}
	return deck, nil
}

// numbersCards fills numbers.md, a file in the lesson format, with the
// lessons' own metrics: one card a step.
func numbersCards(lab *lessons.Lab) ([]Card, error) {
	p, err := prepareNumbers(lab)
	if err != nil {
		return nil, err
	}
	var out []Card
	for i := range p.Steps {
		s := &p.Steps[i]
		topic, ok := numbersTopics[s.Title]
		if !ok {
			return nil, fmt.Errorf("numbers.md step %d (%s) has no topic in numbersTopics", i+1, s.Title)
		}
		c, ok := questionCard(s, fmt.Sprintf("numbers-%02d", i+1), topic,
			fmt.Sprintf("the references' figures, recomputed (%s)", s.Title))
		if ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// prepareNumbers parses numbers.md and fills it.
func prepareNumbers(lab *lessons.Lab) (*lessons.Prepared, error) {
	l, err := lessons.Parse("lessons/drill/numbers.md", numbersLesson)
	if err != nil {
		return nil, err
	}
	return lessons.Prepare(l, lab)
}

// addedSteps are the steps put into a lesson after its cards' IDs were
// first kept in learners' schedules, by lesson: how many steps it had then,
// and the added steps' titles in the order they came. A card's ID is its
// step's number in the lesson as it was, so that an added step does not
// hand every later card the schedule of the one before it (Card.ID is
// stable across versions); an added step's card is numbered after them.
var addedSteps = map[string]struct {
	had    int
	titles []string
}{
	// lesson 1's bigger pool came before its self-checks (2026-12-07).
	"01-one-slow-dependency": {9, []string{"A bigger pool"}},
}

// lessonCardIDs are the IDs of the cards of l's steps, in order.
func lessonCardIDs(l *lessons.Lesson) []string {
	added := addedSteps[l.ID]
	ids := make([]string, len(l.Steps))
	seen := 0
	for i := range l.Steps {
		if k := slices.Index(added.titles, l.Steps[i].Title); k >= 0 {
			ids[i] = fmt.Sprintf("lesson-%s-%d", l.ID, added.had+1+k)
			seen++
			continue
		}
		ids[i] = fmt.Sprintf("lesson-%s-%d", l.ID, i+1-seen)
	}
	return ids
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
	ids := lessonCardIDs(l)
	var out []Card
	for i := range p.Steps {
		s := &p.Steps[i]
		id := ids[i]
		if isDuplicate(id, s.Title) {
			continue
		}
		c, ok := questionCard(s, id, topic, fmt.Sprintf("lesson %s, step %d (%s)", l.ID, i+1, s.Title))
		if !ok {
			continue
		}
		if prompt, ok := rewording(id, s.Title); ok {
			if c.Question, err = lab.FillLessonText(l, id+", reworded question", prompt); err != nil {
				return nil, fmt.Errorf("preparing lesson %s for the drill: %w", l.ID, err)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// isDuplicate says whether the lesson question is one the deck leaves out
// (duplicates).
func isDuplicate(id, title string) bool {
	for _, d := range duplicates {
		if d.step == id && d.title == title {
			return true
		}
	}
	return false
}

// rewording is the drill's own prompt for a lesson question (rewordings).
func rewording(id, title string) (string, bool) {
	for _, r := range rewordings {
		if r.step == id && r.title == title {
			return r.prompt, true
		}
	}
	return "", false
}

// questionCard makes a card of a prepared step's question, if it has one.
// The step's words that point at the lesson's screen are left out
// (offScreen): a wrong choice that leans on a pane goes whole, as a card
// asks well with one wrong answer fewer, and every other text loses the
// clause.
func questionCard(s *lessons.PreparedStep, id, topic, source string) (Card, bool) {
	q := s.Question
	if q == nil {
		return Card{}, false
	}
	c := Card{ID: id, Topic: topic, Question: offScreen(q.Prompt), Explain: offScreen(q.Explain), Source: source}
	switch q.Kind {
	case lessons.Choice:
		c.Kind = Choice
		for _, o := range q.Choices {
			if !o.Right && (screenRefRE.MatchString(o.Text) || screenRefRE.MatchString(o.Why)) {
				continue
			}
			o.Text, o.Why = offScreen(o.Text), offScreen(o.Why)
			c.Choices = append(c.Choices, o)
		}
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
