package shardview

import (
	"testing"
	"time"

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

// BenchmarkFrame is one animation frame while playing at 1×: a tick that
// advances 1/30 s of virtual time on both sides, then the full View at
// 160×48.
func BenchmarkFrame(b *testing.B) {
	m := benchModel(b, 160, 48)
	m.playing = true
	start := time.Unix(0, 0)
	m.last = start
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m.run.now() >= m.run.end()-time.Second {
			_ = m.run.restart()
		}
		next, _ := m.Update(tickMsg{id: m.tickID, at: start.Add(time.Duration(i+1) * frame)})
		m = next.(Model)
		m.last = start.Add(time.Duration(i+1) * frame)
		_ = m.View()
	}
}

// BenchmarkFrameCold redraws every pane from scratch at 160×48, as after a
// resize.
func BenchmarkFrameCold(b *testing.B) {
	m := benchModel(b, 160, 48)
	_ = m.run.seek(2500 * time.Millisecond)
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
	m.playing = true
	start := time.Unix(0, 0)
	m.last = start
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m.run.now() >= m.run.end()-time.Second {
			_ = m.run.restart()
		}
		next, _ := m.Update(tickMsg{id: m.tickID, at: start.Add(time.Duration(i+1) * frame)})
		m = next.(Model)
		m.last = start.Add(time.Duration(i+1) * frame)
		_ = m.View()
	}
}
