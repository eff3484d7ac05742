package sandbox

import (
	"reflect"
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Defaults give back the whole built-in form, the fields an earlier edit
// hid included, and enter then runs the built-in design: checkout's
// failure rate set to 0 hid its field, ctrl+r had no field to put 50%
// back in, and enter kept the 0 (likewise a slow-call rate's two fields,
// a deadline's margin and time left, a patience of 0).
func TestDefaultsGiveBackTheFieldsAnEditHid(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, tc := range hidingEdits {
		m := press(applyEdit(t, tc.scenario, tc.variant, tc.fields), "e", "ctrl+r")
		built := tuitest.Scenario(t, tc.scenario)
		g := newForm(m.th, built, tc.variant)
		if got, want := fieldTexts(m.form), fieldTexts(g); !slices.Equal(got, want) {
			t.Errorf("%s %v, then defaults: the form reads\n%q\nwant the built-in form's\n%q", tc.scenario, tc.fields, got, want)
		}
		if m = press(m, "enter"); m.form != nil {
			t.Errorf("%s %v, then defaults: refused: %s", tc.scenario, tc.fields, m.form.err)
			continue
		}
		for i := range built.Variants {
			if !reflect.DeepEqual(m.sim.sc.Variants[i].System, built.Variants[i].System) {
				t.Errorf("%s %v, then defaults and enter: variant %d is not the built-in design", tc.scenario, tc.fields, i+1)
			}
		}
	}
}

// fieldTexts are f's fields (formFields) with the text each holds.
func fieldTexts(f *form) []string {
	out := formFields(f)
	for i := range out {
		out[i] += " [" + f.knobs[i].input.Value() + "]"
	}
	return out
}
