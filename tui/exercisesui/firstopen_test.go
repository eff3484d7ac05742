package exercisesui

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The runner opens where rustlings starts: the first exercise not done,
// when the one last opened is done (it reopened 04, done, saying "n opens
// 05"). One still pending is reopened, the learner was mid-way; with every
// exercise done, the last one opened. The check it starts with is of the
// one it opens. Started in an exercise's folder (Options.Start), it opens
// that one, done or not, and keeps it as the place to come back to: it
// opened 01, where the learner left off, while check in 07's folder
// graded 07.
func TestTheRunnerOpensTheFirstNotDone(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	all := names()
	for _, c := range []struct {
		name    string
		last    string
		solved  []string
		start   string
		opens   string
		checked string
	}{
		{"the last opened done", "04-half-open-trials", all[:4], "", all[4], all[4]},
		{"a gap before it", "04-half-open-trials", []string{all[0], all[2], all[3]}, "", all[1], all[1]},
		{"the last opened pending", "04-half-open-trials", all[:3], "", all[3], all[3]},
		{"the last opened pending, past one not done", "04-half-open-trials", []string{all[0], all[2]}, "", all[3], all[3]},
		{"every one done", "04-half-open-trials", all, "", all[3], all[3]},
		{"started in a pending one's folder", all[0], nil, all[6], all[6], all[6]},
		{"started in a done one's folder", all[0], all[:7], all[6], all[6], all[6]},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake()
			f.current = c.last
			for _, n := range c.solved {
				f.solved[n] = true
			}
			d := startWith(t, f, 100, 30, func(o *Options) { o.Start = c.start })
			if d.current() != c.opens {
				t.Errorf("the runner opened %s, want %s", d.current(), c.opens)
			}
			if got := f.checked(); len(got) == 0 || got[0] != c.checked {
				t.Errorf("the runner's first check was of %v, want %s", got, c.checked)
			}
			if c.start != "" && f.Current().Name != c.start {
				t.Errorf("started in %s's folder, the place kept is %s", c.start, f.Current().Name)
			}
		})
	}
}
