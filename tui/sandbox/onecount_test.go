package sandbox

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A variant key past a scenario of one variant says it has 1 variant, in
// the main view and in compare mode's presets (C), where it said "has 1
// variants".
func TestOneVariantIsSaidAsOne(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	sc := tuitest.Scenario(t, "cascade")
	sc.Variants = sc.Variants[len(sc.Variants)-1:] // bulkhead and breaker
	m := press(newModel(t, 100, 30, Options{Scenario: sc}), "3")
	if want := "cascade has 1 variant"; m.note != want {
		t.Errorf("3 notes %q, want %q", m.note, want)
	}
	m = press(m, "C")
	if m.cmp == nil {
		t.Fatalf("C opened no comparison: %q", m.note)
	}
	m = press(m, "3")
	if want := "cascade has 1 variant"; m.note != want {
		t.Errorf("in compare mode 3 notes %q, want %q", m.note, want)
	}
}
