package breaker

import (
	"fmt"
	"strings"
	"time"
)

// Where the model parts from the libraries, and how to close the gap
// (issue 25): which refusals of a layer inside the breaker it records
// (Config.RecordsRefusals), whether an ignored result of an earlier state
// period frees a half-open trial (Config.LateIgnoredFreesTrial), and
// Resilience4j's automatic transition to half-open on a timer
// (Breaker.AutoHalfOpen).

// Refusals says which refusals of a layer inside the breaker (a full
// bulkhead, a rate limiter saying no) the breaker records as failures; the
// others it ignores. The zero value ignores them all.
type Refusals uint8

const (
	// BulkheadRefusals: a bulkhead inside the breaker that turns a call
	// away (full, or its wait for a slot ran out).
	BulkheadRefusals Refusals = 1 << iota
	// RateLimiterRefusals: a rate limiter inside the breaker that refuses
	// a call.
	RateLimiterRefusals

	// AllRefusals records both: what every library does when nobody tells
	// it otherwise (see RecordsRefusals).
	AllRefusals = BulkheadRefusals | RateLimiterRefusals
)

var refusalsNames = [...]string{"none", "bulkhead", "ratelimiter", "all"}

const refusalsList = "none, bulkhead, ratelimiter, all"

func (r Refusals) String() string {
	if int(r) < len(refusalsNames) {
		return refusalsNames[r]
	}
	return fmt.Sprintf("refusals(%d)", uint8(r))
}

// MarshalText writes the set's name, so a scenario file can say "all".
func (r Refusals) MarshalText() ([]byte, error) {
	if int(r) >= len(refusalsNames) {
		return nil, fmt.Errorf("unknown breaker refusals %d (allowed: %s)", uint8(r), refusalsList)
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a set's name as MarshalText writes it.
func (r *Refusals) UnmarshalText(text []byte) error {
	for i, n := range refusalsNames {
		if n == string(text) {
			*r = Refusals(i)
			return nil
		}
	}
	return fmt.Errorf("unknown breaker refusals %q (allowed: %s)", text, refusalsList)
}

// describe is the set as the presets table shows it, under "inner refusal".
func (r Refusals) describe() string {
	switch r {
	case 0:
		return "ignored"
	case AllRefusals:
		return "failure"
	case BulkheadRefusals:
		return "bulkhead's"
	case RateLimiterRefusals:
		return "limiter's"
	}
	return strings.ToLower(r.String())
}

// validateLibraryGaps checks the fields of this file.
func (c Config) validateLibraryGaps() error {
	if c.RecordsRefusals > AllRefusals {
		return fmt.Errorf("breaker records refusals must be one of %s, got %v", refusalsList, c.RecordsRefusals)
	}
	return nil
}

// RefusalResult is what the breaker is told when a layer inside it refused
// a call it had let through: Failure when Config.RecordsRefusals names
// that kind of refusal, Ignored otherwise. kind is BulkheadRefusals or
// RateLimiterRefusals.
func (b *Breaker) RefusalResult(kind Refusals) Result {
	if b.cfg.RecordsRefusals&kind != 0 {
		return Failure
	}
	return Ignored
}

// AutoHalfOpen is Resilience4j's automatic transition
// (automaticTransitionFromOpenToHalfOpenEnabled): OpenState's constructor
// schedules toHalfOpenState for exactly the wait, while its
// tryAcquirePermission lets a call through only once the clock isAfter
// the end of the wait (CircuitBreakerStateMachine.java). So at the instant
// the wait ends the timer half-opens the breaker, while a call that came a
// moment before the timer ran, at that same instant, was refused.
//
// Tick, the timer of a lazy breaker, keeps the boundary rule of Allow and
// half-opens a StrictWaitEnd breaker only a nanosecond after the wait
// (NextDeadline): a lazy library moves only when a call finds the wait
// over. A caller modelling Resilience4j's timer calls AutoHalfOpen at
// OpenUntil instead, and does whatever else Tick does with Tick. It
// reports whether the breaker half-opened. The simulation has no such
// timer: its breakers move when a call comes, as every library does by
// default.
func (b *Breaker) AutoHalfOpen(now time.Duration) bool {
	if b.state != Open || now-b.openedAt < b.openWait {
		return false
	}
	b.halfOpen(now)
	return true
}

// OpenUntil is when the current open wait ends, exactly: the instant
// Resilience4j's automatic transition fires (AutoHalfOpen). ok is false
// when the breaker is not open.
func (b *Breaker) OpenUntil() (at time.Duration, ok bool) {
	if b.state != Open {
		return 0, false
	}
	return addSat(b.openedAt, b.openWait), true
}
