// Package sweepui runs parameter sweeps and shows them in a terminal: the
// worker pool that runs a sweep's jobs on every core (engine/sweep plans
// them and runs one at a time; the engine has no goroutines of its own), the
// progress line, and the heatmap with its axes, legend and goal.
//
// The heatmap is drawn cell by cell with the theme's glyphs and colours, so
// that every cell carries its value as a shade glyph even without colour
// (NO_COLOR): ntcharts' heatmap paints a cell's background only
// (heatmap.DrawPoint in github.com/NimbleMarkets/ntcharts/heatmap/heatmap.go,
// v0.5.1; TestNtchartsHeatmapIsColourOnly), which our rule that colour
// never carries meaning alone does not allow.
//
// Its colours are the pictures' (tui/internal/heatbands): dark blue for the
// best values through green to pale yellow, never red.
//
// It may import engine/sweep, the engine, tui/theme, tui/internal/heatbands,
// lipgloss and bubbles.
package sweepui
