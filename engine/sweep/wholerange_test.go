package sweep_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// preparedPlan is prepare's plan, kept to read its axes: nil and the
// refusal when Prepare refused it.
func preparedPlan(t *testing.T, name string, v int, specs ...string) (*sweep.Plan, error) {
	t.Helper()
	b, _ := scenarios.Lookup(name)
	m, err := sweep.ParseMetric(sweep.Measures(b.Build(), v)[0], b.Build(), v)
	if err != nil {
		t.Fatal(err)
	}
	p := &sweep.Plan{Build: b.Build, Variant: v, Seeds: []uint64{1}, Measure: m, Set: lessons.SetKnob}
	for _, s := range specs {
		ax, err := sweep.ParseVary(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Axes = append(p.Axes, ax)
	}
	if err := p.Prepare(); err != nil {
		return nil, err
	}
	return p, nil
}

// A whole-number knob's steps follow one rule whatever the ends: they
// are rounded, a repeat dropped, and the axis says so (1..4:3 was
// rounded without a word, 1..3.5:3 and 1..4:9 refused naming 2.25 and
// 1.375, values nobody typed). An end typed between whole numbers is
// refused as typed.
func TestWholeKnobStepsRoundAlike(t *testing.T) {
	racefree.Only(t) // no goroutine: Prepare builds and checks the cells, runs none
	const knob = "recommendations.retry.attempts"
	for _, tc := range []struct {
		spec string
		want []float64
		note string
	}{
		{knob + "=1..4:3", []float64{1, 3, 4}, knob + " takes whole numbers: swept 1, 3, 4"},
		{knob + "=1..4:9", []float64{1, 2, 3, 4}, knob + " takes whole numbers: swept 1, 2, 3, 4"},
		{"queue=0..10:14", []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, "queue takes whole numbers: swept 0, 1, 2, … , 10 (11 values)"},
		{knob + "=1..4:4", []float64{1, 2, 3, 4}, ""},
	} {
		p, err := preparedPlan(t, "cascade", 1, tc.spec)
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		ax := p.Axes[0]
		if !slices.Equal(ax.X, tc.want) || len(ax.Values) != len(tc.want) {
			t.Errorf("%s swept %v; want %v", tc.spec, ax.X, tc.want)
		}
		if got := ax.RoundedNote(); got != strings.Replace(tc.note, "… ,", "…,", 1) {
			t.Errorf("%s: note %q; want %q", tc.spec, got, tc.note)
		}
	}
	_, err := preparedPlan(t, "cascade", 1, knob+"=1..3.5:3")
	if want := "--vary " + knob + "=1..3.5:3: " + knob + " takes whole numbers, got 3.5: give whole ends, such as " + knob + "=1..3"; err == nil || err.Error() != want {
		t.Errorf("1..3.5:3: %v; want %q", err, want)
	}
	// A knob that takes fractions keeps them.
	p, err := preparedPlan(t, "checkout", 3, "payment.breaker.failure_rate=0..1:3")
	if err != nil || !slices.Equal(p.Axes[0].X, []float64{0, 0.5, 1}) || p.Axes[0].Rounded {
		t.Errorf("probability=0..1:3: %v; want 0, 0.5, 1 unrounded", err)
	}
}

// A range reaching past a knob's bound is refused quoting the flag as
// typed, which of its ends is out of range and the engine's bound, not
// one cell's value alone ("with workers=333334 the scenario is not
// valid").
func TestRangePastBoundQuotesTypedRange(t *testing.T) {
	racefree.Only(t) // no goroutine: Prepare refuses before anything runs
	for _, tc := range []struct {
		v     int
		specs []string
		want  string
	}{
		{0, []string{"workers=1..1000000:4"}, "--vary workers=1..1000000:4: its end (TO) is out of range, and so is a step on the way: workers=333334 is refused: variant \"one shared pool of 200 threads\": workers must be between 1 and 100,000, got 333,334"},
		{0, []string{"recommendations.bulkhead=1..100000:3"}, "--vary recommendations.bulkhead=1..100000:3: its end (TO) is out of range, and so is a step on the way: recommendations.bulkhead=50001 is refused: variant \"one shared pool of 200 threads\": dependency \"recommendations\": bulkhead must be between 0 (none) and the pool's 200 workers, got 50,001"},
		// The second flag's range is the one past its bound.
		{1, []string{"recommendations.timeout=1s..2s:2", "workers=50..200000:2"}, "--vary workers=50..200000:2: its end (TO) is out of range: workers=200000 is refused:"},
		{1, []string{"queue=0..1000000000:2"}, "--vary queue=0..1000000000:2: its end (TO) is out of range: queue=1000000000 is refused:"},
		// A range refused at its first value named that value alone: it
		// names the end to change, and the engine's words the bound.
		{0, []string{"workers=0..100:3"}, "--vary workers=0..100:3: its start (FROM) is out of range: workers=0 is refused: variant \"one shared pool of 200 threads\": workers must be between 1 and 100,000, got 0"},
		{1, []string{"recommendations.retry.attempts=0..5:3"}, "--vary recommendations.retry.attempts=0..5:3: its start (FROM) is out of range: recommendations.retry.attempts=0 is refused:"},
	} {
		_, err := preparedPlan(t, "cascade", tc.v, tc.specs...)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%v: %v\nwant it to begin %q", tc.specs, err, tc.want)
		}
	}
}
