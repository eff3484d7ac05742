package serve

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// mouse hands a mouse event to the one screen the session shows, as keys
// go: the home screen, or the room's sandbox or lessons. Left to the
// catch-all in Update it would reach every screen the session holds, and a
// click meant for the room's sandbox would also switch a variant in the
// home screen's hidden one. A click on a followed screen forks it first,
// as a key that explores does; other events (the wheel, a release, a drag)
// leave a followed screen alone, since the presenter's next move would
// undo them. Nothing reads the mouse where the drawing is not the screen's
// own: the quit question, a room question (and one the teacher has just
// closed: pollclose.go), presentation mode, and the room's tag at the
// right end of the top line, and what it blanked. The wheel scrolls a
// room question's page (pagescroll.go), as its keys do.
func (s *Session) mouse(msg tea.MouseMsg) tea.Cmd {
	_, asking := s.questionView()
	if asking && !s.confirmQuit {
		s.wheelScroll(msg)
		return nil
	}
	if asking || s.confirmQuit || s.present || s.keyForGoneQuestion(s.liveSeq()) {
		return nil
	}
	if msg.Y == 0 && !s.topCellShown(msg.X) {
		return nil
	}
	switch s.mode {
	case following:
		if s.shown == NoScreen || msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft {
			return nil
		}
		cmd := s.fork()
		if s.mode != exploring {
			return cmd
		}
		return tea.Batch(cmd, s.roomMouse(msg))
	case exploring:
		return s.roomMouse(msg)
	}
	return s.updateHome(msg)
}

// topCellShown reports whether column x of the top line shows the
// screen's own cell. The room's tag covers the line's right end, and
// withTag blanks what it cut to make room (a sandbox's later variant
// tabs, at 120 columns): a click there would act on a tab the student
// cannot see.
func (s *Session) topCellShown(x int) bool {
	tag := s.tag()
	if tag == "" {
		return true
	}
	own, _, _ := strings.Cut(s.screenView(), "\n")
	shown, _, _ := strings.Cut(withTag(own, tag, s.w), "\n")
	cell := func(line string) string { return ansi.Strip(ansi.Cut(line, x, x+1)) }
	return x < s.w-ansi.StringWidth(" "+tag+" ") && cell(own) == cell(shown)
}

// roomMouse hands a mouse event to the room's screen the student explores.
func (s *Session) roomMouse(msg tea.MouseMsg) tea.Cmd {
	if s.shown == LessonScreen {
		next, cmd := s.rl.Update(msg)
		s.rl = next.(lessonui.Picker)
		return cmd
	}
	next, cmd := s.rs.Update(msg)
	s.rs = next.(sandbox.Model)
	return cmd
}
