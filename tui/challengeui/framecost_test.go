package challengeui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
)

// The sandbox's frames, 30 a second while it plays beside the panel,
// change nothing the panel shows: they reuse the panel as drawn (the brief
// reflowed, the knobs, the goals, the key line in its styles) instead of
// drawing it again. What a frame adds to the sandbox's own is far less
// than drawing the panel.
func TestSandboxFramesReuseThePanel(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	next, _ := open(t, "bulkhead-20", Options{Theme: tuitest.Color()}).Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	m := next.(Model)
	m.rebuildSandbox(true)
	if !m.wide() {
		t.Fatal("the panel is not beside the sandbox")
	}
	start, i := time.Unix(0, 0), 0
	frame := func() {
		i++
		next, _ := m.Update(m.sb.FrameAt(start.Add(time.Duration(i) * playback.Frame)))
		m = next.(Model)
		_ = m.View()
	}
	frame()
	pw := panelWidth(m.w)
	panel := testing.AllocsPerRun(5, func() { _ = pane.Block(m.panel(pw, m.h), pw, m.h) })
	whole := testing.AllocsPerRun(20, frame)
	sb := *m.sb
	alone := testing.AllocsPerRun(20, func() {
		i++
		next, _ := sb.Update(sb.FrameAt(start.Add(time.Duration(i) * playback.Frame)))
		sb = next.(sandbox.Model)
		_ = sb.View()
	})
	if added := whole - alone; added > panel/2 {
		t.Errorf("a sandbox frame adds %.0f allocations to the sandbox's %.0f; drawing the panel makes %.0f: the frame draws the panel again", added, alone, panel)
	}
	// A message of the screen's own draws it again.
	before := m.View()
	next, _ = m.Update(savedMsg{err: errors.New("disk full")})
	if v := next.(Model).View(); v == before || !strings.Contains(v, "disk full") {
		t.Error("a note for the panel left the screen as it was")
	}
}
