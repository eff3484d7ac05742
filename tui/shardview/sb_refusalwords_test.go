package shardview

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A setup refused says why in the form's words alone. The sentinels
// wrapped with %w wrote their own text in: "the poisoned customer must be
// from 0 to 99, got 150: not allowed", "plain: invalid input: plain
// sharding needs…".
func TestRefusedSetupSaysWhyInTheFormsWords(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one
	for _, tc := range []struct {
		set  [][2]string
		want string
	}{
		{[][2]string{{"workers", "16"}, {"workers per customer", "12"}},
			"plain: plain sharding needs the workers (16) to be a multiple of workers per customer (12); the run on screen is unchanged"},
		{[][2]string{{"customers", "100"}, {"poisoned customer", "150"}},
			"the poisoned customer must be from 0 to 99, got 150; the run on screen is unchanged"},
		{[][2]string{{"workers", "4"}, {"workers per customer", "3"}, {"left", "overlap-limited"}, {"most shared", "0"}},
			"overlap-limited: 4 workers with 3 each and at most 0 shared have room for only 1 customer; the poisoned one needs company; the run on screen is unchanged"},
	} {
		m := press(newModel(t, 100, 30, Options{}), "e")
		for _, f := range tc.set {
			label, text := f[0], f[1]
			for m.form.knobs[m.form.focus].label != label {
				m = press(m, "tab")
			}
			m = press(m, "ctrl+u")
			m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(text)})
		}
		m = press(m, "enter")
		if m.form == nil {
			t.Fatalf("%v was taken", tc.set)
		}
		if !strings.HasPrefix(m.form.err, tc.want) || strings.Contains(m.form.err, "invalid input") || strings.Contains(m.form.err, "not allowed") {
			t.Errorf("%v: the form says %q, want %q", tc.set, m.form.err, tc.want)
		}
	}
}
