package shardview

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

func benchModel(b *testing.B, w, h int) Model {
	b.Helper()
	m, err := New(Options{Theme: tuitest.Color(), Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return next.(Model)
}

// playFrames plays m at 1×, one frame per iteration: a tick that advances
// 1/30 s of virtual time on both sides, then the full View.
func playFrames(b *testing.B, m Model) {
	m.clock.Play(true)
	start := time.Unix(0, 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m.run.Now() >= m.run.End()-time.Second {
			_ = m.run.Restart()
		}
		next, _ := m.Update(m.clock.FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
		m = next.(Model)
		_ = m.View()
	}
}

// BenchmarkFrame is one animation frame while playing at 1×: a tick that
// advances 1/30 s of virtual time on both sides, then the full View at
// 160×48.
func BenchmarkFrame(b *testing.B) {
	m := benchModel(b, 160, 48)
	playFrames(b, m)
}

// BenchmarkFrameCold redraws every pane from scratch at 160×48, as after a
// resize.
func BenchmarkFrameCold(b *testing.B) {
	m := benchModel(b, 160, 48)
	_ = m.run.Seek(2500 * time.Millisecond)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		next, _ := m.Update(tea.WindowSizeMsg{Width: 160 - i%2, Height: 48})
		m = next.(Model)
		m.refresh()
		_ = m.View()
	}
}

// BenchmarkFrameBigFleet is a playing frame of 2,048 workers with 4 each
// and 10,000 customers, the view's largest setup.
func BenchmarkFrameBigFleet(b *testing.B) {
	s := DefaultSetup()
	s.Workers, s.PerCustomer, s.Customers, s.Right = MaxWorkers, 4, MaxCustomers, "hash"
	m, err := New(Options{Theme: tuitest.Color(), Seed: 5, Setup: s})
	if err != nil {
		b.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	m = next.(Model)
	playFrames(b, m)
}
