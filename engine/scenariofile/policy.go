package scenariofile

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
)

// policyKeys are the keys of a dependency's policy.
var policyKeys = []string{"order", "timeout", "deadline", "bulkhead", "breaker", "retry", "fallback",
	"ratelimiter", "per_tenant_bulkhead", "cancel", "propagate_deadline", "deadline_margin", "min_time_left", "shared_breaker"}

func (c *conv) policy(t table) (engine.Policy, error) {
	var p engine.Policy
	if err := c.checkKeys(t, policyKeys...); err != nil {
		return p, err
	}
	if l, ok, err := t.list("order"); err != nil {
		return p, err
	} else if ok {
		order, err := parseOrder(l)
		if err != nil {
			return p, wrapAt(t.at("order"), fmt.Errorf("%s: %w", t.what, err))
		}
		p.Order = order
	}
	var err error
	var hasTimeout bool
	if p.Timeout, hasTimeout, err = t.signedDuration("timeout"); err != nil {
		return p, err
	}
	if hasTimeout && p.Timeout <= 0 {
		// A call given no time at all could never answer; "0s" as "none"
		// is a convention a teacher's typo falls into, and a pool then
		// fills with no word. A variant's policy replaces the base's
		// whole, so leaving timeout out is always how to say none.
		return p, t.errorf("timeout", "timeout must be above 0, got %q: to wait for ever, leave timeout out", t.m["timeout"])
	}
	if p.Deadline, _, err = t.duration("deadline"); err != nil {
		return p, err
	}
	if bt, ok, err := t.sub("bulkhead", t.what+".bulkhead"); err != nil {
		return p, err
	} else if ok {
		if err := c.bulkhead(bt, &p); err != nil {
			return p, err
		}
	}
	if bt, ok, err := t.sub("breaker", t.what+".breaker"); err != nil {
		return p, err
	} else if ok {
		cfg, err := c.breaker(bt)
		if err != nil {
			return p, err
		}
		p.Breaker = &cfg
	}
	if rt, ok, err := t.sub("retry", t.what+".retry"); err != nil {
		return p, err
	} else if ok {
		r, err := c.retry(rt)
		if err != nil {
			return p, err
		}
		p.Retry = &r
	}
	if s, ok, err := t.str("fallback"); err != nil {
		return p, err
	} else if ok {
		f, err := engine.ParseFallback(s)
		if err != nil {
			return p, wrapAt(t.at("fallback"), fmt.Errorf("%s: %w", t.what, err))
		}
		if f != engine.NoFallback && p.Breaker == nil {
			return p, t.errorf("fallback", "fallback %q answers the calls a breaker refuses, so it needs a breaker in the same policy", s)
		}
		p.Fallback = f
	}
	if rt, ok, err := t.sub("ratelimiter", t.what+".ratelimiter"); err != nil {
		return p, err
	} else if ok {
		r, err := c.rateLimiter(rt)
		if err != nil {
			return p, err
		}
		p.RateLimiter = r
	}
	if p.Order != nil && p.RateLimiter == nil && slices.Contains(p.Order, engine.LayerRateLimiter) {
		return p, t.errorf("order", "order places \"ratelimiter\", but the policy has no ratelimiter: add one, such as ratelimiter = { kind = \"bucket\", rate = 50 }, or leave it out of the order")
	}
	if bt, ok, err := t.sub("per_tenant_bulkhead", t.what+".per_tenant_bulkhead"); err != nil {
		return p, err
	} else if ok {
		if p.Bulkhead > 0 {
			return p, t.errorf("per_tenant_bulkhead", "give a bulkhead or a per_tenant_bulkhead, not both")
		}
		tb, err := c.tenantBulkhead(bt)
		if err != nil {
			return p, err
		}
		p.TenantBulkhead = tb
	}
	if s, ok, err := t.str("cancel"); err != nil {
		return p, err
	} else if ok {
		m, err := engine.ParseCancel(s)
		if err != nil {
			return p, wrapAt(t.at("cancel"), fmt.Errorf("%s: %w", t.what, err))
		}
		p.Cancel = m
	}
	if p.PropagateDeadline, _, err = t.boolean("propagate_deadline"); err != nil {
		return p, err
	}
	if p.DeadlineMargin, _, err = t.duration("deadline_margin"); err != nil {
		return p, err
	}
	if p.DeadlineMargin > 0 && !p.PropagateDeadline {
		return p, t.errorf("deadline_margin", "deadline_margin is taken off a propagated deadline, so it needs propagate_deadline = true in the same policy")
	}
	if p.MinTimeLeft, _, err = t.duration("min_time_left"); err != nil {
		return p, err
	}
	if p.MinTimeLeft > 0 && !p.PropagateDeadline {
		return p, t.errorf("min_time_left", "min_time_left is read off a propagated deadline, so it needs propagate_deadline = true in the same policy")
	}
	if s, ok, err := t.str("shared_breaker"); err != nil {
		return p, err
	} else if ok {
		switch {
		case s == "":
			return p, t.errorf("shared_breaker", "shared_breaker names a group of dependencies that share one breaker; it may not be empty (leave it out for a breaker of the dependency's own)")
		case p.Breaker == nil:
			return p, t.errorf("shared_breaker", "shared_breaker %q needs a breaker in the same policy: the group's breaker settings, equal in every member", s)
		}
		p.SharedBreaker = s
	}
	return p, nil
}

