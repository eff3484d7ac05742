package heatbands

import (
	"image/color"
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
)

// On a dark background every band reads against black at 3:1 (WCAG's
// least for graphics; the pictures' navy is 2.0:1 there), and each is
// lighter than the better one before it, so the legend's "darker: better"
// holds; For lays them out in the very order of Colors.
func TestOnDarkBands(t *testing.T) {
	black := color.RGBA{0, 0, 0, 255}
	for k, c := range goodToBadOnDark {
		if r := theme.Contrast(c, black); r < 3 {
			t.Errorf("band %d from the best, %s, is %.2f:1 against black", k, Hex(c), r)
		}
		if k > 0 && theme.Contrast(c, black) <= theme.Contrast(goodToBadOnDark[k-1], black) {
			t.Errorf("band %d from the best, %s, is no lighter than the one before, %s", k, Hex(c), Hex(goodToBadOnDark[k-1]))
		}
	}
	for _, metric := range []string{"search.ok", "search.rejected", "search.p99"} {
		p := For(planOf(t, metric, ""))
		for k := range p.Colors {
			if place(goodToBad, p.Colors[k]) != place(goodToBadOnDark, p.OnDark[k]) {
				t.Errorf("%s: band %d is %s in pictures, %s on dark: not the same place from the best", metric, k, Hex(p.Colors[k]), Hex(p.OnDark[k]))
			}
		}
	}
}
