package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A fault typed at a moment past the run's end is refused quoting the
// moment as typed, the run's end in its unit: "999s", not "16m39s".
func TestChaosPromptRefusesTheTimeAsTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = injectFromMenu(t, m, "inventory", chaos.Hang)
	m = press(typeRunes(m, "999s inventory hang for 90s"), "enter")
	if m.chaos == nil {
		t.Fatal("the chaos menu closed on a refused fault")
	}
	want := `fault "999s inventory hang for 90s": at 999s, past the end of multi-hop's traffic, which runs from 0 to 60s`
	if got := m.chaos.err; !strings.Contains(got, want) || strings.Contains(got, "16m39s") || strings.Contains(got, "1m30s") {
		t.Errorf("refusal %q, want it saying %q", got, want)
	}
}

// A fault that outlasts the run is injected as typed, and its
// confirmation says it runs to the end: "for 30s" from 50 s promised 30 s
// of a hang a 60 s run shows 10 s of.
func TestChaosPromptSaysAFaultRunsToTheEnd(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = injectFromMenu(t, m, "inventory", chaos.Hang)
	m = press(typeRunes(m, "50s inventory hang for 30s"), "enter")
	if got := m.Injected(); len(got) != 1 || got[0] != mustSpec(t, "50s inventory hang for 30s") {
		t.Fatalf("injected %v, want the fault as typed", got)
	}
	if want := "injected inventory hang from 50s to the end"; !strings.Contains(m.note, want) {
		t.Errorf("note %q, want it saying %q", m.note, want)
	}
}
