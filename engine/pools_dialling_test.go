package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// unreachableGoServer is go-server with its payment provider unreachable
// over its hang, 20 s to 70 s, as --fault makes it: its host drops the
// dials too (engine.Unreachable), so the transport's connections in use
// pile up as dials, which a hang's no longer do (its dials connect).
func unreachableGoServer(t testing.TB) *engine.Scenario {
	sc, err := chaos.Apply(scenarios.GoServer(), []chaos.Spec{{At: 20 * time.Second, Target: "payments", Kind: chaos.Unreachable, For: 50 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// A pool snapshot's Dialling is the part of its connections in use that
// are being dialled, as the attempts themselves stand, at every step of
// go-server's runs, with the provider hung and unreachable; per host too.
// Unreachable (20 s to 70 s), the transport's in-use count is nearly all
// dials to payments, while its calls in flight stay a few dozen: the
// figure the panes explain it with. Hung, the host accepts: nearly all
// are calls in flight, and the dials few.
func TestPoolSnapshotCountsItsDials(t *testing.T) {
	poolSnapshotCountsItsDials(t, scenarios.GoServer(), false)
	poolSnapshotCountsItsDials(t, unreachableGoServer(t), true)
}

func poolSnapshotCountsItsDials(t *testing.T, sc *engine.Scenario, unreachable bool) {
	t.Helper()
	for v := range sc.Variants {
		r, err := engine.New(sc, v, 5)
		if err != nil {
			t.Fatal(err)
		}
		var most int
		for !r.Done() {
			r.Advance(10 * time.Millisecond)
			s := r.Snapshot()
			pools, hosts := engine.DiallingHolds(r)
			for i := range s.Pools {
				p := &s.Pools[i]
				if p.Dialling != pools[i] || p.Dialling > p.InUse || p.Dialling > p.DiallingMax {
					t.Fatalf("variant %d at %v: pool %s says %d dialling (most %d, %d in use), its attempts %d",
						v, r.Now(), p.Name, p.Dialling, p.DiallingMax, p.InUse, pools[i])
				}
				for k, h := range p.Hosts {
					if h.Dialling != hosts[i][k] || h.Dialling > h.InUse {
						t.Fatalf("variant %d at %v: pool %s host %s says %d dialling (%d in use), its attempts %d",
							v, r.Now(), p.Name, h.Dependency, h.Dialling, h.InUse, hosts[i][k])
					}
				}
				most = max(most, p.Dialling)
			}
			if v == 0 && r.Now() == 35*time.Second {
				p := &s.Pools[0]
				pay := payments(t, s)
				if unreachable && (p.Dialling < p.InUse*9/10 || pay.InFlight >= p.Dialling/10) {
					t.Errorf("unreachable, at 35 s the transport's %d in use should be nearly all dials (%d), its calls in flight to payments (%d) few",
						p.InUse, p.Dialling, pay.InFlight)
				}
				if !unreachable && (p.Dialling > p.InUse/10 || pay.InFlight < p.InUse*9/10) {
					t.Errorf("hung, at 35 s the transport's %d in use should be nearly all calls in flight to payments (%d), its dials (%d) few",
						p.InUse, pay.InFlight, p.Dialling)
				}
			}
		}
		if s := r.Snapshot(); v == 0 && s.Pools[0].DiallingMax != most {
			t.Errorf("variant %d: the most dialling at once is %d, a step saw %d", v, s.Pools[0].DiallingMax, most)
		}
	}
}

// payments is the snapshot's dependency payments.
func payments(t *testing.T, s engine.Snapshot) *engine.DependencySnapshot {
	t.Helper()
	for i := range s.Dependencies {
		if s.Dependencies[i].Name == "payments" {
			return &s.Dependencies[i]
		}
	}
	t.Fatal("go-server has no dependency payments")
	return nil
}
