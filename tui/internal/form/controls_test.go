package form

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A field drops what the palette drops (pane.Typable): C0 and DEL, and
// also the C1 controls (U+009B is CSI on some terminals) and the
// bidirectional controls (U+202E would draw the field reversed), which it
// used to keep.
func TestFieldDropsControlsAsThePaletteDoes(t *testing.T) {
	var f Field
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1\x1b\x7f\u009b2\u0085\u202e3\u200f\u20664s"), Paste: true})
	if f.Value() != "1234s" {
		t.Errorf("the field holds %q, want 1234s", f.Value())
	}
}
