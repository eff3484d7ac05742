package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A kind mistyped for a service in the chaos prompt was refused with
// every kind, "surge xFACTOR" among them, which a service does not take:
// the refusal lists the kinds of the part typed.
func TestChaosPromptRefusalListsThePartsKinds(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 200, 40, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = press(m, "f")
	m = press(m, "enter", "enter") // the first part, its first kind: a prompt with a spec in it
	if m.prompt == nil {
		t.Fatalf("no chaos prompt; note %q", m.note)
	}
	m = typeRunes(m, "20s inventory hnag")
	m = press(m, "enter")
	if m.prompt == nil || m.chaos == nil {
		t.Fatal("the mistyped kind closed the prompt")
	}
	why := m.chaos.err
	if !strings.Contains(why, `unknown kind "hnag"`) || !strings.Contains(why, "inventory takes slow LATENCY, hang") || strings.Contains(why, "surge") {
		t.Errorf("the refusal for a service: %q", why)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(strings.Join(strings.Fields(v), " "), "inventory takes slow") {
		t.Errorf("the refusal is not on the screen:\n%s", v)
	}
}
