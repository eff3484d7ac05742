package sweep

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// spacedNames is a file the builder lets a learner make: an endpoint and
// a dependency whose names hold a space, one a dot too.
const spacedNames = `
duration = "6s"
[system]
workers = 20

[[system.endpoints]]
name = "/check out"
rate = 20
calls = "recs db"

[[system.endpoints]]
name = "/legacy"
rate = 5
calls = "my.db x"

[[system.dependencies]]
name = "recs db"
latency = { kind = "constant", value = "5ms" }

[[system.dependencies]]
name = "my.db x"
latency = { kind = "constant", value = "5ms" }
`

// --vary takes a part's name in double quotes ("recs db".timeout);
// --measure and --goal take it the same way, and a metric typed quoted or
// bare is one metric, named as Measures lists it.
func TestMeasureAndGoalTakeQuotedNames(t *testing.T) {
	sc, err := scenariofile.Parse("names.toml", []byte(spacedNames))
	if err != nil {
		t.Fatal(err)
	}
	for quoted, bare := range map[string]string{
		`"recs db".in_flight_max`: "recs db.in_flight_max",
		`"/check out".ok`:         "/check out.ok",
		`"my.db x".held_max`:      "my.db x.held_max",
	} {
		got, err := ParseMetric(quoted, sc, 0)
		if err != nil {
			t.Errorf("--measure %s: %v", quoted, err)
			continue
		}
		want, err := ParseMetric(bare, sc, 0)
		if err != nil {
			t.Fatalf("--measure %s: %v", bare, err)
		}
		if got != want {
			t.Errorf("--measure %s is %+v, but %s is %+v", quoted, got, bare, want)
		}
		g, err := ParseGoal(quoted+"<=0.5", sc, 0)
		if err != nil {
			t.Errorf("--goal %s<=0.5: %v", quoted, err)
			continue
		}
		if g.Metric != want || g.Op != "<=" || g.Threshold != 0.5 {
			t.Errorf("--goal %s<=0.5 is %+v", quoted, g)
		}
	}
	// A comparison inside the quotes is the name's: the goal's is after it.
	if _, err := ParseGoal(`"a>b".ok>=0.9`, sc, 0); err == nil || !strings.Contains(err.Error(), `has no endpoint "a>b"`) {
		t.Errorf(`--goal "a>b".ok>=0.9: %v, want the name a>b looked up`, err)
	}
	for _, bad := range []string{`"recs db"in_flight_max`, `"recs db".`, `"recs db.in_flight_max`, `"".ok`} {
		if _, err := ParseMetric(bad, sc, 0); err == nil || !strings.Contains(err.Error(), "want ENDPOINT.FIELD") {
			t.Errorf("--measure %s: %v, want the form it takes", bad, err)
		}
	}
}
