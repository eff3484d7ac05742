package lessons

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// outOfRange refuses a [set] value that its own key never allows, whatever
// the step's other keys say. The engine's check, run once every key is
// set, refused payment.breaker.failure_rate = 1.5 as "breaker failure
// rate must be ...", in words the author never wrote, at the [set]
// header's line; this names the key as the step writes it (applySet fills
// key in), so the error lands on the key's own line. The limits and the
// rates' ranges are the ones the engine exports (breaker.MaxWindowSize,
// breaker.FailureRateAllowed), said as a scenario file says them.
type outOfRange struct {
	key  string // as the step writes it
	rule string // what the key allows: "must be between 1 and 100"
	got  string // the value as the step wrote it
	hint string // how to write what was probably meant, or ""
}

func (e *outOfRange) Error() string {
	return fmt.Sprintf("%s %s, got %s%s", e.key, e.rule, e.got, e.hint)
}

// namedAs fills in the key of an outOfRange in err with the key as the
// step writes it.
func namedAs(key string, err error) error {
	var r *outOfRange
	if errors.As(err, &r) {
		r.key = key
	}
	return err
}

// checkOwnRange refuses val, already set at at by applyAt, when at's key
// never allows it. Only [set] calls it: SetKnob's other callers (the
// sandbox's form, a challenge, a sweep's cells) read the engine's check
// after setting, and their refusals are theirs. Each rule here is the
// engine's Validate rule for that field alone, so a step the engine ran
// before runs the same; a fault's probability, span and latency, which the
// engine reads only on a fault of their kind, get the range a scenario
// file gives those keys.
func checkOwnRange(at knobAt, val any) error {
	switch at.part {
	case serverPart:
		return serverRange(at.key, val)
	case endpointPart:
		return endpointRange(at.key, val)
	case dependencyPart, edgePart:
		return dependencyRange(at.key, val)
	case servicePart:
		return serviceRange(at.key, val)
	case poolPart:
		return poolRange(at.key, val)
	}
	return nil
}

func serverRange(key string, val any) error {
	switch key {
	case "workers":
		return wholeIn(val, 1, engine.MaxWorkers, "between 1 and "+engine.RateText(engine.MaxWorkers))
	case "queue":
		return queueRange(val)
	case "tasks.threads":
		return wholeIn(val, 1, engine.MaxThreads, fmt.Sprintf("between 1 (an event loop) and %d (a Go server: GOMAXPROCS)", engine.MaxThreads))
	case "tasks.memory.limit_mib":
		return wholeIn(val, 0, int(engine.MaxMemory>>20), fmt.Sprintf("between 0 (no limit) and %s (%s)", engine.RateText(float64(engine.MaxMemory>>20)), engine.SizeText(engine.MaxMemory)))
	case "tasks.memory.per_task_kib":
		return wholeIn(val, 0, int(engine.MaxMemory>>10), fmt.Sprintf("between 0 and %s (%s)", engine.RateText(float64(engine.MaxMemory>>10)), engine.SizeText(engine.MaxMemory)))
	}
	return shedRange(key, val)
}

// queueRange is a server's or a service's queue: -1 is the engine's
// unbounded, which [set] writes "unbounded".
func queueRange(val any) error {
	return wholeIn(val, -1, engine.MaxQueue, `0 (none) or up to `+engine.RateText(engine.MaxQueue)+`, or "unbounded"`)
}

// shedRange is a front's or a service's shedding key; a bound of 0 would
// shed every request, which the engine refuses.
func shedRange(key string, val any) error {
	switch key {
	case "shed.max_wait", "shed.max_wait.critical", "shed.max_wait.default", "shed.max_wait.sheddable":
		return above0(val, ": it is how long a request may wait in the queue before it is shed")
	case "shed.service_time":
		return notNegative(val)
	}
	return nil
}

func serviceRange(key string, val any) error {
	switch key {
	case "workers":
		return serverRange(key, val)
	case "queue":
		return queueRange(val)
	case "instances":
		return wholeIn(val, 0, engine.MaxInstances, fmt.Sprintf("between 1 and %d (0 is read as 1)", engine.MaxInstances))
	case "work.mean", "work.value", "work.p50", "work.p99", "fault.from", "fault.to":
		// A work time of 0 is no work at all (setService).
		return notNegative(val)
	}
	return shedRange(key, val)
}

