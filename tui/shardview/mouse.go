package shardview

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// onMouse: the wheel scrolls the help; a click on a time axis goes to that
// moment, paused. In the knob form a click focuses a knob.
func (m Model) onMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if m.prompt != nil || m.tooSmall() {
		return m, nil
	}
	if m.form != nil {
		m.formMouse(msg)
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
	m.setNote("at "+playback.MomentIn(at, m.run.End())+" (clicked on the time axis)", false)
	m.refresh()
	return m, nil
}

// formMouse: in the knob form, the one place of the shard view where keys
// go to a focused part (the field the cursor is on), a click on a knob's
// line focuses that knob and the wheel moves the focus a field at a time,
// as tab and shift+tab do.
func (m *Model) formMouse(msg tea.MouseMsg) {
	n := len(m.form.knobs)
	if n == 0 {
		return
	}
	if d := playback.Wheel(msg); d != 0 {
		m.form.focusField((m.form.focus + d + n) % n)
		return
	}
	if !playback.Click(msg) {
		return
	}
	// The form's lines start on row 2 and column 1: under the title line,
	// inside the frame View draws at the body's height (m.h-3).
	_, owner := m.form.layout(m.run.setup, m.w-2, m.h-5)
	row := msg.Y - 2
	if row >= 0 && row < len(owner) && msg.X >= 1 && msg.X <= m.w-2 && owner[row] >= 0 {
		m.form.focusField(owner[row])
	}
}
