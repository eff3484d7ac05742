package challengeui

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// benchChallenge opens a challenge at w×h, graded, with its sandbox
// playing from the start at 1×.
func benchChallenge(b *testing.B, id string, w, h int) Model {
	b.Helper()
	c, err := challenge.Lookup(id)
	if err != nil {
		b.Fatal(err)
	}
	m, err := New(Options{Challenge: c, Theme: tuitest.Color()})
	if err != nil {
		b.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m = next.(Model)
	next, _ = m.Update(m.gradeNow()())
	m = next.(Model)
	if m.Result() == nil {
		b.Fatal("the challenge was not graded")
	}
	m.rebuildSandbox(true)
	if !m.sb.Playing() {
		b.Fatal("the sandbox does not play")
	}
	return m
}

// BenchmarkFrame is one frame of the challenge screen while its run plays
// at 1×: the sandbox's tick (1/30 s of virtual time) through the screen's
// Update, then the full View: from 128×40 on the panel beside the
// sandbox; at 80×24, where they take the screen in turn, the sandbox (the
// page the tick moves).
func BenchmarkFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {128, 40}, {160, 48}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := benchChallenge(b, "bulkhead-20", size[0], size[1])
			if m.wide() != (size[0] >= 128) {
				b.Fatalf("at %dx%d the panel is beside the sandbox: %v", size[0], size[1], m.wide())
			}
			if !m.wide() {
				m.page = onSandbox
			}
			start := time.Unix(0, 0)
			var view string
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if !m.sb.Playing() {
					m.rebuildSandbox(true) // at the end: from the start again
					start, i = start.Add(time.Duration(i)*playback.Frame), 0
				}
				next, _ := m.Update(m.sb.FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
				m = next.(Model)
				view = m.View()
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}
