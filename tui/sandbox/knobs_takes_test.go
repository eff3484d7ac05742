package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	kform "github.com/breakerlab/breakerlab/tui/internal/form"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Letters typed into the workers' field used to stay out of it, so that
// "1e3" stood there as 13 with no word once a digit followed. They go in
// now, as typed; enter refuses the text whole, quoting it, and the text
// stays for the learner to mend.
func TestWorkersFieldKeepsLetters(t *testing.T) {
	t.Parallel()
	m := press(newModel(t, 200, 60, Options{}), "e", "ctrl+u")
	if m.form == nil || m.form.knobs[m.form.focus].label != "workers" {
		t.Fatal("e should open the knob form on workers")
	}
	for _, r := range "200fgh" {
		m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	if got := m.form.knobs[m.form.focus].input.Value(); got != "200fgh" {
		t.Errorf("after typing 200fgh the workers' field holds %q", got)
	}
	m = press(m, "enter")
	if m.form == nil {
		t.Fatal("workers 200fgh was taken")
	}
	const mark, why = `✗ want 1 to 100,000`, `workers refused: "200fgh" is not a whole number: type digits only, such as 200`
	if view := ansi.Strip(m.View()); !strings.Contains(view, "[200fgh") || !strings.Contains(view, mark) || !strings.Contains(m.form.err, why) {
		t.Errorf("the form should keep 200fgh, mark it %q and say %q:\n%s", mark, why, view)
	}
}

// A paste longer than a field holds leaves the rest out, and the field
// says so: what it holds is not what was typed, so enter refuses it until
// it is edited, and the note goes with the edit.
func TestFieldSaysAPasteWasCut(t *testing.T) {
	t.Parallel()
	m := press(newModel(t, 200, 60, Options{}), "e", "ctrl+u")
	paste := strings.Repeat("1", kform.Limit) + "000"
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(paste), Paste: true})
	const note = `✗ "000" left out: takes 16 characters at most`
	if view := ansi.Strip(m.View()); !strings.Contains(view, note) {
		t.Errorf("a paste of %d characters should say %q:\n%s", len(paste), note, view)
	}
	m = press(m, "enter")
	if m.form == nil || m.form.knobs[m.form.focus].label != "workers" || !strings.Contains(m.form.err, "workers refused: \"000\" left out") {
		t.Fatalf("a cut paste should be refused on workers, the form says %q", m.form.err)
	}
	m = press(m, "ctrl+u", "4", "0", "0")
	if v := fieldText(m, m.form.focus); strings.Contains(v, "✗") {
		t.Errorf("an edit should end the note and the refusal: %q", v)
	}
}

// Every field of every built-in scenario's form, in the sandbox and in
// the builder, reads back the text it was opened with: the form's
// stricter spelling of a number (digits, a point) is the one it writes.
func TestEveryFieldReadsItsOwnText(t *testing.T) {
	t.Parallel()
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			for _, f := range []*form{newForm(tuitest.Plain(), sc, v), knobFormOf(tuitest.Plain(), sc, v)} {
				for i := range f.knobs {
					k := &f.knobs[i]
					if _, err := parse(k.kind, k.initial); err != nil {
						t.Errorf("%s, variant %d: %q (kind %d) refuses its own value %q: %v", b.Name, v+1, k.label, k.kind, k.initial, err)
					}
				}
			}
		}
	}
}
