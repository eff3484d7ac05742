package home

import (
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/present"
)

// Lessons is the lesson picker (and the lesson open in it), for a
// classroom server that broadcasts what it shows; ok is false when the
// lessons are not on screen.
func (m Model) Lessons() (p lessonui.Picker, ok bool) {
	if m.lessons == nil || m.screen != onLessons {
		return lessonui.Picker{}, false
	}
	return *m.lessons, true
}

// Moment is what presentation mode (tui/present) shows of the screen that
// is open: the sandbox's or the lesson's key number; ok is false on the
// screens that have none, which presentation mode shows as they are.
func (m Model) Moment() (present.Moment, bool) {
	switch m.screen {
	case onSandbox:
		return m.sb.Moment()
	case onLessons:
		return m.lessons.Moment()
	}
	return present.Moment{}, false
}

// ReserveSandboxTitle has the home screen's sandbox keep the last n cells
// of its title line for a tag the classroom server draws there
// (sandbox.Model.ReserveTitle).
func (m Model) ReserveSandboxTitle(n int) Model {
	m.sb = m.sb.ReserveTitle(n)
	return m
}
