package drillui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// ? opens the keys on a card that asks for a number as on every card: no
// number has a ?, and it was typed into the answer ("✗ "?" is not a
// number"). The key line offers it, the answer keeps what was typed, and
// a ? in a burst of typing is still text. The keys name the answer's own.
func TestQuestionMarkOpensTheKeysInANumbersAnswer(t *testing.T) {
	m, _ := modelOn(t, 80, 24, []drill.Card{msCard()})
	if line := ansi.Strip(m.View()); !strings.Contains(line, "? keys") {
		t.Errorf("the key line of a number's answer should offer ?:\n%s", line)
	}
	m = tuitest.Press(typeIn(m, "8"), "?")
	if !m.showKey || m.input.Value() != "8" {
		t.Fatalf("? should open the keys and leave the answer as typed: keys %v, answer %q", m.showKey, m.input.Value())
	}
	if v := squeezed(m); !strings.Contains(v, "with its unit if you like") || !strings.Contains(v, "ctrl+z undoes") {
		t.Errorf("the keys should say what the answer takes:\n%s", v)
	}
	m = tuitest.Press(m, "x")
	if m.showKey || m.input.Value() != "8" {
		t.Errorf("a key should close the keys and only that: keys %v, answer %q", m.showKey, m.input.Value())
	}
	m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("5?")}))
	if m.showKey || m.input.Value() != "85?" {
		t.Errorf("a ? in a burst is text: keys %v, answer %q", m.showKey, m.input.Value())
	}
}

// Inside the home screen the palette's key works in the drill: its keys
// list it there, and only there.
func TestDrillKeysListThePaletteInsideHome(t *testing.T) {
	for _, embedded := range []bool{true, false} {
		m, _ := modelOn(t, 100, 40, []drill.Card{msCard()})
		m.o.Embedded = embedded
		v := squeezed(tuitest.Press(m, "?"))
		if got := strings.Contains(v, palette.Key+" go anywhere"); got != embedded {
			t.Errorf("inside home %v: the keys list %s %v:\n%s", embedded, palette.Key, got, v)
		}
	}
}
