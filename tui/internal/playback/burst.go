package playback

import tea "github.com/charmbracelet/bubbletea"

// AsText is key k as a text field with the focus reads it. Characters
// that arrive together (typed fast over a slow link, or pasted where the
// terminal does not bracket pastes) come as one message whose name is its
// text, so "left", "up" or "esc" typed in a burst would match the bindings
// of those keys, and EachRune would hand a burst to the screen's keys one
// rune at a time. A burst of text is text: marked as a paste, its name is
// "[left]", which no binding has, and EachRune leaves it whole. A single
// key is k unchanged.
func AsText(k tea.KeyMsg) tea.KeyMsg {
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 {
		k.Paste = true
	}
	return k
}
