// Package exercisesui is the watch-mode exercise runner: a bubbletea
// program that shows the current exercise, re-runs its tests whenever one
// of its files is saved, and offers hints, a list of all exercises, reset,
// solutions and a check of everything. It runs as a program of its own
// (Run) or inside another (the home screen), which passes Options.Leave to
// take the screen back on q or esc and calls Wait before the process ends.
//
// It owns the runner's model, key map, theme and file watcher. It imports
// bubbletea, bubbles (key, help), lipgloss, fsnotify and the exercises
// packages (exercises, exercises/grade); it does not reach into engine/ or
// lessons/. All I/O (checking, writing files, watching) happens in tea.Cmds;
// View only renders the model. The model holds no global state and takes
// its renderer from Options, so it can be served to many sessions at once.
package exercisesui
