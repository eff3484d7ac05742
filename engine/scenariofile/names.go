package scenariofile

import (
	"fmt"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// The engine's kinds have String methods; these read the names back. (Layers
// and fallbacks have engine.ParseLayer and engine.ParseFallback, breaker
// windows and half-open rules their UnmarshalText.)

// ParseLatencyKind reads a latency kind as engine.LatencyKind.String writes it.
func ParseLatencyKind(name string) (engine.LatencyKind, error) {
	for _, k := range []engine.LatencyKind{engine.Exponential, engine.Constant, engine.LogNormal} {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown latency kind %q (allowed: exponential, constant, lognormal)", name)
}

// ParseFaultKind reads a fault kind as engine.FaultKind.String writes it.
func ParseFaultKind(name string) (engine.FaultKind, error) {
	for _, k := range []engine.FaultKind{engine.Hang, engine.Slow, engine.Error, engine.Unreachable} {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown fault kind %q (allowed: hang, slow, error, unreachable)", name)
}

// ParseBulkheadKind reads a bulkhead kind as engine.BulkheadKind.String writes it.
func ParseBulkheadKind(name string) (engine.BulkheadKind, error) {
	for _, k := range []engine.BulkheadKind{engine.SemaphoreBulkhead, engine.ThreadPoolBulkhead} {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown bulkhead kind %q (allowed: semaphore, thread-pool)", name)
}

// ParseBudgetKind reads a retry budget as engine.BudgetKind.String writes it.
func ParseBudgetKind(name string) (engine.BudgetKind, error) {
	for _, k := range []engine.BudgetKind{engine.NoBudget, engine.TokenBucketBudget, engine.ConcurrencyBudget} {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown retry budget %q (allowed: none, token-bucket, concurrency)", name)
}

// ParseQueue reads the accept queue's size as a file writes it: "none" (0),
// "unbounded" (engine.QueueUnbounded) or a number of requests.
func ParseQueue(v any) (int, error) {
	const allowed = `"none", "unbounded" or a number of requests from 0 to %d`
	switch x := v.(type) {
	case string:
		switch x {
		case "none":
			return 0, nil
		case "unbounded":
			return engine.QueueUnbounded, nil
		}
		return 0, fmt.Errorf("queue must be "+allowed+", got %q", engine.MaxQueue, x)
	case int64:
		if x < 0 || x > engine.MaxQueue {
			return 0, fmt.Errorf("queue must be "+allowed+", got %d", engine.MaxQueue, x)
		}
		return int(x), nil
	}
	return 0, fmt.Errorf("queue must be "+allowed+", got %s", engine.MaxQueue, describe(v))
}

// FormatQueue writes the accept queue's size as ParseQueue reads it.
func FormatQueue(q int) string {
	switch q {
	case 0:
		return `"none"`
	case engine.QueueUnbounded:
		return `"unbounded"`
	}
	return fmt.Sprint(q)
}

// ParseShedSignal reads a load-shedding signal as shed.Signal.String writes it.
func ParseShedSignal(name string) (shed.Signal, error) {
	for _, s := range []shed.Signal{shed.OldestAge, shed.Estimated} {
		if s.String() == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("unknown shedding signal %q (allowed: oldest-age, estimated)", name)
}

// ParseRateLimiterKind reads a rate limiter kind as
// engine.RateLimiterKind.String writes it.
func ParseRateLimiterKind(name string) (engine.RateLimiterKind, error) {
	for _, k := range []engine.RateLimiterKind{engine.TokenBucketLimiter, engine.PeriodLimiter} {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown rate limiter kind %q (allowed: bucket, period)", name)
}
