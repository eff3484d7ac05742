package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
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

// A sweep over its budget runs smaller rather than not at all: one seed
// first, then coarser grids, each asked of the budget with the engine's
// estimate of that sweep (sweep.Plan.Cost); the overlay says what it made
// smaller, with the figures the budget was asked with, and how to raise
// it. Past the smallest size it is refused, saying so; a refusal that
// fewer cells would not help (the memory of one cell) is not retried.
func TestSweepOverTheBudgetRunsSmaller(t *testing.T) {
	racefree.Only(t) // no goroutine: the sweeps' commands are never run
	type ask struct {
		cost engine.Cost
		ok   bool
	}
	start := func(budget int64, memory bool) (Model, tea.Cmd, []ask) {
		var asked []ask
		lim := Limits{
			SweepBudget: func(c engine.Cost) error {
				err := engine.CheckCost(c, budget)
				if memory {
					err = &engine.BudgetError{Cost: c, Budget: budget, Memory: true}
				}
				asked = append(asked, ask{c, err == nil})
				return err
			},
			RaiseBudget: func(need float64) string { return "Raise it to " + engine.BudgetValue(need) + "." },
		}
		m := newModel(t, 80, 24, Options{Scenario: shortCascade(t), Limits: lim})
		m = send(press(m, "e"), ctrlS)
		next, cmd := m.Update(keyMsg("enter"))
		return next.(Model), cmd, asked
	}
	// The whole sweep's figure, and one seed's.
	_, _, asked := start(0, false)
	if len(asked) != 1 || !asked[0].ok || asked[0].cost.Seeds != 2 || asked[0].cost.Cells != 64 {
		t.Fatalf("with no budget the sweep should be asked of once, whole: %+v", asked)
	}
	whole := asked[0].cost.Requests

	m, cmd, asked := start(int64(whole*0.6), false)
	if cmd == nil || m.sw.stage != sweepRunning || len(asked) != 2 || asked[1].cost.Seeds != 1 || asked[1].cost.Cells != 64 {
		t.Fatalf("a budget of 60%% of the sweep should run it on one seed: %+v, %q", asked, m.sw.err)
	}
	if !strings.Contains(m.View(), "seed 5 ─╮") {
		t.Errorf("the frame's corner should name the one seed:\n%s", m.View())
	}
	v := flowing(m.View())
	for _, want := range []string{"8 × 8 designs around the one in the form, 1 seed each",
		"Made smaller to fit the budget of " + engine.FormatCount(whole*0.6),
		"8 × 8 designs on 1 seed, about " + engine.FormatCount(asked[1].cost.Requests),
		"8 × 8 designs on 2 seeds, would simulate about " + engine.FormatCount(whole),
		"Raise it to " + engine.BudgetValue(whole) + "."} {
		if !strings.Contains(v, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the sweep made smaller should say %q:\n%s", want, m.View())
		}
	}

	m, _, asked = start(int64(asked[1].cost.Requests*0.6), false)
	if m.sw.stage != sweepRunning || len(asked) != 3 || asked[2].cost.Cells != 32 {
		t.Errorf("a budget under one seed's figure should run a coarser grid (8 × 6, 8 × 4 round values): %+v, %q", asked, m.sw.err)
	}

	m, cmd, asked = start(1, false)
	if cmd != nil || m.sw.stage != sweepPicking || len(asked) != 4 || asked[3].cost.Cells != 16 ||
		!strings.Contains(m.sw.err, "even on 4 × 4 designs and 1 seed, this run would simulate about") {
		t.Errorf("a budget no size fits should refuse the smallest, saying so: %+v, %q", asked, m.sw.err)
	}

	m, cmd, asked = start(1e12, true)
	if cmd != nil || len(asked) != 1 || !strings.Contains(m.sw.err, "of memory at once") {
		t.Errorf("a cell's memory is not helped by fewer cells: asked %d times, %q", len(asked), m.sw.err)
	}
}

// flowing is a view's words in order, without its frame's borders, so
// that a sentence wrapped over lines reads whole.
func flowing(view string) string {
	var words []string
	for _, l := range strings.Split(view, "\n") {
		words = append(words, strings.Fields(strings.Trim(l, " │╭╮╰╯─"))...)
	}
	return strings.Join(words, " ")
}
