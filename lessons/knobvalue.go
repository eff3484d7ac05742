package lessons

import (
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// KnobValue reads the knob at path on variant v of sc, in the terms SetKnob
// takes it back: int64 for whole numbers, float64 for other numbers, a
// duration string ("250ms"). ok is false when the knob has no value to read
// there: a breaker key on a call without a breaker, a fault key on a
// dependency without a fault, a rate on an endpoint paced by interval, an
// unbounded queue, a key of another kind of bulkhead or fault than the one
// there (a semaphore's queue, a hang's latency). A sweep centred on the current design reads it here, so
// that SetKnob(sc, v, path, KnobValue(...)) leaves sc as it was (the
// round-trip test holds every numeric knob of the built-in scenarios to it).
func KnobValue(sc *engine.Scenario, v int, path string) (val any, ok bool) {
	if v < 0 || v >= len(sc.Variants) {
		return nil, false
	}
	sys := &sc.Variants[v].System
	dur := func(d time.Duration) (any, bool) { return d.String(), true }
	whole := func(n int) (any, bool) { return int64(n), true }
	switch path {
	case "workers":
		return whole(sys.Workers)
	case "queue":
		if sys.Queue == engine.QueueUnbounded {
			return nil, false
		}
		return whole(sys.Queue)
	case "duration":
		// SetKnob moves the measurement's end with the duration only when
		// it was the end: a read-back is a round trip only then.
		if sc.MeasureTo != sc.Duration {
			return nil, false
		}
		return dur(sc.Duration)
	}
	if val, ok, handled := tasksValue(sys, path); handled {
		return val, ok // knob_tasks.go
	}
	if val, ok, handled := systemsValue(sys, path); handled {
		return val, ok
	}
	head, rest, _ := strings.Cut(path, ".")
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		if e.Name != head {
			continue
		}
		switch {
		case rest == "rate" && e.Rate > 0:
			return e.Rate, true
		case rest == "interval" && e.Interval > 0:
			return dur(e.Interval)
		case rest == "patience":
			return dur(e.Patience)
		}
		if isEndpointKey(rest) {
			return nil, false
		}
	}
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		if d.Name != head {
			continue
		}
		return dependencyValue(d, rest)
	}
	return nil, false
}

// dependencyValue reads one of the first version's keys of d.
func dependencyValue(d *engine.Dependency, rest string) (any, bool) {
	dur := func(d time.Duration) (any, bool) { return d.String(), true }
	whole := func(n int) (any, bool) { return int64(n), true }
	{
		p := &d.Policy
		switch rest {
		case "timeout":
			return dur(p.Timeout)
		case "deadline":
			return dur(p.Deadline)
		case "bulkhead":
			return whole(p.Bulkhead)
		// A wait belongs to a semaphore (its callers wait on their own
		// threads), a queue to a thread pool; neither is read on the other
		// kind, and a sweep is offered each on its own kind alone (one of
		// the other would draw the design in every cell).
		case "bulkhead_wait":
			if p.BulkheadKind == engine.ThreadPoolBulkhead {
				return nil, false
			}
			return dur(p.BulkheadWait)
		case "bulkhead_queue":
			if p.BulkheadKind == engine.SemaphoreBulkhead {
				return nil, false
			}
			return whole(p.BulkheadQueue)
		case "latency.mean":
			if d.Latency.Kind == engine.Exponential {
				return dur(d.Latency.Mean)
			}
		case "latency.value":
			if d.Latency.Kind == engine.Constant {
				return dur(d.Latency.Value)
			}
		case "latency.p50":
			if d.Latency.Kind == engine.LogNormal {
				return dur(d.Latency.P50)
			}
		case "latency.p99":
			if d.Latency.Kind == engine.LogNormal {
				return dur(d.Latency.P99)
			}
		case "fault.from", "fault.to", "fault.latency", "fault.probability":
			if len(d.Faults) == 0 {
				return nil, false
			}
			f := d.Faults[0]
			switch rest {
			case "fault.from":
				return dur(f.From)
			case "fault.to":
				return dur(f.To)
			case "fault.latency":
				// Read by a slowdown alone: a hang holds its calls to its
				// end, an error fault fails them at once.
				if f.Kind != engine.Slow {
					return nil, false
				}
				return dur(f.Latency)
			}
			if f.Kind != engine.Error {
				return nil, false // read by an error fault alone
			}
			return f.Probability, true
		}
		if b, ok := strings.CutPrefix(rest, "breaker."); ok && p.Breaker != nil {
			return breakerValue(p.Breaker, b)
		}
		if r, ok := strings.CutPrefix(rest, "retry."); ok && p.Retry != nil {
			switch r {
			case "attempts":
				return whole(p.Retry.Attempts)
			case "base":
				return dur(p.Retry.Backoff.Base)
			case "max":
				return dur(p.Retry.Backoff.Max)
			}
		}
	}
	return nil, false
}

// breakerValue reads one numeric breaker key, as setBreaker writes it.
func breakerValue(c *breaker.Config, key string) (any, bool) {
	dur := func(d time.Duration) (any, bool) { return d.String(), true }
	whole := func(n int) (any, bool) { return int64(n), true }
	switch key {
	case "window":
		if c.Window == breaker.TimeWindow {
			return nil, false
		}
		return whole(c.WindowSize)
	case "time_window":
		if c.Window != breaker.TimeWindow {
			return nil, false
		}
		return dur(c.WindowSpan)
	case "min_calls":
		return whole(c.MinimumCalls)
	case "failure_rate":
		return c.FailureRate, true
	case "open":
		return dur(c.OpenFor)
	case "trials":
		return whole(c.HalfOpenTrials)
	case "slow_duration":
		return dur(c.SlowCallDuration)
	case "slow_rate":
		return c.SlowCallRate, true
	case "consecutive":
		return whole(c.MaxConsecutiveFailures)
	case "jitter":
		return c.OpenJitter, true
	case "backoff":
		return c.OpenBackoff, true
	case "open_max":
		return dur(c.OpenMax)
	case "buckets":
		return whole(c.WindowBuckets)
	}
	return nil, false
}
