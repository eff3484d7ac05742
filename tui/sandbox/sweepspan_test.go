package sandbox

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A sandbox sweep's axis is what a learner reads as settings to type: its
// values are round (50, 100, 150 workers; 1 s, 2 s, 3 s), not evenly
// spread from a quarter of the design's value (50, 82, 114, 145), except
// the design's own value and an end cut at the most or least the scenario
// takes.
func TestSweepAxisIsRound(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	for _, c := range []struct {
		v     int
		path  string
		set   any // the knob's value first, or nil for the scenario's
		steps int
		want  string
	}{
		{0, "workers", nil, 12, "50 100 150 200 250 300 350 400"},
		{0, "workers", nil, 20, "40 60 80 100 120 140 160 180 200 220 240 260 280 300 320 340 360 380 400"},
		{2, "recommendations.timeout", nil, 12, "1s 2s 3s 4s 5s 6s 7s 8s 9s 10s"},
		{2, "recommendations.timeout", nil, 8, "2s 4s 5s 6s 8s 10s"},
		{2, "recommendations.breaker.failure_rate", nil, 12, "0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1"},
		{0, "search.rate", nil, 8, "100 200 300 400 500 600"},
		// The design's own value stays as the learner set it, between
		// round values.
		{0, "workers", int64(7), 12, "2 4 6 7 8 10 12 14"},
		{0, "recommendations.timeout", "1.36s", 12, "250ms 500ms 750ms 1s 1.25s 1.36s 1.5s 1.75s 2s 2.25s 2.5s 2.75s"},
		// Too few round values on the step that covers it all (a whole
		// number's step is never 2.5): the finer step, a little short
		// at the ends.
		{2, "recommendations.bulkhead", int64(10), 8, "4 6 8 10 12 14 16 18"},
	} {
		s := cloneScenario(sc)
		if c.set != nil {
			if err := lessons.SetKnob(s, c.v, c.path, c.set); err != nil {
				t.Fatal(err)
			}
		}
		sp, err := spanAround(s, c.v, c.path, c.steps)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, val := range sp.ax.Values {
			got = append(got, fmt.Sprint(val))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s at %v on %d: axis %q, want %q", c.path, c.set, c.steps, g, c.want)
		}
	}
}

// Every knob of every built-in scenario's variants, at its own value and
// at odd values of its own, sweeps on an axis that increases, is round but
// for the design's value and a cut end, holds the design exactly, covers
// most of the range around it and no more than a step past it, stays
// within what the knob takes (whole numbers for counts, shares at most 1,
// nothing below 0, a cut end the very limit), and has no more values than
// asked.
func TestSweepAxesOfEveryKnob(t *testing.T) {
	racefree.Only(t) // no goroutine: knob paths, forms and axes alone
	t.Parallel()     // parallel_test.go says which tests may
	if testing.Short() {
		t.Skip("sweeps every knob's axis")
	}
	checked, odd := 0, 0
	seen := map[string]bool{}
	for _, b := range scenarios.All() {
		base := b.Build()
		for v := range base.Variants {
			for _, path := range lessons.NumberKnobs(base, v) {
				cur, ok := lessons.KnobValue(base, v, path)
				if !ok {
					continue
				}
				for _, val := range append([]any{nil}, oddValues(cur)...) {
					sc := base
					if val != nil {
						sc = cloneScenario(base)
						if lessons.SetKnob(sc, v, path, val) != nil || sc.Validate() != nil {
							continue
						}
					}
					now, _ := lessons.KnobValue(sc, v, path)
					key := fmt.Sprintf("%s %s=%v", b.Name, path, now)
					if seen[key] {
						continue // another variant's, as like as not alike
					}
					seen[key] = true
					steps := []int{12, 8}
					if val != nil {
						steps = []int{12}
						odd++
					}
					for _, n := range steps {
						checkAxis(t, sc, v, path, n)
						checked++
					}
				}
			}
		}
	}
	if checked < 500 || odd < 100 {
		t.Fatalf("checked %d axes, %d of them at odd values: too few to say much", checked, odd)
	}
}

