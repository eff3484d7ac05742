package serve

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Presentation mode (tui/present) is drawn by the session itself, over
// whichever screen it shows: the home screen's, or the room's sandbox or
// lesson a student follows. ctrl+p (present.Key) toggles it in any
// session.

// SetPresent turns presentation mode on or off.
func (s *Session) SetPresent(on bool) { s.present = on }

// SetLocal marks the teacher's session that runs in the server's own
// terminal: leaving it would stop the server, so quitting from any screen
// asks first. Its program must be run with tea.WithFilter(s.QuitFilter).
func (s *Session) SetLocal(on bool) { s.local = on }

// askQuitMsg is a quit the local session turned into a question.
type askQuitMsg struct{}

// QuitFilter is the local session's program filter: a quit (q on the
// menu, ctrl+c anywhere, whichever screen asked for it) becomes the
// question, unless the teacher has just said y. It runs on the program's
// event loop, as Update does.
func (s *Session) QuitFilter(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.QuitMsg); ok && s.local && !s.quitting {
		return askQuitMsg{}
	}
	return msg
}

// quitKey takes the answer to the question: y stops the server, any other
// key keeps serving. A local session's ctrl+c asks too, whatever the
// screen does with it.
func (s *Session) quitKey(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	if !s.local {
		return false, nil
	}
	if s.confirmQuit {
		s.confirmQuit = false
		if k.String() == "y" || k.String() == "Y" {
			s.quitting = true
			return true, tea.Quit
		}
		return true, nil
	}
	if k.String() == "ctrl+c" {
		s.confirmQuit = true
		return true, nil
	}
	return false, nil
}

// quitView asks whether to stop the class.
func (s *Session) quitView() string {
	n := s.room.Students() // each once, however many sessions they have
	who := "No student is connected."
	switch n {
	case 1:
		who = "1 student is connected: they will be disconnected."
	default:
		if n > 1 {
			who = fmt.Sprintf("%d students are connected: they will all be disconnected.", n)
		}
	}
	return s.block("Stop the class?", []string{
		"Leaving this screen stops the server. " + who,
		"Press y to stop the server, any other key to keep serving.",
	})
}
