package fullscreen

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// keyLog is a model that writes down the keys it is given.
type keyLog struct{ keys []string }

func (k keyLog) Init() tea.Cmd { return nil }
func (k keyLog) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if key, ok := msg.(tea.KeyMsg); ok {
		k.keys = append(k.keys[:len(k.keys):len(k.keys)], key.String())
	}
	return k, nil
}
func (k keyLog) View() string { return "" }

// Two escs read as one message (alt+esc, as a terminal's "\x1b\x1b" read at
// once is) reach the screen as the two escs pressed; every other key as it
// came.
func TestRunGivesAltEscAsTwoEscs(t *testing.T) {
	var m tea.Model = escPairs{keyLog{}}
	for _, k := range []tea.KeyMsg{
		{Type: tea.KeyEsc, Alt: true},
		{Type: tea.KeyEsc},
		{Type: tea.KeyRunes, Runes: []rune{'x'}, Alt: true},
		{Type: tea.KeyEsc, Alt: true, Paste: true},
	} {
		m, _ = m.Update(k)
	}
	got := m.(escPairs).m.(keyLog).keys
	want := []string{"esc", "esc", "esc", "alt+x", "alt+esc"}
	if len(got) != len(want) {
		t.Fatalf("the screen was given %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("the screen was given %q, want %q", got, want)
		}
	}
}
