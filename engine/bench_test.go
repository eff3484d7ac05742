package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
)

// These benchmarks take the per-request cost apart: arrivals alone, then a
// dependency call (the event queue's round trip), then a timeout layer.

// benchSys runs a one-variant, 30 s system once per op.
func benchSys(b *testing.B, sys System) {
	sc := &Scenario{Name: "x", Duration: 30 * time.Second, MeasureTo: 30 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
	var n uint64
	for b.Loop() {
		r, err := New(sc, 0, 5)
		if err != nil {
			b.Fatal(err)
		}
		r.Run()
		n += r.endpoints[0].arrived
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "requests/s")
	// What callgrind's instructions for an op are divided by.
	b.ReportMetric(float64(n)/float64(b.N), "requests/op")
}

func BenchmarkNoDep(b *testing.B) {
	benchSys(b, System{Workers: 200, Endpoints: []Endpoint{{Name: "e", Rate: 600}}})
}
func BenchmarkDepNoPolicy(b *testing.B) {
	benchSys(b, System{Workers: 200, Endpoints: []Endpoint{{Name: "e", Rate: 600, Calls: "d"}}, Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Exponential, Mean: 20 * time.Millisecond}}}})
}
func BenchmarkDepTimeout(b *testing.B) {
	benchSys(b, System{Workers: 200, Endpoints: []Endpoint{{Name: "e", Rate: 600, Calls: "d"}}, Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Exponential, Mean: 20 * time.Millisecond}, Policy: Policy{Timeout: 5 * time.Second}}}})
}

// BenchmarkDepLayers is BenchmarkDepTimeout with the other layers the
// built-ins use most in front of the call: each sub-benchmark one policy,
// the dependency healthy but for a stretch of errors (breakers trip on it,
// retries retry it) and a stretch of hanging calls (timeouts fire, the
// bulkhead fills and refuses).
func BenchmarkDepLayers(b *testing.B) {
	br := func() *breaker.Config {
		return &breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: 2 * time.Second, HalfOpenTrials: 3}
	}
	for _, c := range []struct {
		name string
		pol  Policy
	}{
		{"bulkhead", Policy{Bulkhead: 20}},
		{"bulkhead-timeout", Policy{Timeout: time.Second, Bulkhead: 20}},
		{"breaker-timeout", Policy{Timeout: time.Second, Breaker: br(), Fallback: CachedFallback}},
		{"breaker-bulkhead-timeout", Policy{Timeout: time.Second, Bulkhead: 20, Breaker: br(), Fallback: CachedFallback}},
		{"retry-timeout", Policy{Timeout: time.Second, Retry: &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 10 * time.Millisecond, Max: 100 * time.Millisecond}}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			benchSys(b, System{Workers: 200, Endpoints: []Endpoint{{Name: "e", Rate: 600, Calls: "d"}},
				Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Exponential, Mean: 20 * time.Millisecond}, Policy: c.pol,
					Faults: []Fault{{Kind: Error, From: 10 * time.Second, To: 12 * time.Second, Probability: 0.6},
						{Kind: Hang, From: 20 * time.Second, To: 21 * time.Second}}}}})
		})
	}
}

