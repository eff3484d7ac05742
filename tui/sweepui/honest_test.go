package sweepui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// filled is sweeptest.Filled over axes x and y (y may be ""): what a
// heatmap draws, without running the engine.
func filled(t *testing.T, x, y, metric, goal string, value func(i, j int) float64) *sweep.Result {
	t.Helper()
	axes := []string{x}
	if y != "" {
		axes = append(axes, y)
	}
	return sweeptest.Filled(t, axes, metric, goal, value)
}

// gridRows are the heatmap's rows of cells, without their labels.
func gridRows(out string) []string {
	var rows []string
	for _, l := range strings.Split(xansi.Strip(out), "\n") {
		if _, cells, ok := strings.Cut(l, " │"); ok {
			rows = append(rows, cells)
		}
	}
	return rows
}

// A sweep whose every cell has one value (help sweep's second example:
// search.ok 1 everywhere) is drawn in one band, the one its value has on
// a share's whole scale (1 is the best, █, darkest), and its legend says
// the value, with no range past it.
func TestUniformHeatmapIsHonest(t *testing.T) {
	res := filled(t, "recommendations.bulkhead=5..60:4", "recommendations.timeout=100ms..2s:3", "search.ok", "search.ok>=0.99",
		func(int, int) float64 { return 1 })
	plain := strings.ReplaceAll(Heatmap(res, theme.New(theme.Plain()), 80), "\u00a0", " ")
	for _, row := range gridRows(plain) {
		if strings.ContainsAny(row, "·░▒▓") || !strings.Contains(row, "█") {
			t.Errorf("a cell of 1 out of 1 is not drawn in the top band █: %q\n%s", row, plain)
		}
	}
	if !strings.Contains(plain, "█ every cell: 100%") || !strings.Contains(plain, "(higher is better: · worst, █ best)") {
		t.Errorf("the legend should say every cell is 100%%:\n%s", plain)
	}
	for _, l := range strings.Split(plain, "\n") {
		if strings.Contains(l, "every cell") && strings.ContainsAny(strings.TrimPrefix(l, "█ every cell: 100%"), "0123456789") {
			t.Errorf("the legend has more than the one value: %q", l)
		}
	}
	// In colour, the cells are the best band's colour, the darkest
	// (on a dark background #005fd7, which the renderer may write a unit
	// off).
	coloured := Heatmap(res, theme.New(theme.Fixed(false)), 80)
	cells := regexp.MustCompile(`\x1b\[38;2;(\d+);(\d+);(\d+)m█`).FindAllStringSubmatch(coloured, -1)
	if len(cells) == 0 {
		t.Fatalf("no coloured cells:\n%q", coloured)
	}
	for _, c := range cells {
		for k, want := range []int{0, 95, 215} {
			if got, _ := strconv.Atoi(c[k+1]); got < want-1 || got > want+1 {
				t.Fatalf("every cell 1: drawn in %s;%s;%s, not the darkest colour #005fd7", c[1], c[2], c[3])
			}
		}
	}
	// Every cell refused, and refusals lower is better: the best band too;
	// every cell failing is the worst.
	for _, c := range []struct {
		metric string
		value  float64
		glyph  string
		text   string
	}{{"search.rejected", 0, "·", "0%"}, {"search.ok", 0, "·", "0%"}, {"search.ok", 0.9996, "█", ">99.9%"}, {"search.p50", 14.2, "▒", "14.2"}} {
		res := filled(t, "workers=10..400:3", "recommendations.timeout=500ms..5s:2", c.metric, "", func(int, int) float64 { return c.value })
		out := strings.ReplaceAll(Heatmap(res, theme.New(theme.Plain()), 80), "\u00a0", " ")
		if want := c.glyph + " every cell: " + c.text + " "; !strings.Contains(out, want) {
			t.Errorf("%s = %v everywhere: legend lacks %q:\n%s", c.metric, c.value, want, out)
		}
	}
}

// A spread too small for whole percentages still shows each band's own
// range, in as many decimals as tell the edges apart.
func TestNearUniformHeatmapTellsBandsApart(t *testing.T) {
	res := filled(t, "workers=10..400:5", "recommendations.timeout=500ms..5s:2", "search.ok", "", func(i, _ int) float64 { return 0.9991 + 0.0009*float64(i)/4 })
	out := strings.ReplaceAll(Heatmap(res, theme.New(theme.Plain()), 80), "\u00a0", " ")
	// The legend's lines, one space between words: an entry at a line's
	// end has no space after it.
	flat := strings.Join(strings.Fields(out), " ") + " "
	for _, want := range []string{"· 99.91%–99.92% ", "░ 99.92%–99.94% ", "▓ 99.97%–99.99% ", "█ 99.99%–100% "} {
		if !strings.Contains(flat, want) {
			t.Errorf("legend lacks %q:\n%s", want, out)
		}
	}
}

