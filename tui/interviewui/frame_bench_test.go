package interviewui

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// benchWriting is the interview on the payment prompt at w×h, its side
// panel's runs in, with an answer half written.
func benchWriting(b *testing.B, w, h int) (Model, *clockAt) {
	b.Helper()
	c := &clockAt{start}
	m, err := New(Options{Theme: tuitest.Color(), Prompt: "payment-checkout", Now: c.now})
	if err != nil {
		b.Fatal(err)
	}
	m = settle(tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h}))
	m = typeIn(m, answer)
	if m.phase != writing {
		b.Fatal("the answer is not being written")
	}
	return m, c
}

// BenchmarkFrame is one frame of the interview while the answer is
// written: the countdown's tick (a second on), then the full View; and a
// key typed into the answer, then the full View.
func BenchmarkFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}} {
		b.Run(fmt.Sprintf("tick/%dx%d", size[0], size[1]), func(b *testing.B) {
			m, c := benchWriting(b, size[0], size[1])
			var view string
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				c.t = start.Add(time.Duration(i%500) * time.Second)
				next, _ := m.Update(tickMsg{})
				m = next.(Model)
				view = m.View()
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
		b.Run(fmt.Sprintf("key/%dx%d", size[0], size[1]), func(b *testing.B) {
			m, _ := benchWriting(b, size[0], size[1])
			tuitest.BenchKeys(b, m, "x", "backspace")
		})
	}
}

// BenchmarkRubricFrame is one frame of the rubric being graded: space
// toggles a point's mark, then the full View. The layout asks of every
// point of the rubric whether it fits beside the strip of marks
// (showStrip), measured once in Update, not in each frame.
func BenchmarkRubricFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m, _ := benchWriting(b, size[0], size[1])
			m = tuitest.Press(m, "ctrl+d")
			if !m.Grading() {
				b.Fatal("the answer was not handed in")
			}
			tuitest.BenchKeys(b, m, "space")
		})
		// The same with the notice of a save under the rubric, which a
		// grade leaves on screen: wrapped in Update, not in each frame.
		b.Run(fmt.Sprintf("saved/%dx%d", size[0], size[1]), func(b *testing.B) {
			m, _ := benchWriting(b, size[0], size[1])
			m = tuitest.Send(tuitest.Press(m, "ctrl+d"), savedMsg{path: "interviews/1.md", n: 12})
			if m = tuitest.Press(m, "space"); m.note == "" {
				b.Fatal("no notice under the rubric")
			}
			tuitest.BenchKeys(b, m, "space")
		})
	}
}