// parseOrder reads a policy's order: every layer once, outermost first.
// A fifth name, "ratelimiter", places the policy's rate limiter; without it
// the limiter goes right inside the breaker (engine.OrderWithLimiter).
func parseOrder(l []any) ([]engine.Layer, error) {
	const rule = "order must name each of \"retry\", \"breaker\", \"timeout\" and \"bulkhead\" once, outermost first"
	const five = " (a fifth name, \"ratelimiter\", places the policy's rate limiter; without it the limiter sits right inside the breaker)"
	if len(l) != len(engine.DefaultOrder) && len(l) != len(engine.DefaultOrder)+1 {
		return nil, fmt.Errorf("%s; got %d names%s", rule, len(l), five)
	}
	out := make([]engine.Layer, 0, len(l))
	for _, v := range l {
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("%s; got %s", rule, describe(v))
		}
		layer, err := engine.ParseLayer(s)
		if err != nil {
			return nil, err
		}
		for _, seen := range out {
			if seen == layer {
				return nil, fmt.Errorf("%s; %q is named twice", rule, s)
			}
		}
		out = append(out, layer)
	}
	if len(out) > len(engine.DefaultOrder) && !slices.Contains(out, engine.LayerRateLimiter) {
		return nil, fmt.Errorf("%s; got 5 names, none of them \"ratelimiter\"%s", rule, five)
	}
	return out, nil
}

func (c *conv) bulkhead(t table, p *engine.Policy) error {
	kind := engine.SemaphoreBulkhead
	if s, ok, err := t.str("kind"); err != nil {
		return err
	} else if ok {
		k, err := ParseBulkheadKind(s)
		if err != nil {
			return wrapAt(t.at("kind"), fmt.Errorf("%s: %w", t.what, err))
		}
		kind = k
	}
	allowed := []string{"size", "kind", "wait"}
	if kind == engine.ThreadPoolBulkhead {
		allowed = []string{"size", "kind", "queue"}
	}
	if err := c.checkKeys(t, allowed...); err != nil {
		return err
	}
	size, ok, err := t.integer("size")
	if err != nil {
		return err
	}
	if !ok {
		return errorAt(t.path, "%s needs a size: the most calls at once, such as bulkhead = { size = 10 }", t.what)
	}
	if size < 0 {
		return t.errorf("size", "size must be 0 (none) or more, got %d", size)
	}
	wait, _, err := t.duration("wait")
	if err != nil {
		return err
	}
	q, _, err := t.integer("queue")
	if err != nil {
		return err
	}
	if q < 0 || q > engine.MaxQueue {
		return t.errorf("queue", "queue must be between 0 (a hand-off: no queue) and %d, got %d", engine.MaxQueue, q)
	}
	if size == 0 {
		return nil // no bulkhead: its kind, wait and queue mean nothing
	}
	p.Bulkhead, p.BulkheadKind, p.BulkheadWait, p.BulkheadQueue = size, kind, wait, q
	return nil
}

// breakerKeys are the keys of a breaker table besides preset, in the order
// Dump writes them.
var breakerKeys = []string{
	"window", "window_size", "window_span", "window_buckets", "floating_buckets", "minimum_calls",
	"failure_rate", "slow_call_duration", "slow_call_rate", "max_consecutive_failures", "judge_on_failure",
	"interval", "bucket_period",
	"open_for", "strict_wait_end", "open_jitter", "open_backoff", "open_max",
	"half_open_trials", "half_open_rule", "half_open_max", "record_late",
	"records_refusals", "late_ignored_frees_trial",
}

