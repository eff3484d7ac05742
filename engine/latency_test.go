package engine

import (
	"math"
	"testing"
	"time"
)

// Expected is the mean of what the engine's own sampler draws: the mean of
// many draws through dependencyState.sample stays within five standard
// errors of it. A log-normal's median (what the cost estimate took for its
// mean) is 6.5 ms below the mean of 80/200 ms, some eighty standard errors
// of 200,000 draws, and fails.
func TestLatencyExpectedIsTheSamplersMean(t *testing.T) {
	const n = 200_000
	for _, l := range []Latency{
		{Kind: LogNormal, P50: 80 * ms, P99: 200 * ms},
		{Kind: LogNormal, P50: 4 * ms, P99: 20 * ms},
		{Kind: Exponential, Mean: 20 * ms},
		{Kind: Constant, Value: 50 * ms},
	} {
		var ds dependencyState
		ds.setLatency(l)
		rng := newStream(7, 11)
		var sum, sumSq float64
		for range n {
			x := float64(ds.sample(rng))
			sum += x
			sumSq += x * x
		}
		mean := sum / n
		sd := math.Sqrt(max(0, sumSq/n-mean*mean))
		// A duration's whole nanoseconds (the draw is truncated) on top.
		tol := 5*sd/math.Sqrt(n) + 1
		if got := float64(l.Expected()); math.Abs(got-mean) > tol {
			t.Errorf("%v %+v: Expected = %v, the sampler's mean over %d draws is %v (± %v)",
				l.Kind, l, l.Expected(), n, time.Duration(mean), time.Duration(tol))
		}
	}
}

// The cost estimate's backlog reads a log-normal's mean, not its median:
// ten workers holding each request for a call of median 100 ms and p99
// 500 ms (a mean of 127 ms) answer about 79 requests a second, not 100, so
// 90 a second pile up in the queue. The median said the pool keeps up and
// estimated no backlog; the run ends with hundreds queued.
func TestBacklogReadsALogNormalsMean(t *testing.T) {
	sc := oneDep(10, 90, Dependency{Latency: Latency{Kind: LogNormal, P50: 100 * ms, P99: 500 * ms}})
	sc.Variants[0].System.Queue = QueueUnbounded
	sys := &sc.Variants[0].System
	rate := rate0(&sys.Endpoints[0], sc.Duration)
	est := backlog(sc, sys, rate, rate*sc.Duration.Seconds())
	if est < 100 {
		t.Errorf("backlog = %.0f requests, want the couple of hundred a pool of 79 a second queues from 90 a second over 20 s", est)
	}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(sc.Duration)
	if q := r.Snapshot().Queued; q < 100 {
		t.Fatalf("the run holds %d in its queue when its traffic ends: the scenario no longer overloads the pool, and the test shows nothing", q)
	} else {
		t.Logf("estimated backlog %.0f, the run's queue at %v: %d", est, sc.Duration, q)
	}
}
