package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// ctrl+s offers the knobs `breakerlab sweep` lists for the design in the
// form (sweep.Sweepable, as cmd/breakerlab's sweepKnobs filters them), and
// none it leaves out. With noisy-tenant's shedding variant given no accept
// queue, its shedding is read by nothing (a request that finds no worker
// is refused before shedding could judge its wait), and the command line
// refuses a sweep of it as one whose every value runs the same; the
// sandbox listed shed.max_wait.* for the second axis all the same, and
// opened the sweep of the field under the cursor, to meet the refusal
// only at enter (the plan's, sweep.Plan.Prepare).
func TestSweepOffersWhatTheCommandLineLists(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	sc := tuitest.Scenario(t, "noisy-tenant")
	m := press(newModel(t, 160, 48, Options{Scenario: sc}), "3", "e")
	f := m.form
	for f.knobs[f.focus].label != "accept queue" {
		f.move(1)
	}
	f.knobs[f.focus].input.SetValue("0")
	for f.move(1); !strings.HasPrefix(f.knobs[f.focus].label, "shed "); f.move(1) {
		if f.focus == 0 {
			t.Fatal("variant 3 of noisy-tenant has no shedding field")
		}
	}
	m = send(m, ctrlS)
	if m.sw != nil || !strings.Contains(m.form.err, "every value would run the same") {
		t.Errorf("ctrl+s on %q with no accept queue: overlay %v, form says %q; want it refused as the command line refuses it",
			m.form.knobs[m.form.focus].label, m.sw != nil, m.form.err)
	}

	for m.form.knobs[m.form.focus].label != "workers" {
		m.form.move(1)
	}
	m = send(m, ctrlS)
	if m.sw == nil {
		t.Fatalf("ctrl+s on workers opened no sweep: %s", m.form.err)
	}
	build := func() *engine.Scenario { return cloneScenario(m.sw.base) }
	for _, p := range m.sw.choices {
		if err := sweep.Sweepable(build, m.sw.variant, lessons.SetKnob, p); err != nil {
			t.Errorf("ctrl+s offers %s, which the command line leaves out: %v", p, err)
		}
	}
}