func (c *conv) breaker(t table) (breaker.Config, error) {
	var cfg breaker.Config
	if err := c.checkKeys(t, slices.Concat([]string{"preset"}, breakerKeys, libraryBreakerKeys)...); err != nil {
		return cfg, err
	}
	presetName, hasPreset, err := t.str("preset")
	if err != nil {
		return cfg, err
	}
	if hasPreset {
		p, err := preset(presetName)
		if err != nil {
			return cfg, wrapAt(t.at("preset"), fmt.Errorf("%s: %w", t.what, err))
		}
		cfg = p
	}
	if err := windowAsSize(t); err != nil {
		return cfg, err
	}
	if s, ok, err := t.str("window"); err != nil {
		return cfg, err
	} else if ok {
		if err := cfg.Window.UnmarshalText([]byte(s)); err != nil {
			return cfg, wrapAt(t.at("window"), fmt.Errorf("%s: %w", t.what, err))
		}
	} else if t.has("window_span") {
		cfg.Window = breaker.TimeWindow
	}
	if s, ok, err := t.str("half_open_rule"); err != nil {
		return cfg, err
	} else if ok {
		if err := cfg.HalfOpenRule.UnmarshalText([]byte(s)); err != nil {
			return cfg, wrapAt(t.at("half_open_rule"), fmt.Errorf("%s: %w", t.what, err))
		}
	}
	if s, ok, err := t.str("records_refusals"); err != nil {
		return cfg, err
	} else if ok {
		if err := cfg.RecordsRefusals.UnmarshalText([]byte(s)); err != nil {
			return cfg, wrapAt(t.at("records_refusals"), fmt.Errorf("%s: %w", t.what, err))
		}
	}
	ints := []struct {
		key string
		dst *int
	}{
		{"window_size", &cfg.WindowSize}, {"window_buckets", &cfg.WindowBuckets}, {"minimum_calls", &cfg.MinimumCalls},
		{"max_consecutive_failures", &cfg.MaxConsecutiveFailures}, {"half_open_trials", &cfg.HalfOpenTrials},
	}
	for _, f := range ints {
		if v, ok, err := t.integer(f.key); err != nil {
			return cfg, err
		} else if ok {
			*f.dst = v
		}
	}
	floats := []struct {
		key   string
		dst   *float64
		share bool // "50%" as well as 0.5
	}{
		{"failure_rate", &cfg.FailureRate, true}, {"slow_call_rate", &cfg.SlowCallRate, true},
		{"open_jitter", &cfg.OpenJitter, true}, {"open_backoff", &cfg.OpenBackoff, false},
	}
	for _, f := range floats {
		read := t.number
		if f.share {
			read = t.share
		}
		if v, ok, err := read(f.key); err != nil {
			return cfg, err
		} else if ok {
			*f.dst = v
		}
	}
	// The shares' ranges are said here, where the file's key and the
	// "50%" form can be named, before the engine's check, which knows
	// neither. A rate of 0 is its rule switched off (gobreaker's preset
	// has no failure rate), not "open at any failure", and says so.
	for _, r := range []struct {
		key, allowed string
		in           func(float64) bool
	}{
		{"failure_rate", breaker.FailureRateAllowed, func(x float64) bool { return x >= 0 && x <= 1 }},
		{"slow_call_rate", breaker.SlowCallRateAllowed, func(x float64) bool { return x >= 0 && x <= 1 }},
		{"open_jitter", BelowOneAllowed, func(x float64) bool { return x >= 0 && x < 1 }},
	} {
		if v, ok, _ := t.share(r.key); ok && !r.in(v) {
			return cfg, t.shareOutOfRange(r.key, r.key, r.allowed, v)
		}
	}
	// The engine says "open duration must be positive" of 0 and this
	// reader "must not be negative" of -1s: the file's key gets one range.
	if d, ok, err := t.signedDuration("open_for"); err != nil {
		return cfg, err
	} else if ok && d <= 0 {
		return cfg, t.errorf("open_for", "open_for must be above 0, got %q: it is how long the breaker stays open before its trials", t.m["open_for"])
	}
	durations := []struct {
		key string
		dst *time.Duration
	}{
		{"window_span", &cfg.WindowSpan}, {"slow_call_duration", &cfg.SlowCallDuration},
		{"open_for", &cfg.OpenFor}, {"open_max", &cfg.OpenMax}, {"half_open_max", &cfg.HalfOpenMax},
		{"interval", &cfg.Interval}, {"bucket_period", &cfg.BucketPeriod},
	}
	for _, f := range durations {
		if v, ok, err := t.duration(f.key); err != nil {
			return cfg, err
		} else if ok {
			*f.dst = v
		}
	}
	bools := []struct {
		key string
		dst *bool
	}{
		{"judge_on_failure", &cfg.JudgeOnFailure}, {"floating_buckets", &cfg.FloatingBuckets},
		{"strict_wait_end", &cfg.StrictWaitEnd}, {"record_late", &cfg.RecordLate},
		{"late_ignored_frees_trial", &cfg.LateIgnoredFreesTrial},
	}
	for _, f := range bools {
		if v, ok, err := t.boolean(f.key); err != nil {
			return cfg, err
		} else if ok {
			*f.dst = v
		}
	}
	if err := readLibraryBreakerKeys(t, &cfg); err != nil {
		return cfg, err
	}
	if err := breakerKeysAgree(t, &cfg, presetName); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, wrapAt(t.path, fmt.Errorf("%s: %w", t.what, err))
	}
	return cfg, nil
}

