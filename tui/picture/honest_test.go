package picture

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A sweep whose every cell is search.ok 1 (help sweep's second example)
// is painted in the best band, the darkest, as the terminal paints it,
// and its legend says the value: no band of shares from 1.12 to 2.
func TestUniformSweepPictureIsHonest(t *testing.T) {
	res := sweeptest.Filled(t, []string{"recommendations.bulkhead=5..60:4", "recommendations.timeout=100ms..2s:3"}, "search.ok", "search.ok>=0.99",
		func(int, int) float64 { return 1 })
	var b bytes.Buffer
	if err := Sweep(&b, res, "cascade", "svg"); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	if !hasText(texts, "every cell: 100%") {
		t.Errorf("the legend does not say every cell is 100%%: %q", texts)
	}
	for _, s := range texts {
		if strings.Contains(s, " – ") {
			t.Errorf("a uniform sweep's legend has a range: %q", s)
		}
	}
	nx, ny := res.Plan.Size()
	fills := svgFill.FindAllStringSubmatch(b.String(), -1)
	if len(fills) < 1+nx*ny {
		t.Fatalf("%d filled paths, want the background and %d cells", len(fills), nx*ny)
	}
	for k, f := range fills[1 : 1+nx*ny] {
		if !strings.EqualFold(f[1], "253494") {
			t.Errorf("cell %d is #%s, not the best band's #253494", k, f[1])
		}
	}
	// The terminal paints the same band, the best, in its dark
	// background's colour for it (TestTerminalHeatmapHasThePicturesColours's
	// comparison, on a uniform grid).
	best := heatbands.For(res.Plan).OnDark[heatbands.N-1] // higher is better: the last band
	out := sweepui.Heatmap(res, theme.New(theme.Fixed(false)), 80)
	for _, c := range termCell.FindAllStringSubmatch(out, -1) {
		if term := c[1] + ";" + c[2] + ";" + c[3]; !near(fmt.Sprintf("%02X%02X%02X", mustAtoi(c[1]), mustAtoi(c[2]), mustAtoi(c[3])), hex(best)) {
			t.Errorf("the terminal paints a uniform cell %s, not the best band's #%s", term, hex(best))
		}
	}
	checkPNG(t, func(w io.Writer, f string) error { return Sweep(w, res, "cascade", f) })
}

// A latency sweep's picture says what its percentiles count, heatmap
// and curve alike, and never calls a lower latency better.
func TestLatencySweepPictureSaysRefusalsCount(t *testing.T) {
	for _, axes := range [][]string{
		{"workers=10..400:5", "recommendations.timeout=500ms..5s:5"},
		{"workers=10..400:5"},
	} {
		res := sweeptest.Filled(t, axes, "search.p50", "", func(i, j int) float64 { return float64(i*3 + j) })
		var b bytes.Buffer
		if err := Sweep(&b, res, "cascade", "svg"); err != nil {
			t.Fatal(err)
		}
		texts := svgTexts(t, b.Bytes())
		all := strings.Join(texts, " ")
		for _, want := range []string{"search.p50 (ms), of every request, refusals included", "refused requests count too,", "read it beside search.ok"} {
			if !strings.Contains(all, want) {
				t.Errorf("%d knob(s): the picture lacks %q: %q", len(axes), want, texts)
			}
		}
		if strings.Contains(all, "better") {
			t.Errorf("%d knob(s): a latency called better: %q", len(axes), texts)
		}
	}
}
