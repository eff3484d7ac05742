package engine

import (
	"math"
	"time"
)

// z99 is the standard normal's 99th percentile: a log-normal fitted to a
// median and a 99th percentile puts the P99 this many sigmas above mu.
const z99 = 2.3263478740408408

// logNormalFit is the log-normal the engine draws a LogNormal latency
// from: exp(mu + sigma·Z) has median P50 and 99th percentile P99, in
// nanoseconds. The sampler, the cost estimate and Expected all read it
// here, so that what a lesson or a budget says of a latency is what the
// run draws.
func (l Latency) logNormalFit() (mu, sigma float64) {
	mu = math.Log(float64(l.P50))
	return mu, (math.Log(float64(l.P99)) - mu) / z99
}

// Expected is the mean of the latency the engine draws: an exponential's
// Mean, a constant's Value, and a log-normal's exp(mu + sigma²/2), which
// its long tail puts above its median (about 1.2 × P50 for a P99 of
// 2.5 × P50). 0 for a latency of no known kind.
func (l Latency) Expected() time.Duration {
	switch l.Kind {
	case Exponential:
		return l.Mean
	case Constant:
		return l.Value
	case LogNormal:
		mu, sigma := l.logNormalFit()
		return time.Duration(math.Exp(mu + sigma*sigma/2))
	}
	return 0
}

// Quantile99 is the 99th percentile of the latency the engine draws: an
// exponential's Mean × ln 100 (P(X > x) = e^(-x/Mean) is 1% there), a
// constant's Value, a log-normal's the P99 it is fitted to.
func (l Latency) Quantile99() time.Duration {
	switch l.Kind {
	case Exponential:
		return time.Duration(float64(l.Mean) * math.Log(100))
	case Constant:
		return l.Value
	case LogNormal:
		return l.P99
	}
	return 0
}