func (c *conv) retry(t table) (engine.RetryPolicy, error) {
	var r engine.RetryPolicy
	if err := c.checkKeys(t, "attempts", "backoff", "retry_bulkhead_full", "wait_for_breaker", "budget"); err != nil {
		return r, err
	}
	n, ok, err := t.integer("attempts")
	if err != nil {
		return r, err
	}
	if !ok {
		return r, errorAt(t.path, "%s needs attempts: the most attempts, the first included, such as attempts = 3", t.what)
	}
	if n < 1 || n > engine.MaxAttempts {
		return r, t.errorf("attempts", "attempts must be between 1 and %d (the first attempt counts), got %d", engine.MaxAttempts, n)
	}
	r.Attempts = n
	if bt, ok, err := t.sub("backoff", t.what+".backoff"); err != nil {
		return r, err
	} else if ok {
		if err := c.checkKeys(bt, "base", "max"); err != nil {
			return r, err
		}
		var b retry.Backoff
		if b.Base, _, err = bt.duration("base"); err != nil {
			return r, err
		}
		if b.Max, _, err = bt.duration("max"); err != nil {
			return r, err
		}
		if err := b.Validate(); err != nil {
			return r, wrapAt(bt.path, fmt.Errorf("%s: %w", bt.what, err))
		}
		r.Backoff = b
	}
	if r.RetryBulkheadFull, _, err = t.boolean("retry_bulkhead_full"); err != nil {
		return r, err
	}
	if r.WaitForBreaker, _, err = t.boolean("wait_for_breaker"); err != nil {
		return r, err
	}
	if s, ok, err := t.str("budget"); err != nil {
		return r, err
	} else if ok {
		b, err := ParseBudgetKind(s)
		if err != nil {
			return r, wrapAt(t.at("budget"), fmt.Errorf("%s: %w", t.what, err))
		}
		r.Budget = b
	}
	return r, nil
}

// preset looks up a breaker preset by name: a library's defaults.
func preset(name string) (breaker.Config, error) {
	p, err := breaker.PresetNamed(name)
	if err != nil {
		return breaker.Config{}, err
	}
	return p.Config, nil
}

// windowAsSize refuses a breaker's window written as its size or its
// span (window = 20, window = "20", window = "10s") for the key that
// takes it: the refusals were "must be a string (in quotes)" and "unknown
// breaker window kind", which sent the author to quote the number, or
// named count and time and no key for the 20.
func windowAsSize(t table) error {
	v := t.m["window"]
	key, n := "window_size", ""
	switch x := v.(type) {
	case int64:
		n = strconv.FormatInt(x, 10)
	case float64:
		if x != math.Trunc(x) || math.IsInf(x, 0) {
			return nil
		}
		n = strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		x = strings.TrimSpace(x)
		if _, err := strconv.Atoi(x); err == nil {
			n = x
		} else if d, err := time.ParseDuration(x); err == nil && d > 0 {
			key, n = "window_span", strconv.Quote(x)
		} else {
			return nil
		}
	default:
		return nil
	}
	what := "the number of calls a count window judges"
	if key == "window_span" {
		what = "how far back a time window looks"
	}
	return t.errorf("window", `window is the kind of window, "count" or "time", got %s: %s is %s = %s`, describe(v), what, key, n)
}
