package lessons

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A knob misspelt gets the nearest names, and the knobs listed by part,
// one part a line, not one line of every path.
func TestUnknownKnobSuggestsAndGroups(t *testing.T) {
	b, _ := scenarios.Lookup("cascade")
	sc := b.Build()
	err := SetKnob(sc, 0, "recomendations.bulkhed", 5.0)
	if err == nil {
		t.Fatal("a misspelt knob was taken")
	}
	msg := err.Error()
	for _, want := range []string{
		`did you mean recommendations.bulkhead`,
		"\n  the server: workers, queue",
		"\n  search, profile, recommendations: rate, interval, patience",
		"breaker.{window, min_calls",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message should hold %q:\n%s", want, msg)
		}
	}
	lines := strings.Split(msg, "\n")
	if len(lines) > 8 {
		t.Errorf("%d lines: the parts should share lines:\n%s", len(lines), msg)
	}
	// Every knob is still named, under its part.
	for _, k := range NumberKnobs(sc, 0) {
		part, key, ok := strings.Cut(k, ".")
		if !ok {
			part, key = "the server", k
		}
		if !strings.Contains(msg, part) || !strings.Contains(msg, strings.SplitN(key, ".", 2)[0]) {
			t.Errorf("%s is not listed", k)
		}
	}
	// The key right on a part that is not there: the parts that have it.
	if msg := SetKnob(sc, 0, "nosuch.bulkhead", 1.0).Error(); !strings.Contains(msg, "did you mean search-index.bulkhead or profile-db.bulkhead or recommendations.bulkhead?") {
		t.Errorf("nosuch.bulkhead should be offered the dependencies' bulkheads: %s", msg)
	}
	// Nothing near: no guess.
	if msg := SetKnob(sc, 0, "zzzzzzzzzz", 1.0).Error(); strings.Contains(msg, "did you mean") {
		t.Errorf("no knob is near zzzzzzzzzz: %s", msg)
	}
}
