package builder

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// BenchmarkFrame is one frame of the builder on a system made by keys (a
// service, a dependency, a fleet, a tenant and an endpoint beside the
// front, as built makes it), in colour, at 80×24 and 200×60. The builder
// has no animation: what redraws it is a key, here the cursor moving down
// the list of parts and back, then the full View with the map, the parts
// and the preview's charts.
func BenchmarkFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := New(Options{Theme: tuitest.Color(), Seed: tuitest.Seed})
			m = tuitest.Send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			m = tuitest.Press(m, "enter", "s", "d", "up", "up", "up", "d", "f", "t")
			if m.msgErr || len(m.parts) < 6 {
				b.Fatalf("the system was not built: %d parts, %q", len(m.parts), m.msg)
			}
			tuitest.BenchKeys(b, m, "down", "up")
		})
	}
}
