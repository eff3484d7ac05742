// Package tui is breakerlab's terminal UI: the entry points that start a
// bubbletea program on the home screen or straight on the sandbox or the
// shard view. The screens and their parts live in sub-packages: theme
// (every style), pane and chart (the reusable panes), sandbox (the live
// sandbox), shardview (the shuffle scenario's shard view), lessonui (the
// lesson list and player), exercisesui (the exercise runner) and home (the
// home screen, which holds all of them in one program).
//
// This package owns the process-facing side: the renderer made for the
// terminal (with NO_COLOR honoured), the alternate screen, running the
// program, and the home screen's access to the exercises' workbook on disk
// (Workbooks). Nothing below it touches the terminal.
//
// It may import every tui/ sub-package, the engine, exercises (to find and
// write a workbook) and bubbletea.
package tui
