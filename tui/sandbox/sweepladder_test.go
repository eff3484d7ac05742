package sandbox

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A knob at none swept up to the run's peak, more than a decade above the
// least value it counts, is laid on a ladder of round values (1, 2, 5,
// 10, 20 ...), denser at the low end where a cap starts to bite, not in
// equal steps of hundreds: go-inventory's per-host cap went 0, 200, 400
// ... and every column past none read alike. The peaks are read from the
// engine's runs here.
func TestANoneAxisFromTheRunIsDenserAtItsLowEnd(t *testing.T) {
	racefree.Only(t) // no goroutine: engine runs and axes on the test's own
	for _, c := range []struct {
		scenario string
		v        int
		path     string
		peak     func(fin *engine.Snapshot) int
	}{
		{"go-inventory", 1, "transport.per_host", poolPeak("transport")},
		{"cascade", 0, "recommendations.bulkhead", dependencyPeak("recommendations")},
	} {
		sc := tuitest.Scenario(t, c.scenario)
		if cur, _ := lessons.KnobValue(sc, c.v, c.path); !isZero(cur) {
			t.Fatalf("%s variant %d: %s is %v, not none", c.scenario, c.v+1, c.path, cur)
		}
		fin := playedOut(t, sc, c.v)
		peak := float64(c.peak(fin))
		if peak < 100 {
			t.Fatalf("%s variant %d: the run's peak of %s is %v, under two decades: the case shows nothing", c.scenario, c.v+1, c.path, peak)
		}
		for _, steps := range []int{6, 8, 12, 14, 20} {
			sp, err := spanAroundRun(sc, c.v, c.path, steps, func() *engine.Snapshot { return fin })
			if err != nil {
				t.Fatal(err)
			}
			x, n := sp.ax.X, len(sp.ax.X)
			where := fmt.Sprintf("%s variant %d on %d: axis %v (%s steps)", c.scenario, c.v+1, steps, x, sp.ladder)
			if sp.ladder == "" || x[0] != 0 || sp.ax.Values[0] != int64(0) || n < 4 || n > steps {
				t.Fatalf("%s: want none first, then a ladder, %d values at most", where, steps)
			}
			// Every value past none is on the ladder the picker names.
			on := map[float64]bool{}
			for _, m := range strings.Split(sp.ladder, "-") {
				f, err := strconv.ParseFloat(m, 64)
				if err != nil {
					t.Fatalf("%s: the ladder's name %q is no list of numbers", where, sp.ladder)
				}
				on[f] = true
			}
			for i, v := range x[1:] {
				mant := v / math.Pow10(int(math.Floor(math.Log10(v)+1e-9)))
				last := i == len(x)-2
				if !on[math.Round(mant*10)/10] && !(last && sp.cutHi) {
					t.Errorf("%s: %v is not on the %s ladder", where, v, sp.ladder)
				}
			}
			// Denser at the low end: each step at least as big as the one
			// before it, the last many times the first.
			for i := 2; i < n; i++ {
				if x[i]-x[i-1] < x[i-1]-x[i-2] && i > 2 {
					t.Errorf("%s: the step to %v is smaller than the one before", where, x[i])
				}
			}
			if !(x[n-1]-x[n-2] >= 10*(x[2]-x[1])) {
				t.Errorf("%s: the steps do not widen up the axis", where)
			}
			// Up to the run's peak: at or past it, and the value before
			// it under it; or cut at the most the scenario takes.
			if sp.cutHi {
				if x[n-1] >= peak || !sp.takesAt(sc, c.v, c.path, sp.ax.Values[n-1]) {
					t.Errorf("%s: cut at %v, not a limit under the peak %v", where, x[n-1], peak)
				}
			} else if x[n-1] < peak || x[n-2] >= peak {
				t.Errorf("%s: does not end at the first round value at or past the run's peak, %v", where, peak)
			}
			// With room on the grid, the ladder goes down to 1.
			if steps >= 12 && x[1] != 1 {
				t.Errorf("%s: on %d columns the low end starts at %v, not 1", where, steps, x[1])
			}
			// The picker's words are the axis's.
			values, _ := sp.words()
			want := fmt.Sprintf("and %s from %s to %s in %s steps", pane.Counted(n-1, "value", "values"), showEnd(sp.ax.Values[1]), showEnd(sp.ax.Values[n-1]), sp.ladder)
			if !strings.HasPrefix(values, "none (") || !strings.HasSuffix(values, want) {
				t.Errorf("%s: the picker says %q, want it to end %q", where, values, want)
			}
		}
	}
}

