package lessons

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
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
	}
	return nil
}

func serverRange(key string, val any) error {
	switch key {
	case "workers":
		return wholeIn(val, 1, engine.MaxWorkers, "between 1 and "+engine.RateText(engine.MaxWorkers))
	case "queue":
		// -1 is the engine's unbounded, which [set] writes "unbounded".
		return wholeIn(val, -1, engine.MaxQueue, `0 (none) or up to `+engine.RateText(engine.MaxQueue)+`, or "unbounded"`)
	}
	return nil
}

func endpointRange(key string, val any) error {
	switch key {
	case "rate":
		if f, err := asFloat(val); err == nil && !(f >= 0 && f <= engine.MaxRate) {
			return &outOfRange{rule: "must be between 0 and " + engine.RateText(engine.MaxRate) + " requests a second", got: describe(val)}
		}
	case "interval", "patience":
		return notNegative(val)
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
	case "retry.base", "retry.max":
		return notNegative(val)
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
		return shareIn(val, "at least 0 and below 1", false)
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
		return &outOfRange{rule: "must not be negative", got: strings.TrimSpace(val.(string))}
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
// when top is. A percentage is refused past 100 % whatever the key
// allows, as a scenario file refuses it: "150%" was read as 1.5, for the
// engine to refuse in its own words, and a bare 50, the usual slip for
// 50 %, is answered with its two right spellings.
func shareIn(val any, allowed string, top bool) error {
	if s, isText := val.(string); isText {
		num, pct := strings.CutSuffix(strings.TrimSpace(s), "%")
		if p, err := strconv.ParseFloat(strings.TrimSpace(num), 64); pct && err == nil && !(p >= 0 && p <= 100) {
			return &outOfRange{rule: "must be from 0% to 100%", got: describe(val)}
		}
	}
	f, err := asFraction(val)
	if err != nil || (f >= 0 && (f < 1 || (top && f == 1))) {
		return nil
	}
	r := &outOfRange{rule: "must be " + allowed, got: describe(val), hint: ` (a share, such as 0.5 or "50%")`}
	if _, isText := val.(string); !isText && f >= 2 && f <= 100 {
		r.hint = fmt.Sprintf(`: for %v %%, write %v or "%v%%"`, f, f/100, f)
	}
	return r
}
