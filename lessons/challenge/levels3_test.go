package challenge

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
)

// The levels on a fleet's breakers, a hung instance and two overloads at
// once: their naive designs and reference solutions, kept in this file and
// added to the tables of naive_test.go and solutions_test.go.
func init() {
	const (
		open, jitter, trials = "api/provider.breaker.open", "api/provider.breaker.jitter", "api/provider.breaker.trials"
		limit, bulkhead      = "partner-catalog.ratelimiter.limit_for_period", "search-catalog.bulkhead"
		balancer, attempts   = "catalog.balancer", "catalog.retry.attempts"
		web, mid, db         = "orders.retry.attempts", "orders/inventory.retry.attempts", "inventory/database.retry.attempts"
	)
	referenceSettings["fleet-herd"] = Setting{open: "20s", jitter: 0.5}
	referenceSettings["two-troubles"] = Setting{limit: int64(10), bulkhead: int64(15)}
	referenceSettings["hung-instance"] = Setting{balancer: "least-outstanding"}
	referenceSettings["retry-hops"] = Setting{web: int64(1), mid: int64(1), db: int64(4)}

	naiveDesigns["fleet-herd"] = []struct {
		name string
		s    Setting
	}{
		{"the start", Setting{}},
		{"jitter alone, the wait shorter than the restart", Setting{jitter: 0.5}},
		{"a wait past the restart, no jitter", Setting{open: "15s"}},
		{"a wait past the restart, too little jitter", Setting{open: "15s", jitter: 0.2}},
		{"a short wait, jittered", Setting{open: "2s", jitter: 0.5}},
		{"the longest wait, the warm provider left idle", Setting{open: "30s", jitter: 0.5}},
		{"the most trial calls, a wait past the restart", Setting{trials: int64(10), open: "15s"}},
	}
	naiveDesigns["two-troubles"] = oneToolDesigns
	naiveDesigns["retry-hops"] = []struct {
		name string
		s    Setting
	}{
		{"the start: retries at every hop", Setting{}},
		{"no retries", Setting{web: int64(1), mid: int64(1), db: int64(1)}},
		{"retries at the top only", Setting{web: int64(4), mid: int64(1), db: int64(1)}},
		{"retries in the middle only", Setting{web: int64(1), mid: int64(4), db: int64(1)}},
		{"two attempts at each of two hops", Setting{web: int64(2), mid: int64(1), db: int64(2)}},
		{"the most attempts at every hop", Setting{web: int64(5), mid: int64(5), db: int64(5)}},
		{"the most attempts, at the top only", Setting{web: int64(5), mid: int64(1), db: int64(1)}},
		{"retries at the database, too few", Setting{web: int64(1), mid: int64(1), db: int64(2)}},
	}
	naiveDesigns["hung-instance"] = []struct {
		name string
		s    Setting
	}{
		{"the start", Setting{}},
		{"a random pick", Setting{balancer: "random"}},
		{"retries on round robin", Setting{attempts: int64(3)}},
		{"retries on a random pick", Setting{balancer: "random", attempts: int64(3)}},
		{"a short timeout, retried", Setting{"catalog.timeout": "100ms", attempts: int64(2)}},
	}
}

// oneToolDesigns meet the two troubles of two-troubles with one tool, or
// with both sized wrong.
var oneToolDesigns = []struct {
	name string
	s    Setting
}{
	{"the start", Setting{}},
	{"a limiter alone", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10)}},
	{"a limiter alone, at the partner's usual rate", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(6)}},
	{"a bulkhead alone", Setting{"search-catalog.bulkhead": int64(12)}},
	{"a bulkhead alone, larger", Setting{"search-catalog.bulkhead": int64(30)}},
	{"a limiter below the partner's usual rate", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(4), "search-catalog.bulkhead": int64(12)}},
	{"a limiter past what the front bears while catalog is slow", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(12), "search-catalog.bulkhead": int64(12)}},
	{"a bulkhead too small for search", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10), "search-catalog.bulkhead": int64(6)}},
	{"a bulkhead too large beside the limit", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10), "search-catalog.bulkhead": int64(20)}},
}

// TestOneToolFallsShortOnEverySeed holds two-troubles to its title: a rate
// limiter alone, or a bulkhead alone, fails a goal on every graded seed,
// not only on an unlucky one (the reference solution, which uses both,
// earns three: TestLevelsOnFleetsAndHopsReachThreeStars).
func TestOneToolFallsShortOnEverySeed(t *testing.T) {
	c, err := Lookup("two-troubles")
	if err != nil {
		t.Fatal(err)
	}
	alone := []Setting{
		{"partner-catalog.ratelimiter.limit_for_period": int64(10)},
		{"search-catalog.bulkhead": int64(12)},
	}
	for _, s := range alone {
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Fatal(err)
		}
		for i, seed := range c.Seeds {
			failed := false
			for _, g := range r.Goals {
				failed = failed || !g.Measures[i].OK
			}
			if !failed {
				t.Errorf("%v meets every goal on seed %d with one tool", s, seed)
			}
		}
	}
}

