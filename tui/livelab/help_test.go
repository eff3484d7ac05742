package livelab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// ? shows the keys in full, as on the other screens (it did nothing);
// any key closes it without leaving. The key line names ? and the way out:
// back inside the home screen, quit on its own.
func TestHelpKey(t *testing.T) {
	m := newModel(t, 1, fakeReal(t, scenarios.Checkout(), 1, 6, 200*time.Millisecond))
	for _, sz := range [][2]int{{80, 24}, {40, 12}, {200, 60}} {
		v := ansi.Strip(checkFrame(t, m, sz[0], sz[1]))
		if sz[1] >= 24 && !strings.Contains(v, "? keys • esc/q quit (stops the lab)") {
			t.Errorf("%dx%d: the key line should name ? and the way out:\n%s", sz[0], sz[1], v)
		}
		if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")}); cmd != nil {
			t.Errorf("? should not leave")
		}
		v = ansi.Strip(checkFrame(t, m, sz[0], sz[1]))
		if !strings.Contains(v, "keys") || !strings.Contains(v, "esc/q") {
			t.Errorf("%dx%d: ? should show the keys:\n%s", sz[0], sz[1], v)
		}
		if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEsc}); cmd != nil || m.showHelp {
			t.Errorf("esc should close the help, and only that")
		}
	}
	left := func() tea.Msg { return nil }
	in := newModel(t, 1, fakeReal(t, scenarios.Checkout(), 1, 6, 200*time.Millisecond))
	in.o.Leave = left
	if v := ansi.Strip(checkFrame(t, in, 100, 30)); !strings.Contains(v, "? keys • esc/q back (stops the lab)") {
		t.Errorf("inside the home screen the key line should say back:\n%s", v)
	}
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
	if v := ansi.Strip(checkFrame(t, in, 100, 30)); !strings.Contains(v, "ctrl+c") {
		t.Errorf("the help inside the home screen should say ctrl+c quits:\n%s", v)
	}
}

// The help says what each compared figure counts: a connection in use is
// held or being dialled on both sides, idle ones apart, and a call whose
// connection is being dialled is not also waiting; a tasks server's help
// says so; a worker pool's, which has no connections, says neither.
func TestHelpNamesEachFigure(t *testing.T) {
	gs := scenarios.GoServer()
	for _, c := range []struct {
		sc    *engine.Scenario
		tasks bool
	}{{gs, true}, {scenarios.Checkout(), false}} {
		m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: c.sc, Variant: 0, Seed: 5, Where: "127.0.0.1:7011",
			Real: fakeReal(t, c.sc, 0, 6, 200*time.Millisecond)})
		if err != nil {
			t.Fatal(err)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
		for _, sz := range [][2]int{{80, 24}, {200, 60}} {
			said := strings.Join(strings.Fields(ansi.Strip(checkFrame(t, m, sz[0], sz[1]))), " ")
			for _, want := range []string{"Most calls in flight: the most the dependency held at once",
				"Connections in use, now and at most, on both sides: those carrying a call or being dialled for one",
				"Connections in use, now and at most, on both sides: those carrying a call or being dialled for one, not the idle ones the cap per host also counts; a call whose connection is being dialled counts in use, not waiting."} {
				got, should := strings.Contains(said, want), c.tasks || !strings.HasPrefix(want, "Connections in use")
				if got != should {
					t.Errorf("%s at %dx%d: the help says %q: %v, want %v:\n%s", c.sc.Name, sz[0], sz[1], want, got, should, said)
				}
			}
		}
	}
}
