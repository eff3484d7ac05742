package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A knob at none is swept up to what the design's run reads for it
// (runTop), not over a fixed 0 to 10: go-inventory's transport held
// hundreds of connections at once, and every cell of 1 to 10 per host was
// the worst band. The figures below are read from the engine's run here,
// not written down.

// playedOut is variant v of sc played to its end, as designRun plays it.
func playedOut(t *testing.T, sc *engine.Scenario, v int) *engine.Snapshot {
	t.Helper()
	r, err := engine.New(cloneScenario(sc), v, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	fin := r.Snapshot()
	return &fin
}

// A cap at none goes up to the run's peak of what it caps, rounded out to
// the axis's step: at or past the peak, and not a step beyond it; or, when
// the scenario takes no cap that high (a bulkhead above the workers), to
// the most it takes.
func TestACapAtNoneIsSweptToTheRunsPeak(t *testing.T) {
	racefree.Only(t) // no goroutine: engine runs and axes on the test's own
	for _, c := range []struct {
		scenario string
		v        int
		path     string
		peak     func(fin *engine.Snapshot) int
	}{
		{"go-inventory", 1, "transport.per_host", poolPeak("transport")},
		{"go-inventory", 0, "transport.per_host", func(fin *engine.Snapshot) int { return fin.Pools[0].InUseMax }},
		{"cascade", 0, "recommendations.bulkhead", dependencyPeak("recommendations")},
	} {
		sc := tuitest.Scenario(t, c.scenario)
		if cur, _ := lessons.KnobValue(sc, c.v, c.path); !isZero(cur) {
			t.Fatalf("%s variant %d: %s is %v, not none", c.scenario, c.v+1, c.path, cur)
		}
		fin := playedOut(t, sc, c.v)
		peak := c.peak(fin)
		if peak <= 10 {
			t.Fatalf("%s variant %d: the run's peak of %s is %d: the case shows nothing", c.scenario, c.v+1, c.path, peak)
		}
		for _, steps := range []int{8, 11, 14} {
			sp, err := spanAroundRun(sc, c.v, c.path, steps, func() *engine.Snapshot { return fin })
			if err != nil {
				t.Fatal(err)
			}
			x := sp.ax.X
			n := len(x)
			if x[0] != 0 || n < 3 || n > steps {
				t.Fatalf("%s variant %d on %d: axis %v, want none first and at most %d values", c.scenario, c.v+1, steps, x, steps)
			}
			top := x[n-1]
			switch {
			case sp.cutHi:
				// Cut at a limit: the limit is the most the scenario takes.
				if top >= float64(peak) || !sp.takesAt(sc, c.v, c.path, sp.ax.Values[n-1]) || sp.takesAt(sc, c.v, c.path, int64(top)+1) {
					t.Errorf("%s variant %d on %d: cut at %v, not the most the scenario takes under the peak %d", c.scenario, c.v+1, steps, top, peak)
				}
			case top < float64(peak):
				t.Errorf("%s variant %d on %d: the axis %v stops under the run's peak, %d", c.scenario, c.v+1, steps, x, peak)
			case x[n-2] >= float64(peak):
				t.Errorf("%s variant %d on %d: the axis %v goes a step or more past the run's peak, %d", c.scenario, c.v+1, steps, x, peak)
			}
			if !strings.Contains(sp.fromRun, pane.Count(peak)) {
				t.Errorf("%s variant %d: the words %q do not give the run's peak, %d", c.scenario, c.v+1, sp.fromRun, peak)
			}
		}
	}
}

// takesAt says whether the scenario takes val at path in variant v.
func (span) takesAt(sc *engine.Scenario, v int, path string, val any) bool {
	c := cloneScenario(sc)
	return lessons.SetKnob(c, v, path, setting(val)) == nil && c.Validate() == nil
}

// A timeout at none goes up to the time the run's most calls in flight
// piled up in at the calls' mean rate (Little's law), rounded out.
func TestATimeoutAtNoneIsSweptToItsPileUp(t *testing.T) {
	racefree.Only(t) // no goroutine: an engine run and an axis on the test's own
	sc := tuitest.Scenario(t, "cascade")
	if err := lessons.SetKnob(sc, 0, "recommendations.timeout", "0s"); err != nil {
		t.Fatal(err)
	}
	fin := playedOut(t, sc, 0)
	var d engine.DependencySnapshot
	for _, x := range fin.Dependencies {
		if x.Name == "recommendations" {
			d = x
		}
	}
	rule := float64(d.InFlightMax) / (float64(d.Calls) / fin.Duration.Seconds()) * 1000 // ms
	if !(rule > 1000) {
		t.Fatalf("the rule gives %v ms: the case shows nothing over the fixed 0 to 1 s", rule)
	}
	sp, err := spanAroundRun(sc, 0, "recommendations.timeout", 11, func() *engine.Snapshot { return fin })
	if err != nil {
		t.Fatal(err)
	}
	// In ms, whether the axis counts in ms or, from 10 s up, in s.
	scale := map[string]float64{"ms": 1, "s": 1000}[sp.ax.Unit]
	var x []float64
	for _, v := range sp.ax.X {
		x = append(x, v*scale)
	}
	n := len(x)
	if scale == 0 || x[0] != 0 || x[n-1] < rule-0.5 || x[n-2] >= rule {
		t.Errorf("the timeout's axis is %v %s; want none, then up to the first step at or past %.0f ms", sp.ax.X, sp.ax.Unit, rule)
	}
	if !strings.Contains(sp.fromRun, durText(time.Duration(rule*float64(time.Millisecond)).Round(time.Millisecond))) {
		t.Errorf("the words %q do not give the rule's %.0f ms", sp.fromRun, rule)
	}
}

// A knob at none the run has no figure for (a breaker's minimum calls)
// keeps the fixed range, run or no run.
func TestAKnobAtNoneWithNoPeakKeepsItsRange(t *testing.T) {
	racefree.Only(t) // no goroutine: an engine run and an axis on the test's own
	sc := tuitest.Scenario(t, "cascade")
	const path = "recommendations.breaker.min_calls"
	if err := lessons.SetKnob(sc, 2, path, int64(0)); err != nil {
		t.Fatal(err)
	}
	fin := playedOut(t, sc, 2)
	ran := false
	sp, err := spanAroundRun(sc, 2, path, 11, func() *engine.Snapshot { ran = true; return fin })
	if err != nil {
		t.Fatal(err)
	}
	if got := sp.ax.X; got[0] != 0 || got[len(got)-1] != 10 || sp.fromRun != "" || !ran {
		t.Errorf("min_calls at none: axis %v, words %q (run read: %v); want 0 to 10 and no words of the run", got, sp.fromRun, ran)
	}
}

// The picker announces the axis the sweep runs, from one computation
// (spanOf), and that axis is the run's: go-inventory's per-host cap from
// the form reaches the run's peak of connections in use.
func TestThePickerSaysTheRangeFromTheRun(t *testing.T) {
	racefree.Only(t) // no goroutine: the picker is drawn, no sweep is run
	sc := tuitest.Scenario(t, "go-inventory")
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "go-inventory"), Variant: 1})
	m = press(m, "e")
	for i := 0; !onKnob(m, "transport.per_host"); i++ {
		if i > len(m.form.knobs) {
			t.Fatal("no per-host field in the form")
		}
		m = press(m, "down")
	}
	m = send(m, ctrlS)
	if m.sw == nil {
		t.Fatalf("no sweep picker: %s", m.form.err)
	}
	nx, ny := gridSize(m.w, m.h)
	sp, err := m.sw.spanOf("transport.per_host", nx)
	if err != nil {
		t.Fatal(err)
	}
	peak := playedOut(t, sc, 1).Pools[0].InUseMax
	if top := sp.ax.X[len(sp.ax.X)-1]; top < float64(peak) {
		t.Errorf("the sweep's axis %v stops under the run's peak, %d", sp.ax.X, peak)
	}
	values, cut := sp.words()
	pick := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.pickerLines(m.w, m.h), " "))), " ")
	for _, want := range []string{values + ", around none", cut} {
		if !strings.Contains(pick, want) {
			t.Errorf("the picker does not say %q:\n%s", want, pick)
		}
	}
	// The plan runs the very axis announced.
	p, _, err := m.sw.planFor(m.sw.choices[m.sw.cursor], nx, ny, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Axes[0].X, sp.ax.X; len(got) != len(want) || got[len(got)-1] != want[len(want)-1] {
		t.Errorf("the sweep runs %v, the picker announced %v", got, want)
	}
}

