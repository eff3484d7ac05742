package engine

import (
	"math"
	"time"
)

// micros writes a latency for EndpointSnapshot.Latencies: whole
// microseconds, zero for a negative duration, saturating at the largest
// uint32 (71 minutes, longer than any run's drain).
func micros(d time.Duration) uint32 {
	us := d / time.Microsecond
	switch {
	case us <= 0:
		return 0
	case us >= math.MaxUint32:
		return math.MaxUint32
	}
	return uint32(us)
}

// expectedAnswers is the room to keep for an endpoint's latencies, so that
// recording them does not allocate as the run goes: its arrivals over the
// run (expectedArrivals). Every arrival is answered at most once, so only
// a run far above its rate grows the slice.
func expectedAnswers(e *Endpoint, d time.Duration) int {
	// A bound for long or fast runs: the slice grows past it instead, as
	// the run needs it. A larger room (it was 16 M answers, 64 MB an
	// endpoint) made merely preparing a 23-hour run, as a scenario file's
	// check does for each variant, allocate half a gigabyte.
	return int(min(expectedArrivals(e, d), 1<<20))
}

// expectedArrivals is how many requests endpoint e sends in d, bursts
// included, with six standard deviations of a Poisson count to spare: not
// bounded, so that a caller deciding whether to hold them all (NewTraffic)
// sees how many they are.
func expectedArrivals(e *Endpoint, d time.Duration) float64 {
	if e.Interval > 0 {
		return float64(d/e.Interval) + 2
	}
	mean := e.Rate * d.Seconds()
	for _, b := range e.Bursts {
		// A burst replaces the endpoint's rate while it lasts, within d.
		if span := min(b.To, d) - b.From; span > 0 {
			mean += (b.Rate - e.Rate) * span.Seconds()
		}
	}
	if mean <= 0 {
		return 0
	}
	return mean + 6*math.Sqrt(mean) + 16
}
