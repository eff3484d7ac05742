package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// Compare mode at 80 columns gives multi-hop's breaker pane two rows:
// "Every call is sent, however often the" stopped there as if the text
// ended. A text cut short ends in " …" between words; one with room ends in its full
// stop.
func TestNoBreakerTextCutShowsIt(t *testing.T) {
	racefree.Only(t) // no goroutine: a pane drawn and read
	for _, h := range []int{4, 5, 8} {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetData(tuitest.At(t, "multi-hop", 0, 10))
		b.SetSize(40, h)
		lines := strings.Split(ansi.Strip(b.View()), "\n")
		tuitest.CheckBlock(t, b.View(), 40, h)
		tuitest.CheckNoCuts(t, "breaker pane", b.View())
		last := ""
		for _, l := range lines[1 : len(lines)-1] {
			if s := strings.TrimSpace(strings.Trim(l, "│")); s != "" {
				last = s
			}
		}
		if !strings.HasSuffix(last, ".") && !strings.HasSuffix(last, " …") {
			t.Errorf("height %d: the text stops mid-sentence with no …:\n%s", h, strings.Join(lines, "\n"))
		}
	}
}