func poolRange(key string, val any) error {
	switch key {
	case "size", "per_host":
		return wholeIn(val, 0, engine.MaxWorkers, "between 0 (no cap) and "+engine.RateText(engine.MaxWorkers))
	case "idle_per_host":
		return wholeIn(val, 0, engine.MaxWorkers, "between 0 (keep every connection) and "+engine.RateText(engine.MaxWorkers))
	case "wait", "dial", "dial_timeout":
		return durationUpTo(val, engine.DrainLimit, "must be at most "+engine.FormatDuration(engine.DrainLimit))
	}
	return nil
}

func endpointRange(key string, val any) error {
	switch key {
	case "rate":
		if f, err := asFloat(val); err == nil && !(f >= 0 && f <= engine.MaxRate) {
			return &outOfRange{rule: "must be between 0 and " + engine.RateText(engine.MaxRate) + " requests a second", got: describe(val)}
		}
	case "interval", "patience", "burst.from", "burst.to":
		return notNegative(val)
	case "burst.rate":
		return endpointRange("rate", val)
	case "cpu":
		// A tasks server's: the time a request holds its event loop.
		return durationUpTo(val, engine.MaxCPU, "must be between 0 and "+engine.FormatDuration(engine.MaxCPU))
	}
	return nil
}

func dependencyRange(key string, val any) error {
	switch key {
	case "timeout", "deadline", "bulkhead_wait", "fault.from", "fault.to":
		return notNegative(val)
	case "bulkhead":
		// Its top is the pool's size, which another key may change: the
		// engine's check says that one.
		return wholeIn(val, 0, -1, "0 (none) or more")
	case "bulkhead_queue":
		return wholeIn(val, 0, engine.MaxQueue, "between 0 and "+engine.RateText(engine.MaxQueue))
	case "latency.mean", "fault.latency":
		return above0(val, "")
	case "fault.probability":
		return shareIn(val, "between 0 and 1", true)
	case "retry.attempts":
		return wholeIn(val, 1, engine.MaxAttempts, fmt.Sprintf("between 1 and %d (the first attempt counts)", engine.MaxAttempts))
	case "retry.base", "retry.max", "deadline_margin", "min_time_left":
		return notNegative(val)
	case "ratelimiter.rate":
		return wholeIn(val, 1, -1, "at least 1 (tokens a period)")
	case "ratelimiter.burst":
		return wholeIn(val, 1, -1, "at least 1 (the bucket must hold one token)")
	case "ratelimiter.limit_for_period":
		return wholeIn(val, 1, -1, "at least 1 (calls a period)")
	case "ratelimiter.per", "ratelimiter.limit_refresh_period":
		return above0(val, ": it is how often the limit refills")
	case "ratelimiter.max_wait", "ratelimiter.timeout_duration":
		return notNegative(val)
	}
	if strings.HasPrefix(key, "per_tenant_bulkhead.") {
		return wholeIn(val, 0, -1, "0 or more")
	}
	if k, isBreaker := strings.CutPrefix(key, "breaker."); isBreaker {
		return breakerRange(k, val)
	}
	return nil
}

