package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// In the sandbox at 120×40 the map is on screen for every built-in
// scenario's every variant, with every part of its system.
func TestMapShowsEveryNodeAt120x40(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			m := newModel(t, 120, 40, Options{Scenario: tuitest.Scenario(t, b.Name), Variant: v})
			view := ansi.Strip(m.View())
			if !strings.Contains(view, "╭─ Map ") {
				t.Errorf("%s variant %d: no map at 120×40 (%s)\n%s", b.Name, v+1, m.Hidden(), view)
				continue
			}
			for _, n := range m.xp.mapv.Names() {
				if !strings.Contains(view, " "+n+" ") {
					t.Errorf("%s variant %d: the map lacks %q", b.Name, v+1, n)
				}
			}
			if want := len(sc.Variants[v].System.Services) + len(sc.Variants[v].System.Tenants) + 1; len(m.xp.mapv.Names()) < want {
				t.Errorf("%s variant %d: the map has %d nodes, fewer than the %d services, tenants and front", b.Name, v+1, len(m.xp.mapv.Names()), want)
			}
		}
	}
}

// n moves the map's selection, which MapSelection hands out as the engine
// names it; a click on a node's row on the map selects it.
func TestMapSelectionByKeyAndClick(t *testing.T) {
	m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, "multi-hop"), Variant: 2})
	if got := m.MapSelection(); got != "front" {
		t.Fatalf("starts on %q", got)
	}
	m = press(m, "n")
	m = press(m, "n")
	if got := m.MapSelection(); got != "inventory" {
		t.Errorf("n n selected %q, want inventory", got)
	}
	if !strings.Contains(ansi.Strip(m.View()), "map: selected inventory") {
		t.Error("the status line does not say what is selected")
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for y, l := range lines {
		if x := strings.Index(l, "◆ database"); x >= 0 {
			x = len([]rune(l[:x]))
			next, _ := m.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			m = next.(Model)
			if got := m.MapSelection(); got != "database" {
				t.Errorf("a click on database's row selected %q", got)
			}
			return
		}
	}
	t.Fatalf("no database on the map:\n%s", strings.Join(lines, "\n"))
}
