package engine

import (
	"strings"
	"testing"
	"time"
)

// A fault's start and end may reach into the run's drain, up to
// LatestFaultMoment (the traffic's 10s and the drain's minute: 1m10s),
// and no further, on a dependency of the front, a service's own faults
// and a service's dependency alike. Past it the refusal names the moment
// typed, the top and the run's length: a fault ending in 10 years was
// taken and did nothing.
func TestFaultMomentsEndWithTheDrain(t *testing.T) {
	const year = 365 * 24 * time.Hour
	top := LatestFaultMoment(10 * time.Second)
	if top != 70*time.Second {
		t.Fatalf("LatestFaultMoment(10s) = %s, want the run's 10s and the drain's minute", top)
	}
	latency := Latency{Kind: Constant, Value: time.Millisecond}
	cases := []struct {
		name     string
		from, to time.Duration
		want     string // "" when taken
	}{
		{"into the drain", 5 * time.Second, top, ""},
		{"wholly in the drain", 20 * time.Second, top, ""},
		{"ends a nanosecond late", 5 * time.Second, top + 1, "ends at 1m10.000000001s, past 1m10s, the latest a fault may end: the run's traffic lasts 10s and it drains for 1m after"},
		{"ends in ten years", 5 * time.Second, 10 * year, "ends at 87600h, past 1m10s, the latest a fault may end: the run's traffic lasts 10s and it drains for 1m after"},
		{"starts in ten years", 10 * year, 20 * year, "starts at 87600h, past 1m10s, the latest a fault may start: the run's traffic lasts 10s and it drains for 1m after"},
		{"starts in ten years, no end", 10 * year, 0, "starts at 87600h, past 1m10s"},
	}
	for _, c := range cases {
		// The front's dependency.
		sc := servicesScenario()
		sys := &sc.Variants[0].System
		sys.Dependencies = append(sys.Dependencies, Dependency{Name: "db", Latency: latency, Faults: []Fault{{Kind: Hang, From: c.from, To: c.to}}})
		// A service's own faults.
		sv := servicesScenario()
		sv.Variants[0].System.Services[0].Faults = []ServiceFault{{Kind: InstanceHang, Instance: AllInstances, From: c.from, To: c.to}}
		// A service's dependency.
		sd := servicesScenario()
		sd.Variants[0].System.Services[0].Dependencies = []Dependency{{Name: "db", Latency: latency, Faults: []Fault{{Kind: Slow, Latency: time.Second, From: c.from, To: c.to}}}}
		for _, s := range []struct {
			of string
			sc *Scenario
		}{{"front dependency", sc}, {"service", sv}, {"service dependency", sd}} {
			err := s.sc.Validate()
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%s, %s: refused: %v", c.name, s.of, err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("%s, %s: got %v, want a refusal holding %q", c.name, s.of, err, c.want)
			}
		}
	}
}

// A burst (a surge of an endpoint's traffic) may end at the traffic's
// end, LatestSurgeMoment, and no later: unlike a fault it has no drain to
// run into, which takes no arrivals. Past it the refusal names the moment,
// the top and the run's length, in the words an injected surge's 'for'
// is refused with.
func TestBurstMomentsEndWithTheTraffic(t *testing.T) {
	top := LatestSurgeMoment(10 * time.Second)
	if top != 10*time.Second {
		t.Fatalf("LatestSurgeMoment(10s) = %s, want the traffic's 10s", top)
	}
	for _, c := range []struct {
		name     string
		from, to time.Duration
		want     string
	}{
		{"to the end", 5 * time.Second, top, ""},
		{"a nanosecond into the drain", 5 * time.Second, top + 1, "burst 1 ends at 10.000000001s, past 10s, the latest a surge or burst of traffic may end: the run's traffic lasts 10s, and the drain after it takes no arrivals"},
		{"wholly past the end", 20 * time.Second, 30 * time.Second, "burst 1 ends at 30s, past 10s"},
		{"starts at the end", top, top, "burst 1 must satisfy 0 <= from < to <= duration (10s), got 10s to 10s"},
		{"starts past the end", 11 * time.Second, top, "burst 1 starts at 11s, past 10s, the latest a surge or burst of traffic may start"},
		{"ends before it starts", 5 * time.Second, 4 * time.Second, "burst 1 must satisfy 0 <= from < to <= duration (10s), got 5s to 4s"},
	} {
		sc := servicesScenario()
		sc.Variants[0].System.Endpoints[0].Bursts = []Burst{{From: c.from, To: c.to, Rate: 2}}
		err := sc.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want a refusal holding %q", c.name, err, c.want)
		}
	}
}
