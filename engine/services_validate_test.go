package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shed"
)

// servicesScenario is a front service calling one service with a fleet.
func servicesScenario() *Scenario {
	return &Scenario{Name: "s", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers:      4,
		Endpoints:    []Endpoint{{Name: "e", Rate: 1, Calls: "d"}},
		Dependencies: []Dependency{{Name: "d", Service: "svc"}},
		Services:     []Service{{Name: "svc", Workers: 2, Instances: 3}},
	}}}}
}

// TestServiceFaultOverlapMessage: a fault of every instance that starts
// before the others end is reported with the latest of their ends, whatever
// order the map of ends is walked in.
func TestServiceFaultOverlapMessage(t *testing.T) {
	sc := servicesScenario()
	sc.Variants[0].System.Services[0].Faults = []ServiceFault{
		{Kind: InstanceDown, Instance: 0, From: time.Second, To: 5 * time.Second},
		{Kind: InstanceDown, Instance: 1, From: time.Second, To: 8 * time.Second},
		{Kind: InstanceDown, Instance: 2, From: time.Second, To: 6 * time.Second},
		{Kind: InstanceHang, Instance: AllInstances, From: 3 * time.Second, To: 9 * time.Second},
	}
	for range 50 {
		err := sc.Validate()
		if err == nil || !strings.Contains(err.Error(), "fault 4 starts at 3s, before an earlier fault of the same instance ends (8s)") {
			t.Fatalf("got %v", err)
		}
	}
}

// TestEndpointClassValidated: a class outside the three is refused, not
// carried into a run or a dump that cannot be read back.
func TestEndpointClassValidated(t *testing.T) {
	sc := servicesScenario()
	sc.Variants[0].System.Endpoints[0].Class = shed.NumClasses
	err := sc.Validate()
	if err == nil || !strings.Contains(err.Error(), `endpoint "e": class must be critical, default or sheddable, got class(3)`) {
		t.Fatalf("got %v", err)
	}
	sc.Variants[0].System.Endpoints[0].Class = shed.Sheddable
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
}
