package drill

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// The prompts a reviewer found leaning on another card or on a lesson's
// step, and prompts that only seem to (a "that" whose noun the prompt
// itself names, a "that" that is no determiner).
func TestRefersBack(t *testing.T) {
	leaning := []string{
		"In that timeline of 120 calls, how many reached the dependency?",
		"In that cascade, with one shared pool of 200 workers, what share of search requests still succeed while recommendations hang? (within 3 points)",
		"Same provider and 500 ms timeout, but 40 checkouts a second. How many workers would checkouts want?",
		"Give that bulkhead headroom: 12 slots at 40 checkouts a second, the provider healthy. What share of the checkouts does it refuse? (within 1 point)",
		"The header holds whole seconds. What should the API write for the wait this step ended with?",
		"In this lesson's runs, where the provider is never told that a caller gave up, does a timeout reduce the load on the slow provider?",
		"A client's AWS retry quota ran dry (10 tokens in the bucket this lesson runs). How many retries a second can the bucket pay for now?",
		"With the same 500 ms timeout, checkouts double to 40 a second. Why does health slow down?",
		"In this incident, which protections reduce the load on the slow provider?",
		"Calls are wrapped as Retry(CircuitBreaker(call)), as this simulation's does. What happens to its next attempt?",
	}
	alone := []string{
		"A request arrives with 800 ms left of its deadline. The service calls a dependency whose usual timeout is 2 s. What timeout should that call get?",
		"Your service calls a dependency 50 times a second, and its breaker has just opened for 10 s. How many calls reach the dependency during those 10 s?",
		"The bulkhead of 4 is rate × p99 at 20 checkouts a second. What happens at twice that rate with a healthy provider?",
		"8 workers, 2 per customer: what is the chance that another customer shares at least one worker with you? (within 1 point)",
		"Route 53 gives every domain 4 of 2,048 virtual name servers. How many different shards does that allow? (within 1%)",
		"A Node service wraps its payment call in opossum with the defaults. What must you know about how that breaker judges?",
		"Every endpoint of an asyncio service slows at the same moment, those with fast upstreams too. What do you suspect, and what is the fix?",
		"With shuffle sharding, suppose every client retried on the same worker until it answered, never on the other one.",
	}
	for _, p := range leaning {
		if refersBack(p) == "" {
			t.Errorf("refersBack(%q) found nothing", p)
		}
	}
	for _, p := range alone {
		if m := refersBack(p); m != "" {
			t.Errorf("refersBack(%q) = %q, but it stands alone", p, m)
		}
	}
}

// Every card of the deck is drawn alone, so its question stands alone
// (drill --check holds the deck to it too).
func TestEveryCardStandsAlone(t *testing.T) {
	for _, c := range deck(t) {
		if err := checkStandsAlone(c); err != nil {
			t.Error(err)
		}
	}
}

