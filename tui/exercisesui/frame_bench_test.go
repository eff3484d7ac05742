package exercisesui

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// BenchmarkFrame is one frame of the exercises runner while the current
// exercise's tests run again after a failure: the spinner's tick (the
// clock a tenth of a second on), then the full View with the last
// failure's details, at 80×24, 100×30, 120×40 and 200×60.
func BenchmarkFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(termenv.ANSI256)
			at := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)
			f := newFake()
			m := New(f, Options{Manual: true, Renderer: r, Now: func() time.Time { return at }})
			next, _ := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			m = next.(Model)
			e := m.current()
			_ = m.startCheck(e)
			next, _ = m.Update(checkedMsg{name: e.Name, gen: m.gen[e.Name], result: f.Check(context.Background(), e, nil)})
			m = next.(Model)
			_ = m.startCheck(e) // tested again: the spinner turns
			if len(m.running) == 0 {
				b.Fatal("no check runs")
			}
			var view string
			b.ReportAllocs()
			for b.Loop() {
				at = at.Add(100 * time.Millisecond)
				next, _ := m.Update(tickMsg{})
				m = next.(Model)
				view = m.View()
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}
