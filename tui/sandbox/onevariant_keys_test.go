package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The key line offered "tab variant" on a scenario of one variant, where
// tab goes nowhere: tab and shift+tab are offered, in the key line and the
// full help, only where there is another variant to go to.
func TestTabVariantOnlyWithAnotherVariant(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	sc := tuitest.Scenario(t, "cascade")
	m := newModel(t, 200, 40, Options{Scenario: sc})
	if line := keyLine(m); !strings.Contains(line, "tab variant") {
		t.Fatalf("cascade has %d variants; the key line does not offer tab: %q", len(sc.Variants), line)
	}

	sc.Variants = sc.Variants[len(sc.Variants)-1:]
	m = newModel(t, 200, 40, Options{Scenario: sc})
	if line := keyLine(m); strings.Contains(line, "tab") {
		t.Errorf("one variant: the key line offers tab: %q", line)
	}
	m = press(m, "?")
	help := ansi.Strip(m.View())
	if strings.Contains(help, "next variant") || strings.Contains(help, "previous variant") {
		t.Errorf("one variant: the full help lists tab or shift+tab:\n%s", help)
	}
	if !strings.Contains(help, "1-9") {
		t.Errorf("the full help lost the variant keys 1-9:\n%s", help)
	}
	m = press(m, "esc", "tab", "shift+tab")
	if m.sim.variant != 0 {
		t.Errorf("tab moved a scenario of one variant to variant %d", m.sim.variant+1)
	}
}

// Compare mode's key line offered "tab/1-9 right • {/} left" on a scenario
// of one variant, where neither side has another to go to: its sides' keys
// are offered only where there is another variant, and its presets stay.
func TestCompareOffersSidesOnlyWithAnotherVariant(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	sc := tuitest.Scenario(t, "cascade")
	m := press(newModel(t, 200, 40, Options{Scenario: sc}), "c")
	if on, _, _ := m.Comparing(); !on {
		t.Fatal("c did not open compare mode")
	}
	if line := keyLine(m); !strings.Contains(line, "tab/1-9") || !strings.Contains(line, "{/}") {
		t.Fatalf("cascade has %d variants; compare's key line does not offer its sides' keys: %q", len(sc.Variants), line)
	}
	// One variant has no other to compare with (c refuses), but C
	// compares its breaker's presets side by side.
	sc.Variants = sc.Variants[len(sc.Variants)-1:]
	m = press(newModel(t, 200, 40, Options{Scenario: sc}), "C")
	if on, _, _ := m.Comparing(); !on {
		t.Fatal("C did not open compare mode on one variant")
	}
	line := keyLine(m)
	if strings.Contains(line, "tab/1-9") || strings.Contains(line, "{/}") {
		t.Errorf("one variant: compare's key line offers keys that go nowhere: %q", line)
	}
	if !strings.Contains(line, "presets") {
		t.Errorf("one variant: compare's key line lost the presets: %q", line)
	}
	help := ansi.Strip(press(m, "?").View())
	if strings.Contains(help, "right: next") || strings.Contains(help, "left: next") {
		t.Errorf("one variant: compare's full help lists the sides' keys:\n%s", help)
	}
}