// TestOneCardPerIdea: the pairs a reviewer found drilled twice in one
// session, a lesson's question and a card that asks the same; the deck
// keeps one of each.
func TestOneCardPerIdea(t *testing.T) {
	pairs := [][2]string{
		{"concept-shares-must-fit", "lesson-03-bulkheads-14"},
		{"concept-cancellation", "lesson-11-deadlines-across-hops-15"},
		{"ref-001-self-check-3", "lesson-05-tuning-a-breaker-14"},
		{"ref-001-self-check-1", "lesson-02-timeouts-10"},
		{"numbers-01", "lesson-01-one-slow-dependency-7"},
		{"numbers-02", "lesson-01-one-slow-dependency-6"},
		{"numbers-05", "lesson-02-timeouts-8"},
	}
	d := deck(t)
	has := func(id string) bool { return slices.ContainsFunc(d, func(c Card) bool { return c.ID == id }) }
	for _, p := range pairs {
		if n := btoi(has(p[0])) + btoi(has(p[1])); n != 1 {
			t.Errorf("%s and %s ask the same thing: the deck holds %d of them, want 1", p[0], p[1], n)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestDuplicatesNameTheirSteps: every lesson question the deck leaves out
// or rewords is still the step it names, with a question, and the card
// kept in its place is in the deck.
func TestDuplicatesNameTheirSteps(t *testing.T) {
	d := deck(t)
	step := func(id, title string) {
		t.Helper()
		rest, ok := strings.CutPrefix(id, "lesson-")
		cut := strings.LastIndexByte(rest, '-')
		if !ok || cut < 0 {
			t.Errorf("%q is no lesson question's card ID", id)
			return
		}
		l, err := lessons.Lookup(rest[:cut])
		if err != nil {
			t.Errorf("%s: no such lesson: %v", id, err)
			return
		}
		// The ID's number is the step's as its lesson was when the ID
		// was kept (addedSteps): find the step that holds it now.
		n := slices.Index(lessonCardIDs(l), id)
		if n < 0 || l.Steps[n].Title != title || l.Steps[n].Question == nil {
			t.Errorf("%s: no step of %s is the question %q any more: update duplicates or rewordings", id, l.ID, title)
		}
	}
	for _, dup := range duplicates {
		step(dup.step, dup.title)
		if !slices.ContainsFunc(d, func(c Card) bool { return c.ID == dup.kept }) {
			t.Errorf("%s is left out for %s, which is not in the deck", dup.step, dup.kept)
		}
	}
	for _, r := range rewordings {
		step(r.step, r.title)
		i := slices.IndexFunc(d, func(c Card) bool { return c.ID == r.step })
		if i < 0 || strings.Contains(d[i].Question, "{{") {
			t.Errorf("%s: reworded, and not in the deck filled", r.step)
		}
	}
}

// The texts a card shows once answered that a reviewer found pointing at
// the lesson step they came from, and texts that only seem to (a scenario
// or another lesson named by its name or number, "one step").
func TestAnswerPointsAtItsLesson(t *testing.T) {
	pointing := []string{
		"The provider in step 7 was healthy throughout; its latency never changed.",
		"In step 7's checkout API, a cap of 4 at 20 a second refused 6.2% of healthy checkouts.",
		"Shedding keeps the server alive, but refuses your app's requests as readily as the partner's, as search found in step 5.",
		"In the budget step the bucket first paid for 52 retries and then refused 15.",
		"In this incident health called nothing and still failed without protection: it had no free worker.",
		"Not in this design: its breaker records the provider's answers only.",
		"No hop retries in this scenario.",
		"A call that finds no slot is refused at once, as the refusals in the second variant were.",
		"Arrivals bunch up, and at moments of this run checkouts held 16 of the 16.",
		"It works, since the average is no ceiling (at one moment of that run checkouts held 16 workers).",
		"200 workers last about 2 seconds: in the run every worker is busy at 12.2 s.",
		"That takes a protocol that carries the cancellation (steps 5 and 6).",
	}
	alone := []string{
		"In fleet-probes every transition says the same: 5 of the last 10 calls failed.",
		"Rate × p99 sizes a cap; it is not the number of calls in flight (lesson 3).",
		"Give the refund endpoint the same client (lesson 5).",
		"Closing releases all the waiting traffic in one step, onto a service that is still warming up.",
		"In the checkout incident health called nothing and still failed without protection.",
		"In the cascade run only 39.0% of search's requests succeeded while recommendations hung.",
		"A cap of exactly 8 refused 3.0% of healthy checkouts in the simulation (seed 5).",
	}
	for _, text := range pointing {
		c := Card{ID: "test", Explain: text}
		if checkAnswerStandsAlone(c) == nil {
			t.Errorf("%q points at its lesson, and the check let it pass", text)
		}
	}
	for _, text := range alone {
		c := Card{ID: "test", Choices: []lessons.Option{{Text: "a", Why: text}, {Text: "b", Right: true}}}
		if err := checkAnswerStandsAlone(c); err != nil {
			t.Errorf("%q stands alone: %v", text, err)
		}
	}
}

// Every card of the deck shows, once answered, texts that read without
// the lesson step they came from (drill --check holds the deck to it
// too): lesson 3's "Self-check: headroom" quoted "the provider in step
// 7", lesson 9's self-checks "this incident" and "this design", lesson
// 10's "in step 3", "in step 5" and so on.
func TestEveryCardsAnswerStandsAlone(t *testing.T) {
	for _, c := range deck(t) {
		if err := checkAnswerStandsAlone(c); err != nil {
			t.Error(err)
		}
	}
}