// onKnob says whether the form's cursor is on the field of path.
func onKnob(m Model, path string) bool {
	k := m.form.knobs[m.form.focus]
	return k.path == path || k.readAt == path
}

// designRun plays the design in the key's Update, so a design past
// designRunMost requests (the cascade run for a day) is not played: its
// knobs at none keep the fixed range, and the screen does not stop for the
// seconds the run would take. The cascade of 30 s is played.
func TestADesignTooLongToPlayAtOnceKeepsTheFixedRange(t *testing.T) {
	racefree.Only(t) // no goroutine: the overlay's run on the test's own
	short := tuitest.Scenario(t, "cascade")
	day := tuitest.Scenario(t, "cascade")
	day.Duration, day.MeasureTo = time.Hour, time.Hour
	for _, c := range []struct {
		sc     *engine.Scenario
		played bool
	}{{short, true}, {day, false}} {
		c0 := engine.EstimateCost(c.sc)
		if over := c0.Requests/float64(c0.Variants) > designRunMost; over == c.played {
			t.Fatalf("a %v cascade estimates %.0f requests a variant, against designRunMost %d: the case shows nothing", c.sc.Duration, c0.Requests/float64(c0.Variants), designRunMost)
		}
		s := &sweepOverlay{base: c.sc, variant: 0, seed: tuitest.Seed}
		if got := s.designRun() != nil; got != c.played {
			t.Errorf("a %v cascade: played at once %v, want %v", c.sc.Duration, got, c.played)
		}
		sp, err := s.spanOf("recommendations.bulkhead", 11)
		if err != nil {
			t.Fatal(err)
		}
		if x := sp.ax.X; (x[len(x)-1] == 10) == c.played {
			t.Errorf("a %v cascade: the bulkhead at none is swept over %v (words %q)", c.sc.Duration, x, sp.fromRun)
		}
	}
}

