package sandbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/mappane"
)

// The knob form opens at the knobs of what the map has selected, and
// moving through the form moves the map's selection to the part whose
// knobs the cursor is on.
func TestKnobFormFollowsTheMap(t *testing.T) {
	racefree.Only(t)
	for _, tc := range []struct {
		scenario string
		variant  int
		selected string // as the map's Select takes it
		label    string // the focused knob's label
		section  string // the start of its section's title
	}{
		{"multi-hop", 0, "front", "workers", "The server"},
		{"multi-hop", 0, "inventory", "workers", "Service inventory"},
		{"multi-hop", 0, "orders", "workers", "Service orders"},
		{"multi-hop", 0, "database", "timeout", "Calls inventory → database"},
		{"fleet-probes", 0, "api", "workers", "Service api"},
		{"fleet-probes", 0, "api#3", "workers", "Service api"},
		{"noisy-tenant", 1, "acme", "own slots: acme", "Calls to"},
		{"noisy-tenant", 1, "initech", "own slots: initech", "Calls to"},
		{"noisy-tenant", 0, "globex", "checkout rate", "The server"}, // no slots: its traffic
		{"cascade", 0, "recommendations", "timeout", "Calls to recommendations"},
		// A call with no policy of its own but a timeout has its section.
		{"cascade", 0, "search-index", "timeout", "Calls to search-index"},
	} {
		m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, tc.scenario), Variant: tc.variant})
		if !m.xp.mapv.Select(tc.selected) {
			t.Fatalf("%s: the map has no %q: %q", tc.scenario, tc.selected, m.xp.mapv.Names())
		}
		m = press(m, "e")
		if m.form == nil {
			t.Fatalf("%s: e opens no form", tc.scenario)
		}
		f := m.form
		k := f.knobs[f.focus]
		title := ""
		for i, start := range f.section {
			if start <= f.focus {
				title = f.titles[i]
			}
		}
		if strings.TrimSpace(k.label) != tc.label || !strings.HasPrefix(title, tc.section) {
			t.Errorf("%s with %s selected: the form opens at %q in %q, want %q in %q…", tc.scenario, tc.selected, k.label, title, tc.label, tc.section)
		}
		if got := m.MapSelection(); got != tc.selected {
			t.Errorf("%s: opening the form moved the map's selection from %s to %s", tc.scenario, tc.selected, got)
		}
	}
}

func TestMapFollowsTheKnobForm(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = press(m, "e")
	seen := map[string]bool{}
	for range m.form.knobs {
		m = press(m, "tab")
		sel := m.xp.mapv.Selected()
		if want := m.form.focusedPart(); sel.Name != want {
			t.Fatalf("the cursor on %q (part %s) leaves the map on %s", m.form.knobs[m.form.focus].label, want, sel.Name)
		}
		seen[sel.Name] = true
	}
	for _, n := range []string{mappane.FrontName, "orders", "inventory", "database"} {
		if !seen[n] {
			t.Errorf("going through the form never selected %s on the map: %v", n, seen)
		}
	}
	// Typing in a field leaves the selection where it is.
	m = press(m, "esc")
	m.xp.mapv.Select("acme") // not a node: stays
	m.xp.mapv.Select("inventory")
	m = press(m, "e", "tab")
	before := m.MapSelection()
	m = press(m, "9")
	if m.MapSelection() != before {
		t.Errorf("typing moved the map's selection from %s to %s", before, m.MapSelection())
	}
}

// The chaos menu as a learner meets it at each size: a fleet's instance
// selected on the map, its faults listed; one injected, the list of parts
// under it. Neither view cuts a word.
func TestChaosMenuGolden(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		m := newModel(t, sz[0], sz[1], Options{Scenario: tuitest.Scenario(t, "fleet-probes")})
		m = goTo(m, "30")
		m = press(m, "n", ">", ">", ">", "f")
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		checkNoCuts(t, fmt.Sprintf("chaos kinds %dx%d", sz[0], sz[1]), m)
		golden.Check(t, fmt.Sprintf("chaos-kinds-api2-30s-%dx%d", sz[0], sz[1]), v)
		m = press(m, "j", "enter", "enter")
		v = m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		checkNoCuts(t, fmt.Sprintf("chaos parts %dx%d", sz[0], sz[1]), m)
		golden.Check(t, fmt.Sprintf("chaos-parts-30s-%dx%d", sz[0], sz[1]), v)
	}
}
