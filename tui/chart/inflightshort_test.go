package chart_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// At a height of 5 the in-flight chart had one plot row, labelled 0, and
// drew every mark on it: 16 calls in flight read as none. From 6 rows the
// plot separates the line's values onto rows of their own; below, the
// chart says the figures the line would draw, and why there is no line.
func TestInFlightShortHeights(t *testing.T) {
	racefree.Only(t) // no goroutine: the runs and the drawing are on this one
	d := tuitest.At(t, "checkout", 0, 30)
	dep := &d.Snap.Dependencies[0]
	for _, h := range []int{5, 6, 7, 8} {
		f := chart.NewInFlight(tuitest.Plain())
		f.SetSize(60, h)
		f.SetData(d)
		v := ansi.Strip(f.View())
		lines := strings.Split(v, "\n")
		axis := -1
		for i, l := range lines {
			if strings.Contains(l, "└") {
				axis = i
			}
		}
		if axis < 0 {
			want := fmt.Sprintf("most %s", pane.Count(dep.InFlightMax))
			if !strings.Contains(v, want) || !strings.Contains(v, "too short") {
				t.Errorf("height %d: no plot, and no %q with why:\n%s", h, want, v)
			}
			continue
		}
		rows := 0
		for _, l := range lines[1:axis] {
			if _, plot, ok := strings.Cut(strings.TrimPrefix(l, "│"), "│"); ok && strings.ContainsRune(plot, 'p') {
				rows++
			}
		}
		if rows < 2 {
			t.Errorf("height %d: a line from 0 to %d in flight drawn on %d row(s):\n%s", h, dep.InFlightMax, rows, v)
		}
	}
}
