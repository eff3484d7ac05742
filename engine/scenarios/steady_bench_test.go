package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// benchSteady runs every variant of sc once per op on one engine.Run that
// keeps its memory from run to run (Reset), as a sweep's worker does. One
// pass before the clock starts grows every buffer, so an allocation
// counted is one the runs make as they go: per request or per event. It
// reports the requests an op simulates, so that callgrind's instructions
// for an op (the difference of two -benchtime counts) give instructions a
// request.
func benchSteady(b *testing.B, build func() *engine.Scenario) {
	sc := build()
	benchPasses(b, sc, func(r *engine.Run, v int) error { return r.Reset(sc, v, 5) })
}

// benchPasses times passes over every variant of sc on one engine.Run,
// each variant's run started by reset, and reports the requests an op.
func benchPasses(b *testing.B, sc *engine.Scenario, reset func(r *engine.Run, v int) error) {
	var r engine.Run
	pass := func() uint64 {
		var n uint64
		for v := range sc.Variants {
			if err := reset(&r, v); err != nil {
				b.Fatal(err)
			}
			r.Run()
			s := r.Snapshot()
			for _, e := range s.Endpoints {
				n += e.Arrived
			}
		}
		return n
	}
	perOp := pass()
	b.ReportAllocs()
	ops := 0
	for b.Loop() {
		pass()
		ops++
	}
	b.ReportMetric(float64(perOp), "requests/op")
	b.ReportMetric(float64(perOp)*float64(ops)/b.Elapsed().Seconds(), "requests/s")
}

// The services' paths: fleets of instances behind balancers, tenants with
// bulkheads of their own and load shedding, a rate limiter against a
// bulkhead.
func BenchmarkSteadyMultiHop(b *testing.B)            { benchSteady(b, MultiHop) }
func BenchmarkSteadyAPIGateway(b *testing.B)          { benchSteady(b, APIGateway) }
func BenchmarkSteadyNoisyTenant(b *testing.B)         { benchSteady(b, NoisyTenant) }
func BenchmarkSteadyRateLimitVsBulkhead(b *testing.B) { benchSteady(b, RateLimitVsBulkhead) }
func BenchmarkSteadyCascade(b *testing.B)             { benchSteady(b, Cascade) }

// BenchmarkSteadyFleetProbes is the slowest of the built-ins a sweep runs:
// four variants of 90 s, a fleet of breakers on one provider.
func BenchmarkSteadyFleetProbes(b *testing.B) { benchSteady(b, FleetProbes) }

// BenchmarkSteadyGoServer is the go-server scenario: a tasks server whose
// goroutines call through a client connection pool and a database pool,
// the slowest built-in sweep of the tasks servers.
func BenchmarkSteadyGoServer(b *testing.B) { benchSteady(b, GoServer) }