// oddValues are values for a knob at cur that no scenario holds: a little
// over a third of it and nearly three times it, or small odd ones for a
// knob at 0.
func oddValues(cur any) []any {
	switch c := cur.(type) {
	case int64:
		if c == 0 {
			return []any{int64(7)}
		}
		return []any{max(1, int64(math.Round(float64(c)*0.37))), int64(math.Round(float64(c) * 2.9))}
	case float64:
		if c == 0 {
			return []any{0.35}
		}
		return []any{c * 0.37, math.Min(c*2.9, 0.93)}
	case string:
		d, err := time.ParseDuration(c)
		if err != nil {
			return nil
		}
		if d == 0 {
			return []any{"1.36s"}
		}
		return []any{(d * 37 / 100).Round(time.Microsecond).String(), (d * 29 / 10).String()}
	}
	return nil
}

// checkAxis checks path's axis around its value in sc, on a grid of n.
func checkAxis(t *testing.T, sc *engine.Scenario, v int, path string, n int) {
	t.Helper()
	cur, _ := lessons.KnobValue(sc, v, path)
	where := fmt.Sprintf("%s variant %d, %s=%v on %d", sc.Name, v+1, path, cur, n)
	sp, err := spanAround(sc, v, path, n)
	if err != nil {
		return // no axis: sweepable keeps it from the picker, with the reason
	}
	ax := sp.ax
	if len(ax.Values) != len(ax.X) || len(ax.X) == 0 || len(ax.X) > n {
		t.Errorf("%s: %d values (%d X) for a grid of %d", where, len(ax.Values), len(ax.X), n)
		return
	}
	// Increasing, and the design exactly.
	own := -1
	for i, x := range ax.X {
		if i > 0 && !(x > ax.X[i-1]) {
			t.Errorf("%s: the axis does not increase: %v", where, ax.X)
		}
		if x == sp.x && sameValue(ax.Values[i], cur) {
			own = i
		}
	}
	if own < 0 {
		t.Errorf("%s: the design is not on the axis %v (mark %v)", where, ax.Values, sp.x)
	}
	// What the knob takes.
	_, isInt := cur.(int64)
	for i, val := range ax.Values {
		if isInt {
			if _, ok := val.(int64); !ok {
				t.Errorf("%s: a count swept over %v (%T)", where, val, val)
			}
		}
		if ax.X[i] < 0 {
			t.Errorf("%s: %v is below 0", where, val)
		}
		if share(path) && ax.X[i] > 1 {
			t.Errorf("%s: a share of %v", where, val)
		}
	}
	takes := func(val any) bool {
		c := cloneScenario(sc)
		return lessons.SetKnob(c, v, path, setting(val)) == nil && c.Validate() == nil
	}
	last := len(ax.X) - 1
	if sp.cutHi && sp.refusedHi == nil && takes(past(ax.Values[last], +1)) {
		t.Errorf("%s: cut at %v, but the scenario takes %v", where, ax.Values[last], past(ax.Values[last], +1))
	}
	if sp.cutLo && sp.refusedLo == nil && takes(past(ax.Values[0], -1)) {
		t.Errorf("%s: cut at %v, but the scenario takes %v", where, ax.Values[0], past(ax.Values[0], -1))
	}
	// A cut end inside a bound the scenario holds strictly: the bound is
	// refused, the value just inside it taken, and the end lies between
	// it and the design.
	for _, c := range []struct {
		refused any
		end     int
		in      int
	}{{sp.refusedHi, last, -1}, {sp.refusedLo, 0, +1}} {
		if c.refused == nil {
			continue
		}
		r := axisValue(c.refused)
		if takes(r) || !takes(past(r, c.in)) || !takes(ax.Values[c.end]) {
			t.Errorf("%s: cut at %v inside %v, but the scenario takes %v: %v, %v: %v", where, ax.Values[c.end], r, r, takes(r), past(r, c.in), takes(past(r, c.in)))
		}
	}
	// A cut end reads as a learner would type it: four significant
	// digits at most (not 10.000001s, 80.001ms or 39.999999s).
	for _, i := range []int{0, last} {
		if digits := significant(ax.X[i]); digits > 4 {
			t.Errorf("%s: the axis %v ends at %v, %d significant digits", where, ax.Values, ax.Values[i], digits)
		}
	}
	// Round: the values that are neither the design nor a cut end are
	// multiples of one round step in the knob's counting (ms for a
	// duration), with no gap but the design's.
	toCount := 1.0
	if ax.Unit == "s" {
		toCount = 1000
	}
	var grid []float64
	for i, x := range ax.X {
		if i == own || (i == 0 && sp.cutLo) || (i == last && sp.cutHi) {
			continue
		}
		grid = append(grid, x*toCount)
	}
	step := math.Inf(1)
	for i := 1; i < len(grid); i++ {
		step = math.Min(step, grid[i]-grid[i-1])
	}
	if len(grid) < 2 {
		return
	}
	if !isRound(step) {
		t.Errorf("%s: the axis %v steps by %v, not a round step", where, ax.Values, step)
		return
	}
	for i, g := range grid {
		if k := g / step; math.Abs(k-math.Round(k)) > 1e-6 {
			t.Errorf("%s: %v on the axis %v is not a multiple of its step %v", where, ax.Values, g, step)
		}
		if i > 0 && sp.refused == 0 {
			gap := math.Round((g - grid[i-1]) / step)
			designGap := own >= 0 && ax.X[own]*toCount > grid[i-1] && ax.X[own]*toCount < g
			if gap > 2 || (gap == 2 && !designGap) {
				t.Errorf("%s: a gap of %v steps in %v", where, gap, ax.Values)
			}
		}
	}
	// About the range around the design: most of it, and no more than a
	// step past its ends.
	lo, hi, _ := aroundEnds(cur, path)
	l, h := inAxisUnit(lo, ax.Unit)*toCount, inAxisUnit(hi, ax.Unit)*toCount
	if sp.cutLo {
		l = ax.X[0] * toCount
	}
	if sp.cutHi {
		h = ax.X[last] * toCount
	}
	first, end := ax.X[0]*toCount, ax.X[last]*toCount
	if first < l-step*(1+1e-9) || end > h+step*(1+1e-9) {
		t.Errorf("%s: the axis %v goes more than a step %v past %v..%v", where, ax.Values, step, l, h)
	}
	if sp.refused == 0 && end-first < 0.75*(h-l) {
		t.Errorf("%s: the axis %v covers %v of the range %v..%v", where, ax.Values, end-first, l, h)
	}
}

