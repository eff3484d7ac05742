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
