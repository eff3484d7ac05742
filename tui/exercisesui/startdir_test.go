package exercisesui

import (
	"io"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Started in an exercise's folder (Options.Start), the runner opens on
// that exercise, done or not, checks it first, and keeps it as the place
// to open next time; it opened where the learner left off, 01, while
// check in the same folder graded 07.
func TestTheRunnerOpensOnTheExerciseOfItsFolder(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	all := names()
	for _, c := range []struct {
		name   string
		solved []string
	}{
		{"not done", nil},
		{"done", all[:7]},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake()
			f.current = all[0]
			for _, n := range c.solved {
				f.solved[n] = true
			}
			m := New(f, Options{Manual: true, NoColor: true, Debounce: time.Millisecond, Parallel: 3,
				Tick: time.Microsecond, Renderer: lipgloss.NewRenderer(io.Discard), Start: all[6]})
			d := &driver{t: t, m: m}
			d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
			d.run(m.Init())
			if d.current() != all[6] {
				t.Errorf("the runner started in %s's folder opened %s", all[6], d.current())
			}
			if got := f.checked(); len(got) == 0 || got[0] != all[6] {
				t.Errorf("its first check was of %v, want %s", got, all[6])
			}
			if f.Current().Name != all[6] {
				t.Errorf("the place kept is %s, want %s", f.Current().Name, all[6])
			}
		})
	}
}
