package heatbands

import (
	"image/color"
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
)

// On its background every band of a terminal's ramp reads at 3:1 (WCAG's
// least for graphics: on white the pictures' palest band is 1.03:1, on
// black their navy 2.0:1), and each is lighter than the better one before
// it, so the legend's "darker: better" holds on either; For lays them out
// in the very order of Colors.
func TestTerminalBandsOnTheirBackground(t *testing.T) {
	for _, bg := range []struct {
		name string
		ramp [N]color.RGBA
		ink  color.RGBA
		of   func(Palette) [N]color.RGBA
	}{
		{"light", goodToBadOnLight, color.RGBA{255, 255, 255, 255}, func(p Palette) [N]color.RGBA { return p.OnLight }},
		{"dark", goodToBadOnDark, color.RGBA{0, 0, 0, 255}, func(p Palette) [N]color.RGBA { return p.OnDark }},
	} {
		lum := func(c color.RGBA) float64 { return theme.Contrast(c, color.RGBA{0, 0, 0, 255}) } // lighter: higher
		for k, c := range bg.ramp {
			if r := theme.Contrast(c, bg.ink); r < 3 {
				t.Errorf("on %s: band %d from the best, %s, is %.2f:1 against its background", bg.name, k, Hex(c), r)
			}
			if k > 0 && lum(c) <= lum(bg.ramp[k-1]) {
				t.Errorf("on %s: band %d from the best, %s, is no lighter than the one before, %s", bg.name, k, Hex(c), Hex(bg.ramp[k-1]))
			}
		}
		for _, metric := range []string{"search.ok", "search.rejected", "search.p99"} {
			p := For(planOf(t, metric, ""))
			on := bg.of(p)
			for k := range p.Colors {
				if place(goodToBad, p.Colors[k]) != place(bg.ramp, on[k]) {
					t.Errorf("%s: band %d is %s in pictures, %s on %s: not the same place from the best", metric, k, Hex(p.Colors[k]), Hex(on[k]), bg.name)
				}
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
