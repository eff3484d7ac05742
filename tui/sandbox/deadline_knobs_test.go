package sandbox

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Multi-hop's third variant is defined by propagated deadlines and
// cancellation: the form lists them on every call, and turning them off
// there re-runs the variant without them.
func TestFormListsDeadlineAndCancel(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 120, 40, Options{Scenario: scenarios.MultiHop(), Variant: 2})
	m = press(m, "e")
	f := m.form
	want := map[string]string{
		"orders.propagate_deadline": "yes", "orders.deadline_margin": "10ms", "orders.cancel": "yes",
		"orders/inventory.propagate_deadline": "yes", "orders/inventory.cancel": "yes",
		"inventory/database.propagate_deadline": "yes", "inventory/database.deadline_margin": "10ms", "inventory/database.cancel": "yes",
	}
	for path, v := range want {
		found := false
		for i := range f.knobs {
			if f.knobs[i].path == path {
				found = true
				if got := f.knobs[i].input.Value(); got != v {
					t.Errorf("%s reads %q, want %q", path, got, v)
				}
				if path == "orders/inventory.cancel" || path == "orders.propagate_deadline" {
					f.knobs[i].input.SetValue("no")
				}
			}
		}
		if !found {
			t.Errorf("the form has no field for %s", path)
		}
	}
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("the form was refused: %v", m.form.err)
	}
	sys := m.sim.sc.Variants[2].System
	if sys.Dependencies[0].Policy.PropagateDeadline {
		t.Error("orders still propagates its deadline")
	}
	if got := sys.Services[0].Dependencies[0].Policy.Cancel; got != engine.CancelNone {
		t.Errorf("orders → inventory cancels with %v, want none", got)
	}
	if got := sys.Services[1].Dependencies[0].Policy.Cancel; got != engine.CancelPropagate {
		t.Errorf("inventory → database cancel changed to %v", got)
	}
}

// A value that is neither yes nor no is refused with what is allowed.
func TestYesNoFieldRefusesOtherWords(t *testing.T) {
	if _, err := parse(kindCancel, "maybe"); err == nil || err.Error() != "yes or no" {
		t.Errorf("maybe: %v", err)
	}
	for _, s := range []string{"propagate", "yes", "none", "no"} {
		if _, err := parse(kindCancel, s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}
