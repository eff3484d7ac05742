package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Letters typed into the workers' field at 200×60 went in ("200fghilm"),
// to be refused whole at enter. They stay out now, the 200 typed before
// them stays, and the field says what it takes until the next edit, which
// goes on from the 200.
func TestWorkersFieldLeavesOutLetters(t *testing.T) {
	m := press(newModel(t, 200, 60, Options{}), "e")
	if m.form == nil || m.form.knobs[m.form.focus].label != "workers" {
		t.Fatal("e should open the knob form on workers")
	}
	for _, r := range "fghilm" {
		m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	k := &m.form.knobs[m.form.focus]
	if k.input.Value() != "200" {
		t.Errorf("after typing fghilm the workers' field holds %q, want 200", k.input.Value())
	}
	const note = `✗ "fghilm" left out: takes a whole number, 1 to 100,000`
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "[200▏") || !strings.Contains(view, note) {
		t.Errorf("the form should show 200 and say %q:\n%s", note, view)
	}
	m = press(m, "5")
	if got := m.form.knobs[m.form.focus].input.Value(); got != "2005" {
		t.Errorf("5 after the letters: %q, want 2005", got)
	}
	if view := ansi.Strip(m.View()); strings.Contains(view, "left out") {
		t.Errorf("an edit that goes in should end the note:\n%s", view)
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
	m = press(m, "down")
	if view := ansi.Strip(m.View()); strings.Contains(view, "left out") {
		t.Errorf("the note stays on the field left, beside a value it did not refuse:\n%s", view)
	}
}

// Every kind of field the form has takes only the characters its values
// are written with: a paste of mixed text keeps those, the note names the
// rest and says what the field takes in the words of its refusal at enter,
// and a field of words takes any text. Each field of every built-in
// scenario's form takes back the text it was opened with.
func TestFieldsTakeWhatTheirKindIsWrittenWith(t *testing.T) {
	cases := map[valueKind]struct{ paste, kept, left, takes string }{
		kindInt:      {"1x2 3", "123", "x ", "a whole number"},
		kindRate:     {"12.5/s", "12.5", "/s", "a number of requests a second"},
		kindDuration: {"300 msec", "300ms", " ec", "a duration with its unit"},
		kindUntil:    {"end!", "end", "!", "or empty for the end"},
		kindPercent:  {"50 %x", "50%", " x", "a percentage such as 50% or 0.5"},
		kindQueue:    {"-1 (none)", "-1none", " ()", "a whole number, or -1 for no limit"},
		kindYesNo:    {"yes 1", "yes 1", "", ""},
		kindCancel:   {"no!", "no!", "", ""},
		kindBudget:   {"token-bucket", "token-bucket", "", ""},
	}
	for kind := kindInt; kind <= kindBudget; kind++ {
		if _, ok := cases[kind]; !ok {
			t.Errorf("kind %d has no case: say what its field takes", kind)
		}
	}
	tried := map[valueKind]bool{}
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			for _, f := range []*form{newForm(tuitest.Plain(), sc, v), knobFormOf(tuitest.Plain(), sc, v)} {
				for i := range f.knobs {
					k := &f.knobs[i]
					k.input.SetValue("")
					if left := k.input.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k.initial), Paste: true}); len(left) > 0 {
						t.Errorf("%s, variant %d: %q (kind %d) refuses %q of its own value %q", b.Name, v+1, k.label, k.kind, string(left), k.initial)
					}
					c, ok := cases[k.kind]
					if !ok || tried[k.kind] {
						continue
					}
					tried[k.kind] = true
					f.focus = i
					k.input.SetValue("")
					f.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(c.paste), Paste: true}, newKeyMap(false))
					if got := k.input.Value(); got != c.kept {
						t.Errorf("%q (kind %d): a paste of %q leaves %q, want %q", k.label, k.kind, c.paste, got, c.kept)
					}
					lines, _ := f.layout(200, 60)
					view := ansi.Strip(strings.Join(lines, "\n"))
					switch {
					case c.left == "" && strings.Contains(view, "left out"):
						t.Errorf("%q (kind %d) takes any text, but says:\n%s", k.label, k.kind, view)
					case c.left != "" && (!strings.Contains(view, `"`+c.left+`" left out: takes `) || !strings.Contains(view, c.takes)):
						t.Errorf("%q (kind %d): a paste of %q should say %q left out and that it takes %q:\n%s", k.label, k.kind, c.paste, c.left, c.takes, view)
					}
					k.refused = nil // the next kind's note alone on the form
				}
			}
		}
	}
	for kind := range cases {
		if !tried[kind] {
			t.Errorf("no built-in scenario's form has a field of kind %d to try", kind)
		}
	}
}
