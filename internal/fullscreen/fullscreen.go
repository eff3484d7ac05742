// Package fullscreen counts the full-screen programs (a bubbletea program
// on the terminal) running in this process, so that the command's SIGTERM
// watch (cmd/breakerlab) can tell the two cases a SIGTERM meets apart: a
// full-screen program quits on it by itself and gives the terminal back,
// and is worth waiting for; a headless command (run, sweep, picture) has
// no one to end it, and the signal should take its course at once.
//
// It owns that count and nothing else. It imports the standard library and
// bubbletea only, so any package that starts a program (tui/ and its
// screens, cmd/) may use it; the engine, lessons and exercises have no
// program to count.
package fullscreen

import (
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"
)

// running is how many full-screen programs run now: more than one only
// while a screen opens another of its own.
var running atomic.Int32

// Begin counts a full-screen program as running until the returned end is
// called (once; a second call does nothing). A caller that still has work
// to finish after the program quits (waiting for the go test processes it
// started) calls it before the program and ends it after that work, so
// that a SIGTERM in between is waited for too.
func Begin() (end func()) {
	running.Add(1)
	var ended atomic.Bool
	return func() {
		if ended.CompareAndSwap(false, true) {
			running.Add(-1)
		}
	}
}

// Run runs p, counted as running until its Run returns, and returns what
// p's Run returns.
func Run(p *tea.Program) (tea.Model, error) {
	end := Begin()
	defer end()
	return p.Run()
}

// Running reports whether a full-screen program runs now.
func Running() bool {
	return running.Load() > 0
}
