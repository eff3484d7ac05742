package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// benchSteadyShared is benchSteady for runs that replay traffic drawn once
// (engine's NewTraffic and ResetShared), as a sweep's cells do: what a
// request costs once its arrival, latency and tenant are drawn already.
func benchSteadyShared(b *testing.B, build func() *engine.Scenario) {
	sc := build()
	tr, err := engine.NewTraffic(sc, 5)
	if err != nil {
		b.Fatal(err)
	}
	benchPasses(b, sc, func(r *engine.Run, v int) error { return r.ResetShared(sc, v, tr) })
}

// The scenarios whose sweeps issue 28 times, on replayed traffic: tenants
// and their bursts, shedding, a rate limiter against a bulkhead, tasks.
func BenchmarkSharedNoisyTenant(b *testing.B)         { benchSteadyShared(b, NoisyTenant) }
func BenchmarkSharedRateLimitVsBulkhead(b *testing.B) { benchSteadyShared(b, RateLimitVsBulkhead) }
func BenchmarkSharedAsyncCascade(b *testing.B)        { benchSteadyShared(b, AsyncCascade) }

// BenchmarkSharedGoInventory is a tasks server calling a thread-pool
// service through a client pool: go-inventory's sweeps, the slowest of
// the built-ins.
func BenchmarkSharedGoInventory(b *testing.B) { benchSteadyShared(b, GoInventory) }

// BenchmarkSharedGoServer is a tasks server whose calls go through a
// client pool and semaphores, on replayed traffic: go-server's sweeps,
// whose arrivals take the tasks server's batch (arriveTasks), which
// BenchmarkSteadyGoServer's drawn traffic never reaches.
func BenchmarkSharedGoServer(b *testing.B) { benchSteadyShared(b, GoServer) }

// BenchmarkSharedGoInventoryPerHost is go-inventory with its client pool
// capped at 20 connections a host, as its sweep of service workers × the
// per-host cap runs it: through the database's slowdown the product
// service's calls to inventory wait for a connection, and each one that
// comes back goes to the next (engine/pools_run.go), a path the other
// benchmarks' pools, never full, do not take.
func BenchmarkSharedGoInventoryPerHost(b *testing.B) {
	benchSteadyShared(b, func() *engine.Scenario {
		sc := GoInventory()
		for v := range sc.Variants {
			pools := sc.Variants[v].System.Pools
			for i := range pools {
				if pools[i].Name == "transport" {
					pools[i].PerHost = 20
				}
			}
		}
		return sc
	})
}
