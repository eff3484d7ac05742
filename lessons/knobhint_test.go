package lessons

import (
	"errors"
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

// A caller that takes only some knobs (sweep) words the refusal again
// with those: it suggests and lists none of the others, where SetKnob's
// own refusal offers every knob.
func TestUnknownKnobAmongOffersOnlyTheKnobsGiven(t *testing.T) {
	b, _ := scenarios.Lookup("cascade")
	err := SetKnob(b.Build(), 0, "recommendations.ratelimiter.pr", 1.0)
	if err == nil || !strings.Contains(err.Error(), "did you mean recommendations.ratelimiter.per") {
		t.Fatalf("SetKnob's refusal should offer every knob: %v", err)
	}
	unknown, ok := errors.AsType[*UnknownKnobError](err)
	if !ok {
		t.Fatalf("SetKnob's refusal of an unknown knob is a %T, not an *UnknownKnobError", err)
	}
	msg := unknown.Among([]string{"workers", "recommendations.timeout", "recommendations.rate"}).Error()
	// Nor is a knob given offered that is not near: timeout and rate are
	// no slip of ratelimiter.pr.
	want := `cascade has no knob "recommendations.ratelimiter.pr". Its knobs are:` +
		"\n  the server: workers\n  recommendations: timeout, rate"
	if msg != want {
		t.Errorf("Among says\n%s\nwant\n%s", msg, want)
	}
}
