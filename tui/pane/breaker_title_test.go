package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A breaker pane's title holds its form while the state changes: a
// reviewer at 40 to 60 columns saw it switch between "payment ──
// HALF-OPEN" and "Breaker · payment ── CLOSED" from frame to frame, as
// the state's word changed length.
func TestBreakerTitleHoldsAsTheStateChanges(t *testing.T) {
	for _, w := range []int{40, 44, 50, 55, 60} {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetSize(w, 12)
		titles := map[string]string{} // title → the state beside it first
		for at := 0.1; at < 6; at += 0.1 {
			b.SetData(tuitest.At(t, "checkout", 3, at))
			top := strings.Split(ansi.Strip(b.View()), "\n")[0]
			title, rest, _ := strings.Cut(strings.TrimPrefix(top, "╭─ "), " ─")
			note := strings.Trim(rest, "─╮ ")
			if _, seen := titles[title]; !seen {
				titles[title] = note
			}
		}
		if len(titles) != 1 {
			t.Errorf("at width %d the title changes with the state: %q", w, titles)
		}
	}
}

// A narrow breaker pane says less rather than cut its title, its state
// strip or its first words ("HALF-OP…", "○ half-…", "No circuit breaker
// in this …"): the note goes, the strip drops its arrows, then keeps the
// lit state alone, and "No circuit breaker." stands for the longer line.
func TestNarrowBreakerPaneCutsNoHeadWord(t *testing.T) {
	for _, c := range []struct {
		variant int
		at      float64
	}{{0, 3}, {3, 2}, {3, 4.3}, {3, 5}} {
		d := tuitest.At(t, "checkout", c.variant, c.at)
		for _, w := range []int{22, 24, 26, 30} {
			b := pane.NewBreaker(tuitest.Plain())
			b.SetData(d)
			b.SetSize(w, 8)
			v := ansi.Strip(b.View())
			for _, l := range strings.Split(v, "\n")[:2] {
				if strings.Contains(l, "…") {
					t.Errorf("checkout variant %d at %v s, width %d: cut %q:\n%s", c.variant+1, c.at, w, l, v)
				}
			}
		}
	}
}
