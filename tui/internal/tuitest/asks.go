package tuitest

import tea "github.com/charmbracelet/bubbletea"

// AsksForKey reports whether pressing key on m returns a command whose
// message is the key want: how a screen inside the home screen hands a
// key up to it (`:` asking for the palette's ctrl+k, which the caller
// passes as palette.Key; tuitest cannot import the palette, whose tests
// import it).
func AsksForKey(m tea.Model, key, want string) bool {
	_, cmd := m.Update(Key(key))
	if cmd == nil {
		return false
	}
	k, ok := cmd().(tea.KeyMsg)
	return ok && k.String() == want
}
