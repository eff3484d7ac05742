package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
)

func benchModel(b *testing.B, w, h, variant int) Model {
	b.Helper()
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	sc, _ := scenarios.Lookup("cascade")
	m, err := New(Options{Theme: theme.New(r), Scenario: sc.Build(), Seed: 5, Variant: variant})
	if err != nil {
		b.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return next.(Model)
}

// BenchmarkFrame is one animation frame while playing at 1×: a tick that
// advances 1/30 s of virtual time, then the full View at 160×48.
func BenchmarkFrame(b *testing.B) {
	m := benchModel(b, 160, 48, 0)
	m.clock.Play(true)
	start := time.Unix(0, 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m.sim.now() >= m.sim.end()-time.Second {
			_ = m.sim.restart()
		}
		next, _ := m.Update(m.clock.FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
		m = next.(Model)
		_ = m.View()
	}
}

// BenchmarkFrameCold redraws every pane from scratch at 160×48, as after a
// resize or a variant switch.
func BenchmarkFrameCold(b *testing.B) {
	m := benchModel(b, 160, 48, 2)
	_ = m.sim.seek(26 * time.Second)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		w := 160 - i%2
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 48})
		m = next.(Model)
		m.refresh()
		_ = m.View()
	}
}

// BenchmarkCompareFrame is one frame of compare mode at 160×48: a tick
// that advances both sides 1/30 s, then the full View.
func BenchmarkCompareFrame(b *testing.B) {
	m := benchModel(b, 160, 48, 0)
	if err := m.openCompare(0, 2, "", ""); err != nil {
		b.Fatal(err)
	}
	m.refresh()
	m.clock.Play(true)
	start := time.Unix(0, 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m.now() >= m.end()-time.Second {
			_ = m.restart()
		}
		next, _ := m.Update(m.clock.FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
		m = next.(Model)
		_ = m.View()
	}
}

// BenchmarkFrameLarge is one animation frame at 200×60, where the breaker
// history and the latency chart join the four panes: a tick that advances
// 1/30 s of virtual time on the breaker variant, then the full View.
func BenchmarkFrameLarge(b *testing.B) {
	m := benchModel(b, 200, 60, 2)
	m.clock.Play(true)
	start := time.Unix(0, 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m.sim.now() >= m.sim.end()-time.Second {
			_ = m.sim.restart()
		}
		next, _ := m.Update(m.clock.FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
		m = next.(Model)
		_ = m.View()
	}
}

// BenchmarkFrameLargeCold redraws every pane from scratch at 200×60.
func BenchmarkFrameLargeCold(b *testing.B) {
	m := benchModel(b, 200, 60, 2)
	_ = m.sim.seek(26 * time.Second)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		w := 200 - i%2
		next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: 60})
		m = next.(Model)
		m.refresh()
		_ = m.View()
	}
}
