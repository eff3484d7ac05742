package shardview

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A value that does not parse is named in the form's message, with how
// many more were refused, and the cursor goes to it: "some values are
// refused" named none and left the cursor where it was.
func TestRefusedValueIsNamedAndFocused(t *testing.T) {
	m := press(newModel(t, 80, 24, Options{}), "e")
	for _, f := range []string{"right", "restart takes"} {
		for m.form.knobs[m.form.focus].label != f {
			m = press(m, "tab")
		}
		m = press(m, "ctrl+u")
		m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("zz")})
	}
	for m.form.focus != 0 {
		m = press(m, "tab") // away from both, at the top
	}
	m = press(m, "enter")
	if m.form == nil {
		t.Fatal("two bad values were taken")
	}
	if want := "right refused: plain, shuffle, random, hash or overlap-limited, and 1 more; the run on screen is unchanged"; m.form.err != want {
		t.Errorf("the form says %q, want %q", m.form.err, want)
	}
	if l := m.form.knobs[m.form.focus].label; l != "right" {
		t.Errorf("the cursor is on %q, want the right strategy, refused", l)
	}
}
