package sandbox

import (
	"reflect"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// hidingEdits are form edits that hide a field, or fields, of the form
// opened next: each is one or more (section, label, text) of one variant.
var hidingEdits = []struct {
	scenario string
	variant  int
	fields   [][3]string
}{
	// The margin and the time left hide behind a deadline not passed on.
	{"multi-hop", 2, [][3]string{{"Calls to orders", "propagate deadline", "no"}}},
	// … also when the same edit types a margin of its own.
	{"multi-hop", 2, [][3]string{{"Calls to orders", "propagate deadline", "no"}, {"Calls to orders", "deadline margin", "20ms"}}},
	{"checkout", 3, [][3]string{{"Calls to payment", "failure rate", "0%"}}},
	// A slow-call rate of 0 hides the slow-call duration too.
	{"checkout", 3, [][3]string{{"Calls to payment", "slow-call rate", "0%"}}},
	{"multi-hop", 1, [][3]string{{"The server", "home patience", "0"}}},
}

// applyEdit opens the form on the case's variant, types its fields and
// applies them, failing where the form refuses.
func applyEdit(t *testing.T, scenario string, variant int, fields [][3]string) Model {
	t.Helper()
	m := press(newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, scenario), Variant: variant}), "e")
	for _, fd := range fields {
		setField(t, m, fd[0], fd[1], fd[2])
	}
	if m = press(m, "enter"); m.form != nil {
		t.Fatalf("%s %v refused: %s", scenario, fields, m.form.err)
	}
	return m
}

// An edit the form applies is one w writes: the file, read back, is the
// scenario the sandbox ran and runs as it did. Turning orders' deadline
// propagation off on multi-hop's third variant left its margin of 10 ms
// in the scenario, which a file takes only beside propagate_deadline =
// true, and w refused the edit the form had taken.
func TestAnEditThatHidesFieldsIsWritten(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, tc := range hidingEdits {
		m := applyEdit(t, tc.scenario, tc.variant, tc.fields)
		file, err := m.dump()
		if err != nil {
			t.Errorf("%s %v: w says %v", tc.scenario, tc.fields, err)
			continue
		}
		back, err := scenariofile.Parse("edited.toml", file)
		if err != nil {
			t.Errorf("%s %v: the file written is refused: %v", tc.scenario, tc.fields, err)
			continue
		}
		if !reflect.DeepEqual(back, m.sim.sc) {
			t.Errorf("%s %v: the file reads back as another scenario", tc.scenario, tc.fields)
			continue
		}
		if ran, read := variantRun(t, m.sim.sc, tc.variant), variantRun(t, back, tc.variant); !reflect.DeepEqual(ran, read) {
			t.Errorf("%s %v: the file runs otherwise than the sandbox did", tc.scenario, tc.fields)
		}
	}
}

// Turning propagation off clears what the engine reads off a propagated
// deadline alone: the run is the one of the scenario with only the
// propagation turned off, its margin still there.
func TestADeadlineNotPassedOnRunsAsBeforeWithoutItsMargin(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := applyEdit(t, "multi-hop", 2, hidingEdits[0].fields)
	kept := tuitest.Scenario(t, "multi-hop")
	// Set on the policy itself: lessons.SetKnob clears the margin with
	// the propagation, as the form does.
	kept.Variants[2].System.Dependencies[0].Policy.PropagateDeadline = false
	if kept.Variants[2].System.Dependencies[0].Policy.DeadlineMargin == 0 {
		t.Fatal("multi-hop's third variant has no margin to keep: the test shows nothing")
	}
	kept.Variants[2].Name = m.sim.sc.Variants[2].Name // the snapshot names it, with its edit mark
	if !reflect.DeepEqual(variantRun(t, m.sim.sc, 2), variantRun(t, kept, 2)) {
		t.Error("clearing the margin of a deadline not passed on changed the run")
	}
	// Passed on again, from the form that hid it, the margin is the
	// scenario's own once more: defaults give back the built-in run.
	m = press(m, "e", "ctrl+r", "enter")
	if m.form != nil {
		t.Fatalf("the defaults are refused: %s", m.form.err)
	}
	built := tuitest.Scenario(t, "multi-hop")
	if got, want := m.sim.sc.Variants[2].System.Dependencies, built.Variants[2].System.Dependencies; !reflect.DeepEqual(got, want) {
		t.Errorf("after the defaults orders' policy is\n%+v\nwant\n%+v", got[0].Policy, want[0].Policy)
	}
}

// variantRun is variant v of sc run to its end on the tests' seed.
func variantRun(t *testing.T, sc *engine.Scenario, v int) engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, v, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return r.Snapshot()
}

// Defaults fill each field with the built-in value of the same field,
// whatever an earlier edit hid: filling by place gave every field after
// a hidden one its neighbour's value.
func TestDefaultsMatchFieldsByWhatTheySet(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, tc := range hidingEdits {
		m := press(applyEdit(t, tc.scenario, tc.variant, tc.fields), "e", "ctrl+r")
		g := newForm(m.th, m.sim.original, tc.variant)
		want := map[string]string{}
		for j, key := range g.fieldKeys() {
			want[key] = g.knobs[j].input.Value()
		}
		var wrong []string
		for i, key := range m.form.fieldKeys() {
			if w, ok := want[key]; ok && m.form.knobs[i].input.Value() != w {
				wrong = append(wrong, m.form.fieldName(i)+" "+m.form.knobs[i].input.Value()+" (want "+w+")")
			}
		}
		if len(wrong) > 0 {
			t.Errorf("%s %v, then defaults: %q", tc.scenario, tc.fields, wrong)
		}
		if m = press(m, "enter"); m.form != nil {
			t.Errorf("%s %v, then defaults: refused: %s", tc.scenario, tc.fields, m.form.err)
		}
	}
}
