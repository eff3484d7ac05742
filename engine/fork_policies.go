package engine

import (
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
)

// Forking runs whose calls go through a breaker or a rate limiter with
// other settings (issue 28). CloneInto copies both (a limiter, like a
// retry budget, is a few words: cloneLimiter, cloneBudget), and a fork may
// change their settings while they have not mattered, which each judges
// from evidence of its own:
//   - a breaker's (breaker.Unused): it has never left closed, so nothing
//     of its open and half-open states was used (the open time, its
//     backoff, the trials); and its thresholds, minimum calls and window
//     size decided nothing: no failure or slow call was ever judged, or
//     only the thresholds differ and the worst rates and run of failures
//     it judged reach neither;
//   - a rate limiter's (Period.Unused, Bucket.Unused): every call got its
//     permit at once, and no cycle (no stretch of the bucket) took more
//     permits than the new limit (burst) gives; the refresh period (the
//     bucket's rate) must be the same, since it moves the state even when
//     nothing is refused.
// Then every call is let through (granted) at the same moment in both runs,
// and the breaker (limiter) of the fork is the other run's (Rebase).
//
// A retry's attempts fork the same way (a cap not reached has not
// mattered): the retry layer reads them only when it judges a failed
// attempt (retryLater), and a call that had made fewer attempts than both
// caps was tried again (or not, for its budget or deadline) alike under
// either. So while no call has used up its attempts and none was judged
// with as many as the new cap (attemptsJudged), every decision so far is
// the other run's; the rest of the retry policy must be the same, and
// both caps above 1, so that the layers are the same.
//
// A tasks server killed at its memory limit, or a service's instance
// restarted, built its breakers and limiters afresh at the restart, and
// the evidence went with the old ones: their settings stay as they are.

// policiesUnused reports whether the breaker, rate limiter and retry of policy p
// (a copy, of the cell's scenario) differ from r's mine only in settings
// that have not mattered in ds so far; if so it hands p r's, so that the
// comparison of the whole system that follows sees them equal. restarted
// says ds's breaker and limiter were built afresh since the start (a
// restart), when the evidence of the old ones is gone.
func policiesUnused(p, mine *Policy, ds *dependencyState, restarted bool) bool {
	if nb, ob := p.Breaker, mine.Breaker; nb != nil && ob != nil && *nb != *ob {
		// A shared breaker's settings stay: its window's calls are every
		// member's, which a member's series does not tell apart.
		if ds.breaker == nil || restarted || mine.SharedBreaker != "" || !ds.breaker.Unused(*nb) {
			return false
		}
		p.Breaker = ob
	}
	if nl, ol := p.RateLimiter, mine.RateLimiter; nl != nil && ol != nil && *nl != *ol {
		if nl.Kind != ol.Kind || restarted || !limiterUnused(ds.limiter, nl) {
			return false
		}
		p.RateLimiter = ol
	}
	if nr, or := p.Retry, mine.Retry; nr != nil && or != nil && *nr != *or {
		rest := *nr
		rest.Attempts = or.Attempts
		if rest != *or || nr.Attempts <= 1 || or.Attempts <= 1 || ds.attemptsJudged >= nr.Attempts {
			return false
		}
		p.Retry = or
	}
	return true
}

// limiterUnused asks l whether the settings of p have not mattered.
func limiterUnused(l ratelimit.Limiter, p *RateLimiterPolicy) bool {
	switch l := l.(type) {
	case *ratelimit.Period:
		return p.Kind == PeriodLimiter && l.Unused(p.Period)
	case *ratelimit.Bucket:
		return p.Kind == TokenBucketLimiter && l.Unused(p.Bucket)
	}
	return false
}

// rebasePolicies hands a fork's breaker and limiter of ds the settings of
// d, its dependency in the scenario forked for (policiesUnused has checked
// that what differs has not mattered).
func rebasePolicies(ds *dependencyState, d *Dependency) {
	if c := d.Policy.Breaker; c != nil && ds.breaker != nil && *c != ds.breaker.Config() {
		// The window's calls sampled so far were min(calls, size): a
		// smaller window's were as many, capped at its size
		// (breaker.Unused).
		if was := ds.breaker.Config(); c.Window == breaker.CountWindow && c.WindowSize < was.WindowSize {
			for k := range ds.series {
				ds.series[k].Calls = min(ds.series[k].Calls, int32(c.WindowSize))
			}
		}
		ds.breaker.Rebase(*c)
	}
	if p := d.Policy.RateLimiter; p != nil {
		switch l := ds.limiter.(type) {
		case *ratelimit.Period:
			if l.Config() != p.Period {
				l.Rebase(p.Period)
			}
		case *ratelimit.Bucket:
			if l.Config() != p.Bucket {
				l.Rebase(p.Bucket)
			}
		}
	}
}

// cloneLimiter copies src into buf's memory when buf is a limiter of the
// same kind (a new one otherwise): both are plain values.
func cloneLimiter(buf, src ratelimit.Limiter) ratelimit.Limiter {
	switch s := src.(type) {
	case *ratelimit.Period:
		d, ok := buf.(*ratelimit.Period)
		if !ok || d == s {
			d = new(ratelimit.Period)
		}
		*d = *s
		return d
	case *ratelimit.Bucket:
		d, ok := buf.(*ratelimit.Bucket)
		if !ok || d == s {
			d = new(ratelimit.Bucket)
		}
		*d = *s
		return d
	}
	return nil
}

// ForkRoom is how much room the knobs of sys that fork by their own
// evidence leave before they matter: each breaker's window and failure
// rate (in percent), each rate limiter's permits a cycle or burst, each
// retry's attempts, and the
// timeouts on the services' edges (in milliseconds; the front's are
// counted by a sweep already). A sweep runs its shared prefix with the
// cell that has the most (after the most workers and the longest
// timeouts): a breaker that opens later, a window that has not filled, a
// limiter that never refused, a timer that never fired are the likeliest
// to let the other cells fork from it. The sum mixes units; it only ranks
// cells that differ in a knob or two.
func ForkRoom(sys *System) int64 {
	var n int64
	room := func(d *Dependency, edge bool) {
		p := &d.Policy
		if b := p.Breaker; b != nil {
			n += int64(b.WindowSize) + int64(100*b.FailureRate)
		}
		if l := p.RateLimiter; l != nil {
			n += int64(l.Period.LimitForPeriod) + int64(l.Bucket.Burst)
		}
		if r := p.Retry; r != nil {
			n += int64(r.Attempts)
		}
		if edge {
			n += p.Timeout.Milliseconds()
		}
	}
	for i := range sys.Dependencies {
		room(&sys.Dependencies[i], false)
	}
	for i := range sys.Services {
		for j := range sys.Services[i].Dependencies {
			room(&sys.Services[i].Dependencies[j], true)
		}
	}
	return n
}

// cloneBudget copies a retry budget into buf's memory when buf is one of
// the same kind (a new one otherwise): both kinds are plain values.
func cloneBudget(buf, src retry.Budget) retry.Budget {
	switch s := src.(type) {
	case *retry.TokenBucket:
		d, ok := buf.(*retry.TokenBucket)
		if !ok || d == s {
			d = new(retry.TokenBucket)
		}
		*d = *s
		return d
	case *retry.Concurrency:
		d, ok := buf.(*retry.Concurrency)
		if !ok || d == s {
			d = new(retry.Concurrency)
		}
		*d = *s
		return d
	}
	return nil
}
