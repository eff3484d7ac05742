package lessons

import (
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// deadlineOff is a [set] that turns a call's deadline propagation off,
// on a variant of a built-in where the call passes it on with a margin.
type deadlineOff struct {
	scenario string
	variant  int
	path     string // PART.propagate_deadline, in any form a [set] takes
}

// deadlinesOff are every [set] path that turns off a propagation the
// built-ins have: each call's path as Knobs writes it, and the bare
// DEPENDENCY.propagate_deadline where it names one service's call alone.
func deadlinesOff(t *testing.T) []deadlineOff {
	t.Helper()
	var out []deadlineOff
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			for _, path := range Knobs(sc, v) {
				prefix, ok := strings.CutSuffix(path, "propagate_deadline")
				if !ok {
					continue
				}
				if margin, ok := KnobValue(sc, v, prefix+"deadline_margin"); !ok || margin == "0s" {
					continue
				}
				out = append(out, deadlineOff{b.Name, v, path})
				sys := &sc.Variants[v].System
				if _, bare, found := strings.Cut(path, "/"); found {
					whole, _, _ := findKnob(sys, path)
					if at, ok, err := findKnob(sys, bare); ok && err == nil && at.dep == whole.dep {
						out = append(out, deadlineOff{b.Name, v, bare})
					}
				}
			}
		}
	}
	if len(out) < 4 {
		t.Fatalf("the built-ins pass a deadline on with a margin along %d paths: the test shows little", len(out))
	}
	return out
}

// A lesson whose [set] turns a call's deadline propagation off hands over
// a system a scenario file holds: the margin and the minimum time left,
// read off a propagated deadline alone, go with it, as the knob form's
// edit clears them. The scenario writer refused the margin ("has a
// deadline margin but does not propagate deadlines"), so the sandbox's w
// failed after such a step, and a [set] that had given the call a
// minimum time left first was refused by the engine. The run is the one
// of the call with its propagation alone turned off.
func TestASetThatStopsADeadlineIsWritable(t *testing.T) {
	for _, tc := range deadlinesOff(t) {
		for _, first := range [][]Override{nil, {{Key: strings.TrimSuffix(tc.path, "propagate_deadline") + "min_time_left", Value: "5ms"}}} {
			name := tc.scenario + " " + tc.path
			if first != nil {
				name += " after min_time_left"
			}
			spec := &SimSpec{Scenario: tc.scenario, Variant: tc.variant, Seed: 7,
				Set: append(first, Override{Key: tc.path, Value: false})}
			sc, err := buildScenario(spec)
			if err != nil {
				t.Errorf("%s: the step is refused: %v", name, err)
				continue
			}
			file, err := scenariofile.Dump(sc)
			if err != nil {
				t.Errorf("%s: the system handed over is not written: %v", name, err)
				continue
			}
			back, err := scenariofile.Parse("handed-over.toml", file)
			if err != nil {
				t.Errorf("%s: the file written is refused: %v", name, err)
				continue
			}
			if !reflect.DeepEqual(back, sc) {
				t.Errorf("%s: the file reads back as another scenario", name)
				continue
			}
			if first != nil {
				continue // the run without min_time_left is checked once
			}
			b, _ := scenarios.Lookup(tc.scenario)
			kept := b.Build()
			at, ok, err := findKnob(&kept.Variants[tc.variant].System, tc.path)
			if !ok || err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			at.dep.Policy.PropagateDeadline = false // its margin kept, as before
			kept.Variants[tc.variant].Name = sc.Variants[tc.variant].Name
			if !reflect.DeepEqual(deadlineRun(t, sc, tc.variant), deadlineRun(t, kept, tc.variant)) {
				t.Errorf("%s: clearing the margin of a deadline not passed on changed the run", name)
			}
		}
	}
}

// SetKnob, sweep's and the knob form's setter, clears them alike; a value
// it refuses changes nothing.
func TestSetKnobStopsADeadlineWithItsMargin(t *testing.T) {
	b, _ := scenarios.Lookup("multi-hop")
	sc := b.Build()
	p := &sc.Variants[2].System.Services[0].Dependencies[0].Policy // orders/inventory
	if err := SetKnob(sc, 2, "orders/inventory.min_time_left", "5ms"); err != nil {
		t.Fatal(err)
	}
	if err := SetKnob(sc, 2, "orders/inventory.propagate_deadline", "no"); err == nil {
		t.Fatal(`propagate_deadline = "no" is taken`)
	}
	if !p.PropagateDeadline || p.DeadlineMargin == 0 || p.MinTimeLeft == 0 {
		t.Errorf("a refused value changed the call: %+v", *p)
	}
	if err := SetKnob(sc, 2, "orders/inventory.propagate_deadline", false); err != nil {
		t.Fatal(err)
	}
	if p.PropagateDeadline || p.DeadlineMargin != 0 || p.MinTimeLeft != 0 {
		t.Errorf("propagation off leaves margin %v and min time left %v", p.DeadlineMargin, p.MinTimeLeft)
	}
	if err := sc.Validate(); err != nil {
		t.Errorf("the scenario is refused: %v", err)
	}
}

// deadlineRun is variant v of sc run to its end.
func deadlineRun(t *testing.T, sc *engine.Scenario, v int) engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, v, 7)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return r.Snapshot()
}
