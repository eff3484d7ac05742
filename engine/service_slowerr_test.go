package engine

import (
	"strings"
	"testing"
	"time"
)

// A slow fault of a service holds each request it starts its added time
// longer; an error fault answers its share of calls with an error at once,
// without a worker. Both change nothing before they start and leave the
// instance up after they end.
func TestServiceSlowAndErrorFaults(t *testing.T) {
	const s = time.Second
	run := func(f ServiceFault, at time.Duration) (*ServiceSnapshot, Snapshot) {
		t.Helper()
		sc := multiHop()
		sc.Variants = sc.Variants[:1]
		sys := &sc.Variants[0].System
		sys.Services = append([]Service(nil), sys.Services...)
		// Inventory's database keeps its 10 ms: only the service's fault acts.
		inv := &sys.Services[1]
		inv.Dependencies = append([]Dependency(nil), inv.Dependencies...)
		inv.Dependencies[0].Faults = nil
		inv.Faults = []ServiceFault{f}
		if err := sc.Validate(); err != nil {
			t.Fatal(err)
		}
		r, err := New(sc, 0, 3)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(at)
		snap := r.Snapshot()
		return serviceByName(t, &snap, "inventory"), snap
	}
	before, _ := run(ServiceFault{Kind: InstanceErrors, Instance: AllInstances, From: 10 * s, To: 20 * s, Probability: 1}, 10*s)
	during, snap := run(ServiceFault{Kind: InstanceErrors, Instance: AllInstances, From: 10 * s, To: 20 * s, Probability: 1}, 15*s)
	if got := during.Instances[0]; got.State != InstanceIsFailing || got.ErrorRate != 1 || got.Until != 20*s {
		t.Errorf("at 15s the instance is %v (rate %v, until %v), want failing at 100%% until 20s", got.State, got.ErrorRate, got.Until)
	}
	failed := during.Answered[Failed] - before.Answered[Failed]
	arrived := during.Arrived - before.Arrived
	// (Only the calls in flight at 10 s, on its 16 workers, may end ok.)
	if arrived == 0 || failed != arrived || during.Answered[OK] > before.Answered[OK]+uint64(before.Busy+before.Queued) {
		t.Errorf("errors at 100%% from 10s to 15s: %d arrived, %d failed, ok %d → %d; want every new one failed", arrived, failed, before.Answered[OK], during.Answered[OK])
	}
	if snap.Endpoints[0].Total[Failed] == 0 {
		t.Error("the page's requests did not see inventory's errors")
	}
	after, _ := run(ServiceFault{Kind: InstanceErrors, Instance: AllInstances, From: 10 * s, To: 20 * s, Probability: 0.5}, 25*s)
	if got := after.Instances[0].State; got != InstanceUp {
		t.Errorf("after the fault the instance is %v", got)
	}
	share := float64(after.Answered[Failed]) / float64(after.Arrived)
	// Ten of twenty-five seconds at 50%: a fifth of the calls, give or take.
	if share < 0.15 || share > 0.25 {
		t.Errorf("errors at 50%% for 10 of 25 s failed %.3f of the calls, want about 0.2", share)
	}

	quick, _ := run(ServiceFault{Kind: InstanceSlow, Instance: AllInstances, From: 10 * s, To: 20 * s, Latency: 100 * time.Millisecond}, 10*s)
	slow, _ := run(ServiceFault{Kind: InstanceSlow, Instance: AllInstances, From: 10 * s, To: 20 * s, Latency: 100 * time.Millisecond}, 15*s)
	if got := slow.Instances[0]; got.State != InstanceIsSlow || got.SlowBy != 100*time.Millisecond {
		t.Errorf("at 15s the instance is %v (by %v), want slow by 100ms", got.State, got.SlowBy)
	}
	// About 100 calls a second, each holding a worker 100 ms longer: about
	// ten busy, where 12 ms of work kept one or two.
	if quick.Busy > 4 || slow.Busy < 6 || slow.BusyMax <= quick.BusyMax {
		t.Errorf("busy workers %d (most %d) before, %d (most %d) during the slow fault; want the fault to hold about ten", quick.Busy, quick.BusyMax, slow.Busy, slow.BusyMax)
	}
}

func TestServiceSlowAndErrorFaultsValidate(t *testing.T) {
	for _, tc := range []struct {
		f    ServiceFault
		says string
	}{
		{ServiceFault{Kind: InstanceSlow, Instance: AllInstances, From: time.Second}, "needs a latency"},
		{ServiceFault{Kind: InstanceErrors, Instance: AllInstances, From: time.Second, Probability: 1.5}, "needs a probability"},
		{ServiceFault{Kind: InstanceErrors + 1, Instance: AllInstances, From: time.Second}, "down, restart, hang, slow or error"},
	} {
		sc := multiHop()
		sc.Variants[0].System.Services[1].Faults = []ServiceFault{tc.f}
		if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%+v: %v, want it refused saying %q", tc.f, err, tc.says)
		}
	}
}
