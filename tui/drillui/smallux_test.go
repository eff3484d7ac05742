package drillui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Space pressed on a number's card, as on an open card to show its
// answer, began the answer with a blank (" 16"): a space typed into an
// empty answer, alone or at the start of a burst, is dropped, and one
// after the number stays (a unit follows it: "16 workers").
func TestNumberAnswerBeginsWithNoSpace(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m, _ := model(t, 80, 24, "numbers-01")
	m = tuitest.Press(m, "space", " ")
	if v := m.input.Value(); v != "" {
		t.Fatalf("space in an empty answer: the box holds %q, want nothing", v)
	}
	m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("  16")}))
	if v := m.input.Value(); v != "16" {
		t.Fatalf("a burst of \"  16\" into an empty answer: the box holds %q, want \"16\"", v)
	}
	m = tuitest.Press(m, "space", "w")
	if v := m.input.Value(); v != "16 w" {
		t.Fatalf("a space after the number: the box holds %q, want \"16 w\"", v)
	}
	// Grading reads the answer trimmed, so a blank that got there some
	// other way is not what makes it wrong.
	c, _ := m.Current()
	right, err := c.Check.CheckNumber("16")
	if err != nil {
		t.Fatal(err)
	}
	padded, err := c.Check.CheckNumber(" 16")
	if err != nil || padded != right {
		t.Errorf("\" 16\" graded %v (%v), \"16\" %v", padded, err, right)
	}
}

// The key line of an open card named only space, where enter shows its
// answer too, and "l / the deck" named a thing, not what the key does with it: one binding
// names both keys, and the deck list's key says what it does.
func TestOpenCardKeyLineNamesEnterAndTheDeckList(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m, _ := model(t, sz[0], sz[1], "ref-001-self-check-3")
		v := ansi.Strip(m.View())
		keys := v[strings.LastIndex(v, "\n")+1:]
		for _, want := range []string{"space/enter show the answer", "l / list cards"} {
			if !strings.Contains(keys, want) {
				t.Errorf("at %dx%d the key line lacks %q: %q", sz[0], sz[1], want, keys)
			}
		}
		if m = tuitest.Press(m, "enter"); m.phase != answered {
			t.Errorf("at %dx%d enter did not show the open card's answer", sz[0], sz[1])
		}
	}
}
