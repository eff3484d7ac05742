package home

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// New system opens the builder; p plays its system in the sandbox, esc
// there comes back to the builder with the system as it was, esc again
// to the menu; opened again (here by :new) it is the draft left.
func TestNewSystemBuildsPlaysAndKeepsTheDraft(t *testing.T) {
	m := newHome(t, Options{})
	m = typed(m, "up", "up", "enter") // New system, above Exercises
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "new system › start from") {
		t.Fatalf("New system should open the builder's starts:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "enter", "s")
	if !strings.Contains(ansi.Strip(m.View()), "added service orders") {
		t.Fatalf("s should add a service:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "p")
	if !m.InSandbox() || !strings.Contains(ansi.Strip(m.View()), "new system › my-system") {
		t.Fatalf("p should play the system in the sandbox:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "esc")
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "orders · 16 workers") {
		t.Fatalf("esc in the sandbox should come back to the builder:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, "esc", "y")
	if m.screen != onMenu {
		t.Fatalf("esc, y should leave the unsaved system for the menu:\n%s", ansi.Strip(m.View()))
	}
	m = typed(m, ":", "new", "enter")
	if m.screen != onBuilder || !strings.Contains(ansi.Strip(m.View()), "orders · 16 workers") {
		t.Errorf(":new should open the draft as it was left:\n%s", ansi.Strip(m.View()))
	}
}
