package engine

import (
	"testing"
	"time"
)

// childArrives writes out refuseChild's one step for a call that finds an
// instance up, with no free worker, room in its queue and no shedder: it
// notes, for a fork (fork_services.go), that the instance lacked a worker.
// An instance whose calls ever queued must say so, or a fork that changes
// the service's workers would carry on from a run they would have changed.
func TestQueuedChildrenMarkTheInstanceLacking(t *testing.T) {
	ms := time.Millisecond
	sc := &Scenario{Name: "queued", Duration: 3 * time.Second, MeasureTo: 3 * time.Second, Variants: []Variant{{Name: "v",
		System: System{Workers: 50,
			Endpoints:    []Endpoint{{Name: "search", Rate: 200, Calls: "search-catalog"}},
			Dependencies: []Dependency{{Name: "search-catalog", Service: "catalog", Policy: Policy{Timeout: time.Second}}},
			Services: []Service{{Name: "catalog", Workers: 2, Queue: 500, Work: Latency{Kind: Constant, Value: 2 * ms}, Calls: "db",
				Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Exponential, Mean: 20 * ms}}}}}}}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	in := &r.insts[r.svcs[0].instBase]
	if in.queuedMax == 0 {
		t.Fatal("no call queued at catalog: the test checks nothing")
	}
	if !in.lacked {
		t.Error("catalog's calls queued, but its instance is not marked as having lacked a worker")
	}
}
