package sandbox

import (
	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// KnobForm is the sandbox's knob form for a screen that edits a scenario
// without playing it (tui/builder): the same fields, parsing, ranges and
// refusals, the same section titles, so that a knob reads and behaves
// alike on both screens. Its parent routes keys to it while it is open and
// decides what enter and esc do.
type KnobForm struct {
	f    *form
	keys keyMap
}

// NewKnobForm opens the form on variant of sc, as the sandbox's e does.
func NewKnobForm(th *theme.Theme, sc *engine.Scenario, variant int) *KnobForm {
	return &KnobForm{f: newForm(th, sc, variant), keys: newKeyMap(false)}
}

// Key moves between the fields (↓/tab, ↑/shift+tab) or edits the focused
// one.
func (k *KnobForm) Key(msg tea.KeyMsg) { k.f.update(msg, k.keys) }

// Build parses every field into a copy of sc and validates it: the copy,
// or nil with the refused fields marked and the reason in Err.
func (k *KnobForm) Build(sc *engine.Scenario) *engine.Scenario { return k.f.build(sc) }

// Err is why the last Build was refused ("" when it was not).
func (k *KnobForm) Err() string { return k.f.err }

// SetErr shows a refusal the parent found after Build (its own checks).
func (k *KnobForm) SetErr(msg string) { k.f.err = msg }

// Changes names the fields that differ from original's values, in the
// form's words ("workers 400", "orders.instances 3").
func (k *KnobForm) Changes(original *engine.Scenario) []string { return k.f.changes(original) }

// Lines draws the form in w×h, footer on its last line while nothing is
// refused.
func (k *KnobForm) Lines(footer string, w, h int) []string {
	lines, _ := k.f.layoutWith(footer, w, h)
	return lines
}