// A latency sweep says its percentiles count refusals, and never calls a
// lower latency better: the design refusing most requests at once has
// the lowest median.
func TestLatencyHeatmapSaysRefusalsCount(t *testing.T) {
	res := filled(t, "workers=10..400:5", "recommendations.timeout=500ms..5s:5", "search.p50", "",
		func(i, j int) float64 { return float64(i*3 + j) })
	for _, th := range []*theme.Theme{theme.New(theme.Plain()), theme.New(theme.Fixed(false))} {
		out := strings.ReplaceAll(xansi.Strip(Heatmap(res, th, 80)), "\u00a0", " ")
		flat := strings.Join(strings.Fields(out), " ")
		if strings.Contains(out, "better") {
			t.Errorf("a latency called better:\n%s", out)
		}
		way := "lower is faster: · fastest, █ slowest" // no colour: the glyphs say it
		if th.Color {
			way = "darker: faster; · fastest, █ slowest"
		}
		for _, want := range []string{"search.p50 (ms), of every request, refusals included", way, "refused requests count too, 0 ms if refused at once: read it beside search.ok"} {
			if !strings.Contains(flat, want) {
				t.Errorf("lacks %q:\n%s", want, out)
			}
		}
	}
	one := filled(t, "workers=10..400:5", "", "search.p95", "", func(i, _ int) float64 { return float64(i) * 14 })
	out := strings.Join(strings.Fields(Heatmap(one, theme.New(theme.Plain()), 80)), " ")
	for _, want := range []string{"search.p95 (ms), of every request, refusals included", "read it beside search.ok"} {
		if !strings.Contains(out, want) {
			t.Errorf("one knob: lacks %q:\n%s", want, out)
		}
	}
}

// A goal's boundary names the knob's value as --vary takes it, with its
// unit and every digit the cell ran with (4.136364s: 4.14s typed back
// runs another design).
func TestBoundaryHasTheKnobsUnit(t *testing.T) {
	res := filled(t, "recommendations.timeout=250ms..5s:12", "workers=100..400:2", "search.ok", "search.ok>=0.99",
		func(i, j int) float64 {
			if i >= 10-j { // row 400 from 4136.36 ms, row 100 from 4568.18 ms
				return 0.5
			}
			return 1
		})
	out := strings.ReplaceAll(Heatmap(res, theme.New(theme.Plain()), 80), "\u00a0", " ")
	for _, want := range []string{"at workers=400: not met from recommendations.timeout=4.136364s", "at workers=100: not met from recommendations.timeout=4.568182s"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	long := filled(t, "recommendations.timeout=1s..20s:3", "", "search.ok", "search.ok>=0.99",
		func(i, _ int) float64 { return 1 - 0.3*float64(i) })
	if out := strings.ReplaceAll(Heatmap(long, theme.New(theme.Plain()), 80), "\u00a0", " "); !strings.Contains(out, "not met from recommendations.timeout=10.5s") {
		t.Errorf("an axis in s: the boundary lacks its unit:\n%s", out)
	}
}

// The glyphs run with the values, lowest first (· to █), the colours with
// what is better: the legend says which glyph end is the better one, so
// that it is true without colour too, whichever way the measure improves.
func TestLegendSaysWhichGlyphIsBetter(t *testing.T) {
	for _, c := range []struct{ metric, plain, colour string }{
		{"search.rejected", "(lower is better: · best, █ worst)", "(darker: better; · best, █ worst)"},
		{"search.ok", "(higher is better: · worst, █ best)", "(darker: better; · worst, █ best)"},
	} {
		res := filled(t, "workers=10..400:5", "recommendations.timeout=500ms..5s:5", c.metric, "",
			func(i, j int) float64 { return float64(i+j) / 8 })
		for th, want := range map[*theme.Theme]string{theme.New(theme.Plain()): c.plain, theme.New(theme.Fixed(false)): c.colour} {
			out := strings.ReplaceAll(xansi.Strip(Heatmap(res, th, 80)), "\u00a0", " ")
			if !strings.Contains(out, want) {
				t.Errorf("%s, colour %v: the legend lacks %q:\n%s", c.metric, th.Color, want, out)
			}
		}
	}
}
