package drillui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The way out is called what it does, in the other screens' words: "back"
// inside the home screen, "quit" on its own (it said "leave" either way),
// and q does it as esc does.
func TestWayOutSaysBackOrQuit(t *testing.T) {
	deck := cards(t, "ref-001-self-check-3")
	for _, c := range []struct {
		embedded bool
		word     string
		msg      tea.Msg
	}{{true, "back", BackMsg{}}, {false, "quit", tea.QuitMsg{}}} {
		s, err := drill.OpenStore(t.TempDir(), now)
		if err != nil {
			t.Fatal(err)
		}
		m := New(Options{Theme: tuitest.Plain(), Deck: deck, Store: s, Now: func() time.Time { return now },
			Session: drill.SessionOptions{New: 1, Seed: 1}, Embedded: c.embedded})
		m = tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "esc "+c.word) || strings.Contains(v, "leave") {
			t.Errorf("embedded %v: the key line should say esc %s:\n%s", c.embedded, c.word, v)
		}
		if v := ansi.Strip(tuitest.Press(m, "?").View()); !strings.Contains(v, "esc q") || !strings.Contains(v, c.word+"; the schedule") {
			t.Errorf("embedded %v: the help should say esc q %s:\n%s", c.embedded, c.word, v)
		}
		_, cmd := m.Update(tuitest.Key("q"))
		if cmd == nil {
			t.Fatalf("embedded %v: q did nothing", c.embedded)
		}
		if got := cmd(); got != c.msg {
			t.Errorf("embedded %v: q sent %T, want %T", c.embedded, got, c.msg)
		}
	}
}
