package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/retry"
)

// A retry whose backoff ends while its instance hangs runs when the hang
// ends (hold); a timeout outside the retry that fell due during the hang
// must then fire at once, late, not be scheduled in the past (the debug
// build panicked: "event scheduled before now").
func TestATimeoutDueInAHangFiresWhenItEnds(t *testing.T) {
	db := Dependency{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond},
		Faults: []Fault{{Kind: Error, Probability: 1}},
		Policy: Policy{Order: []Layer{LayerBreaker, LayerTimeout, LayerBulkhead, LayerRetry}, Timeout: 50 * time.Millisecond,
			Retry: &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 20 * time.Millisecond, Max: 20 * time.Millisecond}}}}
	sys := System{Workers: 1,
		Endpoints:    []Endpoint{{Name: "e", Interval: time.Second, Calls: "s"}},
		Dependencies: []Dependency{{Name: "s", Service: "s"}},
		Services: []Service{{Name: "s", Workers: 1, Calls: "db", Dependencies: []Dependency{db},
			Faults: []ServiceFault{{Kind: InstanceHang, Instance: AllInstances, From: 10 * time.Millisecond, To: 100 * time.Millisecond}}}}}
	sc := &Scenario{Name: "hold", Duration: time.Second, MeasureTo: time.Second, Variants: []Variant{{Name: "v", System: sys}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	d := s.Services[0].Dependencies[0]
	if d.Timeouts != 1 || d.Retries == 0 {
		t.Errorf("db: %d timeouts, %d retries; want the one call to time out when the hang ends, after a retry", d.Timeouts, d.Retries)
	}
	if got := s.Endpoints[0].Total[Failed]; got != 1 {
		t.Errorf("%d requests failed, want 1", got)
	}
}
