package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// > and < on a map node that is not a fleet say so: the status line said
// "map: selected search-index" again, as if the key had moved something.
func TestInstanceKeyOnANodeThatIsNotAFleet(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := press(newModel(t, 100, 30, Options{}), "n")
	if !strings.Contains(m.note, "selected search-index") {
		t.Fatalf("n should select search-index: %q", m.note)
	}
	for _, k := range []string{">", "<"} {
		m = press(m, k)
		if !strings.Contains(m.note, "not a fleet") || strings.Contains(m.note, "selected") {
			t.Errorf("%s on search-index: %q, want it said that it is not a fleet", k, m.note)
		}
	}
	// On a fleet, > steps to an instance and says which.
	f := press(newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "fleet-probes")}), "n", ">")
	if !strings.Contains(f.note, "selected api#0") {
		t.Errorf("> on the api fleet: %q, want api#0 selected", f.note)
	}
}
