package sweepui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// paintedRun is a run of glyphs in one colour: the colour's codes and
// the glyphs.
var paintedRun = regexp.MustCompile("\x1b\\[([0-9;]+)m([·░▒▓█]+)\x1b\\[0m")

// barColours are the colour codes of a one-knob table's bars, a row's
// each, top to bottom; "" for a row whose bar is not painted.
func barColours(t *testing.T, out string, rows int) []string {
	t.Helper()
	var got []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.Contains(ansi.Strip(l), "█") {
			continue
		}
		m := paintedRun.FindAllStringSubmatch(l, -1)
		switch len(m) {
		case 0:
			got = append(got, "")
		case 1:
			got = append(got, m[0][1])
		default:
			t.Fatalf("a bar in %d colours: %q", len(m), l)
		}
	}
	if len(got) != rows {
		t.Fatalf("%d bars, want one a row, %d:\n%s", len(got), rows, out)
	}
	return got
}

// cellColours are the colour codes of a heat map's cells along its one
// row, left to right.
func cellColours(t *testing.T, out string, cells int) []string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if !strings.Contains(ansi.Strip(l), " │") {
			continue
		}
		var got []string
		for _, m := range paintedRun.FindAllStringSubmatch(l, -1) {
			got = append(got, m[1])
		}
		if len(got) != cells {
			t.Fatalf("%d painted cells, want %d: %q", len(got), cells, l)
		}
		return got
	}
	t.Fatalf("no row of cells:\n%s", out)
	return nil
}

// A one-knob sweep's bar is in the colour of the band its mean has on
// the heat map: the same values swept against a second knob of one value
// draw each cell in the colour of that value's bar, on a dark and on a
// light terminal, in true colour and in 256, for a measure where higher
// is better, one where lower is, and a result whose every cell holds one
// value (drawn in its one band, the best for all answered). The sandbox's
// overlay draws with HeatmapFit, which draws a one-knob result as the
// same table. The bars were drawn in the terminal's own colour whatever
// their value, and the map's band colours had no match in the table.
func TestOneKnobBarsShareTheHeatmapBands(t *testing.T) {
	const nx = 6
	x := "recommendations.timeout=200ms..5s:6"
	cases := []struct {
		name, metric string
		value        func(i int) float64
		bands        int // the distinct colours the bars must show
	}{
		{"ok, rising", "search.ok", func(i int) float64 { return 0.3 + 0.14*float64(i) }, 5},
		{"rejected, rising", "search.rejected", func(i int) float64 { return 0.02 + 0.1*float64(i) }, 5},
		{"ok, every cell 1", "search.ok", func(int) float64 { return 1 }, 1},
	}
	themes := []struct {
		name    string
		profile termenv.Profile
		dark    bool
	}{
		{"dark, true colour", termenv.TrueColor, true},
		{"light, true colour", termenv.TrueColor, false},
		{"dark, 256 colours", termenv.ANSI256, true},
		{"light, 256 colours", termenv.ANSI256, false},
	}
	for _, c := range cases {
		one := filled(t, x, "", c.metric, "", func(i, _ int) float64 { return c.value(i) })
		two := filled(t, x, "workers=100..100:1", c.metric, "", func(i, _ int) float64 { return c.value(i) })
		for _, tc := range themes {
			r := theme.Plain()
			r.SetColorProfile(tc.profile)
			r.SetHasDarkBackground(tc.dark)
			th := theme.New(r)
			cells := cellColours(t, Heatmap(two, th, 80), nx)
			draws := map[string]string{
				"Heatmap":    Heatmap(one, th, 80),
				"HeatmapFit": HeatmapFit(one, th, 80, 30, &Mark{X: 1000, Label: "the design in the form"}),
			}
			for how, out := range draws {
				bars := barColours(t, out, nx)
				seen := map[string]bool{}
				for i, bar := range bars {
					seen[bar] = true
					if bar != cells[i] {
						t.Errorf("%s, %s, %s: row %d (mean %.2f): bar in %q, the heat map's cell in %q\n%q", c.name, tc.name, how, i, c.value(i), bar, cells[i], out)
					}
				}
				if len(seen) != c.bands {
					t.Errorf("%s, %s, %s: the bars are in %d colours, want %d: %q", c.name, tc.name, how, len(seen), c.bands, bars)
				}
			}
		}
	}
	// Without colour the bars are the glyphs they always were, no codes.
	plain := Heatmap(filled(t, x, "", "search.ok", "", func(i, _ int) float64 { return 0.3 + 0.14*float64(i) }), theme.New(theme.Plain()), 80)
	if strings.Contains(plain, "\x1b[") {
		t.Errorf("NO_COLOR: the table has escape codes:\n%q", plain)
	}
}
