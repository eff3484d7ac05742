package shardview

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// FrameAt is the tick the view's clock would receive at wall time at: a
// recording (tui/record) drives the view with it, frame by frame, without
// waiting for the wall clock.
func (m Model) FrameAt(at time.Time) tea.Msg { return m.clock.FrameAt(at) }
