package sweep

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

func TestParseVary(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		values []any
		x      []float64
		unit   string
	}{
		{"recommendations.bulkhead=5..60:12", []any{int64(5), int64(10), int64(15), int64(20), int64(25), int64(30), int64(35), int64(40), int64(45), int64(50), int64(55), int64(60)}, []float64{5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60}, "calls"},
		{"checkout.rate=10..60:3", []any{int64(10), int64(35), int64(60)}, []float64{10, 35, 60}, "req/s"},
		{"workers=1..4", []any{int64(1), int64(2), int64(3), int64(4)}, []float64{1, 2, 3, 4}, "workers"},
		{"payment.breaker.failure_rate=0.2..0.6:3", []any{0.2, 0.4, 0.6}, []float64{0.2, 0.4, 0.6}, ""},
		{"payment.timeout=100ms..2s:3", []any{"100ms", "1.05s", "2s"}, []float64{100, 1050, 2000}, "ms"},
		{"payment.timeout=5s..15s:3", []any{"5s", "10s", "15s"}, []float64{5, 10, 15}, "s"},
		// Between the ends, a thousandth of the unit, in seconds as in
		// ms: it printed and ran 8.666667 s. The typed ends are kept.
		{"payment.fault.from=1s..24s:4", []any{"1s", "8.667s", "16.333s", "24s"}, []float64{1, 8.667, 16.333, 24}, "s"},
		{"payment.fault.from=1.000001s..24s:2", []any{"1.000001s", "24s"}, []float64{1.000001, 24}, "s"},
		{"payment.timeout=100ms..2s:4", []any{"100ms", "733.333ms", "1.366667s", "2s"}, []float64{100, 733.333, 1366.667, 2000}, "ms"},
		{"workers=7..7", []any{int64(7)}, []float64{7}, "workers"},
		{"payment.fault.probability=0..1:3", []any{0.0, 0.5, 1.0}, []float64{0, 0.5, 1}, ""},
		{"payment.breaker.failure_rate=0..1:5", []any{0.0, 0.25, 0.5, 0.75, 1.0}, []float64{0, 0.25, 0.5, 0.75, 1}, ""},
		{"workers=1..3:5", []any{1.0, 1.5, 2.0, 2.5, 3.0}, []float64{1, 1.5, 2, 2.5, 3}, "workers"},
	} {
		ax, err := ParseVary(tc.spec)
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		if !reflect.DeepEqual(ax.Values, tc.values) || !reflect.DeepEqual(ax.X, tc.x) || ax.Unit != tc.unit {
			t.Errorf("%s: values %v, x %v, unit %q; want %v, %v, %q", tc.spec, ax.Values, ax.X, ax.Unit, tc.values, tc.x, tc.unit)
		}
	}
}

// PATH ends at the first "=" outside a quoted name: a name that holds an
// "=" (or a quote, escaped) is written in quotes and kept whole.
func TestParseVaryQuotedName(t *testing.T) {
	for spec, path := range map[string]string{
		`"a=b".timeout=100ms..200ms:2`:   `"a=b".timeout`,
		`"say \"hi\"=x".bulkhead=1..2`:   `"say \"hi\"=x".bulkhead`,
		`orders/"db=2".timeout=1s..2s:2`: `orders/"db=2".timeout`,
		`my.db/x.timeout=50ms..200ms:4`:  `my.db/x.timeout`,
	} {
		ax, err := ParseVary(spec)
		if err != nil || ax.Path != path || len(ax.Values) != 2 && len(ax.Values) != 4 {
			t.Errorf("%s: path %q, values %v, %v; want path %q", spec, ax.Path, ax.Values, err, path)
		}
	}
}

