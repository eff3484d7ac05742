package livelab

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// BenchmarkView is the live lab's View alone on a fixed state, three
// seconds into the checkout's protected mode and the Go server: what a
// frame costs past its tick (BenchmarkFrame has both), at 80×24, 120×40
// and 200×60. Its drawn screen is dropped each time, as a tick drops it,
// so each View draws: the panes keep their own views, and what is left is
// the screen's work, the head and the columns (the footer is layout's).
func BenchmarkView(b *testing.B) {
	for _, mode := range benchModes {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			b.Run(fmt.Sprintf("%s/%dx%d", mode.name, size[0], size[1]), func(b *testing.B) {
				snaps := benchReal(b, mode.scenario(), mode.variant, 100*time.Millisecond)
				read := 0
				real := func() engine.Snapshot {
					read = min(read+1, len(snaps))
					return snaps[read-1]
				}
				m, err := New(Options{Theme: tuitest.Color(), Scenario: mode.scenario(), Variant: mode.variant, Seed: 5, Where: "127.0.0.1:7011, durations ×0.5", Real: real})
				if err != nil {
					b.Fatal(err)
				}
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				for range 30 {
					m.Update(tickMsg{})
				}
				view := m.View()
				b.ReportAllocs()
				for b.Loop() {
					m.view = ""
					view = m.View()
				}
				b.ReportMetric(float64(len(view)), "view-B")
			})
		}
	}
}
