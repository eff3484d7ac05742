package sweepui

import (
	"image/color"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/muesli/termenv"
)

// On a light background each of the heatmap's bands, as the terminal is
// sent it in true colour and in 256 colours, reads against white at 3:1,
// WCAG's least for graphics: the dark background's palest band, a pale
// yellow, is 1.03:1 there, and its cells vanish.
func TestHeatmapBandsOnLight(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	sc := scenarios.Cascade()
	for _, metric := range []string{"search.ok", "search.rejected"} {
		m, err := sweep.ParseMetric(metric, sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		pal := heatbands.For(&sweep.Plan{Measure: m})
		for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256} {
			r := theme.Plain()
			r.SetColorProfile(p)
			r.SetHasDarkBackground(false)
			for k, ink := range inks(theme.New(r), pal) {
				fg, ok := ink.Foreground()
				if !ok {
					t.Errorf("%s, %v: band %d has no colour", metric, p, k)
					continue
				}
				if c := theme.Contrast(fg, white); c < 3 {
					t.Errorf("%s, %v: band %d is %v, %.2f:1 against white", metric, p, k, fg, c)
				}
			}
		}
	}
}