// A bad range says what was wrong and what is allowed.
func TestParseVaryErrors(t *testing.T) {
	// One value in one step is an axis of one value.
	for _, one := range []string{"workers=8..8:1", "payment.timeout=2s..2s:1", "workers=8..8"} {
		if ax, err := ParseVary(one); err != nil || len(ax.Values) != 1 {
			t.Errorf("%s: %v values, %v; want one value", one, ax.Values, err)
		}
	}
	for _, tc := range []struct{ spec, want string }{
		{"workers", "want PATH=FROM..TO[:STEPS]"},
		{"=1..2", "want PATH=FROM..TO[:STEPS]"},
		{"workers=5", `has no ".."`},
		{"workers=1..x", "give both ends as numbers"},
		{"workers=9..1", "want FROM <= TO, got 9..1; a range goes from low to high: workers=1..9"},
		{"workers=400..100:4", "want FROM <= TO, got 400..100; a range goes from low to high: workers=100..400:4"},
		{"workers=1..10:0", "steps must be a whole number from 1 to 200"},
		{"workers=1..10:500", "steps must be a whole number from 1 to 200"},
		{"payment.timeout=1s..5", "give both ends as durations"},
		{"payment.timeout=3s..1s", "want 0 <= FROM <= TO, got 3s..1s; a range goes from low to high: payment.timeout=1s..3s"},
		{"payment.timeout=100ms..2s:1", "100ms..2s:1 asks for one value from a range of two: give 2 steps or more, or one value as 100ms..100ms:1"},
		{"workers=5..60:1", "5..60:1 asks for one value from a range of two"},
		// A step between values, as other tools write a range: the count
		// that gives it, in the flag's own numbers.
		{"recommendations.bulkhead=10..30 step 10", "--vary recommendations.bulkhead: a range takes a count of values, not a step: write recommendations.bulkhead=10..30:3 for a step of 10"},
		{"recommendations.bulkhead=10..30 by 5", "write recommendations.bulkhead=10..30:5 for a step of 5"},
		{"payment.timeout=100ms..2s/100ms", "write payment.timeout=100ms..2s:20 for a step of 100ms"},
		{"workers=10..30 step 7", "a step of 7 does not divide 10..30; a range takes a count of values: workers=10..30:4 spaces them evenly"},
		{"workers=1..1000 step 1", "1..1000 in steps of 1 would be 1000 values, over the 200 a sweep takes"},
		{"workers=10..30 step x", "a range takes a count of values, not a step: want FROM..TO[:STEPS]"},
	} {
		_, err := ParseVary(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.spec, err, tc.want)
		}
	}
}

