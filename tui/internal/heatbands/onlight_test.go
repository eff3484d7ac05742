package heatbands

import (
	"image/color"
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
)

// On a light background every band reads against white at 3:1 (WCAG's
// least for graphics), and each is lighter than the better one before it,
// so the legend's "darker: better" is as true there as on a dark
// background; For lays them out in the very order of Colors.
func TestOnLightBands(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	for k, c := range goodToBadOnLight {
		if r := theme.Contrast(c, white); r < 3 {
			t.Errorf("band %d from the best, %s, is %.2f:1 against white", k, Hex(c), r)
		}
		if k > 0 && theme.Contrast(c, white) >= theme.Contrast(goodToBadOnLight[k-1], white) {
			t.Errorf("band %d from the best, %s, is no lighter than the one before, %s", k, Hex(c), Hex(goodToBadOnLight[k-1]))
		}
	}
	for _, metric := range []string{"search.ok", "search.rejected", "search.p99"} {
		p := For(planOf(t, metric, ""))
		for k := range p.Colors {
			if place(goodToBad, p.Colors[k]) != place(goodToBadOnLight, p.OnLight[k]) {
				t.Errorf("%s: band %d is %s in pictures, %s on light: not the same place from the best", metric, k, Hex(p.Colors[k]), Hex(p.OnLight[k]))
			}
		}
	}
}

// place is c's index in ramp, or -1.
func place(ramp [N]color.RGBA, c color.RGBA) int {
	for k, r := range ramp {
		if r == c {
			return k
		}
	}
	return -1
}