// isRound says whether s is 1, 2, 2.5 or 5 times a power of ten.
func isRound(s float64) bool {
	if !(s > 0) {
		return false
	}
	m := s / math.Pow(10, math.Floor(math.Log10(s)+1e-9))
	for _, r := range []float64{1, 2, 2.5, 5, 10} {
		if math.Abs(m-r) < 1e-6 {
			return true
		}
	}
	return false
}

// sameValue says whether an axis value is the knob's value cur.
func sameValue(val, cur any) bool {
	switch c := cur.(type) {
	case int64:
		return val == c
	case float64:
		switch x := val.(type) {
		case float64:
			return x == c
		case int64:
			return float64(x) == c
		}
	case string:
		a, errA := time.ParseDuration(c)
		b, errB := time.ParseDuration(fmt.Sprint(val))
		return errA == nil && errB == nil && a == b
	}
	return false
}

// past is the value one least step beyond val, up or down: a whole number,
// a float64 or a microsecond, the finest an axis of durations holds.
func past(val any, dir int) any {
	switch x := val.(type) {
	case int64:
		return x + int64(dir)
	case float64:
		return math.Nextafter(x, float64(dir)*math.Inf(1))
	case string:
		d, _ := time.ParseDuration(x)
		return (d + time.Duration(dir)*time.Microsecond).String()
	}
	return val
}

// inAxisUnit is a range end in the unit of an axis's X.
func inAxisUnit(v any, unit string) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	case time.Duration:
		if unit == "s" {
			return x.Seconds()
		}
		return float64(x) / float64(time.Millisecond)
	}
	return math.NaN()
}

// axisValue is a span's value as an axis holds it: a duration as text.
func axisValue(v any) any {
	if d, ok := v.(time.Duration); ok {
		return d.String()
	}
	return v
}

// significant counts the significant digits of x as it prints in full.
func significant(x float64) int {
	s := strings.TrimLeft(strings.ReplaceAll(strconv.FormatFloat(math.Abs(x), 'f', -1, 64), ".", ""), "0")
	if !strings.Contains(strconv.FormatFloat(math.Abs(x), 'f', -1, 64), ".") {
		s = strings.TrimRight(s, "0")
	}
	return len(s)
}
