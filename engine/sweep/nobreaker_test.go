package sweep

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// breakerSet is testSet with the breaker's window of cascade's
// dependencies, set as lessons.SetKnob sets it: on a call without a
// breaker it makes one, zero but for the window.
func breakerSet(sc *engine.Scenario, v int, path string, val any) error {
	dep, ok := strings.CutSuffix(path, ".breaker.window")
	if !ok {
		return testSet(sc, v, path, val)
	}
	sys := &sc.Variants[v].System
	sys.Dependencies = append([]engine.Dependency(nil), sys.Dependencies...)
	for i := range sys.Dependencies {
		if p := &sys.Dependencies[i].Policy; sys.Dependencies[i].Name == dep {
			c := breaker.Config{}
			if p.Breaker != nil {
				c = *p.Breaker
			}
			c.WindowSize = int(val.(int64))
			p.Breaker = &c
			return nil
		}
	}
	return testSet(sc, v, path, val)
}

// A breaker's knob swept on a variant without that breaker is refused
// as that, naming the variants that have one and how to give this one a
// breaker: the scenario's refusal of the breaker made from nothing spoke
// of a failure rate of 0 the learner never set.
func TestPrepareRefusesABreakerTheVariantLacks(t *testing.T) {
	sc := shortCascade()
	window := mustVary(t, "recommendations.breaker.window=10..100:3")
	workers := mustVary(t, "workers=100..200:2")
	m, _ := ParseMetric("search.ok", sc, 0)
	for _, tc := range []struct {
		name    string
		variant int
		axes    []Axis
		says    []string // "" when Prepare takes the plan
	}{
		{"the shared pool", 0, []Axis{window}, []string{
			"variant 1 of cascade (one shared pool of 200 threads) has no breaker on recommendations",
			"Variant 3 has one: --variant 3",
			"give it one in a scenario file (a policy.breaker table on recommendations",
		}},
		{"the second axis", 1, []Axis{workers, window}, []string{
			"--vary recommendations.breaker.window: variant 2 of cascade",
			"Variant 3 has one",
		}},
		{"a call no variant breaks", 2, []Axis{mustVary(t, "search-index.breaker.window=10..100:3")}, []string{
			"variant 3 of cascade (bulkhead and circuit breaker) has no breaker on search-index",
			"No variant of cascade has one there",
		}},
		{"the variant with the breaker", 2, []Axis{window}, nil},
	} {
		p := &Plan{Build: shortCascade, Variant: tc.variant, Axes: tc.axes, Seeds: []uint64{1}, Measure: m, Set: breakerSet}
		err := p.Prepare()
		if tc.says == nil {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: Prepare took a breaker the variant lacks", tc.name)
			continue
		}
		for _, s := range tc.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s: %v\nwant it to say %q", tc.name, err, s)
			}
		}
	}
}

func mustVary(t *testing.T, spec string) Axis {
	t.Helper()
	ax, err := ParseVary(spec)
	if err != nil {
		t.Fatal(err)
	}
	return ax
}
