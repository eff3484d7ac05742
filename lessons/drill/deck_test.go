package drill

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

func deck(t *testing.T) []Card {
	t.Helper()
	d, err := Deck()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestEveryReferenceQuestionIsInTheDeck lists, by source, every self-check,
// interview and FAQ question the reference documents ask and the interview
// problems they name; each must be a card with a model answer (points in
// order and a follow-up). seeds/003 asks no questions: its pitfalls are
// concept cards, checked below.
func TestEveryReferenceQuestionIsInTheDeck(t *testing.T) {
	want := map[string][]string{
		"seeds/000": {"interview questions (warm-up)"},
		"seeds/001": {"self-check 1", "self-check 2", "self-check 3", "self-check 4"},
		"seeds/002": {"frequently asked questions 1", "frequently asked questions 2", "frequently asked questions 3",
			"frequently asked questions 4", "frequently asked questions 5"},
		"seeds/004": {"the trade-off you must say out loud", "the interviewer's follow-up",
			"where it shows up: API gateway", "where it shows up: notification system",
			"where it shows up: e-commerce site", "where it shows up: slow and unreliable APIs"},
	}
	d := deck(t)
	for ref, places := range want {
		for _, place := range places {
			source := ref + ", " + place
			i := slices.IndexFunc(d, func(c Card) bool { return c.Source == source })
			if i < 0 {
				t.Errorf("no card has the source %q", source)
				continue
			}
			c := d[i]
			if c.Kind != Open || len(c.Points) < 3 || c.FollowUp == "" {
				t.Errorf("%s: want an open card with at least 3 points and a follow-up, got %s with %d points, follow-up %q", source, c.Kind, len(c.Points), c.FollowUp)
			}
		}
	}
	// Every reference is drawn on somewhere, seeds/003 through concepts.
	for _, r := range References {
		if !slices.ContainsFunc(d, func(c Card) bool { return strings.Contains(c.Source, r.ID) }) {
			t.Errorf("no card cites %s (%s)", r.ID, r.Title)
		}
	}
}

func TestEveryLessonQuestionIsInTheDeck(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	d := deck(t)
	for _, l := range all {
		if _, ok := lessonTopics[l.ID]; !ok {
			t.Errorf("lesson %s has no topic in lessonTopics", l.ID)
		}
		ids := lessonCardIDs(l)
		for i, s := range l.Steps {
			if s.Question == nil {
				continue
			}
			id := ids[i]
			if isDuplicate(id, s.Title) {
				continue // another card asks it: TestOneCardPerIdea
			}
			j := slices.IndexFunc(d, func(c Card) bool { return c.ID == id })
			if j < 0 {
				t.Errorf("lesson %s step %d's question is not in the deck", l.ID, i+1)
				continue
			}
			if strings.Contains(d[j].Question, "{{") || strings.Contains(d[j].Explain, "{{") {
				t.Errorf("%s still holds a placeholder: %q", id, d[j].Question)
			}
		}
	}
}

func TestCardsAreWellFormed(t *testing.T) {
	d := deck(t)
	kinds := map[string]int{}
	for _, c := range d {
		kinds[strings.SplitN(c.ID, "-", 2)[0]]++
		if err := CheckTopic(c.Topic); err != nil {
			t.Errorf("%s: %v", c.ID, err)
		}
		if strings.TrimSpace(c.Question) == "" || c.Source == "" {
			t.Errorf("%s: empty question or source", c.ID)
		}
		switch c.Kind {
		case Open:
			if len(c.Points) == 0 {
				t.Errorf("%s: an open card without points", c.ID)
			}
		case Choice:
			right := 0
			for _, o := range c.Choices {
				if o.Right {
					right++
				}
			}
			if right != 1 || len(c.Choices) < 2 {
				t.Errorf("%s: %d choices, %d right", c.ID, len(c.Choices), right)
			}
		case Number:
			if c.Check == nil && c.Generator == "" {
				t.Errorf("%s: a number card without an answer", c.ID)
			}
		default:
			t.Errorf("%s: kind %q", c.ID, c.Kind)
		}
		if strings.TrimSpace(c.Answer()) == "" && c.Generator == "" {
			t.Errorf("%s: no answer", c.ID)
		}
	}
	for _, k := range []string{"ref", "concept", "numbers", "lesson", "gen"} {
		if kinds[k] == 0 {
			t.Errorf("the deck has no %s cards", k)
		}
	}
	if kinds["concept"] < 15 {
		t.Errorf("only %d concept cards", kinds["concept"])
	}
}

// TestNumbersCardsComeFromTheEngine pins a few of the numbers cards to the
// references' figures, which the engine and the formulas reproduce.
func TestNumbersCardsComeFromTheEngine(t *testing.T) {
	want := map[string]float64{
		"Little's law on a normal day":      16,
		"Little's law during a hang":        500,
		"The checkout table: 20 a second":   10,
		"The checkout table: 40 a second":   20,
		"Sizing the payment bulkhead":       4,
		"The breaker timeline":              24,
		"Calls that reached the dependency": 64,
		"Pairs of 8 workers":                28,
		"Shuffle against plain":             7,
		"16 workers, 4 each":                1820,
		"Resilience4j's minimum":            100,
		"Hystrix's volume":                  20,
		"gobreaker's trip":                  5,
	}
	d := deck(t)
	for title, v := range want {
		i := slices.IndexFunc(d, func(c Card) bool { return strings.Contains(c.Source, "("+title+")") })
		if i < 0 {
			t.Errorf("no numbers card %q", title)
			continue
		}
		if got := d[i].Check.Answer; got != v {
			t.Errorf("%s: answer %v, want %v", title, got, v)
		}
	}
}

func TestCheckTopicNamesTheAllowed(t *testing.T) {
	err := CheckTopic("breakers")
	if err == nil || !strings.Contains(err.Error(), "breaker, retry") {
		t.Fatalf("CheckTopic(breakers) = %v", err)
	}
}
