package interviewui

import "github.com/breakerlab/breakerlab/tui/pane"

// noteWrap is the notice and the question on screen, wrapped to the
// window's width w and styled (wrapNote), for the texts they were wrapped
// from. Both change only on a message that sets them or a resize, yet each
// frame wrapped them, twice (once for bodyHeight, once to draw them):
// Update wraps them once (wrappedNote), and a frame reuses the lines.
type noteWrap struct {
	w       int
	note    string
	noteErr bool
	ask     asking // the question on screen (questionText)
	ok      bool
	lines   []string
}

// fits says whether n is the notice and question of m wrapped for its width.
func (n noteWrap) fits(m Model) bool {
	return n.ok && n.w == m.w && n.ask == m.ask && n.noteErr == m.noteErr && n.note == m.note
}

// noteLines is the notice, wrapped, then the question on screen: as
// Update wrapped them, or wrapped now for a model changed since.
func (m Model) noteLines() []string {
	if m.noteWrap.fits(m) {
		return m.noteWrap.lines
	}
	return m.wrapNote().lines
}

// wrapNote wraps the notice and the question to the window's width.
func (m Model) wrapNote() noteWrap {
	n := noteWrap{w: m.w, note: m.note, noteErr: m.noteErr, ask: m.ask, ok: true}
	if m.note != "" {
		style := m.th.Good
		if m.noteErr {
			style = m.th.Error
		}
		for _, l := range pane.Wrap(m.note, max(m.w-2, 1)) {
			n.lines = append(n.lines, " "+style.Render(l))
		}
	}
	if q := questionText(m.ask); q != "" {
		for _, l := range pane.Wrap(q, max(m.w-2, 1)) {
			n.lines = append(n.lines, " "+m.th.Warn.Render(l))
		}
	}
	return n
}

// wrappedNote wraps the notice and the question when they, or the width,
// changed since they were wrapped.
func (m Model) wrappedNote() Model {
	if !m.noteWrap.fits(m) {
		m.noteWrap = m.wrapNote()
	}
	return m
}
