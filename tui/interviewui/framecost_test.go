package interviewui

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// The countdown's tick, once a second while the answer is written, leaves
// the answer as it was: its frame reuses the text area drawn before
// (areaLines) instead of drawing its every row again with lipgloss, so it
// costs fewer allocations than drawing the area alone. The frame is still
// the one a fresh drawing gives.
func TestTickFrameReusesTheTextArea(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	m, c, _ := model(t, 100, 30, "payment-checkout")
	m = typeIn(m, answer)
	area := testing.AllocsPerRun(5, func() { _ = m.area.View() })
	frame := testing.AllocsPerRun(5, func() {
		next, _ := m.Update(tickMsg{})
		_ = next.(Model).View()
	})
	if frame >= area {
		t.Errorf("a tick's frame makes %.0f allocations, drawing the text area alone %.0f: the tick draws the area again", frame, area)
	}
	c.t = c.t.Add(61e9)
	next, _ := m.Update(tickMsg{})
	m = next.(Model)
	fresh := m
	fresh.areaDrawn = false
	if got, want := m.View(), fresh.View(); got != want {
		t.Errorf("the frame drawn with the kept text area differs from a fresh one:\n%s\nwant\n%s", got, want)
	}
}

// The side panel's chart of the worst design is drawn once for a size:
// ntcharts' canvas holds a cell struct per cell, and the frames of a
// 200×60 window drew it anew for every tick and key (2 MB each). Another
// size draws it again.
func TestWorstChartDrawnOncePerSize(t *testing.T) {
	racefree.Only(t)
	m, _, _ := model(t, 200, 60, "payment-checkout")
	sc := m.prompt.Scenario
	first := m.worstChart(sc, 80, 20)
	if len(first) == 0 {
		t.Fatal("no chart of the worst design")
	}
	if n := testing.AllocsPerRun(5, func() { _ = m.worstChart(sc, 80, 20) }); n > 0 {
		t.Errorf("the chart at the same size is drawn again: %.0f allocations", n)
	}
	if w := ansi.StringWidth(m.worstChart(sc, 60, 20)[0]); w != 60 {
		t.Errorf("drawn at 60 columns after 80, the chart is %d wide", w)
	}
}
