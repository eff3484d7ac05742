package sandbox

import (
	"fmt"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// KnobForm is the sandbox's knob form for a screen that edits a scenario
// without playing it (tui/builder): the same fields, parsing, ranges and
// refusals, the same section titles, so that a knob reads and behaves
// alike on both screens. A builder sets what a system is made of, so the
// form adds each leaf dependency's healthy latency, through the same [set]
// paths a lesson uses. Its parent routes keys to it while it is open and
// decides what enter and esc do.
type KnobForm struct {
	f    *form
	keys keyMap
}

// NewKnobForm opens the form on variant of sc, as the sandbox's e does,
// with the leaves' latencies after the rest.
func NewKnobForm(th *theme.Theme, sc *engine.Scenario, variant int) *KnobForm {
	f := knobFormOf(th, sc, variant)
	// A field refused: there is no run on this screen to speak of, only
	// the scenario.
	f.tail = "nothing is changed"
	return &KnobForm{f: f, keys: newKeyMap(false)}
}

// SetBuiltIn names the scenario the screen began from (the builder's
// built-in copy), so that the form gives back from it what an edit
// cleared and no field holds, as the sandbox's form does from the
// scenario it opened: a call's deadline margin and minimum time left when
// it passes its deadline on again (settleDeadlines), a tasks server's
// restart time when it has a memory limit again (restoreRestart). Nil,
// the empty server's, gives back nothing.
func (k *KnobForm) SetBuiltIn(sc *engine.Scenario) { k.f.builtIn = sc }

func knobFormOf(th *theme.Theme, sc *engine.Scenario, variant int) *form {
	f := newForm(th, sc, variant)
	sys := &sc.Variants[variant].System
	f.addLatencies("", sys.Dependencies)
	for i := range sys.Services {
		f.addLatencies(sys.Services[i].Name+"/", sys.Services[i].Dependencies)
	}
	return f
}

// addLatencies appends a section per leaf of deps (a dependency that is
// not a service) with its latency's numbers, in its distribution's words;
// owner is "" for the front's, "orders/" for a service's.
func (f *form) addLatencies(owner string, deps []engine.Dependency) {
	for _, d := range deps {
		if d.Service != "" {
			continue
		}
		path := owner + d.Name + ".latency."
		match := fmt.Sprintf("dependency %q", d.Name)
		part := owner + d.Name
		if owner == "" {
			part = "/" + d.Name // as the front's calls name it (form.parts)
		}
		f.newSection(fmt.Sprintf("Dependency %s%s, healthy (every variant)", owner, d.Name), part)
		switch l := d.Latency; l.Kind {
		case engine.LogNormal:
			f.addPath("latency p50", "half the calls are faster", kindDuration, durText(l.P50), path+"p50", true, match)
			f.addPath("latency p99", "99 in 100 are faster; above p50", kindDuration, durText(l.P99), path+"p99", true, match)
		case engine.Exponential:
			f.addPath("latency mean", "exponential, about this on average", kindDuration, durText(l.Mean), path+"mean", true, match)
		case engine.Constant:
			f.addPath("latency", "every call takes this", kindDuration, durText(l.Value), path+"value", true, match)
		}
	}
}

// FocusOn puts the cursor on the first knob of the part t names, as the
// sandbox's e does for the part selected on its map (focusOn): a builder
// opens the form at the part selected in its list, where the server's
// knobs first left a dependency's calls a screen or more below. It
// reports whether the part has knobs; if not the cursor stays where it
// was.
func (k *KnobForm) FocusOn(t mappane.Target) bool { return k.f.focusOn(t) }

// Key moves between the fields (↓/tab, ↑/shift+tab) or edits the focused
// one.
func (k *KnobForm) Key(msg tea.KeyMsg) { k.f.update(msg, k.keys) }

// Build parses every field into a copy of sc and validates it: the copy,
// or nil with the refused fields marked and the reason in Err.
func (k *KnobForm) Build(sc *engine.Scenario) *engine.Scenario { return k.f.build(sc) }

// Err is why the last Build was refused ("" when it was not).
func (k *KnobForm) Err() string { return k.f.err }

// SetErr shows a refusal the parent found after Build (its own checks):
// a message of no field, which stays until the next Build.
func (k *KnobForm) SetErr(msg string) { k.f.err, k.f.said, k.f.ofMarks = msg, "", false }

// Changes names the fields that differ from original's values, in the
// form's words ("workers 400", "orders's instances 3").
func (k *KnobForm) Changes(original *engine.Scenario) []string {
	return k.f.changesFrom(knobFormOf(k.f.th, original, k.f.variant), &original.Variants[k.f.variant].System)
}

// Lines draws the form in w×h, footer on its last line while nothing is
// refused.
func (k *KnobForm) Lines(footer string, w, h int) []string {
	lines, _ := k.f.layoutWith(footer, w, h)
	return lines
}
