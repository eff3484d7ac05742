package home

import (
	"github.com/breakerlab/breakerlab/tui/breakerloop"
	tea "github.com/charmbracelet/bubbletea"
)

// The menu's live picture: a breaker of a built-in scenario tripping,
// probing and closing in a loop (tui/breakerloop), in the rows the menu
// leaves free above the key help. Its run is made in Init's command; its
// ticks run while the menu is on screen and stop on any other screen,
// and a window without the rows for it shows the menu alone.

// StillFromEnv reports whether the environment asks for reduced motion:
// BREAKERLAB_REDUCED_MOTION set to anything.
func StillFromEnv(getenv func(string) string) bool {
	return getenv != nil && getenv("BREAKERLAB_REDUCED_MOTION") != ""
}

// Update hands the live picture its messages, and everything else to the
// screens (update); after each message the picture's ticks run if the
// menu is on screen, and stop if it is not.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case breakerloop.LoadedMsg, breakerloop.TickMsg:
		var cmd tea.Cmd
		m.loop, cmd = m.loop.Update(msg, m.showsLoop())
		return m, cmd
	}
	next, cmd := m.update(msg)
	hm, ok := next.(Model)
	if !ok {
		return next, cmd
	}
	if !hm.showsLoop() {
		hm.loop.Stop()
	} else if tick := hm.loop.Tick(true); tick != nil {
		cmd = tea.Batch(cmd, tick)
	}
	return hm, cmd
}

// showsLoop reports whether the screen on show has the live picture.
func (m Model) showsLoop() bool { return m.screen == onMenu && !m.showHelp }

// withLoop puts the live picture at the foot of the menu's body, when the
// menu leaves it the rows (a blank one above it) in height.
func (m Model) withLoop(body []string, height int) []string {
	if !m.showsLoop() {
		return body
	}
	free := height - len(body)
	lines := m.loop.View(m.w, min(free-1, 3))
	if len(lines) == 0 {
		return body
	}
	for len(body) < height-len(lines) {
		body = append(body, "")
	}
	return append(body, lines...)
}
