package sweepui

import (
	"testing"

	"github.com/NimbleMarkets/ntcharts/heatmap"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// The package doc says ntcharts' heatmap carries a cell's value in its
// background colour alone (heatmap.DrawPoint in
// github.com/NimbleMarkets/ntcharts/heatmap/heatmap.go sets only
// Background), which is why the heatmap here draws its own glyphs: without
// colour (tests run with lipgloss's ASCII profile, as NO_COLOR does) two
// maps with opposite values look the same.
func TestNtchartsHeatmapIsColourOnly(t *testing.T) {
	view := func(a, b float64) string {
		m := heatmap.New(12, 6, heatmap.WithValueRange(0, 1))
		m.Push(heatmap.NewHeatPoint(0, 0, a))
		m.Push(heatmap.NewHeatPoint(1, 1, b))
		m.Draw()
		return m.View()
	}
	if low, high := view(0, 1), view(1, 0); low != high {
		t.Errorf("without colour ntcharts' heatmap told two maps apart:\n%s\n---\n%s", low, high)
	}
	// With colour it does tell them apart, so the points were drawn.
	old := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(old)
	if view(0, 1) == view(1, 0) {
		t.Error("even with colour the two maps look the same: the points were not drawn")
	}
}
