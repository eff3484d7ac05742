package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A refusal of two fields (profile-db's bulkhead above the pool's
// workers, the workers lowered under it) puts the cursor on the field it
// names first, so that field shows, scrolled into view at 80×24: it went
// to workers, the form's first field, and the bulkhead it speaks of
// stayed off-screen.
func TestRefusalOfTwoFieldsGoesToTheOneItNamesFirst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "cascade")})
	m = press(m, "e")
	m = focusLabel(t, m, "bulkhead", 3) // profile-db's, the third call's
	m = press(m, "ctrl+u", "50")
	m = focusLabel(t, m, "workers", 1)
	m = press(m, "ctrl+u", "30", "enter")
	if m.form == nil {
		t.Fatal("a profile-db bulkhead of 50 over 30 workers was taken")
	}
	if want := "profile-db bulkhead: at most 30, since the server has 30 workers to make its calls; or raise the workers"; m.form.err != want {
		t.Fatalf("refused with %q; want profile-db's bulkhead refused", m.form.err)
	}
	if got := m.form.fieldName(m.form.focus); got != "profile-db bulkhead" || m.form.knobs[m.form.focus].err == "" {
		t.Errorf("the cursor is on %q (mark %q); want the marked profile-db bulkhead, which the refusal names first", got, m.form.knobs[m.form.focus].err)
	}
	// The field and its value show on the screen.
	if view := ansi.Strip(m.View()); !strings.Contains(view, "50") {
		t.Errorf("the bulkhead's 300 is off-screen:\n%s", view)
	}
}
