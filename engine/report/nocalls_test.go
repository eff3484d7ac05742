package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// A dependency, or a service, that only an endpoint without requests calls
// had no calls: its line says "no calls reached it", as the endpoint's says
// "no requests", not "0 calls reached it, at most 0 in flight" (nor a
// service's row of zeros), which read as calls that went missing.
func TestADependencyNoCallReachedSaysSo(t *testing.T) {
	sc := &engine.Scenario{Name: "zero", MeasureTo: 10 * time.Second}
	var home engine.Counts
	home[engine.OK] = 497
	snap := engine.Snapshot{Variant: "default",
		Endpoints: []engine.EndpointSnapshot{
			{Name: "home", Calls: "db", Window: home, WindowArrived: 497, P50: 5 * time.Millisecond, P99: 5 * time.Millisecond},
			{Name: "search", Calls: "index"},
			{Name: "page", Calls: "orders"},
		},
		Dependencies: []engine.DependencySnapshot{
			{Name: "db", Calls: 497, InFlightMax: 4, InFlightMaxAt: 2500 * time.Millisecond},
			{Name: "index"},
			{Name: "orders", Service: "orders"},
		},
		Services: []engine.ServiceSnapshot{{Name: "orders", Depth: 1, Workers: 32,
			Dependencies: []engine.DependencySnapshot{{Name: "database"}}}},
	}
	var b bytes.Buffer
	if err := WriteTable(&b, sc, 5, []engine.Snapshot{snap}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"\n  db                 497 calls reached it, at most 4 in flight (first at 2.5 s)\n",
		"\n  index              no calls reached it\n",
		"\n  orders             no calls reached it\n",
		"\n    database         no calls reached it\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " 0 calls reached it") || strings.Contains(out, " 0 ok") {
		t.Errorf("a dependency no call reached is given a count of none:\n%s", out)
	}
}

// An endpoint whose window's requests arrived but none has its answer yet
// (a run cut short) says how many arrived and that they wait: "0 requests,
// latency p50 0.0 ms" denied the arrivals the share table counts and gave
// a latency no answer had.
func TestAnEndpointWhoseRequestsAllWaitSaysSo(t *testing.T) {
	sc := &engine.Scenario{Name: "cut", MeasureTo: 10 * time.Second}
	snap := engine.Snapshot{Variant: "default", Endpoints: []engine.EndpointSnapshot{{Name: "home", WindowArrived: 12}}}
	var b bytes.Buffer
	if err := WriteTable(&b, sc, 5, []engine.Snapshot{snap}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if want := "\n  home               12 requests, all still waiting for an answer\n"; !strings.Contains(out, want) {
		t.Errorf("table lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "latency") {
		t.Errorf("requests without an answer are given a latency:\n%s", out)
	}
}
