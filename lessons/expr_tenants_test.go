package lessons

import (
	"strconv"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// The tenant metrics quote the engine's own counters for every variant of
// noisy-tenant: each tenant's shares differ from the others' somewhere,
// acme alone is limited and only in the bulkhead variant, and only the
// shedding variant sheds, default and sheddable work but no critical, so a
// metric wired to the wrong tenant, counter or class differs somewhere.
func TestTenantMetricsReadTheEnginesSnapshot(t *testing.T) {
	const seed = 5
	snaps, err := engine.RunAll(scenarios.NoisyTenant(), seed)
	if err != nil {
		t.Fatal(err)
	}
	var sawLimited, sawShed bool
	for v := range snaps {
		run := "noisy-tenant/" + strconv.Itoa(v)
		want := map[string]float64{}
		var quiet report.Tally
		for i := range snaps[v].Tenants {
			tn := &snaps[v].Tenants[i]
			tally := report.Tally{Arrived: tn.WindowArrived, Outcomes: tn.Window}
			if tn.Name != "acme" {
				quiet = quiet.Add(tally)
			}
			want["tenant-share "+run+" "+tn.Name+" ok"] = tally.Share(engine.OK)
			want["tenant-share "+run+" "+tn.Name+" rejected+failed"] = tally.ShareOf(engine.Rejected, engine.Failed)
			want["tenant-requests "+run+" "+tn.Name] = float64(tn.WindowArrived)
			want["tenant-count "+run+" "+tn.Name+" rejected"] = float64(tn.Window[engine.Rejected])
			want["tenant-count "+run+" "+tn.Name+" ok+rejected"] = float64(tn.Window[engine.OK] + tn.Window[engine.Rejected])
			want["tenant-limited "+run+" "+tn.Name] = float64(tn.Limited)
			sawLimited = sawLimited || tn.Limited > 0
		}
		want["tenant-share "+run+" globex+initech ok"] = quiet.Share(engine.OK)
		want["tenant-count "+run+" globex+initech rejected"] = float64(quiet.Outcomes[engine.Rejected])
		for c := range shed.NumClasses {
			want["shed-class "+run+" "+c.String()] = float64(snaps[v].Shed[c])
			sawShed = sawShed || snaps[v].Shed[c] > 0
		}
		for expr, w := range want {
			if got := mustEval(t, seed, expr); got != w {
				t.Errorf("%s = %v, the snapshot says %v", expr, got, w)
			}
		}
	}
	if !sawLimited || !sawShed {
		t.Fatalf("the scenario should limit and shed somewhere (limited %v, shed %v): the test would prove nothing", sawLimited, sawShed)
	}
}

// A tenant or class the run does not have is refused, naming what exists.
func TestTenantMetricsNameWhatExists(t *testing.T) {
	for _, expr := range []string{
		"tenant-share noisy-tenant/0 nobody ok",
		"tenant-share noisy-tenant/0 acme+nobody ok",
		"tenant-limited noisy-tenant/1 nobody",
		"tenant-requests cascade/0 acme", // a scenario without tenants
		"tenant-count noisy-tenant/1 nobody rejected",
		"shed-class noisy-tenant/2 urgent",
	} {
		if _, err := evalOn(t, 5, expr); err == nil {
			t.Errorf("%s: no error", expr)
		}
	}
}