// TestLevelsOnFleetsAndHopsReachThreeStars: the reference solutions of this
// file's levels beat par, so the third star can be earned.
func TestLevelsOnFleetsAndHopsReachThreeStars(t *testing.T) {
	for _, id := range []string{"fleet-herd", "two-troubles", "hung-instance", "retry-hops"} {
		c, err := Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		r, err := gradeOnce(c, referenceSettings[id])
		if err != nil {
			t.Fatal(err)
		}
		if r.Stars != 3 {
			t.Errorf("%s: the reference solution earns %s, want three stars", id, StarsText(r.Stars))
		}
	}
}

// TestFleetMetricsReadTheEngine checks the fleet's goal metrics against
// the engine's own records of one run: the instances' arrivals add up to
// the service's, an instance past the fleet is refused by name, and
// knocked-over counts only the window's reopenings.
func TestFleetMetricsReadTheEngine(t *testing.T) {
	eval := func(o *outcome, text string) lessons.Value {
		t.Helper()
		g, err := parseGoal(text, false)
		if err != nil {
			t.Fatal(err)
		}
		v, ok, err := metrics[g.Metric].eval(o, g.Args)
		if err != nil || !ok {
			t.Fatalf("%s: %v (has a value: %v)", text, err, ok)
		}
		return v
	}
	hung, err := Lookup("hung-instance")
	if err != nil {
		t.Fatal(err)
	}
	o, err := hung.run(hung.startScenario(), nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	catalog, err := serviceOf(o.snap, "catalog")
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for i := range catalog.Instances {
		sum += eval(o, fmt.Sprintf("instance-calls catalog %d >= 0", i)).F
	}
	if sum != float64(catalog.Arrived) || sum == 0 {
		t.Errorf("the instances' calls add up to %v, the service's arrivals are %d", sum, catalog.Arrived)
	}
	g, _ := parseGoal("instance-calls catalog 4 <= 1", false)
	if _, _, err := metrics[g.Metric].eval(o, g.Args); err == nil || !strings.Contains(err.Error(), "instances 0 to 3") {
		t.Errorf("an instance past the fleet: %v", err)
	}

	herd, err := Lookup("fleet-herd")
	if err != nil {
		t.Fatal(err)
	}
	sc := herd.startScenario()
	o, err = herd.run(sc, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	var reopened, inWindow float64
	for _, tr := range o.snap.Transitions {
		if tr.Service == "api" && tr.From == breaker.Closed && tr.To == breaker.Open {
			reopened++
			if tr.At >= sc.MeasureFrom && tr.At < sc.MeasureTo {
				inWindow++
			}
		}
	}
	if got := eval(o, "knocked-over api >= 0").F; got != inWindow || got == 0 || got == reopened {
		t.Errorf("knocked-over counts %v; the window holds %v of the %v openings from closed", got, inWindow, reopened)
	}
	api, err := serviceOf(o.snap, "api")
	if err != nil {
		t.Fatal(err)
	}
	instances := float64(len(api.Instances))
	if got := eval(o, "half-open-max api >= 0").F; got != instances {
		t.Errorf("without jitter, %v instances probe at once, want all %v", got, instances)
	}
}

// TestParFollowsTheKnob: on two-troubles and retry-hops the stars step with
// one knob, the same on every seed, so par is earned by the setting and not
// by the seeds' luck.
func TestParFollowsTheKnob(t *testing.T) {
	cases := []struct {
		id    string
		base  Setting
		knob  string
		stars map[int64]int
	}{
		{"two-troubles", Setting{"search-catalog.bulkhead": int64(15)}, "partner-catalog.ratelimiter.limit_for_period",
			map[int64]int{8: 1, 9: 2, 10: 3}},
		{"retry-hops", Setting{"orders.retry.attempts": int64(1), "orders/inventory.retry.attempts": int64(1)}, "inventory/database.retry.attempts",
			map[int64]int{3: 0, 4: 3, 5: 1}},
	}
	for _, tc := range cases {
		c, err := Lookup(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		for v, want := range tc.stars {
			s := Setting{tc.knob: v}
			for k, x := range tc.base {
				s[k] = x
			}
			r, err := gradeOnce(c, s)
			if err != nil {
				t.Fatal(err)
			}
			if r.Stars != want {
				t.Errorf("%s: %s = %d earns %s, want %s", tc.id, tc.knob, v, StarsText(r.Stars), StarsText(want))
			}
		}
	}
}
