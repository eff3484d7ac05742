package form

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A field told what it takes leaves out the rest of a key press or a
// paste, says which, and keeps what was typed before; one told nothing
// takes any text, as the shard view's and the drill's do.
func TestFieldLeavesOutWhatItDoesNotTake(t *testing.T) {
	digits := func(r rune) bool { return r >= '0' && r <= '9' }
	var f Field
	f.SetValue("20")
	f.Takes(digits)
	if left := f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("0fg1"), Paste: true}); string(left) != "fg" {
		t.Errorf("a paste of 0fg1 left out %q, want fg", string(left))
	}
	if left := f.Key(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}); string(left) != " " {
		t.Errorf("space left out %q, want it refused", string(left))
	}
	if f.Value() != "2001" {
		t.Errorf("the field holds %q, want 2001", f.Value())
	}
	var any Field
	if left := any.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a 1")}); left != nil || any.Value() != "a 1" {
		t.Errorf("a field with no Takes left out %q and holds %q", string(left), any.Value())
	}
}
