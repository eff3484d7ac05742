package sandbox

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// What a prompt refused stayed in it, and typing went on its end: a
// refused "soon" took the 2 typed next as "soon2", refused again.
// Refused, the text stands selected, as the lesson player's time prompt's
// does (playback.Prompt.Select): the next answer typed replaces it. Each
// prompt of the sandbox that refuses: a refused answer, enter, a good one
// typed key by key, enter, and the good one is what is taken.
func TestARefusedAnswerIsReplacedByTheNextTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped, the write's run by hand
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.toml")
	cases := []struct {
		name          string
		open          func(t *testing.T, m Model) Model
		refused, good string
		// write: enter gives a command that writes, run here, its answer
		// sent back (a refused path is one the write failed on).
		write bool
		took  func(m Model) bool
	}{
		{name: "time", open: func(t *testing.T, m Model) Model { return press(m, ":") },
			refused: "soon", good: "12",
			took: func(m Model) bool { return m.Now() == 12*time.Second }},
		{name: "seed", open: func(t *testing.T, m Model) Model { return press(m, "S") },
			refused: "x1", good: "11",
			took: func(m Model) bool { return m.sim.seed == 11 }},
		{name: "inject", open: func(t *testing.T, m Model) Model { return injectFromMenu(t, m, "inventory", chaos.Hang) },
			refused: "soon", good: "20s inventory hang for 5s",
			took: func(m Model) bool {
				return reflect.DeepEqual(m.Injected(), []chaos.Spec{mustSpec(t, "20s inventory hang for 5s")})
			}},
		{name: "edit fault", open: func(t *testing.T, m Model) Model {
			m = injectFromMenu(t, m, "inventory", chaos.Hang)
			m = press(m, "enter") // the fault as offered; the menu stays open, it on its first row
			if m.chaos == nil || len(m.sim.injected) != 1 || m.chaos.cursor != 0 {
				t.Fatalf("the menu should be open on the fault injected: %+v, %v", m.chaos, m.sim.injected)
			}
			return press(m, "enter")
		},
			refused: "soon", good: "20s inventory hang for 3s",
			took: func(m Model) bool {
				return reflect.DeepEqual(m.Injected(), []chaos.Spec{mustSpec(t, "20s inventory hang for 3s")})
			}},
		{name: "write path", open: func(t *testing.T, m Model) Model { return press(m, "w") },
			refused: filepath.Join(dir, "no-such-folder", "x.toml"), good: good, write: true,
			took: func(m Model) bool { _, err := os.Stat(good); return err == nil }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
			m = goTo(m, "25")
			m = c.open(t, m)
			if m.prompt == nil {
				t.Fatalf("no prompt open; note %q", m.note)
			}
			enter := func(m Model) Model {
				next, cmd := m.Update(keyMsg("enter"))
				m = next.(Model)
				if c.write && cmd != nil {
					m = send(m, cmd())
				}
				return m
			}
			m = enter(typeRunes(m, c.refused))
			if m.prompt == nil || m.prompt.Err == "" {
				t.Fatalf("%q should be refused, the prompt left open: %+v", c.refused, m.prompt)
			}
			if !m.prompt.Selected() {
				t.Errorf("the refused %q should stand selected: %+v", c.refused, m.prompt)
			}
			m = typeRunes(m, c.good)
			if m.prompt == nil || m.prompt.Input != c.good {
				t.Fatalf("%q typed on the refused %q: the prompt holds %+v", c.good, c.refused, m.prompt)
			}
			if m = enter(m); m.prompt != nil || !c.took(m) {
				t.Errorf("%q was not taken: the prompt %+v, note %q", c.good, m.prompt, m.note)
			}
		})
	}
}
