package drill

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The words a lesson step points at its screen with, and words that only
// look as if they did.
func TestOffScreenLeavesOutTheScreensClauses(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	for in, want := range map[string]string{
		"Every customer gets 16 of 64 workers: a quarter of the fleet, as 4 of 16 is, and the odds pane has no row for it. What is the chance that two customers share some workers but not all?": "Every customer gets 16 of 64 workers: a quarter of the fleet, as 4 of 16 is. What is the chance that two customers share some workers but not all?",
		"About 23%, as the pane's row for 64 shows.":                            "About 23%.",
		"The pane shows it. 23.5% of calls fail.":                               "23.5% of calls fail.",
		"Press space to play, then count the calls.":                            "",
		"The order is kept with an idempotency key, and an API key per caller.": "The order is kept with an idempotency key, and an API key per caller.",
		"It fills.\nThe pane shows it. Then it drains.\n\nNext.":                "It fills.\nThen it drains.\n\nNext.",
		"A rate limit per API key at the edge, for that partner.":               "A rate limit per API key at the edge, for that partner.",
	} {
		if got := offScreen(in); got != want {
			t.Errorf("offScreen(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}

// A drill card has no pane, no screen and no keys of a lesson's: no card
// of the deck points at them. lesson-08-shuffle-sharding-5 said "the odds
// pane has no row for it" and "as the pane's row for 64 shows".
func TestNoCardPointsAtAScreen(t *testing.T) {
	racefree.Only(t) // the deck is built once, without goroutines
	d := deck(t)
	for _, c := range d {
		if err := checkOffScreen(c); err != nil {
			t.Error(err)
		}
	}
	for _, c := range d {
		if c.ID != "lesson-08-shuffle-sharding-5" {
			continue
		}
		if len(c.Choices) < 3 || c.Right() < 0 {
			t.Errorf("%s kept %d choices (right: %d): %+v", c.ID, len(c.Choices), c.Right(), c.Choices)
		}
		return
	}
	t.Error("the deck has no lesson-08-shuffle-sharding-5 any more: name the card the lesson's pane words are in")
}
