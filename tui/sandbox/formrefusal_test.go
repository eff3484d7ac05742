package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// focusLabel moves the form's cursor down to the field named label, the
// n-th of that name (from 1).
func focusLabel(t *testing.T, m Model, label string, n int) Model {
	t.Helper()
	for range len(m.form.knobs) {
		if k := m.form.knobs[m.form.focus]; k.label == label {
			if n--; n == 0 {
				return m
			}
		}
		m = press(m, "down")
	}
	t.Fatalf("the form has no field %q number %d", label, n)
	return m
}

// A breaker's window made smaller than its minimum calls is refused for
// the minimum, which the form now has a field for: the minimum is marked
// (it is the value out of its range, 0 to the window), not the failure
// rate, the open time and the trials, which the refusal is not about; the
// minimum set, the window is taken.
func TestBreakerWindowBelowItsMinimumMarksTheMinimum(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "checkout"), Variant: 3})
	m = press(m, "e")
	m = focusLabel(t, m, "breaker window", 1)
	m = press(m, "ctrl+u", "5", "enter")
	if m.form == nil {
		t.Fatal("a window of 5 under a minimum of 10 calls was taken")
	}
	marked := map[string]bool{}
	for _, k := range m.form.knobs {
		if k.err != "" {
			marked[k.label] = true
		}
	}
	if !marked["minimum calls"] || len(marked) != 1 {
		t.Errorf("marked %v; want minimum calls only (%s)", marked, m.form.err)
	}
	for _, k := range []string{"slow-call duration", "slow-call rate"} {
		if !hasLabel(m.form, k) {
			t.Errorf("the form has no %q field for checkout's breaker, which counts slow calls", k)
		}
	}
	m = focusLabel(t, m, "minimum calls", 1)
	m = press(m, "ctrl+u", "5", "enter")
	if m.form != nil {
		t.Fatalf("window 5 and minimum calls 5 were refused: %s", m.form.err)
	}
	if b := m.sim.sc.Variants[3].System.Dependencies[0].Policy.Breaker; b.WindowSize != 5 || b.MinimumCalls != 5 {
		t.Errorf("the breaker runs with window %d and minimum %d, want 5 and 5", b.WindowSize, b.MinimumCalls)
	}
}

func hasLabel(f *form, label string) bool {
	for _, k := range f.knobs {
		if k.label == label {
			return true
		}
	}
	return false
}

// A value that does not parse, far down a form longer than the window, is
// named in the form's message with the part it belongs to, and the cursor
// goes to it, so that it shows: "some values are refused" named none and
// left the cursor where it was, the mark off-screen at 80×24.
func TestRefusedValueIsNamedAndShown(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "cascade"), Variant: 2})
	m = press(m, "e")
	m = focusLabel(t, m, "timeout", 3) // profile-db's, the third call's
	if p := m.form.focusedPart(); p != "profile-db" {
		t.Fatalf("the third timeout is %s's, want profile-db's", p)
	}
	m = press(m, "ctrl+u")
	m = focusLabel(t, m, "retry budget", 1) // profile-db's too: two refused
	m = press(m, "ctrl+u")
	for m.form.focus != 0 {
		m = press(m, "down") // far from both, at the top
	}
	m = press(m, "enter")
	if m.form == nil {
		t.Fatal("an empty timeout was taken")
	}
	if want := "profile-db timeout refused: "; !strings.HasPrefix(m.form.err, want) || !strings.Contains(m.form.err, ", and 1 more; the run on screen is unchanged") {
		t.Errorf("the form says %q; want it to start %q and count the retry budget as 1 more", m.form.err, want)
	}
	if k := m.form.knobs[m.form.focus]; k.label != "timeout" || k.err == "" {
		t.Errorf("the cursor is on %q (%q), want profile-db's timeout", k.label, k.err)
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "▸ timeout") || !strings.Contains(v, "✗ a duration with its unit") {
		t.Errorf("the refused field is not on screen:\n%s", v)
	}
	// On a refused field already, the cursor stays, and the message is of it.
	m = focusLabel(t, m, "retry budget", 1)
	m = press(m, "enter")
	if k := m.form.knobs[m.form.focus]; k.label != "retry budget" || !strings.HasPrefix(m.form.err, "profile-db retry budget refused: ") {
		t.Errorf("on the refused retry budget, enter left the cursor on %q and said %q", k.label, m.form.err)
	}
}

// The builder's form (KnobForm) names the field refused as the sandbox's
// does, with its own ending: there is no run on its screen.
func TestKnobFormNamesTheFieldRefused(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	k := NewKnobForm(tuitest.Plain(), sc, 2)
	for k.f.knobs[k.f.focus].label != "accept queue" {
		k.Key(keyMsg("down"))
	}
	k.Key(keyMsg("ctrl+u"))
	for range 3 {
		k.Key(keyMsg("down"))
	}
	if k.Build(sc) != nil {
		t.Fatal("an empty accept queue was taken")
	}
	if want := "accept queue refused: a whole number, or -1 for no limit; nothing is changed"; k.Err() != want {
		t.Errorf("the form says %q, want %q", k.Err(), want)
	}
	if l := k.f.knobs[k.f.focus].label; l != "accept queue" {
		t.Errorf("the cursor is on %q, want the accept queue", l)
	}
}

// The message line says a field's refusal until that field is edited,
// as the field's own mark does: it said it until the next enter, over a
// field already mended.
func TestTheRefusalLeavesTheMessageLineWhenItsFieldIsEdited(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "checkout"), Variant: 3})
	m = press(m, "e")
	m = focusLabel(t, m, "breaker window", 1)
	m = press(m, "ctrl+u", "5", "enter")
	if m.form == nil || m.form.err == "" {
		t.Fatal("a window of 5 under a minimum of 10 calls was taken, or refused without a word")
	}
	refusal := m.form.err
	m = press(m, "right") // edits nothing: the refusal stands
	if m.form.err != refusal {
		t.Errorf("a key that edits nothing took the refusal off the message line: %q", m.form.err)
	}
	m = focusLabel(t, m, "minimum calls", 1)
	m = press(m, "backspace")
	if m.form.err != "" {
		t.Errorf("the refused field edited, no field refused, the message line still says %q", m.form.err)
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, refusal) {
		t.Errorf("the screen still says the refusal:\n%s", v)
	}
}
