// Package chart holds the sandbox's two time charts, drawn with ntcharts:
// Outcomes (per endpoint, the share of requests that ended ok, by
// fallback, rejected or failed, over virtual time) and InFlight (the calls
// in flight at each dependency). Both mark the faults' spans on the time
// axis, and both are panes in the sense of tui/pane: New, SetSize,
// SetData, View, with the rendered string cached until the data or the
// size changes.
//
// ntcharts lays the chart out (canvas, axes, labels, scaling, lines); this
// package turns the canvas into text itself, one escape sequence per run
// of cells that share a meaning, because styling every cell separately
// costs milliseconds a frame. Meaning never rests on colour: outcomes have
// their own fills and dependencies their own letters.
//
// It imports the engine's snapshot types, tui/pane, tui/theme,
// tui/internal/grid, ntcharts and bubbletea; it does no I/O.
package chart
