package livelab

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A learner watching the no-timeout mode read "health ok 100.0/100.0" at
// 2.8 s while 38 requests sat in the accept queue, and 25.0 once their
// clients gave up: the shares were of the answered alone. They are of the
// requests that arrived in the window, those still waiting one more share.
func TestFooterCountsTheWindowsUnansweredAsWaiting(t *testing.T) {
	m := newModel(t, 0, fakeReal(t, scenarios.Checkout(), 0, 5, 500*time.Millisecond))
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	m.Update(tickMsg{})
	sim, real := &m.sides[0].snap, &m.sides[1].snap
	h := slices.IndexFunc(real.Endpoints, func(e engine.EndpointSnapshot) bool { return e.Name == "health" })
	if h < 0 {
		t.Fatal("no health endpoint")
	}
	// 8 arrived in the window on each side: 4 answered ok in the
	// simulation, 2 measured, the rest waiting.
	for _, e := range []*engine.EndpointSnapshot{&sim.Endpoints[h], &real.Endpoints[h]} {
		e.Window, e.WindowArrived = engine.Counts{}, 8
	}
	sim.Endpoints[h].Window[engine.OK], real.Endpoints[h].Window[engine.OK] = 4, 2
	footer := ansi.Strip(strings.Join(m.footer(), "\n"))
	for _, want := range []string{"health   ok 50.0/25.0 (-25.0) · waiting 50.0/75.0 (+25.0)", "differ most on health ok, by 25.0 points"} {
		if !strings.Contains(footer, want) {
			t.Errorf("the footer lacks %q:\n%s", want, footer)
		}
	}
	addsUp(t, footer)

	// Played: mid-incident the accept queue holds /health's requests, and
	// the footer says they wait; at the end none does.
	played := newModel(t, 0, fakeReal(t, scenarios.Checkout(), 0, 5, 200*time.Millisecond))
	played.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	waited := false
	for range 200 {
		played.Update(tickMsg{})
		footer := ansi.Strip(strings.Join(played.footer(), "\n"))
		addsUp(t, footer)
		if strings.Contains(footer, "waiting") {
			waited = true
		}
		if played.done {
			if strings.Contains(footer, "waiting") {
				t.Errorf("both runs are over and the footer still counts requests waiting:\n%s", footer)
			}
			break
		}
	}
	if !played.done {
		t.Fatal("the runs never ended")
	}
	if !waited {
		t.Error("no frame of the no-timeout incident counted a request waiting in the window")
	}
}
