package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// poolView is the pool pane, plain, for d at w×h.
func poolView(t *testing.T, d pane.Data, w, h int) string {
	t.Helper()
	p := pane.NewPool(tuitest.Plain())
	p.SetData(d)
	p.SetSize(w, h)
	v := p.View()
	tuitest.CheckBlock(t, v, w, h)
	return ansi.Strip(v)
}

// A narrow pool pane says less rather than cut a word or a number: a
// reviewer saw "queue: 0 waiting…" and "bulkhead pay…" where "queue 0
// waiting" and "bulkhead 0/4" fit.
func TestNarrowPoolPaneCutsNoWord(t *testing.T) {
	for _, c := range []struct {
		variant int
		at      float64
	}{{0, 3}, {3, 4.3}, {4, 3}} {
		d := tuitest.At(t, "checkout", c.variant, c.at)
		for _, w := range []int{22, 24, 26, 30} {
			for _, h := range []int{5, 6, 8} {
				if v := poolView(t, d, w, h); strings.Contains(v, "…") {
					t.Errorf("checkout variant %d at %v s, %dx%d: a line is cut:\n%s", c.variant+1, c.at, w, h, v)
				}
			}
		}
	}
}

// A pool pane too short for its bulkhead's line and its queue's apart puts
// them in one line, where "… +2 more lines" took the place of both (the
// sandbox's compare mode at 80x24 gives the pool 40x5).
func TestShortPoolPaneFoldsBulkheadAndQueue(t *testing.T) {
	d := tuitest.At(t, "checkout", 3, 4.3) // bulkhead 3/4, an accept queue
	for _, w := range []int{40, 50} {
		v := poolView(t, d, w, 5)
		if strings.Contains(v, "more line") {
			t.Errorf("%dx5: lines hidden:\n%s", w, v)
		}
		for _, want := range []string{"h health 0", "bulkhead payment 3/4 · queue 0"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx5: the pane lacks %q:\n%s", w, want, v)
			}
		}
	}
}

// Shorter still, the legend's last line says how much more there is, in
// its brief form, rather than give way whole to "… +2 more lines".
func TestShortestPoolPaneKeepsTheLegend(t *testing.T) {
	v := poolView(t, tuitest.At(t, "checkout", 0, 3), 40, 4) // no bulkhead, a queue
	if !strings.Contains(v, "h 0  c 16  · 0  +1 more") {
		t.Errorf("40x4: the brief legend and what more there is, wanted:\n%s", v)
	}
}