// A knob at a value is swept from a quarter of it to twice it, under a
// decade: equal round steps, and the picker says no ladder. So is a knob
// at none with no run to read (the fixed 0 to 10), which has its low end.
func TestAnAxisUnderADecadeKeepsEqualSteps(t *testing.T) {
	racefree.Only(t) // no goroutine: axes alone
	sc := tuitest.Scenario(t, "cascade")
	fin := playedOut(t, sc, 0)
	for _, c := range []struct {
		path  string
		steps int
	}{
		{"workers", 12}, {"workers", 20}, {"workers", 8},
	} {
		if cur, _ := lessons.KnobValue(sc, 0, c.path); cur != int64(200) {
			t.Fatalf("cascade's %s is %v, not the 200 the case is of", c.path, cur)
		}
		sp, err := spanAroundRun(sc, 0, c.path, c.steps, func() *engine.Snapshot { return fin })
		if err != nil {
			t.Fatal(err)
		}
		checkEqual(t, fmt.Sprintf("%s on %d", c.path, c.steps), sp, 0)
	}
	for _, steps := range []int{8, 12} {
		sp, err := spanAround(sc, 0, "recommendations.bulkhead", steps)
		if err != nil {
			t.Fatal(err)
		}
		checkEqual(t, fmt.Sprintf("the bulkhead at none, with no run, on %d", steps), sp, 1)
	}
}

// checkEqual says where sp's axis, from value from on, is not in equal
// steps, or its words name a ladder.
func checkEqual(t *testing.T, where string, sp span, from int) {
	t.Helper()
	x := sp.ax.X[from:]
	if len(x) < 3 {
		t.Fatalf("%s: axis %v, too short to show its steps", where, sp.ax.X)
	}
	for i := 2; i < len(x); i++ {
		if x[i]-x[i-1] != x[1]-x[0] {
			t.Errorf("%s: axis %v is not in equal steps", where, sp.ax.X)
			break
		}
	}
	if values, _ := sp.words(); sp.ladder != "" || strings.Contains(values, " steps") {
		t.Errorf("%s: the picker says %q (ladder %q) of an axis in equal steps", where, values, sp.ladder)
	}
}

// sweepable judges a knob at none by its fixed range, not the run's: it
// must not play the design for every field the form shows. Both say the
// same of every knob at none of these scenarios that the sweep reads at
// all (sweep.Sweepable, whose refusals are of no axis): sweepable takes it when
// the axis the sweep would run, from the design's run, has two values or
// more on the smaller grid, and refuses it when not.
func TestSweepableAgreesWithTheAxisAtNone(t *testing.T) {
	racefree.Only(t) // no goroutine: engine runs and axes on the test's own
	_, rows := gridSize(0, 0)
	checked := 0
	for _, name := range []string{"go-inventory", "cascade"} {
		sc := tuitest.Scenario(t, name)
		for v := range sc.Variants {
			var fin *engine.Snapshot
			for _, path := range lessons.NumberKnobs(sc, v) {
				cur, ok := lessons.KnobValue(sc, v, path)
				if !ok || !isZero(cur) || lessons.NoneWords(path) == "" {
					continue
				}
				if sweep.Sweepable(func() *engine.Scenario { return cloneScenario(sc) }, v, lessons.SetKnob, path) != nil {
					continue // refused for what it does, not its axis (a wait with no cap)
				}
				if fin == nil {
					fin = playedOut(t, sc, v)
				}
				sp, err := spanAroundRun(sc, v, path, rows, func() *engine.Snapshot { return fin })
				runs := err == nil && len(sp.ax.Values) >= 2
				if judged := sweepable(sc, v, path); (judged == nil) != runs {
					t.Errorf("%s variant %d, %s at none: sweepable says %v, the sweep's axis is %v (%v)", name, v+1, path, judged, sp.ax.Values, err)
				}
				if sp.ladder != "" {
					checked++
				}
			}
		}
	}
	if checked < 2 {
		t.Errorf("only %d knobs at none swept on a ladder: the case shows little", checked)
	}
}
