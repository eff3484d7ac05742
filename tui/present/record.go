package present

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// player is a screen that plays on a clock a recording (tui/record) can
// drive: the sandbox, the shard view.
type player interface {
	FrameAt(at time.Time) tea.Msg
	Playing() bool
}

// FrameAt is the wrapped screen's tick at wall time at, so that a
// recording drives a screen in presentation mode as it drives the screen
// itself; nil for a screen without a clock.
func (m Model) FrameAt(at time.Time) tea.Msg {
	if p, ok := m.inner.(player); ok {
		return p.FrameAt(at)
	}
	return nil
}

// Playing reports whether the wrapped screen plays; a screen without a
// clock does not.
func (m Model) Playing() bool {
	p, ok := m.inner.(player)
	return ok && p.Playing()
}
