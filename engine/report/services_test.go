package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// A hand-built snapshot of a two-hop chain with a fleet, tenants and
// shedding: the report carries each part under its documented key, and the
// table names each service, tenant and a fleet instance's breaker.
func chainSnapshot() engine.Snapshot {
	var ok, failed engine.Counts
	ok[engine.OK] = 90
	ok[engine.Rejected] = 10
	failed[engine.OK] = 40
	failed[engine.Failed] = 60
	s := engine.Snapshot{
		Variant:      "propagated",
		Endpoints:    []engine.EndpointSnapshot{{Name: "page", Window: ok, WindowArrived: 100}},
		Dependencies: []engine.DependencySnapshot{{Name: "orders", Service: "orders", Calls: 100, DeadlineExceeded: 3}},
		Transitions: []engine.Transition{
			{Dependency: "inventory", Service: "orders", Instance: 2, Transition: breaker.Transition{At: 24 * time.Second, From: breaker.Closed, To: breaker.Open}},
		},
		Tenants: []engine.TenantSnapshot{{Name: "acme", WindowArrived: 100, Window: failed, Limited: 7}},
	}
	s.Shed[shed.Sheddable] = 12
	s.Services = []engine.ServiceSnapshot{{
		Name: "orders", Caller: "", Depth: 1, Workers: 8, Arrived: 100, Answered: failed,
		BusyMax: 24, Cancelled: 5, AbandonedWork: 9, WastedWork: 1500 * time.Millisecond,
		Instances:    make([]engine.InstanceSnapshot, 3),
		Dependencies: []engine.DependencySnapshot{{Name: "inventory", Calls: 80, RateLimited: 4, Cancelled: 6, DeadlineTimeouts: 11}},
	}}
	return s
}

func TestReportCarriesServicesTenantsAndShedding(t *testing.T) {
	sc := &engine.Scenario{Name: "multi-hop", MeasureTo: time.Second}
	rep := Build(sc, 1, []engine.Snapshot{chainSnapshot()})
	var buf bytes.Buffer
	if err := WriteJSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Variants []struct {
			Dependencies map[string]map[string]any `json:"dependencies"`
			Services     map[string]struct {
				Depth        int                       `json:"depth"`
				Instances    int                       `json:"instances"`
				Answered     map[string]uint64         `json:"answered"`
				Cancelled    uint64                    `json:"cancelled"`
				WastedWorkMS float64                   `json:"wasted_work_ms"`
				ByInstance   []map[string]any          `json:"by_instance"`
				Dependencies map[string]map[string]any `json:"dependencies"`
			} `json:"services"`
			Tenants     map[string]struct{ Limited uint64 } `json:"tenants"`
			Shed        map[string]uint64                   `json:"shed"`
			Transitions []map[string]any                    `json:"transitions"`
		} `json:"variants"`
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	v := got.Variants[0]
	o := v.Services["orders"]
	if o.Depth != 1 || o.Instances != 3 || o.Answered["failed"] != 60 || o.Cancelled != 5 || o.WastedWorkMS != 1500 || len(o.ByInstance) != 3 {
		t.Errorf("service orders: %+v", o)
	}
	if o.Dependencies["inventory"]["rate_limited"] != 4.0 || o.Dependencies["inventory"]["cancelled"] != 6.0 || o.Dependencies["inventory"]["deadline_timeouts"] != 11.0 {
		t.Errorf("orders' edge: %v", o.Dependencies["inventory"])
	}
	if v.Dependencies["orders"]["deadline_exceeded"] != 3.0 {
		t.Errorf("front edge: %v", v.Dependencies["orders"])
	}
	if _, ok := v.Dependencies["orders"]["deadline_timeouts"]; ok {
		t.Errorf("front edge: a count of zero timeouts at the deadline should be left out: %v", v.Dependencies["orders"])
	}
	if _, ok := v.Dependencies["orders"]["cancelled"]; ok {
		t.Errorf("front edge: a count of zero cancelled should be left out: %v", v.Dependencies["orders"])
	}
	if v.Tenants["acme"].Limited != 7 || v.Shed["sheddable"] != 12 {
		t.Errorf("tenants %v, shed %v", v.Tenants, v.Shed)
	}
	if tr := v.Transitions[0]; tr["service"] != "orders" || tr["instance"] != 2.0 {
		t.Errorf("transition: %v", tr)
	}

	var table bytes.Buffer
	if err := WriteTableWidth(&table, sc, 1, []engine.Snapshot{chainSnapshot()}, 80); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"orders ×3", "100 calls reached it: 40 ok, 60 failed", "5 cancelled", "9 finished for callers that had given up",
		"tenant acme", "40% ok", "7 of its calls refused by its own limit over the whole run", "12 requests shed at the front (12 sheddable)",
		"orders#2/inventory", "4 refused by the rate limiter", "3 not sent: the deadline had run out",
		"6 cancelled when the caller gave up", "11 timed out at the propagated deadline"} {
		if !strings.Contains(strings.Join(strings.Fields(table.String()), " "), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
}

// A single server's report has none of the new keys.
func TestSingleServerReportHasNoServiceKeys(t *testing.T) {
	sc := &engine.Scenario{Name: "one", MeasureTo: time.Second}
	s := chainSnapshot()
	s.Services, s.Tenants, s.Shed, s.Transitions = nil, nil, [shed.NumClasses]uint64{}, nil
	var buf bytes.Buffer
	if err := WriteJSON(&buf, Build(sc, 1, []engine.Snapshot{s})); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"services"`, `"tenants"`, `"shed"`} {
		if strings.Contains(buf.String(), key) {
			t.Errorf("a single server's report has %s:\n%s", key, buf.String())
		}
	}
}
