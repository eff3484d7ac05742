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
		typed           string
		mark, why       string // beside the field, and on the message line
	}{
		// Whole numbers: the number "1e3" means, in digits; else how.
		{"cascade", "workers", 1, "1e3", "want 1 to 100,000", "\"1e3\" is not a whole number: type 1000"},
		{"cascade", "workers", 1, "2.5s", "want 1 to 100,000", "\"2.5s\" is not a whole number: type digits only, such as 200"},
		{"cascade", "workers", 1, "1 000", "want 1 to 100,000", "\"1 000\" is not a whole number: type digits only, such as 200"},
		{"cascade", "bulkhead", 1, "+5", "a whole number, 0 or more", "\"+5\" is not a whole number: type 5"},
		{"cascade", "retry attempts", 1, "1e3", "want 1 to 100", "\"1e3\" is not a whole number: type digits only, such as 1"},
		{"cascade", "accept queue", 1, "1e3", "a whole number, or -1 for no limit", "\"1e3\" is not a whole number: type 1000"},
		{"cascade", "accept queue", 1, "+5", "a whole number, or -1 for no limit", "\"+5\" is not a whole number: type 5"},
		// Rates: ParseFloat reads all three; the form writes none of them.
		{"cascade", "search rate", 1, "1e3", "want 0 to 1,000,000", "\"1e3\" is not a number of requests a second: type 1000"},
		{"cascade", "search rate", 1, "NaN", "want 0 to 1,000,000", "\"NaN\" is not a number of requests a second: type digits, with a point for a fraction, such as 300"},
		{"cascade", "search rate", 1, "Inf", "want 0 to 1,000,000", "\"Inf\" is not a number of requests a second: type digits, with a point for a fraction, such as 300"},
		{"cascade", "search rate", 1, "2.5/s", "want 0 to 1,000,000", "\"2.5/s\" is not a number of requests a second: type digits, with a point for a fraction, such as 300"},
		// Durations: the words lessons.ParseDuration refuses them in.
		{"cascade", "timeout", 1, "2.5", "a duration with its unit", "\"2.5\" is not a number followed by its unit, as a scenario file writes it: 2.5s or 2.5ms, not 2.5 alone"},
		{"cascade", "timeout", 1, "1e3", "a duration with its unit", "\"1e3\" is not a number followed by its unit (ns, us, ms, s, m, h), such as 500ms, 2s or 1m30s"},
		{"cascade", "until", 1, "2 s", "a duration with its unit", "\"2 s\" is not a number followed by its unit (ns, us, ms, s, m, h), such as 500ms, 2s or 1m30s"},
		// Shares: a breaker's failure rate.
		{"breaker-timeline", "failure rate", 1, "1e3", "a percentage such as 50% or 0.5", "\"1e3\" is not a value it takes"},
		{"breaker-timeline", "failure rate", 1, "NaN", "a percentage such as 50% or 0.5", "\"NaN\" is not a value it takes"},
		{"breaker-timeline", "failure rate", 1, "Inf%", "a percentage such as 50% or 0.5", "\"Inf%\" is not a value it takes"},
		// Fields of words.
		{"cascade", "retry budget", 1, "lots", "none, token-bucket or concurrency", "\"lots\" is not a value it takes"},
		{"multi-hop", "cancel downstream", 1, "maybe", "yes or no", "\"maybe\" is not a value it takes"},
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
		if !strings.Contains(view, "["+tc.typed) || !strings.Contains(view, "✗ "+tc.mark) || !strings.Contains(view, tc.why) {
			t.Errorf("%s %s %q: want the text kept, %q beside it and %q on screen:\n%s", tc.scenario, tc.label, tc.typed, tc.mark, tc.why, ansi.Strip(m.View()))
		}
		if k.err != tc.mark || !strings.Contains(m.form.err, " refused: "+tc.why+";") {
			t.Errorf("%s %s %q: marked %q and the message line says %q; want %q and %q", tc.scenario, tc.label, tc.typed, k.err, m.form.err, tc.mark, tc.why)
		}
		// The mark names the limit and the line says why: the line does
		// not say the mark again.
		if strings.Contains(m.form.err, k.err) {
			t.Errorf("%s %s %q: the message line %q says the mark %q again", tc.scenario, tc.label, tc.typed, m.form.err, k.err)
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
	const why = `✗ want 1 to 100,000`
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
	const want = `workers refused: "1e3" is not a whole number: type 1000; nothing is changed`
	if k.Err() != want {
		t.Errorf("the builder's form says %q, want %q", k.Err(), want)
	}
}