// breakerRange is dependencyRange for a breaker.* key, after "breaker.".
func breakerRange(key string, val any) error {
	switch key {
	case "failure_rate":
		return shareIn(val, breaker.FailureRateAllowed, true)
	case "slow_rate":
		return shareIn(val, breaker.SlowCallRateAllowed, true)
	case "jitter":
		return shareIn(val, scenariofile.BelowOneAllowed, false)
	case "window":
		// 0 is a window kept by no rule (a consecutive limit alone): the
		// engine's check, keyed in breakerRefusal, says when it is not.
		return wholeIn(val, 0, breaker.MaxWindowSize, fmt.Sprintf("between 1 and %d calls", breaker.MaxWindowSize))
	case "buckets":
		return wholeIn(val, 0, breaker.MaxWindowBuckets, fmt.Sprintf("between 0 (one a second) and %d", breaker.MaxWindowBuckets))
	case "min_calls":
		return wholeIn(val, 0, -1, "0 or more")
	case "trials":
		return wholeIn(val, 1, -1, "at least 1 (the calls let through to test the dependency)")
	case "consecutive":
		return wholeIn(val, 0, -1, "0 (off) or more")
	case "backoff":
		if f, err := asFloat(val); err == nil && f != 0 && !(f >= 1 && f <= breaker.MaxOpenBackoff) {
			return &outOfRange{rule: fmt.Sprintf("must be 0 (off) or between 1 and %d", breaker.MaxOpenBackoff), got: describe(val)}
		}
	case "open":
		return above0(val, ": it is how long the breaker stays open before its trials")
	case "time_window":
		return above0(val, ": it is how long the window's calls are kept")
	case "slow_duration", "open_max":
		return notNegative(val)
	}
	return nil
}

// wholeIn refuses a whole number below lo or above hi (no top when hi is
// negative). A value that is no whole number was refused by its setter.
func wholeIn(val any, lo, hi int, allowed string) error {
	n, err := asInt(val)
	if err != nil || (n >= lo && (hi < 0 || n <= hi)) {
		return nil
	}
	return &outOfRange{rule: "must be " + allowed, got: strconv.Itoa(n)}
}

// notNegative refuses a negative duration, as a scenario file does.
func notNegative(val any) error {
	if d, err := asDuration(val); err == nil && d < 0 {
		return &outOfRange{rule: scenariofile.NotNegative, got: strings.TrimSpace(val.(string))}
	}
	return nil
}

// above0 refuses a duration of 0 or less in one range, so that an author
// who fixes the sign of "-1s" is not refused a second time; why says what
// the duration is for.
func above0(val any, why string) error {
	if d, err := asDuration(val); err == nil && d <= 0 {
		return &outOfRange{rule: "must be above 0", got: describe(val), hint: why}
	}
	return nil
}

// shareIn refuses a share outside allowed: from 0 to 1, the top included
// when top is. A percentage outside 0–100 % never gets here: asFraction,
// its setter's reader, refuses it whatever the key allows, as a scenario
// file does. A bare 50, the usual slip for 50 %, is answered with its two
// right spellings, in a scenario file's words.
func shareIn(val any, allowed string, top bool) error {
	f, err := asFraction(val)
	if err != nil || (f >= 0 && (f < 1 || (top && f == 1))) {
		return nil
	}
	return &outOfRange{rule: "must be " + allowed, got: describe(val), hint: scenariofile.ShareHint(f)}
}

// shuffleRange is checkOwnRange for a shuffle step's key, in the ranges
// the shuffle package's check gives each alone (its limits exported, the
// tops that are another key, such as per_customer's workers, left to it).
// max_shared and zones are read only by one strategy each, so their
// ranges are that strategy's check's: refused here, a step on another
// strategy that the timeline ran would be refused.
func shuffleRange(key string, val any) error {
	switch key {
	case "workers":
		return wholeIn(val, 1, shuffle.MaxWorkers, "between 1 and "+engine.RateText(shuffle.MaxWorkers))
	case "customers":
		return wholeIn(val, 2, shuffle.MaxCustomers, "between 2 (the poisoned one and another) and "+engine.RateText(shuffle.MaxCustomers))
	case "per_customer":
		return wholeIn(val, 1, -1, "at least 1 (and at most workers)")
	case "request_every":
		return above0(val, ": it is how often each customer sends a request")
	case "poison_every":
		return above0(val, ": it is how often the poisoned customer sends a request")
	case "poison_from", "retry_after", "crashed_for", "restart_for":
		return notNegative(val)
	}
	return nil
}

// durationUpTo refuses a negative duration as notNegative does, and one
// above most with rule, the engine's range in its words.
func durationUpTo(val any, most time.Duration, rule string) error {
	if err := notNegative(val); err != nil {
		return err
	}
	if d, err := asDuration(val); err == nil && d > most {
		return &outOfRange{rule: rule, got: describe(val)}
	}
	return nil
}
