package sweep

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Lesson 3: the hang never takes more than its bulkhead. in_flight_max
// counts the calls whose caller gave up too (the dependency still works on
// them), so a bulkhead of 5 shows 20 in flight; held_max counts the calls
// a caller still waits on, what the bulkhead caps: 5. Each says so where
// a sweep's figure is named.
func TestHeldMaxIsWhatTheBulkheadCaps(t *testing.T) {
	sc := scenarios.Cascade()
	const v = 1 // bulkhead: recommendations <= 20
	if err := testSet(sc, v, "recommendations.bulkhead", int64(5)); err != nil {
		t.Fatal(err)
	}
	r, err := engine.New(sc, v, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	snap := r.Snapshot()
	held, err := ParseMetric("recommendations.held_max", sc, v)
	if err != nil {
		t.Fatal(err)
	}
	all, err := ParseMetric("recommendations.in_flight_max", sc, v)
	if err != nil {
		t.Fatal(err)
	}
	if got := held.Measure(&snap); got != 5 {
		t.Errorf("held_max %v with a bulkhead of 5, want 5", got)
	}
	d, _ := snap.Dependency("recommendations")
	if got := all.Measure(&snap); got != float64(d.InFlightMax) || got <= 5 {
		t.Errorf("in_flight_max %v, want the engine's %d, above the bulkhead's 5 (the abandoned calls)", got, d.InFlightMax)
	}
	if held.Unit() != "calls" {
		t.Errorf("held_max's unit is %q, want calls", held.Unit())
	}
	for m, want := range map[Metric]string{all: "abandoned calls included", held: "calls a caller waited on"} {
		if !strings.Contains(m.Describe(), want) {
			t.Errorf("%s is described %q, without %q", m.Name, m.Describe(), want)
		}
	}
	// The message that lists the fields says what each counts.
	// Its lines are wrapped to 80 columns: read as one.
	_, err = ParseMetric("recommendations.nosuch", sc, v)
	if err == nil {
		t.Fatal("recommendations.nosuch taken")
	}
	if msg := strings.Join(strings.Fields(err.Error()), " "); !strings.Contains(msg, "in_flight_max (calls: the most in flight at once, abandoned calls included)") ||
		!strings.Contains(msg, "held_max (calls: the most a caller waited on at once in the window, what a bulkhead caps)") {
		t.Errorf("an unknown field's message does not say what in_flight_max and held_max count: %v", err)
	}
}

// held_max reads the window's samples, so a sweep's run stops once the
// window is settled (the cascade's recommendations endpoint shares the
// dependency's name), and it measures what the whole run does.
func TestHeldMaxSettlesAsTheWholeRun(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p := settlePlan(t, 1, "recommendations.bulkhead=5..30:2", "workers=100..300:2", "recommendations.held_max", "")
	early, _ := runChecked(t, p)
	if early == 0 {
		t.Errorf("no run stopped before the scenario's end")
	}
}
