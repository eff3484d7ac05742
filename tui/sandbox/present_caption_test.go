package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The projector's sentence is about the design on screen. Cascade's
// summary, "one hanging dependency takes every worker of a shared pool",
// is its first design: under the bulkhead and breaker's 9/200 it told the
// room the reverse of what it saw. Each variant of a scenario of several
// is named by the title, so the caption says what the title does not,
// which of the variants it is, and never the name again (it read "cascade
// · bulkhead and circuit breaker" over "variant 3 of 3: bulkhead and
// circuit breaker"); a scenario of one keeps its summary.
func TestPresentedCaptionIsTheDesignShown(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	sc := tuitest.Scenario(t, "cascade")
	for v, want := range []string{"variant 1 of 3", "variant 2 of 3", "variant 3 of 3"} {
		m := seekTo(t, newModel(t, 100, 30, Options{Variant: v}), 26*time.Second)
		mo, ok := m.Moment()
		if !ok {
			t.Fatalf("variant %d: no moment", v+1)
		}
		if mo.Caption != want || strings.Contains(mo.Caption, sc.Summary) {
			t.Errorf("variant %d (%s) is captioned %q, want %q", v+1, mo.Title, mo.Caption, want)
		}
		if name := sc.Variants[v].Name; !strings.Contains(mo.Title, name) || strings.Contains(mo.Caption, name) {
			t.Errorf("variant %d: want its name %q in the title %q and not in the caption %q", v+1, name, mo.Title, mo.Caption)
		}
	}
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "breaker-timeline")})
	if mo, _ := m.Moment(); mo.Caption != m.sim.sc.Summary {
		t.Errorf("a scenario of one variant is captioned %q, want its summary %q", mo.Caption, m.sim.sc.Summary)
	}
}

// A tasks server has no workers: its number is the tasks live, alone and
// on each side of compare mode, as the sandbox's Limits pane calls them
// (go-server's projector said "1925 workers held" where the pane said
// "1,925 tasks live").
func TestPresentedTasksServerCountsTasks(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	m := seekTo(t, newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "go-server")}), 30*time.Second)
	mo, _ := m.Moment()
	if mo.Label != "tasks live" || mo.Value != m.Snapshot().Busy || mo.Value == 0 {
		t.Errorf("go-server at 30 s: %q, want the %d tasks live", mo.Words(), m.Snapshot().Busy)
	}
	m = press(m, "c")
	if on, _, _ := m.Comparing(); !on {
		t.Fatal("c did not open compare mode")
	}
	mo, _ = m.Moment()
	if len(mo.Sides) != 2 {
		t.Fatalf("compare mode has %d sides", len(mo.Sides))
	}
	for i, s := range mo.Sides {
		if s.Label != "tasks live" {
			t.Errorf("side %d (%s) counts %q", i, s.Name, s.Label)
		}
	}
	// A thread pool's number is still its workers held.
	if mo, _ := newModel(t, 100, 30, Options{}).Moment(); mo.Label != "workers held" {
		t.Errorf("cascade counts %q", mo.Label)
	}
}
