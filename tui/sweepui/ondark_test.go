package sweepui

import (
	"image/color"
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/muesli/termenv"
)

// On a dark background each of the heatmap's bands, as the terminal is
// sent it in true colour and in 256 colours, reads against black at 3:1,
// WCAG's least for graphics: the pictures' best band, a navy, is 2.0:1
// there (2.98:1 in 256 colours), and the best cells were the hardest to
// see. Each band is lighter than the better one before it, so the
// legend's "darker: better" holds as the terminal draws it.
func TestHeatmapBandsOnDark(t *testing.T) {
	black := color.RGBA{0, 0, 0, 255}
	sc := scenarios.Cascade()
	for _, metric := range []string{"search.ok", "search.rejected"} {
		m, err := sweep.ParseMetric(metric, sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		pl := &sweep.Plan{Measure: m}
		pal := heatbands.For(pl)
		higher, _ := heatbands.HigherIsBetter(pl)
		for _, p := range []profile{{"true colour", termenv.TrueColor}, {"256 colours", termenv.ANSI256}} {
			r := theme.Plain()
			r.SetColorProfile(p.Profile)
			r.SetHasDarkBackground(true)
			// inks lays the bands out lowest values first; read them
			// from the best.
			fromBest := inks(theme.New(r), pal)
			if higher {
				slices.Reverse(fromBest[:])
			}
			prev := 0.0
			for k, ink := range fromBest {
				fg, ok := ink.Foreground()
				if !ok {
					t.Errorf("%s, %s: band %d from the best has no colour", metric, p.name, k)
					continue
				}
				c := theme.Contrast(fg, black)
				if c < 3 {
					t.Errorf("%s, %s: band %d from the best is %s, %.2f:1 against black", metric, p.name, k, hex(fg), c)
				}
				if c <= prev {
					t.Errorf("%s, %s: band %d from the best is %s, no lighter than the better band before it", metric, p.name, k, hex(fg))
				}
				prev = c
			}
		}
	}
}

// hex writes c as "#rrggbb".
func hex(c color.Color) string { return heatbands.Hex(color.RGBAModel.Convert(c).(color.RGBA)) }

// profile is a colour profile and its name for a failure's message.
type profile struct {
	name string
	termenv.Profile
}
