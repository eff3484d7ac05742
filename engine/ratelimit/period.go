package ratelimit

import (
	"fmt"
	"time"
)

// PeriodConfig is Resilience4j's RateLimiterConfig under its own key names:
// limitForPeriod permits each limitRefreshPeriod, and a call may wait up to
// timeoutDuration for one.
type PeriodConfig struct {
	LimitForPeriod     int           // permits per period
	LimitRefreshPeriod time.Duration // the period
	TimeoutDuration    time.Duration // the longest a call waits for a permit
}

// Resilience4jDefaults is RateLimiterConfig.ofDefaults(): 50 permits every
// 500 ns, waiting up to 5 s (RateLimiterConfig.java, Builder's fields).
// The 500 ns period makes it effectively unlimited; real configurations set
// their own.
var Resilience4jDefaults = PeriodConfig{LimitForPeriod: 50, LimitRefreshPeriod: 500 * time.Nanosecond, TimeoutDuration: 5 * time.Second}

// Validate says what is wrong with the configuration. The first two rules
// are Resilience4j's own (RateLimiterConfig.checkLimitForPeriod and
// checkLimitRefreshPeriod); the last keeps the arithmetic in range.
func (c PeriodConfig) Validate() error {
	switch {
	case c.LimitForPeriod < 1:
		return fmt.Errorf("limitForPeriod is %d; it must be at least 1", c.LimitForPeriod)
	case c.LimitRefreshPeriod < time.Nanosecond:
		return fmt.Errorf("limitRefreshPeriod is %v; it must be at least 1ns", c.LimitRefreshPeriod)
	case c.TimeoutDuration < 0:
		return fmt.Errorf("timeoutDuration is %v; it must be zero (no wait) or more", c.TimeoutDuration)
	case int64(c.LimitForPeriod) > limit/int64(c.LimitRefreshPeriod):
		return fmt.Errorf("limitForPeriod %d every %v is too large to count in nanoseconds", c.LimitForPeriod, c.LimitRefreshPeriod)
	}
	return nil
}

// Period is Resilience4j's default rate limiter, AtomicRateLimiter
// (resilience4j-ratelimiter/src/main/java/io/github/resilience4j/ratelimiter/
// internal/AtomicRateLimiter.java), rule for rule:
//
//   - time since the origin is cut into cycles of limitRefreshPeriod; at the
//     start of each cycle the permits go back up to limitForPeriod, never
//     above (calculateNextState: min(permissions + cycles × limit, limit)).
//     The refresh is lazy, done by the next call, which is the same thing to
//     any caller;
//   - a call finding no permit computes the wait until a cycle boundary at
//     which one is free (nanosToWaitForPermission: the rest of this cycle
//     plus whole cycles for the permits others have reserved);
//   - if that wait is within timeoutDuration it reserves the permit now, so
//     the count goes negative and later callers queue behind it; if not, it
//     reserves nothing (reservePermissions);
//   - a refused call is told so only after waiting the whole
//     timeoutDuration (acquirePermission → waitForPermissionIfNecessary parks
//     for the timeout before returning false). A caller holding a thread
//     therefore holds it for timeoutDuration even when refused. (The
//     non-blocking reservePermission instead answers -1 at once; Reserve
//     below is that form.)
//
// Unlike a token bucket, a period limiter lets 2 × limitForPeriod calls
// through in a short span around a cycle boundary: the end of one cycle and
// the start of the next.
type Period struct {
	cfg         PeriodConfig
	cycle       int64 // the cycle the permits were last refreshed for
	permissions int64 // free permits in that cycle; negative when reserved ahead
	last        time.Duration
	stats       Stats
	peak        int64 // the most permits of one cycle taken (fork.go)
	// cycleEnd is when that cycle ends, once a call has asked (0 before):
	// a call before it is in that cycle still, which refresh then knows
	// without a division.
	cycleEnd int64
}

// NewPeriod returns a limiter with a full first cycle, as AtomicRateLimiter's
// constructor does (cycle 0, limitForPeriod permits).
func NewPeriod(cfg PeriodConfig) (*Period, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Period{cfg: cfg, permissions: int64(cfg.LimitForPeriod)}, nil
}

// Config returns the configuration.
func (p *Period) Config() PeriodConfig { return p.cfg }

// Acquire is acquirePermission(1): ok says whether a permit was granted;
// wait is how long the caller is held first: until its reserved permit's
// cycle starts when granted, the whole timeoutDuration when refused (zero
// when refused with no timeout).
func (p *Period) Acquire(now time.Duration) (wait time.Duration, ok bool) {
	w, ok := p.Reserve(now)
	if !ok {
		return p.cfg.TimeoutDuration, false
	}
	return w, true
}

