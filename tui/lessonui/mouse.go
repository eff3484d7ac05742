package lessonui

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// onMouse: the wheel scrolls the step's text (or the step list), and a
// click on a chart's time axis goes to that moment of the step, paused.
func (m Model) onMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if m.showHelp {
		if k, ok := playback.WheelKey(msg); ok {
			m.fillHelp()
			m.helpv.Update(k)
		}
		return m, nil
	}
	if m.prompt != nil || m.showEnd {
		return m, nil
	}
	if d := playback.Wheel(msg); d != 0 {
		if m.showList {
			m.listCursor = min(max(m.listCursor+d, 0), len(m.p.Steps)-1)
			return m, nil
		}
		m.setScroll(m.scroll + d)
		return m, nil
	}
	if !playback.Click(msg) || m.showList || m.sim == nil || msg.Y >= m.h-2 {
		return m, nil
	}
	at, ok := playback.AxisTime(strings.Split(m.View(), "\n"), msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	if m.peeks(at) {
		m.refusePeek()
		return m, nil
	}
	l := stepLine{&m}
	m.pauseHere()
	if err := l.Seek(at); err != nil {
		m.note, m.noteErr = err.Error(), true
	} else {
		m.note, m.noteErr = "at "+playback.MomentIn(l.Now(), l.End())+" (clicked on the time axis)", false
	}
	return m, nil
}
