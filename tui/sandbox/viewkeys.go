package sandbox

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// ViewKey reports whether k only changes what this screen shows, not the
// run it shows: ? for the help, and while the help is open every key but
// quit, which only scroll or close it. A classroom student following the
// teacher's sandbox keeps following on these, as on a followed lesson
// (lessonui's ViewKey): ? made the sandbox their own, and the help they
// opened to learn the keys showed a screen the teacher no longer moved.
// The keys are the sandbox's own map's, so this list and what they do are
// one.
func (m Model) ViewKey(k tea.KeyMsg) bool {
	if key.Matches(k, m.keys.Quit) {
		return false
	}
	return m.showHelp || key.Matches(k, m.keys.Help)
}
