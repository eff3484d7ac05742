// Package pane holds the sandbox's reusable panes: the worker pool, the
// circuit breaker, the overview of every dependency and the status line, plus what every pane shares (the
// Data they draw from and the Frame around them). The charts live in
// tui/chart and build on the same Data and Frame.
//
// A pane is a bubbletea component: a pointer type with Init, Update and
// View, a SetSize that its parent calls (size flows from the root), and a
// SetData fed with engine snapshots. It renders only when its data or size
// changed and hands back the cached string otherwise, so View is cheap to
// call on every frame. A lesson player embeds a pane the same way the
// sandbox does: New, SetSize, SetData on each new snapshot, View.
//
// It may import the engine (snapshots, scenario types), engine/report (for
// a number or a time written as `breakerlab run` writes it), tui/theme and
// tui/internal/grid, bubbletea, bubbles/key and x/ansi. It never reaches
// into engine internals and does no I/O.
package pane
