package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A pool's row keeps "in use" after its count wherever the words fit: at
// mid widths go-server's transport, a pool with no size and so no bar,
// read "transport 0 · 0 wait", a bare number, with room for "0 in use ·
// 0 wait". Every width is tried, the pool idle and busy, dialling or not.
func TestLgPoolRowSaysInUseWhereItFits(t *testing.T) {
	for _, at := range []float64{1, 15, 30, 45} {
		for v := range 2 {
			d := tuitest.At(t, "go-server", v, at)
			for w := 16; w <= 100; w++ {
				view := limitsView(d, w, 12)
				for _, pool := range []string{"transport", "database"} {
					row := lineWith(view, "│"+pool+" ")
					if row == "" || strings.Contains(row, "in use") {
						continue
					}
					// The words after the name and the bar, and the
					// blank cells after them, up to the frame.
					inside := []rune(strings.TrimSuffix(strings.TrimPrefix(row, "│"), "│"))
					text := strings.TrimRight(string(inside), " ")
					free := len(inside) - len([]rune(text))
					fields := strings.SplitN(strings.TrimSpace(strings.TrimPrefix(text, pool)), " · ", 2)
					if len(fields) < 2 || !strings.HasSuffix(fields[1], " wait") {
						continue
					}
					count := fields[0]
					if i := strings.LastIndex(count, " "); i >= 0 {
						count = count[i+1:] // past the bar
					}
					if len(" in use") <= free && !strings.Contains(count, "dialling") {
						t.Errorf("go-server variant %d at %vs, %d wide: %q has room for \"%s in use\":\n%s", v+1, at, w, strings.TrimSpace(text), count, view)
					}
				}
			}
		}
	}
}
