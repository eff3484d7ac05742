package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/challengeui"
)

// Challenges opens the list of challenges; enter plays one, esc comes back
// to the list and esc again to the menu.
func TestChallengesOpenAndEscComesBack(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{Challenges: &challengeui.Options{}})
	m = press(m, "down", "down", "enter")
	if m.screen != onChallenges || !strings.Contains(m.View(), "Size a timeout against the pool") {
		t.Fatalf("Challenges should list the challenges:\n%s", m.View())
	}
	m = press(m, "down", "enter")
	if !m.ch.Open() || !strings.Contains(m.View(), "Challenge 2 · Size a bulkhead at 20/s") {
		t.Fatalf("enter should open the second challenge:\n%s", m.View())
	}
	next, cmd := m.Update(keyMsg("esc"))
	m = next.(Model)
	if cmd == nil {
		t.Fatal("esc in a challenge should ask to go back")
	}
	m = send(m, cmd())
	if m.ch.Open() || m.screen != onChallenges {
		t.Fatal("esc in a challenge should come back to the list")
	}
	next, cmd = m.Update(keyMsg("esc"))
	m = send(next.(Model), cmd())
	if m.screen != onMenu {
		t.Error("esc on the list should come back to the menu")
	}
	m = newHome(t, Options{})
	m = press(m, "down", "down", "enter")
	if m.screen != onMenu || !strings.Contains(m.View(), "challenges are not available") {
		t.Errorf("Challenges without options should explain:\n%s", m.View())
	}
}
