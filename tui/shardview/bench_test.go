package shardview

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
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
	var view string
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if m.run.Now() >= m.run.End()-time.Second {
			_ = m.run.Restart()
		}
		next, _ := m.Update(m.clock.FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
		m = next.(Model)
		view = m.View()
	}
	b.ReportMetric(float64(len(view)), "view-B")
}

// BenchmarkFrame is one animation frame while playing at 1×: a tick that
// advances 1/30 s of virtual time on both sides, then the full View at
// 80×24, 160×48 and 200×60.
func BenchmarkFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {160, 48}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			playFrames(b, benchModel(b, size[0], size[1]))
		})
	}
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

// formRecheckModel is the knob form at 160×48 of s with enter just
// refused for workers, which every edit then checks the setup again for
// (recheckSetup), the cursor on the poisoned customer.
func formRecheckModel(b *testing.B, s Setup, workers string) Model {
	b.Helper()
	m, err := New(Options{Theme: tuitest.Plain(), Seed: tuitest.Seed, Setup: s})
	if err != nil {
		b.Fatal(err)
	}
	m = send(m, tea.WindowSizeMsg{Width: 160, Height: 48})
	m = press(m, "e", "ctrl+u")
	for _, r := range workers {
		m = press(m, string(r))
	}
	m = press(m, "enter")
	if m.form == nil || m.form.checked == nil {
		b.Fatalf("%s workers were not refused by the setup", workers)
	}
	for m.form.knobs[m.form.focus].label != "poisoned customer" {
		m = press(m, "tab")
	}
	return m
}

// benchFormRecheck types a 1 after the poisoned customer's 0 and takes it
// back, a key at a time, each followed by the View it redraws: each key
// makes a setup still refused, and checks it again.
func benchFormRecheck(b *testing.B, m Model) {
	keys := []tea.KeyMsg{keyMsg("1"), keyMsg("backspace")}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		next, _ := m.Update(keys[i%2])
		m = next.(Model)
		_ = m.View()
	}
	if m.form.checked == nil || m.form.err == "" {
		b.Fatal("the setup's complaint left: the keys were not checked against it")
	}
}

// BenchmarkFormKeyRecheck is a key in the knob form while the setup's
// complaint is shown, on the reference's fleet with shuffled shards on the
// left: they are drawn before the right side's plain shards refuse 9
// workers in shards of 2.
func BenchmarkFormKeyRecheck(b *testing.B) {
	s := DefaultSetup()
	s.Left, s.Right = shuffle.StrategyShuffle, shuffle.StrategyPlain
	benchFormRecheck(b, formRecheckModel(b, s, "9"))
}

// BenchmarkFormKeyRecheckLargest is BenchmarkFormKeyRecheck on the view's
// largest fleet (2,048 workers with 4 each, 10,000 customers) with hashed
// shards on the left, the dearest to draw, before plain shards refuse
// 2,047 workers.
func BenchmarkFormKeyRecheckLargest(b *testing.B) {
	s := DefaultSetup()
	s.Workers, s.PerCustomer, s.Customers = MaxWorkers, 4, MaxCustomers
	s.Left, s.Right, s.MaxShared = shuffle.StrategyHash, shuffle.StrategyPlain, 2
	benchFormRecheck(b, formRecheckModel(b, s, "2047"))
}
