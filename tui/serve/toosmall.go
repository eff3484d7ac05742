package serve

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/charmbracelet/x/ansi"
)

// A screen in a window below its minimum draws only a message asking for
// a larger one, from its first line. The room's tag, put at the right end
// of that line as over a title, cut the message where it began: at 45×12
// "breakerlab needs a window of at    following". So over such a screen
// the tag takes a line of its own above the message.

// screenTooSmall reports whether the screen shown draws its message
// asking for a larger window: the sandbox and the shard view below
// playback's minimum, a lesson player below its own.
func (s *Session) screenTooSmall() bool {
	if s.w <= 0 || s.h <= 0 {
		return false
	}
	switch {
	case s.mode == following && s.shown == NoScreen:
		return false
	case s.mode != onHome && s.shown == LessonScreen:
		return s.haveRL && s.rl.TooSmall()
	case s.mode == onHome && s.home.InLessons():
		p, _ := s.home.Lessons()
		return p.TooSmall()
	case s.mode == onHome && s.home.InShardView():
		return playback.TooSmall(s.w, s.viewH())
	}
	_, ok := s.sandboxShown()
	h := s.viewH()
	if s.mode != onHome {
		h = s.roomH()
	}
	return ok && playback.TooSmall(s.w, h)
}

// tagAbove puts tag on a line of its own, at the right, above view, whose
// last line gives way when it is blank (the message fills the top of the
// window); a view with no blank line to spare shows no tag, since its
// message is all the window holds.
func tagAbove(view, tag string, w int) string {
	if tag == "" || w <= 0 {
		return view
	}
	lines := strings.Split(view, "\n")
	if strings.TrimSpace(ansi.Strip(lines[len(lines)-1])) != "" {
		return view
	}
	tag = " " + tag + " "
	if ansi.StringWidth(tag) > w {
		tag = ansi.Truncate(tag, w, "")
	}
	top := strings.Repeat(" ", w-ansi.StringWidth(tag)) + tag
	return strings.Join(append([]string{top}, lines[:len(lines)-1]...), "\n")
}
