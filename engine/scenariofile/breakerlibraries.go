package scenariofile

import "github.com/breakerlab/breakerlab/engine/breaker"

// libraryBreakerKeys are the breaker keys of opossum's and failsafe-go's
// rules (breaker.Config's last two blocks), written after breakerKeys.
var libraryBreakerKeys = []string{
	"count_at_start", "keep_counts", "rate_must_exceed", "half_open_on_timer", "call_timeout",
	"failure_count", "round_rates", "rolling_trials", "half_open_successes",
}

// readLibraryBreakerKeys reads those keys into cfg.
func readLibraryBreakerKeys(t table, cfg *breaker.Config) error {
	for key, dst := range map[string]*bool{
		"count_at_start": &cfg.CountAtStart, "keep_counts": &cfg.KeepCounts,
		"rate_must_exceed": &cfg.RateMustExceed, "half_open_on_timer": &cfg.HalfOpenOnTimer,
		"round_rates": &cfg.RoundRates, "rolling_trials": &cfg.RollingTrials,
	} {
		if v, ok, err := t.boolean(key); err != nil {
			return err
		} else if ok {
			*dst = v
		}
	}
	for key, dst := range map[string]*int{"failure_count": &cfg.FailureCount, "half_open_successes": &cfg.HalfOpenSuccesses} {
		if v, ok, err := t.integer(key); err != nil {
			return err
		} else if ok {
			*dst = v
		}
	}
	if v, ok, err := t.duration("call_timeout"); err != nil {
		return err
	} else if ok {
		cfg.CallTimeout = v
	}
	return nil
}

// formatLibraryBreakerKey writes one of those keys' values, or "" when the
// field is zero.
func formatLibraryBreakerKey(k string, c breaker.Config) string {
	switch k {
	case "count_at_start":
		return formatTrue(c.CountAtStart)
	case "keep_counts":
		return formatTrue(c.KeepCounts)
	case "rate_must_exceed":
		return formatTrue(c.RateMustExceed)
	case "half_open_on_timer":
		return formatTrue(c.HalfOpenOnTimer)
	case "call_timeout":
		return formatNonzeroDuration(c.CallTimeout)
	case "failure_count":
		return formatInt(c.FailureCount)
	case "round_rates":
		return formatTrue(c.RoundRates)
	case "rolling_trials":
		return formatTrue(c.RollingTrials)
	case "half_open_successes":
		return formatInt(c.HalfOpenSuccesses)
	}
	return ""
}
