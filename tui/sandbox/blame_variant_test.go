package sandbox

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Workers typed below another variant's bulkhead (cascade's variant 2
// caps recommendations at 20) mark the workers, the field the learner can
// change, with what that variant needs, and leave this variant's valid
// bulkhead field alone (finding 9).
func TestFormBlamesTheFieldAnotherVariantRefuses(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 80, 24, Options{Scenario: shortCascade(t)})
	m = press(m, "e")
	m.form.knobs[m.form.focus].input.SetValue("7")
	m = press(m, "enter")
	f := m.form
	if f == nil {
		t.Fatal("workers 7 under a bulkhead of 20 was taken")
	}
	for _, k := range f.knobs {
		switch k.label {
		case "workers":
			if k.err != "at least 20" {
				t.Errorf("workers are marked %q, want what the other variant needs", k.err)
			}
		case "bulkhead":
			if k.err != "" {
				t.Errorf("this variant's bulkhead (%s, valid) is marked %q", k.input.Value(), k.err)
			}
		}
	}
	if want := "workers: at least 20, since recommendations' bulkhead in variant 2 (bulkhead: recommendations <= 20) lets 20 calls in at once; lower that bulkhead first"; f.err != want {
		t.Errorf("the form says %q, want %q", f.err, want)
	}
	// The form's own variant's errors keep marking its own fields.
	m = press(m, "esc")
	m = press(m, "3")
	m = press(m, "e")
	for m.form.knobs[m.form.focus].label != "bulkhead" {
		m = press(m, "down")
	}
	m.form.knobs[m.form.focus].input.SetValue("500")
	m = press(m, "enter")
	if m.form == nil {
		t.Fatal("a bulkhead of 500 over 200 workers was taken")
	}
	// The bulkhead edited, the recommendations call's: the other calls'
	// bulkheads are valid.
	if k := m.form.knobs[m.form.focus]; k.label != "bulkhead" || k.err == "" {
		t.Errorf("the refused bulkhead of variant 3 is not marked; the form says %q", m.form.err)
	}
}
