// Package tui is breakerlab's terminal UI: the entry points that start a
// bubbletea program on the home screen or straight on the sandbox. The
// screens and their parts live in sub-packages: theme (every style),
// pane and chart (the reusable panes), sandbox (the live sandbox),
// shardview (the shuffle scenario's shard view) and home (the home screen
// and the scenario picker). tui/exercisesui, the exercise
// runner, is its own program.
//
// This package owns the process-facing side: the renderer made for the
// terminal (with NO_COLOR honoured), the alternate screen, and running the
// program. Nothing below it touches the terminal.
//
// It may import every tui/ sub-package, the engine and bubbletea.
package tui
