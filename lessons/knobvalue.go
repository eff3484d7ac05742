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
	at, ok, err := findKnob(sys, path)
	if !ok || err != nil {
		return nil, false
	}
	return valueAt(sc, sys, at)
}

// valueAt reads the knob at of sys, a variant's system of sc.
func valueAt(sc *engine.Scenario, sys *engine.System, at knobAt) (any, bool) {
	dur := func(d time.Duration) (any, bool) { return d.String(), true }
	whole := func(n int) (any, bool) { return int64(n), true }
	switch at.part {
	case serverPart:
		switch at.key {
		case "workers":
			return whole(sys.Workers)
		case "queue":
			if sys.Queue == engine.QueueUnbounded {
				return nil, false
			}
			return whole(sys.Queue)
		case "duration":
			// SetKnob moves the measurement's end with the duration only
			// when it was the end: a read-back is a round trip only then.
			if sc.MeasureTo != sc.Duration {
				return nil, false
			}
			return dur(sc.Duration)
		}
		if keyIn(shedKeys, at.key) {
			return shedValue(sys.Shed, at.key)
		}
		return tasksServerValue(sys, at.key) // knob_tasks.go
	case endpointPart:
		e := at.ep
		switch at.key {
		case "rate":
			if e.Rate > 0 {
				return e.Rate, true
			}
		case "interval":
			if e.Interval > 0 {
				return dur(e.Interval)
			}
		case "patience":
			return dur(e.Patience)
		case "cpu":
			return dur(e.CPU)
		case "burst.rate", "burst.from", "burst.to":
			if len(e.Bursts) == 0 {
				return nil, false
			}
			b := e.Bursts[0]
			switch at.key {
			case "burst.rate":
				return b.Rate, true
			case "burst.from":
				return dur(b.From)
			}
			return dur(b.To)
		}
		return nil, false // class is a word
	case dependencyPart, edgePart:
		if val, ok, handled := edgeValue(at.dep, at.key); handled {
			return val, ok // knob_services.go
		}
		return dependencyValue(at.dep, at.key)
	case servicePart:
		return serviceValue(at.svc, at.key)
	case poolPart:
		return poolValue(at.pool, at.key)
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
