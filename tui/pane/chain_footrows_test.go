package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// At 80×24 multi-hop's totals wrapped mid-list, "cancelled 0 · abandoned
// 0 · expired 0 ·" / "unsent past deadline 0 ·" / "timed out at deadline
// 0", each line ending as if cut. At every width and height the chain
// gets, a totals line now holds whole figures and never ends on "·", and
// one that leaves figures out ends "…" and keeps the nonzero ones first.
func TestChainTotalsRowsEndWhole(t *testing.T) {
	for _, v := range []int{0, 1, 2} {
		d := tuitest.At(t, "multi-hop", v, 30)
		for w := 30; w <= 130; w++ {
			probe := pane.NewChain(tuitest.Plain())
			probe.SetData(d)
			for _, h := range []int{probe.MinHeight(w), probe.Needs(w), probe.Max(w)} {
				c := pane.NewChain(tuitest.Plain())
				c.SetData(d)
				c.SetSize(w, h)
				view := ansi.Strip(c.View())
				lines := strings.Split(view, "\n")
				foot := false
				for _, l := range lines {
					l = strings.TrimSpace(strings.Trim(l, "│"))
					if strings.HasPrefix(l, "cancelled") || strings.HasPrefix(l, "abandoned") || strings.HasPrefix(l, "expired") ||
						strings.HasPrefix(l, "unsent") || strings.HasPrefix(l, "timed out") {
						foot = true
					}
					if foot && strings.HasSuffix(l, "·") {
						t.Errorf("multi-hop variant %d, %dx%d: a totals line ends on a separator: %q\n%s", v+1, w, h, l, view)
					}
				}
				if !foot {
					t.Errorf("multi-hop variant %d, %dx%d: no totals line:\n%s", v+1, w, h, view)
				}
			}
		}
	}
}

// Where the rows left hold fewer figures than there are, the zeros give
// way first: multi-hop's propagated deadlines at 30 s, in one row 40
// cells wide, keep the deadline timeouts, not the zeros beside them.
func TestChainTotalsDropZerosFirst(t *testing.T) {
	d := tuitest.At(t, "multi-hop", 2, 30)
	c := pane.NewChain(tuitest.Plain())
	c.SetData(d)
	c.SetSize(42, 2+1+4+1) // the frame, the heading, four hops, one row of totals
	view := ansi.Strip(c.View())
	lines := strings.Split(view, "\n")
	foot := strings.TrimSpace(strings.Trim(lines[len(lines)-2], "│"))
	if !strings.HasPrefix(foot, "timed out at deadline ") || strings.HasPrefix(foot, "timed out at deadline 0") || !strings.HasSuffix(foot, " · …") {
		t.Errorf("one row of totals reads %q, want the deadline timeouts, not zero, then the mark of those left out:\n%s", foot, view)
	}
}
