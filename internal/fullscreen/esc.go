package fullscreen

import tea "github.com/charmbracelet/bubbletea"

// EscTwice takes alt+esc as the two escs it is: esc pressed twice faster
// than the program reads its input comes as one message, esc with alt,
// which no screen binds, so a learner who pressed esc twice to go back
// two levels (out of a lesson and its list, say) stayed where they were.
// It gives m the two escs one after the other; ok is false, and nothing
// is done, for any other key. Run does it for every local program, and
// the classroom's sessions (tui/serve) for theirs.
func EscTwice(m tea.Model, k tea.KeyMsg) (next tea.Model, cmd tea.Cmd, ok bool) {
	if k.Type != tea.KeyEsc || !k.Alt || k.Paste {
		return m, nil, false
	}
	esc := tea.KeyMsg{Type: tea.KeyEsc}
	next, first := m.Update(esc)
	next, second := next.Update(esc)
	return next, tea.Batch(first, second), true
}

// escPairs is the model Run gives bubbletea: m, with alt+esc taken as two
// escs (EscTwice). Run hands m back unwrapped.
type escPairs struct{ m tea.Model }

func (e escPairs) Init() tea.Cmd { return e.m.Init() }

func (e escPairs) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if next, cmd, split := EscTwice(e.m, k); split {
			return escPairs{next}, cmd
		}
	}
	next, cmd := e.m.Update(msg)
	return escPairs{next}, cmd
}

func (e escPairs) View() string { return e.m.View() }
