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

// On either background each of the heatmap's bands, as the terminal is
// sent it in true colour and in 256 colours, reads against it at 3:1,
// WCAG's least for graphics: on white the pictures' palest band, a pale
// yellow, is 1.03:1 and its cells vanished; on black their best band, a
// navy, is 2.0:1 (2.98:1 in 256 colours) and the best cells were the
// hardest to see. On black each band is lighter than the better one
// before it, so the legend's "darker: better" holds as the terminal
// draws it.
func TestHeatmapBandsOnTheirBackground(t *testing.T) {
	sc := scenarios.Cascade()
	for _, bg := range []struct {
		name string
		dark bool
		ink  color.RGBA
	}{{"white", false, color.RGBA{255, 255, 255, 255}}, {"black", true, color.RGBA{0, 0, 0, 255}}} {
		for _, metric := range []string{"search.ok", "search.rejected"} {
			m, err := sweep.ParseMetric(metric, sc, 0)
			if err != nil {
				t.Fatal(err)
			}
			pl := &sweep.Plan{Measure: m}
			higher, _ := heatbands.HigherIsBetter(pl)
			for _, p := range []profile{{"true colour", termenv.TrueColor}, {"256 colours", termenv.ANSI256}} {
				r := theme.Plain()
				r.SetColorProfile(p.Profile)
				r.SetHasDarkBackground(bg.dark)
				// inks lays the bands out lowest values first; read them
				// from the best.
				fromBest := inks(theme.New(r), heatbands.For(pl))
				if higher {
					slices.Reverse(fromBest[:])
				}
				prev := 0.0
				for k, ink := range fromBest {
					fg, ok := ink.Foreground()
					if !ok {
						t.Errorf("on %s, %s, %s: band %d from the best has no colour", bg.name, metric, p.name, k)
						continue
					}
					c := theme.Contrast(fg, bg.ink)
					if c < 3 {
						t.Errorf("on %s, %s, %s: band %d from the best is %s, %.2f:1", bg.name, metric, p.name, k, hex(fg), c)
					}
					if bg.dark && c <= prev {
						t.Errorf("on %s, %s, %s: band %d from the best is %s, no lighter than the better band before it", bg.name, metric, p.name, k, hex(fg))
					}
					prev = c
				}
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
