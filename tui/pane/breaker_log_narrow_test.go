package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A narrow breaker pane's transition log says less rather than cut its
// head or its lines ("transitions (2 earlie…", "12.5 s  half-open → o…"):
// the head shortens, a line keeps its time and the state it went to.
func TestNarrowBreakerLogCutsNothing(t *testing.T) {
	d := tuitest.At(t, "checkout", 3, 12)
	for w := 16; w <= 40; w++ {
		for _, h := range []int{9, 12, 16} {
			b := pane.NewBreaker(tuitest.Plain())
			b.SetData(d)
			b.SetSize(w, h)
			v := ansi.Strip(b.View())
			lines := strings.Split(v, "\n")
			log := -1
			for i, l := range lines {
				if body := strings.Trim(l, "│"); strings.HasPrefix(body, "transitions") || strings.HasPrefix(body, "last") {
					log = i
				}
			}
			if log < 0 {
				t.Fatalf("%dx%d: no log:\n%s", w, h, v)
			}
			for _, l := range lines[log:] {
				if strings.Contains(l, "…") {
					t.Errorf("%dx%d: a log line cut: %q\n%s", w, h, l, v)
				}
			}
		}
	}
}
