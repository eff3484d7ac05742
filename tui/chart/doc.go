// Package chart holds the sandbox's time charts: Outcomes (per endpoint,
// the share of requests that ended ok, by fallback, rejected or failed,
// over virtual time), InFlight (the calls in flight at each dependency),
// History (each breaker's state as a band, its window's failure rate
// against the threshold, a mark at each change) and Latency (each
// endpoint's p50 and p99 per stretch of time, on a log scale). All mark
// the faults' spans on the time axis, and all are panes in the sense of
// tui/pane: New, SetSize, SetData, View, with the rendered string cached
// until the data or the size changes.
//
// For Outcomes and InFlight the chart is laid out as ntcharts' linechart
// lays it out (axes, labels, scaling, lines), its layout and axes worked
// out on runes alone (lineAxes, compared with ntcharts' in the tests)
// rather than on its canvas of styled cells; History and Latency draw their
// own axes on the same grid, since a percentage band and a log scale are
// not ntcharts' linear ones. This package turns the cells into text itself, one escape
// sequence per run of cells that share a meaning, because styling every
// cell separately costs milliseconds a frame. Meaning never rests on
// colour: outcomes have their own fills, dependencies and endpoints their
// own letters, breaker states their own glyphs.
//
// It imports the engine's snapshot types, tui/pane, tui/theme,
// tui/internal/grid, ntcharts and bubbletea; it does no I/O.
package chart
