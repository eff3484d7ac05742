package pane_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The call chain's columns hold still as its pools fill and drain: a
// pool's "2/32" becoming "16/32" moved the queue, the breaker and the
// rest of the row a cell, frame to frame, in a built system at 80x24.
func TestChainColumnsHoldStill(t *testing.T) {
	for _, w := range []int{42, 60, 90} {
		heads := map[string][]float64{}
		for at := 1.0; at <= 40; at++ {
			c := pane.NewChain(tuitest.Plain())
			c.SetData(tuitest.At(t, "multi-hop", 0, at))
			c.SetSize(w, 12)
			head := strings.Split(ansi.Strip(c.View()), "\n")[1]
			heads[head] = append(heads[head], at)
		}
		if len(heads) > 1 {
			var b strings.Builder
			for h, ats := range heads {
				fmt.Fprintf(&b, "%s at %v s\n", h, ats)
			}
			t.Errorf("width %d: the heading moved between frames:\n%s", w, b.String())
		}
	}
}