// Take is Acquire's common case, small enough for the compiler to inline
// into a caller that asks for every call: a permit now, asked within the
// cycle the last call refreshed. It reports false, having changed nothing,
// when the call needs the whole rule (a new cycle, no permit left, or a
// time before the last call's); Acquire then decides it.
func (p *Period) Take(now time.Duration) bool {
	if int64(now) >= p.cycleEnd || now < p.last || p.permissions < 1 {
		return false
	}
	p.last = now
	p.permissions--
	p.stats.Immediate++
	if taken := int64(p.cfg.LimitForPeriod) - p.permissions; taken > p.peak {
		p.peak = taken
	}
	return true
}

// Refuses is Acquire's refusal at once, as small as Take: a call within
// the last call's cycle that finds no permit left, when no wait is allowed
// (timeoutDuration 0), is refused whatever the cycles to come hold. It
// reports false, having changed nothing, for any other call.
func (p *Period) Refuses(now time.Duration) bool {
	if int64(now) >= p.cycleEnd || now < p.last || p.permissions >= 1 || p.cfg.TimeoutDuration != 0 {
		return false
	}
	p.last = now
	p.stats.Refused++
	return true
}

// Quick is what TakeOrRefuse decided.
type Quick uint8

const (
	Undecided Quick = iota // the whole rule must decide (Acquire)
	Took                   // a permit now, as Take grants it
	Refused                // a refusal at once, as Refuses counts it
)

// TakeOrRefuse is Take, and when Take declines, Refuses, in one reading
// of the cycle: a caller that asks every call both questions (the
// engine's arrival loop, for a limiter in front of everything else) reads
// the cycle's end and the last call's time once. Undecided changes nothing.
func (p *Period) TakeOrRefuse(now time.Duration) Quick {
	if int64(now) >= p.cycleEnd || now < p.last {
		return Undecided
	}
	if p.permissions >= 1 {
		p.last = now
		p.permissions--
		p.stats.Immediate++
		p.peak = max(p.peak, int64(p.cfg.LimitForPeriod)-p.permissions)
		return Took
	}
	if p.cfg.TimeoutDuration != 0 {
		return Undecided
	}
	p.last = now
	p.stats.Refused++
	return Refused
}

// Reserve is reservePermission(1): the same decision as Acquire, but a
// refused call is answered at once (wait 0, ok false).
func (p *Period) Reserve(now time.Duration) (wait time.Duration, ok bool) {
	p.refresh(now)
	now = p.last
	if p.permissions >= 1 {
		p.permissions--
		p.stats.Immediate++
		p.peak = max(p.peak, int64(p.cfg.LimitForPeriod)-p.permissions)
		return 0, true
	}
	period := int64(p.cfg.LimitRefreshPeriod)
	perCycle := int64(p.cfg.LimitForPeriod)
	toNext := (p.cycle+1)*period - int64(now)
	// Permits that will be free at the start of the next cycle; if still
	// short of one, whole further cycles are needed.
	atNext := p.permissions + perCycle
	cycles := int64(0)
	if atNext < 1 {
		cycles = (1 - atNext + perCycle - 1) / perCycle
	}
	w := time.Duration(cycles*period + toNext)
	if w > p.cfg.TimeoutDuration {
		p.stats.Refused++
		return 0, false
	}
	p.permissions--
	p.stats.Waited++
	return w, true
}

// Available returns the free permits of the current cycle at now (0 when
// calls have reserved permits ahead).
func (p *Period) Available(now time.Duration) int {
	p.refresh(now)
	return int(max(p.permissions, 0))
}

// Stats returns the counts so far.
func (p *Period) Stats() Stats { return p.stats }

func (p *Period) refresh(now time.Duration) {
	if now < p.last {
		now = p.last
	}
	p.last = now
	if int64(now) < p.cycleEnd {
		return // within the cycle of the last refresh: nothing to do
	}
	c := int64(now) / int64(p.cfg.LimitRefreshPeriod)
	p.cycleEnd = (c + 1) * int64(p.cfg.LimitRefreshPeriod)
	if c == p.cycle {
		return
	}
	// Cycles elapsed × limit can overflow after a long idle spell; any
	// elapsed count that repays every reservation fills the cycle anyway.
	perCycle := int64(p.cfg.LimitForPeriod)
	elapsed := c - p.cycle
	p.cycle = c
	if p.permissions >= 0 || elapsed > (perCycle-p.permissions)/perCycle {
		p.permissions = perCycle
		return
	}
	p.permissions = min(p.permissions+elapsed*perCycle, perCycle)
}
