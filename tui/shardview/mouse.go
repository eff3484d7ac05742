package shardview

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// onMouse: the wheel scrolls the help; a click on a time axis goes to that
// moment, paused.
func (m Model) onMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if m.form != nil || m.prompt != nil || m.tooSmall() {
		return m, nil
	}
	if m.showHelp {
		if k, ok := playback.WheelKey(msg); ok {
			m.helpv.Update(k)
		}
		return m, nil
	}
	if !playback.Click(msg) || msg.Y == 0 || msg.Y >= m.h-2 {
		return m, nil
	}
	at, ok := playback.AxisTime(strings.Split(m.View(), "\n"), msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	m.clock.Play(false)
	m.report(m.run.Seek(at))
	m.setNote("at "+playback.Moment(at)+" (clicked on the time axis)", false)
	m.refresh()
	return m, nil
}
