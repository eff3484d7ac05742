package sweep

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// A duration knob given numbers on the command line is named as a
// duration, with the unit it needs: its setter's own refusal speaks of a
// lesson's TOML, where a duration goes in quotes.
func TestVaryNumbersOnADurationAskForAUnit(t *testing.T) {
	ax, err := ParseVary("recommendations.timeout=1..5")
	if err != nil {
		t.Fatal(err)
	}
	set := func(sc *engine.Scenario, v int, path string, val any) error {
		s, ok := val.(string)
		if path != "recommendations.timeout" || !ok {
			return errors.New(`want a duration in quotes such as "500ms" or "5s"`)
		}
		d, err := time.ParseDuration(s)
		sc.Variants[v].System.Dependencies[2].Policy.Timeout = d
		return err
	}
	m, err := ParseMetric("search.ok", shortCascade(), 0)
	if err != nil {
		t.Fatal(err)
	}
	p := &Plan{Build: shortCascade, Set: set, Axes: []Axis{ax}, Measure: m, Seeds: []uint64{1}}
	err = p.Prepare()
	const want = "--vary recommendations.timeout=1..5: recommendations.timeout is a duration: give both ends with a unit, such as 1s..5s"
	if err == nil || err.Error() != want {
		t.Errorf("Prepare = %v, want %q", err, want)
	}
}

// A share's range in percentages is the range of fractions, each value
// written as the percentage a knob reads (a lesson's "50%"); a range in
// quotes, as TOML writes it, is refused with the range to type.
func TestParseVaryPercentagesAndQuotes(t *testing.T) {
	ax, err := ParseVary("payment.breaker.failure_rate=10%..90%:3")
	if err != nil {
		t.Fatal(err)
	}
	if want := []any{"10%", "50%", "90%"}; !reflect.DeepEqual(ax.Values, want) || !slices.Equal(ax.X, []float64{0.1, 0.5, 0.9}) || ax.Unit != "" {
		t.Errorf("10%%..90%%:3 = %v, %v, unit %q; want %v as shares 0.1, 0.5, 0.9", ax.Values, ax.X, ax.Unit, want)
	}
	for in, want := range map[string]string{
		"payment.breaker.failure_rate=10%..0.9": "give both ends as percentages (10%..90%) or both as shares (0.1..0.9)",
		// An end that is no share is refused in a scenario file's words
		// for it; ends out of order as on a numbers axis.
		"payment.breaker.failure_rate=10%..120%":           "--vary payment.breaker.failure_rate: each end must be " + scenariofile.PercentAllowed + ", got 10%..120%",
		"recommendations.breaker.failure_rate=10%..150%:3": "--vary recommendations.breaker.failure_rate: each end must be " + scenariofile.PercentAllowed + ", got 10%..150%",
		"payment.breaker.failure_rate=-10%..50%":           "each end must be " + scenariofile.PercentAllowed + ", got -10%..50%",
		"payment.breaker.failure_rate=90%..10%":            "--vary payment.breaker.failure_rate: want FROM <= TO, got 90%..10%; a range goes from low to high: payment.breaker.failure_rate=10%..90%",
		`payment.timeout="1s".."5s"`:                       `--vary payment.timeout="1s".."5s": on the command line a value goes without quotes: payment.timeout=1s..5s`,
	} {
		if _, err := ParseVary(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseVary(%q) = %v, want %q", in, err, want)
		}
	}
}

// What --measure completes is what ParseMetric takes, field for field:
// every measure of every built-in variant parses, and a field ParseMetric
// names in its messages is offered.
func TestMeasuresAreWhatParseMetricTakes(t *testing.T) {
	sc := shortCascade()
	for v := range sc.Variants {
		ms := Measures(sc, v)
		for _, name := range ms {
			if _, err := ParseMetric(name, sc, v); err != nil {
				t.Errorf("variant %d offers %s: %v", v+1, name, err)
			}
		}
		hasBreaker := sc.Variants[v].System.Dependencies[2].Policy.Breaker != nil
		if slices.Contains(ms, "recommendations.first_open") != hasBreaker {
			t.Errorf("variant %d: first_open offered %v, breaker %v", v+1, !hasBreaker, hasBreaker)
		}
		for _, want := range []string{"search.ok", "search.p99", "recommendations.held_max", "profile-db.in_flight_max"} {
			if !slices.Contains(ms, want) {
				t.Errorf("variant %d: Measures %q lacks %s", v+1, ms, want)
			}
		}
	}
}
