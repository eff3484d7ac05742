package sandbox

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// The sweep picker's filter typed in a scenario file's words (as
// `scenarios --dump` writes a breaker) matched no knob and said only
// that: it names the knob to type, as --vary does
// (lessons.FileKeyRefusal); a slip is offered the nearest knob; each says
// how to list every knob again, and fits the frame at 80×24.
func TestSweepPickerNamesAFileKeysKnob(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"window_size", `window_size is written as in a scenario file; the sweep calls that knob recommendations.breaker.window: type that instead. Empty the filter (backspace) to list every knob.`},
		{"recommendations.policy.breaker.open_for", `the sweep calls that knob recommendations.breaker.open: type that instead`},
		{"recommendations.breaker.windw", `no knob's path contains "recommendations.breaker.windw"; did you mean recommendations.breaker.window? Empty the filter (backspace) to list every knob`},
	} {
		t.Run(c.typed, func(t *testing.T) {
			m := newModel(t, 80, 24, Options{Scenario: shortCascade(t), Variant: 2})
			m = press(m, "e")
			m = send(m, ctrlS)
			if m.sw == nil {
				t.Fatalf("ctrl+s opened no picker: %s", m.form.err)
			}
			m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(c.typed)})
			view := m.View()
			var said []string
			for _, l := range strings.Split(view, "\n") {
				if w := len([]rune(l)); w > 80 {
					t.Errorf("a line of %d columns: %q", w, l)
				}
				said = append(said, strings.Trim(l, " │"))
			}
			if got := strings.Join(strings.Fields(strings.Join(said, " ")), " "); !strings.Contains(got, c.want) {
				t.Errorf("the picker lacks %q:\n%s", c.want, view)
			}
		})
	}
}