// BenchmarkCascadeVariant runs each of the cascade's variants alone, to
// show where BenchmarkCascade's time goes.
func BenchmarkCascadeVariant(b *testing.B) {
	sc := cascadeLike()
	for v := range sc.Variants {
		b.Run(fmt.Sprint(v), func(b *testing.B) {
			var n, events uint64
			for b.Loop() {
				r, err := New(sc, v, 5)
				if err != nil {
					b.Fatal(err)
				}
				r.Run()
				events += r.seq
				for i := range r.endpoints {
					n += r.endpoints[i].arrived
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "requests/s")
			b.ReportMetric(float64(events)/float64(n), "events/request")
			b.ReportMetric(float64(n)/float64(b.N), "requests/op")
		})
	}
}

// BenchmarkCascadeCorners runs the cascade's bulkhead variant at corners
// of the bulkhead × timeout sweep (issue 28): a wide bulkhead and a short
// timeout (every call to recommendations enters, hangs and times out), a
// narrow one and a long one (almost every call is refused), and between.
func BenchmarkCascadeCorners(b *testing.B) {
	for _, c := range []struct {
		bulkhead int
		timeout  time.Duration
	}{{60, 100 * time.Millisecond}, {5, 5 * time.Second}, {30, time.Second}} {
		sc := cascadeLike()
		d := &sc.Variants[1].System.Dependencies[2]
		d.Policy.Bulkhead, d.Policy.Timeout = c.bulkhead, c.timeout
		b.Run(fmt.Sprintf("%d-%v", c.bulkhead, c.timeout), func(b *testing.B) {
			var n uint64
			for b.Loop() {
				r, err := New(sc, 1, 5)
				if err != nil {
					b.Fatal(err)
				}
				r.Run()
				for i := range r.endpoints {
					n += r.endpoints[i].arrived
				}
			}
			b.ReportMetric(float64(n)/float64(b.N), "requests/op")
		})
	}
}

// threeTierFleet is a front service calling a fleet of ten api instances,
// each calling a fleet of ten backend instances, each calling a database:
// breakers per instance, deadlines propagated, cancellation on. The
// database slows down from 10 s to 20 s.
func threeTierFleet() *Scenario {
	br := &breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: 2 * time.Second, HalfOpenTrials: 3, OpenJitter: 0.2}
	pol := Policy{Timeout: 500 * time.Millisecond, Breaker: br, Fallback: NoFallback, PropagateDeadline: true,
		DeadlineMargin: 5 * time.Millisecond, Cancel: CancelPropagate}
	sys := System{Workers: 400, Queue: 200,
		Endpoints:    []Endpoint{{Name: "checkout", Rate: 800, Calls: "api", Patience: 2 * time.Second}},
		Dependencies: []Dependency{{Name: "api", Service: "api", Policy: pol}},
		Services: []Service{
			{Name: "api", Workers: 16, Queue: 20, Instances: 10, Balancer: RoundRobin, Work: Latency{Kind: Constant, Value: 2 * time.Millisecond},
				Calls: "backend", Dependencies: []Dependency{{Name: "backend", Service: "backend", Policy: pol}}},
			{Name: "backend", Workers: 8, Queue: 20, Instances: 10, Balancer: LeastOutstanding, Work: Latency{Kind: Exponential, Mean: 3 * time.Millisecond},
				Calls: "db", Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: LogNormal, P50: 5 * time.Millisecond, P99: 30 * time.Millisecond},
					Faults: []Fault{{Kind: Slow, From: 10 * time.Second, To: 20 * time.Second, Latency: time.Second}}, Policy: Policy{Timeout: 300 * time.Millisecond, PropagateDeadline: true}}}},
		}}
	return &Scenario{Name: "three-tier", Duration: 30 * time.Second, MeasureTo: 30 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
}

// BenchmarkThreeTierFleet runs threeTierFleet: every request makes three
// hops.
func BenchmarkThreeTierFleet(b *testing.B) {
	sc := threeTierFleet()
	b.ReportAllocs()
	var n, events uint64
	for b.Loop() {
		r, err := New(sc, 0, 5)
		if err != nil {
			b.Fatal(err)
		}
		r.Run()
		n += r.endpoints[0].arrived
		events += r.seq
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "requests/s")
	b.ReportMetric(float64(events)/float64(n), "events/request")
}

// BenchmarkSteadyThreeTierFleet is BenchmarkThreeTierFleet on one Run
// that keeps its memory from run to run (Reset), as a sweep's worker does:
// after a first run grows every buffer, allocs/op counts what a run
// allocates as it goes, and requests/op turns callgrind's instructions
// for an op into instructions a request.
func BenchmarkSteadyThreeTierFleet(b *testing.B) {
	sc := threeTierFleet()
	var r Run
	run := func() uint64 {
		if err := r.Reset(sc, 0, 5); err != nil {
			b.Fatal(err)
		}
		r.Run()
		return r.endpoints[0].arrived
	}
	perOp := run()
	b.ReportAllocs()
	for b.Loop() {
		run()
	}
	b.ReportMetric(float64(perOp), "requests/op")
}
