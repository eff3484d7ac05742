package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// typeRunes types text into the model one key press a rune, as a learner
// types it.
func typeRunes(m Model, text string) Model {
	for _, r := range text {
		k := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
		if r == ' ' {
			k = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{r}}
		}
		m = send(m, k)
	}
	return m
}

// onField moves the form's cursor to the nth field labelled label.
func onField(t *testing.T, m Model, label string, nth int) Model {
	t.Helper()
	for range len(m.form.knobs) {
		if strings.TrimSpace(m.form.knobs[m.form.focus].label) == label {
			if nth--; nth == 0 {
				return m
			}
		}
		m = press(m, "down")
	}
	t.Fatalf("the form has no field %q number %d", label, nth)
	return m
}

// flat is the model's screen without styles, its words one space apart,
// so that a refusal wrapped under its field reads as one line.
func flat(m Model) string {
	return strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
}

// fieldText is field i as the form draws it, the hint or refusal
// wrapped under it included, its words one space apart: the message line
// at the bottom, which says what the last enter refused, is not in it.
func fieldText(m Model, i int) string {
	lines, owner := m.form.layout(200, 60)
	var mine []string
	for j, l := range lines {
		if owner[j] == i {
			mine = append(mine, ansi.Strip(l))
		}
	}
	return strings.Join(strings.Fields(strings.Join(mine, " ")), " ")
}

// A text typed into a field of any kind stays in it exactly as typed:
// enter refuses a text that is no value of the field's kind, in the
// field's words, quoting the text and saying what the field takes. It
// used to drop what the kind is not written with as it was typed, so that
// "1e3" typed for workers stood as 13, "2.5s" as 25, and a rate read
// "1e3", "NaN" and "Inf" as numbers. Each case types into the sandbox's
// form one rune at a time, presses enter, and reads the screen.
func TestFieldsKeepWhatWasTypedAndRefuseItInTheirWords(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	t.Parallel()
	for _, tc := range []struct {
		scenario, label string
		nth             int // of the fields so labelled
		typed, want     string
	}{
		// Whole numbers: the number "1e3" means, in digits; else how.
		{"cascade", "workers", 1, "1e3", `✗ a whole number, 1 to 100,000, not "1e3": type 1000`},
		{"cascade", "workers", 1, "2.5s", `✗ a whole number, 1 to 100,000, not "2.5s": type digits only, such as 200`},
		{"cascade", "workers", 1, "1 000", `✗ a whole number, 1 to 100,000, not "1 000": type digits only, such as 200`},
		{"cascade", "bulkhead", 1, "+5", `✗ a whole number, 0 or more, not "+5": type 5`},
		{"cascade", "retry attempts", 1, "1e3", `✗ a whole number, 1 to 100, not "1e3": type digits only, such as 1`},
		{"cascade", "accept queue", 1, "1e3", `✗ a whole number, or -1 for no limit, not "1e3": type 1000`},
		{"cascade", "accept queue", 1, "+5", `✗ a whole number, or -1 for no limit, not "+5": type 5`},
		// Rates: ParseFloat reads all three; the form writes none of them.
		{"cascade", "search rate", 1, "1e3", `✗ a number of requests a second, 0 to 1,000,000, not "1e3": type 1000`},
		{"cascade", "search rate", 1, "NaN", `✗ a number of requests a second, 0 to 1,000,000, not "NaN": type digits, with a point for a fraction, such as 300`},
		{"cascade", "search rate", 1, "Inf", `✗ a number of requests a second, 0 to 1,000,000, not "Inf": type digits, with a point for a fraction, such as 300`},
		{"cascade", "search rate", 1, "2.5/s", `not "2.5/s": type digits, with a point for a fraction, such as 300`},
		// Durations: the words lessons.ParseDuration refuses them in.
		{"cascade", "timeout", 1, "2.5", "✗ a duration with its unit, as a scenario file writes it: 2.5s or 2.5ms, not 2.5 alone"},
		{"cascade", "timeout", 1, "1e3", `✗ a duration with its unit (ns, us, ms, s, m, h), such as 500ms, 2s or 1m30s; got "1e3"`},
		{"cascade", "until", 1, "2 s", `✗ a duration with its unit (ns, us, ms, s, m, h), such as 500ms, 2s or 1m30s; got "2 s"`},
		// Shares: a breaker's failure rate.
		{"breaker-timeline", "failure rate", 1, "1e3", `✗ a percentage such as 50% or 0.5, not "1e3"`},
		{"breaker-timeline", "failure rate", 1, "NaN", `✗ a percentage such as 50% or 0.5, not "NaN"`},
		{"breaker-timeline", "failure rate", 1, "Inf%", `✗ a percentage such as 50% or 0.5, not "Inf%"`},
		// Fields of words.
		{"cascade", "retry budget", 1, "lots", `✗ none, token-bucket or concurrency, not "lots"`},
		{"multi-hop", "cancel downstream", 1, "maybe", `✗ yes or no, not "maybe"`},
	} {
		m := press(newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, tc.scenario)}), "e")
		m = onField(t, m, tc.label, tc.nth)
		at := m.form.focus
		m = typeRunes(press(m, "ctrl+u"), tc.typed)
		m = press(m, "enter")
		if m.form == nil {
			t.Errorf("%s %s %q was taken", tc.scenario, tc.label, tc.typed)
			continue
		}
		k := &m.form.knobs[at]
		if got := k.input.Value(); got != tc.typed {
			t.Errorf("%s %s: typed %q, the field holds %q", tc.scenario, tc.label, tc.typed, got)
		}
		view := flat(m)
		if !strings.Contains(view, "["+tc.typed) || !strings.Contains(view, tc.want) {
			t.Errorf("%s %s %q: want the text kept and %q on screen:\n%s", tc.scenario, tc.label, tc.typed, tc.want, ansi.Strip(m.View()))
		}
		if m.form.focus != at || !strings.Contains(m.form.err, " refused: ") {
			t.Errorf("%s %s %q: the cursor is on %q and the form says %q", tc.scenario, tc.label, tc.typed, m.form.knobs[m.form.focus].label, m.form.err)
		}
		if m.sim.edited {
			t.Errorf("%s %s %q: the run was edited", tc.scenario, tc.label, tc.typed)
		}
	}
}