// A run may hold far more calls than the scenario lets a cap take: the
// cascade run for two minutes holds thousands of recommendations' calls
// at once (abandoned ones included) where a bulkhead takes at most the
// pool's 200 workers. The range is then cut at that most; it was handed to
// the search for the least value taken, which doubled up from the top,
// found every value refused, and the picker offered no sweep at all.
func TestACapAtNoneWhoseRunPeakPassesTheLimitIsCutThere(t *testing.T) {
	racefree.Only(t) // no goroutine: an engine run and an axis on the test's own
	sc := tuitest.Scenario(t, "cascade")
	sc.Duration, sc.MeasureTo = 2*time.Minute, 2*time.Minute
	fin := playedOut(t, sc, 0)
	workers, _ := lessons.KnobValue(sc, 0, "workers")
	most, _ := workers.(int64)
	peak := -1
	for _, d := range fin.Dependencies {
		if d.Name == "recommendations" {
			peak = d.InFlightMax
		}
	}
	if most <= 0 || int64(peak) < 10*most {
		t.Fatalf("recommendations' peak %d against %v workers: the case shows nothing", peak, workers)
	}
	sp, err := spanAroundRun(sc, 0, "recommendations.bulkhead", 11, func() *engine.Snapshot { return fin })
	if err != nil {
		t.Fatalf("a bulkhead at none, its run's peak %d past the %d workers: %v", peak, most, err)
	}
	if x := sp.ax.X; x[len(x)-1] != float64(most) || !sp.cutHi || sp.fromRun == "" {
		t.Errorf("a bulkhead at none, its run's peak %d: axis %v (cut %v, words %q); want it up to the %d workers, cut there, and the run's words", peak, x, sp.cutHi, sp.fromRun, most)
	}
}

// poolPeak reads the most connections pool name held at once in a run's
// final snapshot (-1 when it has no such pool): what a cap on it at none
// is swept up to.
func poolPeak(name string) func(fin *engine.Snapshot) int {
	return func(fin *engine.Snapshot) int {
		for _, p := range fin.Pools {
			if p.Name == name {
				return p.InUseMax
			}
		}
		return -1
	}
}

// dependencyPeak reads the most calls in flight to dependency name at
// once in a run's final snapshot (-1 when it has none such).
func dependencyPeak(name string) func(fin *engine.Snapshot) int {
	return func(fin *engine.Snapshot) int {
		for _, d := range fin.Dependencies {
			if d.Name == name {
				return d.InFlightMax
			}
		}
		return -1
	}
}