func TestParseMetricAndGoal(t *testing.T) {
	sc := scenarios.Cascade()
	for _, ok := range []string{"search.ok", "profile.p99", "recommendations.failed", "recommendations.in_flight_max"} {
		if _, err := ParseMetric(ok, sc, 0); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, tc := range []struct {
		metric string
		v      int
		want   string
	}{
		{"nosuch.ok", 0, "endpoints: search, profile, recommendations"},
		{"nosuch.in_flight_max", 0, "dependencies: search-index, profile-db, recommendations"},
		{"search.speed", 0, `unknown field "speed": endpoint search takes ok, fallback, rejected, failed, p50, p95, p99` + "\n"},
		// A name both an endpoint's and a dependency's: both lists, and
		// first_open only where the dependency has a breaker.
		{"recommendations.speed", 0, "endpoint recommendations takes ok, fallback, rejected, failed, p50, p95, p99; dependency recommendations takes in_flight_max, held_max\n"},
		{"recommendations.speed", 2, "dependency recommendations takes in_flight_max, held_max, first_open\n"},
		{"nosuch.speed", 0, `unknown field "speed", and there is no endpoint or dependency "nosuch"` + "\n"},
		{"recommendations.first_open", 0, "has no breaker"},
		{"search", 0, "want ENDPOINT.FIELD"},
	} {
		_, err := ParseMetric(tc.metric, sc, tc.v)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.metric, err, tc.want)
		}
	}
	if _, err := ParseMetric("recommendations.first_open", sc, 2); err != nil {
		t.Errorf("first_open on the breaker variant: %v", err)
	}
	g, err := ParseGoal("search.ok>=0.99", sc, 0)
	if err != nil || g.Op != ">=" || g.Threshold != 0.99 || !g.Met(0.99) || g.Met(0.98) || g.Met(math.NaN()) {
		t.Errorf("goal: %+v, %v", g, err)
	}
	if _, err := ParseGoal("search.ok=0.99", sc, 0); err == nil {
		t.Error("a goal without a comparison was accepted")
	}
	for _, c := range []struct{ goal, want string }{
		// An operator the wrong way round or doubled is named, with the
		// goal as meant.
		{"search.ok=>0.5", "=> is not an operator: did you mean search.ok>=0.5? (the comparison is one of >=, <=, >, <)"},
		{"search.ok =< 250", "=< is not an operator: did you mean search.ok<=250?"},
		{"search.ok>=>0.5", ">=> is not an operator: did you mean search.ok>=0.5?"},
		{"search.ok>>0.5", ">> is not an operator: did you mean search.ok>0.5?"},
		// No direction to offer: the operators are listed.
		{"search.ok<>0.5", "<> is not an operator: the comparison is one of >=, <=, >, <"},
		// The comparison is right; a name holds a stray =.
		{"sea=rch.ok>=0.5", `goal "sea=rch.ok>=0.5": the comparison is one of >=, <=, >, <`},
		{"search.ok>=5", "search.ok is a share, from 0 to 1 (0.99) or from 0% to 100% (99%), got 5"},
		{"search.failed<-0.1", "search.failed is a share, from 0 to 1"},
		// No measure before the comparison: say so, not `measure ""`.
		{">=0.99", `goal ">=0.99" names no measure: write the measure before the comparison`},
		{" <= 250", `goal " <= 250" names no measure`},
	} {
		if _, err := ParseGoal(c.goal, sc, 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("goal %q: %v, want an error saying %q", c.goal, err, c.want)
		}
	}
	// A latency is not a share: a threshold past 1 is a number of ms.
	if g, err := ParseGoal("search.p99<=250", sc, 0); err != nil || g.Threshold != 250 {
		t.Errorf("search.p99<=250: %+v, %v", g, err)
	}
}

// A share's threshold may be a percent, as --fault's error rates are
// (99% is 0.99); a percent of anything else is refused with what it takes.
func TestGoalInPercent(t *testing.T) {
	sc := scenarios.Cascade()
	for goal, want := range map[string]float64{
		"search.ok>=99%": 0.99, "search.ok >= 99 %": 0.99, "search.rejected<0.5%": 0.005,
		"recommendations.fallback>=100%": 1, "search.failed<=0%": 0, "search.ok>=0.99": 0.99,
	} {
		g, err := ParseGoal(goal, sc, 0)
		if err != nil || g.Threshold != want {
			t.Errorf("%s: %+v, %v, want threshold %v", goal, g, err, want)
		}
	}
	if g, _ := ParseGoal("search.ok>=99%", sc, 0); g.String() != "search.ok>=0.99" {
		t.Errorf("99%% is written %s", g)
	}
	for _, c := range []struct{ goal, want string }{
		{"search.p50<=50%", "search.p50 is a latency in ms, not a share: give its threshold in ms without %, such as search.p50<=250"},
		{"recommendations.in_flight_max<=10%", "a number of calls, not a share: give its threshold in calls without %"},
		{"search.ok>=150%", "search.ok is a share, from 0 to 1 (0.99) or from 0% to 100% (99%), got 150%"},
		{"search.ok>=-1%", "search.ok is a share, from 0 to 1"},
		{"search.ok>=high", `the threshold "high" is not a number: search.ok is a share, from 0 to 1 (0.99) or from 0% to 100% (99%)`},
		{"search.ok>=%", `the threshold "%" is not a number`},
		{"search.p99<=fast", `the threshold "fast" is not a number: search.p99 is a latency in ms, such as search.p99<=250`},
	} {
		if _, err := ParseGoal(c.goal, sc, 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("goal %q: %v, want an error saying %q", c.goal, err, c.want)
		}
	}
}

