package lessonui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// ViewKey reports whether k only changes what this screen shows, not where
// the player is in the lesson: tab between the text and the simulation,
// scrolling the text or the instances, and ? for the help (while the help
// is open, every key but quit only scrolls or closes it). A classroom
// student following the teacher keeps following on these (a narrow window
// shows the text or the simulation, and tab is how the other is seen);
// every other key moves in the lesson and makes the screen their own. The
// keys are the player's own map's, so this list and what they do are one.
func (m Model) ViewKey(k tea.KeyMsg) bool {
	if key.Matches(k, m.keys.Quit) {
		return false
	}
	if m.showHelp {
		return true
	}
	if m.showList {
		return false // the step list's keys choose a step
	}
	ks := &m.keys
	return key.Matches(k, ks.Toggle, ks.Up, ks.Down, ks.InstancesUp, ks.InstancesDown, ks.Help)
}

// ViewKey reports whether k only changes what the open lesson shows
// (Model.ViewKey); on the lesson list no key is only a view.
func (p Picker) ViewKey(k tea.KeyMsg) bool {
	return p.player != nil && p.player.ViewKey(k)
}
