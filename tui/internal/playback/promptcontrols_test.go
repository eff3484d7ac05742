package playback

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A prompt drops what the palette drops (pane.Typable): C0 and DEL, and
// also the C1 controls (U+009B is CSI on some terminals) and the
// bidirectional controls (U+202E would draw the answer reversed), which it
// used to keep.
func TestPromptDropsControlsAsThePaletteDoes(t *testing.T) {
	p := TimePrompt(30e9)
	p.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1\x1b\x7f\u009b2\u0085\u202e3\u200f\u20664s"), Paste: true})
	if p.Input != "1234s" {
		t.Errorf("the prompt holds %q, want 1234s", p.Input)
	}
}
