package sandbox

import (
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// An edit that hides fields marks the variant with that edit alone. The
// mark matched the two forms' fields by their place, and a field hidden
// put every one after it beside another: checkout's protected variant,
// its failure rate set to 0 (which hides the field), read "protected
// (edited: payment's slow-call duration 400 ms, payment's slow-call rate
// 50%, payment's open for 1 s, …)", naming unchanged fields and not the
// failure rate; multi-hop's third variant, told not to pass its deadline
// on to orders (which hides the margin and the time left), the same.
func TestAnEditThatHidesFieldsMarksTheVariantWithItAlone(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, tc := range []struct {
		scenario string
		variant  int
		field    [3]string
		want     string
	}{
		{"checkout", 3, [3]string{"Calls to payment", "failure rate", "0%"}, "payment's failure rate 0%"},
		{"multi-hop", 2, [3]string{"Calls to orders", "propagate deadline", "no"}, "orders' propagate deadline no"},
	} {
		built := tuitest.Scenario(t, tc.scenario)
		// Read off the run: the mark is the variant's name there (that
		// the edit also writes is TestAnEditThatHidesFieldsIsWritten's).
		m := press(newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, tc.scenario), Variant: tc.variant}), "e")
		setField(t, m, tc.field[0], tc.field[1], tc.field[2])
		if m = press(m, "enter"); m.form != nil {
			t.Fatalf("%s %s %s refused: %s", tc.scenario, tc.field[1], tc.field[2], m.form.err)
		}
		for i, v := range m.sim.sc.Variants {
			want := built.Variants[i].Name
			if i == tc.variant {
				want += " (edited: " + tc.want + ")"
			}
			if v.Name != want {
				t.Errorf("%s, %s %s: variant %d reads\n%q\nwant\n%q", tc.scenario, tc.field[1], tc.field[2], i+1, v.Name, want)
			}
		}
	}
}

// A field one form shows and the other does not is told by the value the
// other's scenario holds for it: the failure rate hidden at 0 is a change
// from the form that showed it, and the margin a deadline no longer passed
// on has no value to change, so the field that turned it off says it all.
func TestEditsTellAHiddenFieldByItsScenariosValue(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		variant  int
		path     string
		value    any
		want     []string
		back     []string // shown again: a setting that now takes effect is said
	}{
		{"checkout", 3, "payment.breaker.failure_rate", 0.0, []string{"payment's failure rate 0%"}, []string{"payment's failure rate 50%"}},
		{"checkout", 3, "payment.breaker.slow_rate", 0.0, []string{"payment's slow-call rate 0%"}, []string{"payment's slow-call rate 50%"}},
		// A field no path writes, read at one for its hidden value.
		{"multi-hop", 1, "home.patience", "0s", []string{"home patience 0"}, []string{"home patience 2s"}},
		{"multi-hop", 2, "orders.propagate_deadline", false, []string{"orders' propagate deadline no"}, []string{"orders' propagate deadline yes", "orders' deadline margin 10 ms", "orders' min time left 0 ms"}},
	} {
		original := tuitest.Scenario(t, tc.scenario)
		edited := cloneScenario(original)
		if err := lessons.SetKnob(edited, tc.variant, tc.path, tc.value); err != nil {
			t.Fatal(err)
		}
		got := changeWords(variantEdits(original, edited, tc.variant))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s %s = %v: the edits read %q, want %q", tc.scenario, tc.path, tc.value, got, tc.want)
		}
		if back := changeWords(variantEdits(edited, original, tc.variant)); !slices.Equal(back, tc.back) {
			t.Errorf("%s %s back from %v: the edits read %q, want %q", tc.scenario, tc.path, tc.value, back, tc.back)
		}
	}
}
