package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A pool pane too short for its legend and its bulkhead does not lose them
// below the frame without a sign. Lesson 4 step 8 at 80x24 gave the pool
// three rows: the legend wrapped to two lines and the bulkhead's followed,
// so "r recommendations 15" and the bulkhead's line were cut off while r
// cells showed. Short, the legend keeps each letter and its count and the
// bulkhead one line with its count (its name whole where it fits, else
// the word alone: never "bulkhead recomm… 20/20"); shorter still, the
// last line says how many more there are.
func TestShortPoolPaneSaysWhatDoesNotFit(t *testing.T) {
	d := tuitest.At(t, "cascade", 1, 22) // recommendations' bulkhead full at 20
	for _, w := range []int{36, 45} {
		p := pane.NewPool(tuitest.Plain())
		p.SetData(d)
		p.SetSize(w, 5)
		v := p.View()
		tuitest.CheckBlock(t, v, w, 5)
		for _, want := range []string{"s 10", "p 8", "r 20", "· 162", "20/20 full"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx5: the pane lacks %q:\n%s", w, want, v)
			}
		}
		if !strings.Contains(v, "bulkhead recommendations 20/20") && !strings.Contains(v, "bulkhead 20/20") {
			t.Errorf("%dx5: the bulkhead's line, whole, wanted:\n%s", w, v)
		}
		p.SetSize(w, 4)
		v = p.View()
		tuitest.CheckBlock(t, v, w, 4)
		if !strings.Contains(v, "r 20  · 162  +1 more") {
			t.Errorf("%dx4: the legend, and a line saying one more does not fit, wanted:\n%s", w, v)
		}
	}
}
