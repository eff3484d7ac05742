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
	// The picker's map is run in a command, never in View (pickdetail.go).
	hm, run := hm.syncPick()
	cmd = tea.Batch(cmd, run)
	if !hm.showsLoop() {
		hm.loop.Stop()
	} else if tick := hm.loop.Tick(true); tick != nil {
		cmd = tea.Batch(cmd, tick)
	}
	return hm, cmd
}

// showsLoop reports whether the screen on show has the live picture.
func (m Model) showsLoop() bool { return m.screen == onMenu && !m.showHelp }

// withLoop puts the live picture under the menu, a blank row between,
// in the rows the menu leaves free in height: five on a large window (one,
// its state line, when only one or two are free), and with rows to spare
// the progress panes under it (progress.go) and its log of transitions so far
// in the picture, so that a tall window shows more rather than blank rows.
// The progress panes come first when the rows are few: the picture keeps
// its five.
func (m Model) withLoop(body []string, height int) []string {
	if !m.showsLoop() {
		return body
	}
	free := height - len(body)
	prog := 0
	if need := m.progressNeeds(m.w); need > 0 && free >= 1+5+1+5 {
		prog = min(need, free-1-5-1)
	}
	rows := free - 1
	switch {
	case prog > 0:
		rows = free - prog - 2 // a blank row before the picture and before the panes
	case free <= 2:
		rows = free // no blank row to spare: the state line alone
	}
	lines := m.loop.View(m.w, min(rows, 5+m.loop.LogRows()))
	if len(lines) > 0 {
		if free > len(lines) && len(body) > 0 && body[len(body)-1] != "" {
			body = append(body, "")
		}
		body = append(body, lines...)
	}
	if prog > 0 {
		// The picture's log ends in blank rows until its transitions
		// happen (breakerloop's logLines): the blank row before the
		// panes comes all the same, so they keep their row as it plays.
		if len(lines) > 0 || len(body) > 0 && body[len(body)-1] != "" {
			body = append(body, "")
		}
		body = append(body, m.progressLines(m.w, prog)...)
	}
	return body
}