// A refusal stays beside its field until the text changes: a key that
// edits nothing and a move to another field and back keep it, the next
// character typed ends it, and the text mended is taken.
func TestRefusalStaysUntilTheTextChanges(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	t.Parallel()
	m := typeRunes(press(newModel(t, 200, 60, Options{}), "e", "ctrl+u"), "1e3")
	m = press(m, "enter")
	const why = `not "1e3": type 1000`
	m = press(m, "down", "up")
	m = send(m, tea.KeyMsg{Type: tea.KeyLeft})
	if v := fieldText(m, 0); !strings.Contains(v, why) {
		t.Fatalf("the refusal went with keys that change no text: %q", v)
	}
	m = press(m, "backspace", "backspace")
	if v := fieldText(m, 0); strings.Contains(v, why) || !strings.Contains(v, "[1▏") {
		t.Errorf("backspace should leave 1 and end the refusal: %q", v)
	}
	m = typeRunes(m, "000")
	if m = press(m, "enter"); m.form != nil {
		t.Fatalf("workers 1000 was refused: %s", m.form.err)
	}
	if !m.sim.edited {
		t.Error("workers 1000 did not edit the run")
	}
}

// The builder's form (KnobForm) is the same form: a text typed into it
// stays, and Build refuses it in the same words.
func TestKnobFormKeepsWhatWasTyped(t *testing.T) {
	t.Parallel()
	sc := tuitest.Scenario(t, "cascade")
	k := NewKnobForm(tuitest.Plain(), sc, 0)
	k.Key(keyMsg("ctrl+u"))
	for _, r := range "1e3" {
		k.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	if k.Build(sc) != nil {
		t.Fatal("workers 1e3 was taken")
	}
	if got := k.f.knobs[0].input.Value(); got != "1e3" {
		t.Errorf("the builder's workers field holds %q, want 1e3", got)
	}
	const want = `workers refused: a whole number, 1 to 100,000, not "1e3": type 1000; nothing is changed`
	if k.Err() != want {
		t.Errorf("the builder's form says %q, want %q", k.Err(), want)
	}
}
