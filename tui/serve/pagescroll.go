package serve

import (
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// A room question's screen (the student's question or reveal, the
// teacher's results) holds the prompt, the choices, and on reveal the
// explanation, which may be longer than the window: at 80×24 its end was
// cut with "…" and no key showed the rest. The page below its title
// scrolls instead, with j/k or the arrows (pgdown/pgup by a window), and
// its last line says there is more and which key shows it. Each new
// page (another question, the reveal) starts at its top. The mouse wheel
// scrolls it as ↓/↑ do: a student reaches for it first, and a click on
// the page still does nothing (mouse.go).

// pageID names the page a question's screen shows, so that a new one
// starts at its top.
type pageID struct {
	seq      int
	revealed bool
	note     string
	roll     bool
}

// pageHead are the page's lines that stay as it scrolls: a blank line,
// the title and a blank line.
const pageHead = 3

// scrolled is lines as the window shows them from the page's scroll: all
// of them when they fit, else the title, the part scrolled to, and a line
// that says what more there is. It records how far the page scrolls
// (pageMax) for the scroll keys.
func (s *Session) scrolled(lines []string) []string {
	s.pageMax = 0
	h := s.viewH()
	if h <= 0 || len(lines) <= h {
		return lines
	}
	if h < pageHead+2 {
		return lines[:h]
	}
	room := h - pageHead - 1
	body := lines[pageHead:]
	s.pageMax = len(body) - room
	off := min(max(s.pageScroll, 0), s.pageMax)
	out := append(append([]string{}, lines[:pageHead]...), body[off:off+room]...)
	hint := "   ▼ more below · j or ↓ scrolls"
	switch {
	case off > 0 && off < s.pageMax:
		hint = "   ▲▼ more above and below · j/k or ↓/↑ scroll"
	case off > 0:
		hint = "   ▲ more above · k or ↑ scrolls back"
	}
	if s.typingNumber() {
		// j and k are the box's to refuse (pollnumber.go): only the
		// arrows scroll.
		hint = "   ▼ more below · ↓ scrolls"
		switch {
		case off > 0 && off < s.pageMax:
			hint = "   ▲▼ more above and below · ↓/↑ scroll"
		case off > 0:
			hint = "   ▲ more above · ↑ scrolls back"
		}
	}
	return append(out, hint)
}

// typingNumber says whether this student's screen shows a number poll's
// box, which every typed character goes to: j and k scrolled the page
// before the box saw them, so a j typed in a number moved the page and
// the box never said j is no part of a number.
func (s *Session) typingNumber() bool {
	if s.teacher {
		return false
	}
	a, open := s.room.OpenQuestion()
	return open && a.Number && !a.Revealed && s.shownTo(a)
}

// notePage starts a new page at its top: called after every message.
func (s *Session) notePage() {
	id := pageID{note: s.askNote, roll: s.showRoll}
	if a, open := s.room.OpenQuestion(); open {
		id.seq, id.revealed = a.Seq, a.Revealed
	}
	if id != s.page {
		s.page, s.pageScroll = id, 0
	}
}

// scrollKey scrolls the question's page by k; handled is false for a key
// that does not scroll.
func (s *Session) scrollKey(k tea.KeyMsg) (handled bool) {
	if k.Type == tea.KeyRunes && s.typingNumber() {
		return false // the box's: it takes or refuses a typed character
	}
	by := 0
	switch k.String() {
	case "j", "down":
		by = 1
	case "k", "up":
		by = -1
	case "pgdown":
		by = max(s.viewH()-pageHead-1, 1)
	case "pgup":
		by = -max(s.viewH()-pageHead-1, 1)
	default:
		return false
	}
	s.questionView() // measures the page as it is now: pageMax
	s.pageScroll = min(max(s.pageScroll+by, 0), s.pageMax)
	return true
}

// wheelScroll scrolls the question's page a line for a turn of the mouse
// wheel, as ↓ and ↑ do, under the rules a student's scroll keys follow:
// a turn that comes before the question is drawn, or within
// questionGrace after it came onto the screen (pollopen.go), or while
// one the teacher closed is still going (pollclose.go), was meant for
// the screen behind it and moves nothing. Anything but the wheel does
// nothing.
func (s *Session) wheelScroll(msg tea.MouseMsg) {
	k, ok := playback.WheelKey(msg)
	if !ok {
		return
	}
	if live := s.liveSeq(); s.keyForGoneQuestion(live) || s.keyBeforeQuestionSeen(live) {
		return
	}
	s.scrollKey(k)
}
