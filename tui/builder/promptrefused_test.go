package builder

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// What a prompt refused stayed in it, and typing went on its end: a
// refused "orders" took the name typed next as "ordersledger". Refused,
// the text stands selected, as the lesson player's time prompt's does
// (playback.Prompt.Select): the next answer typed replaces it. Each
// prompt of the builder that refuses: a refused answer, enter, a good one
// typed key by key, enter, and the good one is what is taken.
func TestARefusedAnswerIsReplacedByTheNextTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, the write's command run here
	dir := t.TempDir()
	saved := func(name string) func(t *testing.T, m Model) bool {
		return func(t *testing.T, m Model) bool { _, err := os.Stat(filepath.Join(dir, name)); return err == nil }
	}
	cases := []struct {
		name          string
		part, key     string
		refused, good string
		// write: enter gives a command that writes, run here, its answer
		// sent back (a path the write failed on is refused).
		write bool
		took  func(t *testing.T, m Model) bool
	}{
		{name: "fault", part: "db", key: "i", refused: "15s hnag for 5s", good: "40s errors 50% for 5s",
			took: func(t *testing.T, m Model) bool {
				f := service(&m.sc.Variants[0].System, "orders").Dependencies[0].Faults // orders' db
				return len(f) == 1 && f[0].From == 40*time.Second && f[0].To == 45*time.Second
			}},
		{name: "shares", part: "front", key: "%", refused: "acme = 70%, globex = 50%", good: "acme = 70%, globex = 30%",
			took: func(t *testing.T, m Model) bool {
				wantShares(t, m.sc, map[string]float64{"acme": 0.7, "globex": 0.3})
				return true
			}},
		{name: "rename", part: "db", key: "r", refused: "orders", good: "ledger",
			took: func(t *testing.T, m Model) bool { return service(&m.sc.Variants[0].System, "orders").Calls == "ledger" }},
		{name: "name the system", part: "front", key: "r", refused: "  ", good: "shop",
			took: func(t *testing.T, m Model) bool { return m.sc.Name == "shop" }},
		{name: "save, not .toml", part: "front", key: "w", refused: filepath.Join(dir, "a.txt"), good: filepath.Join(dir, "a.toml"), write: true,
			took: saved("a.toml")},
		{name: "save, no name", part: "front", key: "w", refused: "  ", good: filepath.Join(dir, "b.toml"), write: true,
			took: saved("b.toml")},
		{name: "save, no such folder", part: "front", key: "w", refused: filepath.Join(dir, "no-such-folder", "c.toml"), good: filepath.Join(dir, "c.toml"), write: true,
			took: saved("c.toml")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := tuitest.Press(selectPart(t, twoTenants(t), c.part), c.key, "ctrl+u")
			if m.prompt == nil {
				t.Fatalf("%s on %s opens no prompt: %q", c.key, c.part, m.msg)
			}
			enter := func(m Model) Model {
				next, cmd := m.Update(tuitest.Key("enter"))
				m = next.(Model)
				if c.write && cmd != nil {
					m = tuitest.Send(m, cmd())
				}
				return m
			}
			m = enter(typeRunes(m, c.refused))
			if m.prompt == nil || m.prompt.Err == "" {
				t.Fatalf("%q should be refused, the prompt left open: %+v (%q)", c.refused, m.prompt, m.msg)
			}
			if !m.prompt.Selected() {
				t.Errorf("the refused %q should stand selected: %+v", c.refused, m.prompt)
			}
			m = typeRunes(m, c.good)
			if m.prompt == nil || m.prompt.Input != c.good {
				t.Fatalf("%q typed on the refused %q: the prompt holds %+v", c.good, c.refused, m.prompt)
			}
			if m = enter(m); m.prompt != nil || !c.took(t, m) {
				t.Errorf("%q was not taken: the prompt %+v, %q", c.good, m.prompt, m.msg)
			}
		})
	}
}

// typeRunes types text key by key, as a learner does: a space as the
// space key.
func typeRunes(m Model, text string) Model {
	for _, r := range text {
		k := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
		if r == ' ' {
			k = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{r}}
		}
		m = tuitest.Send(m, k)
	}
	return m
}
