package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// noisyTasks is noisy-tenant's first two variants (one shared pool, a
// bulkhead per tenant) served by a Go server instead of 60 workers: a
// goroutine per request, a database pool of 60 connections (the 60 workers' calls), 256 KiB a
// live request in a process of 128 MiB.
func noisyTasks() *engine.Scenario {
	sc := scenarios.NoisyTenant()
	// The third: the bulkhead per tenant in a process too small for it,
	// killed with slots taken.
	sc.Variants = append(sc.Variants[:2], sc.Variants[1])
	sc.Variants[2].Name = "a bulkhead per tenant in 40 MiB"
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		sys.Workers, sys.Queue, sys.Shed = 0, 0, nil
		sys.Tasks = &engine.TaskServer{Threads: 4, Memory: engine.Memory{Limit: 128 << 20, Base: 32 << 20, PerTask: 256 << 10, Restart: 2 * time.Second}}
		sys.Pools = []engine.Pool{{Name: "db", Kind: engine.DatabasePool, Size: 60}}
		sys.Dependencies[0].Pool = "db"
	}
	sc.Variants[2].System.Tasks.Memory.Limit = 40 << 20
	return sc
}

// Tenants on a tasks server: each tenant's requests are counted once,
// whatever becomes of them (answered, killed with the process, refused
// while it restarts, refused by the tenant's share of a bulkhead). With one
// shared database pool acme's burst parks goroutines until the process is
// killed, and every tenant fails with it; with a bulkhead per tenant
// acme's extra calls are refused at once and the others never notice.
func TestTenantsOnATasksServer(t *testing.T) {
	const shared, perTenant, small = 0, 1, 2
	snaps, err := engine.RunAll(noisyTasks(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for v := range snaps {
		s := &snaps[v]
		var arrived, answered uint64
		for _, tn := range s.Tenants {
			if tn.Total.Total() != tn.Arrived {
				t.Errorf("%s: tenant %s: %d arrived, %d counted", s.Variant, tn.Name, tn.Arrived, tn.Total.Total())
			}
			arrived += tn.Arrived
		}
		for _, e := range s.Endpoints {
			answered += e.Total.Total()
		}
		if arrived != answered {
			t.Errorf("%s: the tenants count %d requests, the endpoints %d", s.Variant, arrived, answered)
		}
	}
	// A kill gives back every slot the dying requests held: by the end
	// the bulkhead is empty, and the tenants' counts add up (above).
	if k, d := snaps[small].Tasks.Kills, snaps[small].Dependencies[0]; k == 0 || d.Bulkhead != 0 || d.InFlight != 0 {
		t.Errorf("%s: %d kills (want some), %d calls left inside the bulkhead, %d in flight at the end (want none)", snaps[small].Variant, k, d.Bulkhead, d.InFlight)
	}
	loose, tight := snaps[shared], snaps[perTenant]
	if loose.Tasks.Kills == 0 || loose.Tasks.Refused == 0 {
		t.Errorf("one shared pool: acme's burst should get the process killed (%d kills) and arrivals refused while it restarts (%d)", loose.Tasks.Kills, loose.Tasks.Refused)
	}
	if tight.Tasks.Kills != 0 {
		t.Errorf("a bulkhead per tenant: the process was killed %d times", tight.Tasks.Kills)
	}
	for k, tn := range tight.Tenants {
		quiet := tn.Name != "acme"
		if ok := tn.Window.Share(engine.OK); quiet && ok < 0.99 {
			t.Errorf("a bulkhead per tenant: %s should not notice acme's burst, %.1f %% ok", tn.Name, 100*ok)
		}
		if !quiet && tn.Limited == 0 {
			t.Errorf("a bulkhead per tenant: acme's share should refuse its extra calls")
		}
		if ok := loose.Tenants[k].Window.Share(engine.OK); quiet && ok > 0.9 {
			t.Errorf("one shared pool: %s should fail with the killed process, %.1f %% ok", tn.Name, 100*ok)
		}
	}
}