// A latency's label says its percentiles count every request, refusals
// included; the other measures' are their Label.
func TestDescribe(t *testing.T) {
	sc := scenarios.Cascade()
	for name, want := range map[string]string{
		"search.p50":                    "search.p50 (ms), of every request, refusals included",
		"profile.p99":                   "profile.p99 (ms), of every request, refusals included",
		"search.ok":                     "search.ok (share)",
		"recommendations.in_flight_max": "recommendations.in_flight_max (calls), abandoned calls included",
		"recommendations.held_max":      "recommendations.held_max (calls), calls a caller waited on, in the window",
	} {
		m, err := ParseMetric(name, sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Describe(); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// Setting writes an axis's value as a user sets the knob: a duration with
// its unit, every digit the cell ran with, so --vary typed with it runs
// that very cell (4136ms, the old rounded setting, ran another design).
func TestAxisSetting(t *testing.T) {
	for _, c := range []struct {
		vary string
		i    int
		want string
	}{
		{"recommendations.timeout=250ms..5s:12", 9, "4.136364s"},
		{"recommendations.timeout=1s..20s:7", 1, "4.167s"},
		{"duration=2h..24h:4", 1, "9h20m"},
		{"payment.fault.probability=10%..90%:7", 1, "0.233333333333"},
		{"recommendations.timeout=250ms..5s:12", 0, "250ms"},
		{"recommendations.timeout=1s..20s:3", 1, "10.5s"},
		{"recommendations.timeout=0s..50ms:3", 1, "25ms"},
		{"workers=100..400:7", 6, "400"},
		{"recommendations.breaker.failure_rate=0.1..0.9:3", 1, "0.5"},
	} {
		ax, err := ParseVary(c.vary)
		if err != nil {
			t.Fatal(err)
		}
		if got := ax.Setting(c.i); got != c.want {
			t.Errorf("%s, value %d: %q, want %q", c.vary, c.i, got, c.want)
		}
		if ax.Unit == "ms" || ax.Unit == "s" {
			if _, err := time.ParseDuration(ax.Setting(c.i)); err != nil {
				t.Errorf("%s: %q does not read back as a duration: %v", c.vary, ax.Setting(c.i), err)
			}
		}
		// Typed back into --vary, the setting is the cell's value.
		set := ax.Setting(c.i)
		back, err := ParseVary(ax.Path + "=" + set + ".." + set + ":1")
		if err != nil || settingOf(back, 0) != settingOf(ax, c.i) {
			t.Errorf("%s: %q reads back as %v %s (%v), want %v %s", c.vary, set, back.X, back.Unit, err, ax.X[c.i], ax.Unit)
		}
	}
}

// settingOf is value i of an axis as the knob gets it: a duration in
// nanoseconds, whichever unit the range read it in (4.167s..4.167s is
// read in ms), another number as it is.
func settingOf(ax Axis, i int) float64 {
	switch ax.Unit {
	case "ms":
		return math.Round(ax.X[i] * 1e6)
	case "s":
		return math.Round(ax.X[i] * 1e9)
	}
	return ax.X[i]
}

// testSet sets the few knobs these tests vary, standing in for
// lessons.SetKnob (which an engine package may not import).
func testSet(sc *engine.Scenario, v int, path string, val any) error {
	sys := &sc.Variants[v].System
	switch path {
	case "workers":
		sys.Workers = int(val.(int64))
		return nil
	case "recommendations.bulkhead":
		sys.Dependencies[2].Policy.Bulkhead = int(val.(int64))
		return nil
	case "recommendations.timeout":
		d, err := time.ParseDuration(val.(string))
		sys.Dependencies[2].Policy.Timeout = d
		return err
	case "search.rate":
		sys.Endpoints[0].Rate = float64(val.(int64))
		return nil
	case "duration":
		d, err := time.ParseDuration(val.(string))
		sc.Duration, sc.MeasureTo = d, d
		return err
	case "search-index.latency.mean":
		d, err := time.ParseDuration(val.(string))
		sys.Dependencies[0].Latency.Mean = d
		return err
	}
	return fmt.Errorf("no knob %q", path)
}

func shortCascade() *engine.Scenario {
	sc := scenarios.Cascade()
	sc.Duration, sc.MeasureTo = 12*time.Second, 12*time.Second
	return sc
}

func testPlan(t *testing.T) *Plan {
	t.Helper()
	sc := shortCascade()
	bh, _ := ParseVary("recommendations.bulkhead=5..50:4")
	to, _ := ParseVary("recommendations.timeout=200ms..2s:3")
	m, err := ParseMetric("search.ok", sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := ParseGoal("recommendations.ok>=0.5", sc, 1)
	p := &Plan{Build: shortCascade, Variant: 1, Axes: []Axis{bh, to}, Seeds: []uint64{5, 6}, Measure: m, Goal: &g, Set: testSet}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

// Every cell's sample is exactly what a separate run of the same settings
// and seed measures.
func TestCellsEqualSingleRuns(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p := testPlan(t)
	for _, job := range p.Jobs() {
		s, err := p.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		sc := shortCascade()
		sc.Variants[1].System.Dependencies[2].Policy.Bulkhead = int(p.Axes[0].Values[job.I].(int64))
		sc.Variants[1].System.Dependencies[2].Policy.Timeout, _ = time.ParseDuration(p.Axes[1].Values[job.J].(string))
		r, err := engine.New(sc, 1, p.Seeds[job.Seed])
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		snap := r.Snapshot()
		want := snap.Endpoints[0].Window.Share(engine.OK)
		wantGoal := snap.Endpoints[2].Window.Share(engine.OK)
		if s.Value != want || s.GoalValue != wantGoal {
			t.Errorf("cell %+v: sweep measured %v and %v, a single run %v and %v", job, s.Value, s.GoalValue, want, wantGoal)
		}
	}
}

// Samples may come in any order: the result is the same.
func TestResultIgnoresOrder(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p := testPlan(t)
	jobs := p.Jobs()
	var samples []Sample
	for _, j := range jobs {
		s, _ := p.Run(j)
		samples = append(samples, s)
	}
	fwd, back := NewResult(p), NewResult(p)
	for i := range samples {
		fwd.Add(samples[i])
		back.Add(samples[len(samples)-1-i])
	}
	nx, ny := p.Size()
	for j := range ny {
		for i := range nx {
			a, b := fwd.Cell(i, j), back.Cell(i, j)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("cell %d,%d: %+v in order, %+v reversed", i, j, a, b)
			}
			if a.Runs != 2 || a.N != 2 || a.Min > a.Mean || a.Mean > a.Max {
				t.Errorf("cell %d,%d: %+v", i, j, a)
			}
		}
	}
	if !fwd.Complete() || fwd.Runs != len(jobs) {
		t.Errorf("runs %d of %d, complete %v", fwd.Runs, len(jobs), fwd.Complete())
	}
}

// A value the scenario rejects is reported before anything runs, naming
// the setting.
func TestPrepareRejectsBadValues(t *testing.T) {
	sc := shortCascade()
	bh, _ := ParseVary("recommendations.bulkhead=100..300:3")
	m, _ := ParseMetric("search.ok", sc, 1)
	p := &Plan{Build: shortCascade, Variant: 1, Axes: []Axis{bh}, Seeds: []uint64{1}, Measure: m, Set: testSet}
	err := p.Prepare()
	if err == nil || !strings.Contains(err.Error(), "recommendations.bulkhead=300") || !strings.Contains(err.Error(), "bulkhead must be between 0") {
		t.Errorf("error %v, want one naming recommendations.bulkhead=300 and the allowed range", err)
	}
	nope, _ := ParseVary("nosuch=1..2")
	p.Axes = []Axis{nope}
	if err := p.Prepare(); err == nil || !strings.Contains(err.Error(), `no knob "nosuch"`) {
		t.Errorf("error %v, want the setter's", err)
	}
}

func TestShort(t *testing.T) {
	for x, want := range map[float64]string{5: "5", 615.789: "616", 0.123456: "0.123", 12.345: "12.3", 1e12: "1e+12"} {
		if got := Short(x); got != want {
			t.Errorf("Short(%v) = %q, want %q", x, got, want)
		}
	}
}

// TestPlanCost: a plan's cost is its cells' estimates times its seeds.
func TestPlanCost(t *testing.T) {
	p := &Plan{Build: scenarios.Cascade, Variant: 1, Set: testSet, Seeds: []uint64{1, 2, 3}}
	ax, err := ParseVary("search.rate=300..600:4")
	if err != nil {
		t.Fatal(err)
	}
	p.Axes = []Axis{ax}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	c := p.Cost()
	if c.Runs != 12 || c.Cells != 4 || c.Seeds != 3 || c.Variants != 1 {
		t.Errorf("cost's runs: %+v", c)
	}
	one := engine.EstimateCost(scenarios.Cascade())
	// The first cell's rate is the cascade's own: a third of its
	// variants' arrivals, on each of three seeds; the others send more.
	if c.Arrivals <= one.Arrivals {
		t.Errorf("the sweep's %.0f arrivals are not more than one run of three variants' %.0f", c.Arrivals, one.Arrivals)
	}
}

// jobRunner runs one job: a Plan (each job on a fresh Runner) or a Runner.
type jobRunner interface{ Run(Job) (Sample, error) }

// runBoth runs job on a and then on b, for a test to compare what the two
// measure; an error ends the test.
func runBoth(t *testing.T, a, b jobRunner, job Job) (Sample, Sample) {
	t.Helper()
	x, err := a.Run(job)
	if err != nil {
		t.Fatal(err)
	}
	y, err := b.Run(job)
	if err != nil {
		t.Fatal(err)
	}
	return x, y
}

// A time's threshold may carry its unit, as --vary's ranges do
// (250ms..5s): a latency's is turned into ms and first_open's into
// seconds; a unit on a share or a count is still refused with what it
// takes.
func TestGoalWithTimeUnit(t *testing.T) {
	sc := scenarios.Cascade()
	for _, c := range []struct {
		goal string
		v    int
		want float64
	}{
		{"search.p99<=500ms", 0, 500},
		{"search.p99<=0.5s", 0, 500},
		{"search.p50 < 1.5ms", 0, 1.5},
		{"search.p99<=250", 0, 250},
		{"recommendations.first_open>=12s", 2, 12},
		{"recommendations.first_open>=1500ms", 2, 1.5},
		{"recommendations.first_open>=12", 2, 12},
	} {
		g, err := ParseGoal(c.goal, sc, c.v)
		if err != nil || g.Threshold != c.want {
			t.Errorf("%s: %+v, %v, want threshold %v", c.goal, g, err, c.want)
		}
	}
	for _, c := range []struct{ goal, want string }{
		{"search.ok>=500ms", `the threshold "500ms" is not a number: search.ok is a share`},
		{"recommendations.in_flight_max<=5s", `the threshold "5s" is not a number: recommendations.in_flight_max is a number of calls`},
		{"search.p99<=fast", "such as search.p99<=250 or search.p99<=250ms"},
	} {
		if _, err := ParseGoal(c.goal, sc, 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("goal %q: %v, want an error saying %q", c.goal, err, c.want)
		}
	}
}
