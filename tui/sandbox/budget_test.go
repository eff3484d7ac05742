package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Issue 30: a design from the knob form is costed before any of it runs.
// Over the budget it is refused in the form, naming the figure, and the
// run shown stays the one before; with no Budget set the engine's default
// holds, so no knob the form allows can start a run that takes the machine.
func TestKnobFormIsHeldToTheBudget(t *testing.T) {
	for _, c := range []struct {
		name   string
		limits Limits
		rate   string
		want   string
	}{
		// A budget of a million requests: the cascade's three designs at
		// 40,000 searches a second for 30 s are over it.
		{"set", Limits{Budget: func(sc *engine.Scenario, runs int) error { return engine.CheckBudget(sc, runs, 1, 1_000_000) }}, "40000", "over the budget of 1 M"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, 120, 40, Options{Limits: c.limits})
			m = seekTo(t, m, 5*time.Second)
			before := m.Snapshot()
			m = press(m, "e")
			for m.form.knobs[m.form.focus].label != "search rate" {
				m = press(m, "down")
			}
			m = press(m, "ctrl+u")
			m = press(m, strings.Split(c.rate, "")...)
			m = press(m, "enter")
			if m.form == nil {
				t.Fatal("a design over the budget was applied")
			}
			if !strings.Contains(m.form.err, c.want) || !strings.Contains(m.form.err, "would simulate about") {
				t.Errorf("the refusal says %q, want the figure and %q", m.form.err, c.want)
			}
			if after := m.Snapshot(); after.Now != before.Now || m.sim.edited {
				t.Errorf("the run changed: %v edited %v", after.Now, m.sim.edited)
			}
		})
	}
}

// With no Budget set, the engine's default holds: the form's largest search
// rate over ten minutes is refused, the built-in cascade is not.
func TestLimitsDefaultToTheEnginesBudget(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	if err := (Limits{}).check(sc, 1); err != nil {
		t.Fatalf("the built-in cascade is refused: %v", err)
	}
	big := cloneScenario(sc)
	big.Duration = 10 * time.Minute
	for v := range big.Variants {
		for i := range big.Variants[v].System.Endpoints {
			big.Variants[v].System.Endpoints[i].Rate = 1_000_000
		}
	}
	err := (Limits{}).check(big, 1)
	if err == nil || !strings.Contains(err.Error(), "over the budget of 200 M") {
		t.Fatalf("a million a second for ten minutes: %v", err)
	}
}
