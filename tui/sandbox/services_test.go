package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// withServices puts a hand-built chain (front → orders → inventory, a
// fleet of n instances) and two tenants into the model's snapshot, as a
// run of a scenario with services will, and lays the panes out again.
func withServices(m Model, n int) Model {
	s := &m.sim.snap
	s.Services = []engine.ServiceSnapshot{
		{Name: "orders", Depth: 1, Workers: 32, Calls: "inventory", Busy: 32, Queued: 40,
			Instances:    []engine.InstanceSnapshot{{Busy: 32, Queued: 40}},
			Dependencies: []engine.DependencySnapshot{{Name: "inventory", Service: "inventory", InFlight: 32}}},
		{Name: "inventory", Depth: 2, Caller: "orders", Workers: 8, Busy: 8 * n,
			Dependencies: []engine.DependencySnapshot{{Name: "database", InFlight: 8 * n}}, Calls: "database"},
	}
	for k := range n {
		st := breaker.Closed
		if k%2 == 1 {
			st = breaker.Open
		}
		s.Services[1].Instances = append(s.Services[1].Instances, engine.InstanceSnapshot{Busy: 8,
			Breakers: []*engine.BreakerSnapshot{{State: st, OpenRemaining: time.Second}}})
	}
	s.Tenants = []engine.TenantSnapshot{
		{Name: "acme", Arrived: 100, Total: engine.Counts{90, 0, 10, 0}},
		{Name: "globex", Arrived: 50, Total: engine.Counts{20, 0, 30, 0}, Limited: 30},
	}
	m.refresh()
	return m
}

// With services, the chain takes the in-flight chart's place; with
// tenants, the tenants pane comes in; a fleet shows where there is room,
// and else the foot names it with its key, which opens it over the body.
func TestServicesBringTheirPanes(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "cascade")
	for _, sz := range layoutSizes {
		m := seekTo(t, newModel(t, sz[0], sz[1], Options{Scenario: sc, Variant: 2}), 26*time.Second)
		if v := m.View(); !strings.Contains(v, "Calls in flight") || strings.Contains(v, "Call chain") {
			t.Fatalf("%dx%d: without services the in-flight chart stays:\n%s", sz[0], sz[1], v)
		}
		m = withServices(m, 6)
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		tuitest.CheckNoCuts(t, "services", v)
		if strings.Contains(v, "Calls in flight") || !strings.Contains(v, "hain") || !strings.Contains(v, "inventory ×6") {
			t.Errorf("%dx%d: the chain should replace the in-flight chart:\n%s", sz[0], sz[1], v)
		}
		fleetShown := strings.Contains(v, "inventory: 6 instances") || strings.Contains(v, "inventory ×6 ")
		if !fleetShown && !strings.Contains(m.Hidden(), "fleet (I") {
			t.Errorf("%dx%d: a fleet not shown should be named at the foot with its key: %q\n%s", sz[0], sz[1], m.Hidden(), v)
		}
		if sz[0] == 200 && (!fleetShown || !strings.Contains(v, "Tenants")) {
			t.Errorf("200x60 has room for the fleet and the tenants:\n%s", v)
		}

		open := press(m, "I")
		ov := ansi.Strip(open.View())
		tuitest.CheckBlock(t, open.View(), sz[0], sz[1])
		if !strings.Contains(ov, "inventory: 6 instances") || !strings.Contains(ov, "█ 3 open") {
			t.Errorf("%dx%d: I should show the fleet over the body:\n%s", sz[0], sz[1], ov)
		}
		back := send(open, tea.KeyMsg{Type: tea.KeyEsc})
		if back.View() != v {
			t.Errorf("%dx%d: esc should go back to the same screen", sz[0], sz[1])
		}
	}
}

// Without a fleet, I says so and changes nothing else.
func TestFleetKeyWithoutAFleet(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := seekTo(t, newModel(t, 80, 24, Options{Variant: 2}), 26*time.Second)
	got := press(m, "I")
	if !strings.Contains(got.View(), "no fleet in this run") {
		t.Errorf("I without a fleet should say why nothing opened:\n%s", got.View())
	}
}
