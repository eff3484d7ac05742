package builder

import (
	"strconv"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// typeField opens the knob form, types text into the field labelled
// label and applies it, failing where the form refuses.
func typeField(t *testing.T, m Model, label, text string) Model {
	t.Helper()
	m = focusField(t, tuitest.Press(m, "e"), label)
	if m = tuitest.Press(m, "ctrl+u", text, "enter"); m.form != nil {
		t.Fatalf("%s %s is refused: %s", label, text, m.form.Err())
	}
	return m
}

// A call's deadline passed on again, from a form that hid its margin and
// its minimum time left when it stopped, gets the built-in's back, as the
// sandbox's form gives back the scenario's it opened: the builder's form
// cleared them and left a margin of 0, so that the same system played in
// the sandbox and edited alike there ended otherwise.
func TestADeadlinePassedOnAgainHasTheBuiltInsMargin(t *testing.T) {
	propagating := func() *engine.Scenario {
		b, _ := scenarios.Lookup("multi-hop")
		sc := b.Build()
		sc.Variants = sc.Variants[2:] // propagated deadlines and cancellation, the one the builder edits
		sc.Variants[0].System.Dependencies[0].Policy.MinTimeLeft = 5 * time.Millisecond
		return sc
	}
	want := propagating().Variants[0].System.Dependencies[0].Policy
	if !want.PropagateDeadline || want.DeadlineMargin == 0 || want.MinTimeLeft == 0 {
		t.Fatalf("the start's orders pass no deadline on with a margin and a minimum time left: %+v", want)
	}
	m := New(Options{Theme: tuitest.Plain(), Seed: tuitest.Seed,
		Starts: []Start{{Name: "multi-hop", Summary: "deadlines passed on", Build: propagating}}})
	m = tuitest.Press(tuitest.Send(m, tea.WindowSizeMsg{Width: 120, Height: 40}), "down", "enter")
	policy := func() engine.Policy { return m.sc.Variants[0].System.Dependencies[0].Policy }

	m = typeField(t, m, "propagate deadline", "no")
	if p := policy(); p.PropagateDeadline || p.DeadlineMargin != 0 || p.MinTimeLeft != 0 {
		t.Fatalf("off: propagate %v, margin %v, min time left %v", p.PropagateDeadline, p.DeadlineMargin, p.MinTimeLeft)
	}
	m = typeField(t, m, "propagate deadline", "yes")
	if p := policy(); !p.PropagateDeadline || p.DeadlineMargin != want.DeadlineMargin || p.MinTimeLeft != want.MinTimeLeft {
		t.Errorf("on again: propagate %v, margin %v, min time left %v; want the built-in's %v and %v",
			p.PropagateDeadline, p.DeadlineMargin, p.MinTimeLeft, want.DeadlineMargin, want.MinTimeLeft)
	}
}

// A memory limit set again after one of 0 (none, which clears the restart
// time) is taken, with the built-in's restart time, as in the sandbox:
// the builder refused it ("a memory limit needs restart"), and no field
// could give the restart time back.
func TestAMemoryLimitSetAgainHasTheBuiltInsRestart(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := fromStart(t, 120, 40, "go-server")
	want := m.sc.Variants[0].System.Tasks.Memory
	if want.Limit == 0 || want.Restart == 0 {
		t.Fatalf("go-server's first variant has no limit and restart: %+v", want)
	}
	m = typeField(t, m, "memory limit MiB", "0")
	if mem := m.sc.Variants[0].System.Tasks.Memory; mem.Limit != 0 || mem.Restart != 0 {
		t.Fatalf("a limit of 0 leaves %+v", mem)
	}
	m = typeField(t, m, "memory limit MiB", strconv.FormatInt(want.Limit>>20, 10))
	if mem := m.sc.Variants[0].System.Tasks.Memory; mem != want {
		t.Errorf("the limit set again: %+v, want the built-in's %+v", mem, want)
	}
}
