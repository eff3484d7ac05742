package serve

import (
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
)

// A follower's key that the followed screen takes (a choice at a
// prediction step, a knob) forks it: the student explores from that
// moment and no longer follows the teacher. Only the tag's "exploring"
// said so, and a student who pressed 2 to answer did not see that the
// teacher's next step would not come. A line says it in words, with the
// key that follows again, once: until the next key, or forkNoteFor. Drawn
// over the last line, it hid the screen's keys until the next key, just
// when the student, on a screen now their own, needed them: the line is
// its own, above the keys, the screen giving it up, wherever the screen
// still fits a line shorter. Where it does not (the sandbox in a window
// of its least height), the note goes over the keys as before, and the
// keys come back after forkNoteFor without a key pressed.

// forkNoteFor is how long the note stays with no key pressed.
const forkNoteFor = 5 * time.Second

// forkNoteDoneMsg takes the note down, unless another fork set it again
// since (gen).
type forkNoteDoneMsg struct{ gen int }

// forkNoteForms are the note's wordings, the fullest first.
func forkNoteForms() []string {
	return []string{
		"You stopped following the teacher: this screen is your own now. " + followKey + " follows the teacher again.",
		"You stopped following the teacher; " + followKey + " follows again.",
		"Not following; " + followKey + " follows again.",
	}
}

// forkNoteShown reports whether the note shows: while it is set, on the
// room's screen the student explores or follows (teacherKeyNote).
func (s *Session) forkNoteShown() bool {
	return s.forkNote && s.mode != onHome && s.w > 0 && s.h > 1
}

// roomH is the height the room's screens are laid out at: viewH, a line
// less while the note takes one of its own.
func (s *Session) roomH() int {
	if s.forkNoteShown() && s.noteOwnLine {
		return s.viewH() - 1
	}
	return s.viewH()
}

// setForkNote sets the note to forms (the fullest first), or takes it
// down (nil), laying the room's screens out again when the line it takes
// comes or goes; the command it returns takes a note it set down after
// forkNoteFor.
func (s *Session) setForkNote(forms []string) tea.Cmd {
	before := s.roomH()
	s.forkNote, s.noteForms, s.noteOwnLine = forms != nil, forms, false
	if !s.forkNoteShown() {
		if s.roomH() != before {
			s.sizeRoomScreens()
		}
		return nil
	}
	// The sandbox a line shorter than its least height would show only
	// its message asking for a larger window. The lesson player's least
	// height is its own: it says, once laid out, whether it is too small.
	s.noteOwnLine = s.shown != SandboxScreen || !playback.TooSmall(s.w, s.viewH()-1)
	if s.roomH() != before {
		s.sizeRoomScreens()
	}
	if s.shown == LessonScreen && s.haveRL && s.rl.TooSmall() {
		s.noteOwnLine = false
		s.sizeRoomScreens()
	}
	s.forkNoteGen++
	// A timer that also ends with the session: a tea.Tick would keep its
	// goroutine for forkNoteFor after the student has gone.
	gen, done := s.forkNoteGen, s.ctx.Done()
	return func() tea.Msg {
		t := time.NewTimer(forkNoteFor)
		defer t.Stop()
		select {
		case <-t.C:
			return forkNoteDoneMsg{gen}
		case <-done:
			return nil
		}
	}
}

// sizeRoomScreens lays the room's screens out at the window's width and
// roomH.
func (s *Session) sizeRoomScreens() {
	ws := tea.WindowSizeMsg{Width: s.w, Height: s.roomH()}
	if s.haveRS {
		next, _ := s.rs.Update(ws)
		s.rs = next.(sandbox.Model)
	}
	if s.haveRL {
		next, _ := s.rl.Update(ws)
		s.rl = next.(lessonui.Picker)
	}
}

// withForkNote puts the note on a line of its own above the view's last
// line (the screen's keys), the view laid out a line shorter for it
// (roomH), or where the screen had no line to give, over its last line.
func (s *Session) withForkNote(view string) string {
	if !s.forkNoteShown() {
		return view
	}
	forms := s.noteForms
	if len(forms) == 0 {
		forms = forkNoteForms() // the note a fork sets
	}
	if !s.noteOwnLine {
		return s.overLastLine(view, forms)
	}
	return aboveLastLine(view, s.noteLine(forms))
}

// teacherKeyNote answers a following student's press of one of the
// teacher's keys (askKey, rollKey), which students learn of from the
// teacher's screen on the projector and the README. It forked them, as
// any key the followed screen does not take only to look: the student
// who tried ctrl+a was dropped from following with "You stopped
// following the teacher", and missed the teacher's next step, for a key
// that did nothing for them. It keeps them following and says whose key
// it is. ctrl+l is also the terminal's redraw, which a student presses
// when their screen looks garbled: it redraws the screen too.
func (s *Session) teacherKeyNote(ks string) tea.Cmd {
	what := "puts a question to the room"
	if ks == rollKey {
		what = "lists who is here"
	}
	cmd := s.setForkNote([]string{
		ks + " is the teacher's key: it " + what + ". You still follow the teacher.",
		ks + " is the teacher's key; you still follow.",
		ks + ": the teacher's key",
	})
	if ks == rollKey {
		cmd = tea.Batch(cmd, tea.ClearScreen)
	}
	return cmd
}
