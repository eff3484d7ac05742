package sandbox

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// inFlightTop is the label at the top of a chart's y axis, as drawn.
var inFlightTop = regexp.MustCompile(`(?m)^│ *([0-9.]+)[│┤]`)

// Compare mode's two charts of the calls in flight, side by side to be
// compared, are drawn on one y scale, the larger of their own: variant 1's
// recommendations reach some 400 in flight by 18 s, variant 3's are held
// to its bulkhead's 20, and on their own scales (500 and 50) the two
// lines stood about as high.
func TestCompareInFlightShareOneScale(t *testing.T) {
	racefree.Only(t) // no goroutine: the model is driven by hand
	for _, sz := range [][2]int{{120, 60}, {200, 60}} {
		m := newModel(t, sz[0], sz[1], Options{})
		m = seekTo(t, m, 18*time.Second)
		m = press(m, "c")
		m.View()
		a, b := m.cmp.sides[0].inf, m.cmp.sides[1].inf
		own := [2]float64{a.ScaleTop(), b.ScaleTop()}
		if own[0] == own[1] {
			t.Fatalf("%v: both sides' own tops are %v: the test shows nothing", sz, own[0])
		}
		want := strconv.FormatFloat(max(own[0], own[1]), 'f', -1, 64)
		for i, view := range []string{a.View(), b.View()} {
			if got := inFlightTop.FindStringSubmatch(view); got == nil || got[1] != want {
				t.Errorf("%v: side %d's scale tops out at %v, want the larger of %v, %s:\n%s", sz, i, got, own, want, view)
			}
		}
	}
}
