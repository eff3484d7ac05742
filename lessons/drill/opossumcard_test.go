package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestOpossumCardIsThePreset ties the opossum card's words about how the
// breaker judges to engine/breaker's opossum preset, the one the sandbox
// runs: its numbers are placeholders already, but these are rules, and a
// rule the preset changes must change the card.
func TestOpossumCardIsThePreset(t *testing.T) {
	racefree.Only(t) // the deck is built once, without goroutines
	deck, err := Deck()
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, c := range deck {
		if c.ID == "concept-opossum-defaults" {
			text = strings.Join(append(append([]string{}, c.Points...), c.FollowUp), " ")
		}
	}
	if text == "" {
		t.Fatal("no card concept-opossum-defaults")
	}
	o := breaker.Opossum()
	for _, r := range []struct {
		says  string
		holds bool
		rule  string
	}{
		{"exceed", o.RateMustExceed, "the rate must exceed the threshold (RateMustExceed)"},
		{"not when they reach it", o.RateMustExceed, "the rate must exceed the threshold (RateMustExceed)"},
		{"judges only when a failure comes in", o.JudgeOnFailure, "it judges after a failure only (JudgeOnFailure)"},
		{"never cleared on a change of state", o.KeepCounts, "a change of state keeps the counts (KeepCounts)"},
		{"a timer lets 1 trial through", o.HalfOpenOnTimer && o.HalfOpenTrials == 1, "a timer half-opens it for one trial (HalfOpenOnTimer, HalfOpenTrials 1)"},
		{"counts a call when it is fired, before its result", o.CountAtStart, "a call is counted when it starts (CountAtStart)"},
		{"its own call timeout", o.CallTimeout > 0, "the breaker times calls out itself (CallTimeout)"},
		{"a single failed call can open it", o.MinimumCalls <= 1, "no minimum of calls above one (MinimumCalls)"},
	} {
		if !strings.Contains(text, r.says) {
			t.Errorf("the card no longer says %q; change this test with it", r.says)
		} else if !r.holds {
			t.Errorf("the card says %q, but the opossum preset does not hold: %s", r.says, r.rule)
		}
	}
}
