package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// In compare mode a side's breaker log writes a transition's time as ]'s
// note on it does, from the same transitions (sideTransitions): the log
// rounded on the transitions seen so far, and at api-gateway's first trip
// read "10.53 s  closed → open" beside the note's "10.530 s: A:
// search-api breaker closed → open".
func TestCompareNoteAndLogAgree(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	m := press(newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, "api-gateway")}), "c")
	if m.cmp == nil {
		t.Fatal("c should open compare mode")
	}
	checked := 0
	for range 6 {
		m = press(m, "]")
		view := ansi.Strip(m.View())
		for _, part := range strings.Split(m.note, "; ") {
			at, what, ok := strings.Cut(part, ": A: search-api breaker ")
			if !ok {
				continue // another side's, another breaker's, or a fault's
			}
			checked++
			if line := at + "  " + what; !strings.Contains(view, line) {
				t.Errorf("the note says %q; the left breaker log has no %q:\n%s", m.note, line, view)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no note of the left side's search-api breaker to check")
	}
}

// The logs ask for their side's transitions on every frame: a run that
// makes none, the breaker never tripped (cascade's variant 3 without its
// fault), is played out once to learn so, not on every frame after.
func TestCompareLogsLearnARunWithoutTransitionsOnce(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	for i := range sc.Variants[2].System.Dependencies {
		sc.Variants[2].System.Dependencies[i].Faults = nil
	}
	m := press(newModel(t, 160, 48, Options{Scenario: sc}), "c")
	if m.cmp == nil || m.cmp.sides[1].variant != 2 {
		t.Fatalf("c should compare variant 1 with variant 3: %+v", m.cmp)
	}
	for i := range m.cmp.sides {
		ts, err := m.sideTransitions(i)
		if err != nil || len(ts) != 0 {
			t.Fatalf("side %d: %d transitions, %v; want none", i, len(ts), err)
		}
		if n := testing.AllocsPerRun(3, func() { _, _ = m.sideTransitions(i) }); n != 0 {
			t.Errorf("side %d: asking again allocates %v times: the run is played out again", i, n)
		}
	}
}
