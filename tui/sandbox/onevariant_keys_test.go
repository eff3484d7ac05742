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
