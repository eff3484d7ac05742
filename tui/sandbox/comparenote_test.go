package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// ]'s note on a side's breaker transition in compare mode reads as it
// does on the same run alone, with the side named: compare mode rebuilt
// its events without their being transitions, so api-gateway's first
// trip read "10.53 s: A: search-api breaker closed → open" beside "10.530
// s: search-api breaker closed → open" on the run alone (and beside the
// breaker logs' and run's 10.530 s).
func TestCompareEventNotesReadAsARunAlone(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	const jumps = 8
	alone := map[string]bool{}
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "api-gateway")})
	for range jumps {
		m = press(m, "]")
		alone[m.note] = true
	}
	last := m.now()
	c := press(newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "api-gateway")}), "c")
	if c.cmp == nil || c.cmp.sides[0].variant != 0 {
		t.Fatalf("compare mode's left side is not variant 1: %+v", c.cmp)
	}
	checked := 0
	for range jumps {
		c = press(c, "]")
		if c.now() > last {
			break
		}
		at, what, ok := strings.Cut(c.note, ": A: ")
		if !ok || strings.Contains(what, "; ") || !strings.Contains(what, " breaker ") {
			continue // another side's event, or both sides' at once
		}
		checked++
		if want := at + ": " + what; !alone[want] {
			t.Errorf("compare notes %q; the run alone has no %q among %q", c.note, want, keys(alone))
		}
	}
	if checked == 0 {
		t.Fatal("no note of the left side's transitions to check")
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
