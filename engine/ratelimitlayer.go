package engine

import (
	"fmt"

	"github.com/breakerlab/breakerlab/engine/ratelimit"
)

// The rate limiter layer (SERVICES-DESIGN.md 1.8). It caps how often the
// caller sends to the dependency, whatever the dependency's health: a call
// takes a permit of the policy's limiter (package ratelimit) on its way in.
//
//   - A permit now: the call goes on to the next layer at once.
//   - A permit later (a token bucket in debt, a period limiter's permit of
//     a coming cycle): the call is parked until then, holding its worker as
//     a Java thread parks in RateLimiter.acquirePermission, then goes on.
//   - No permit: the call is held for what the limiter says (a period
//     limiter holds a refused caller for its whole timeoutDuration; a token
//     bucket refuses at once) and comes out as resRateLimited, which the
//     client sees as rejected, a breaker outside ignores (the caller's own
//     limit says nothing about the dependency's health) unless its
//     RecordsRefusals says to record it, as the libraries do by default,
//     and the retry layer treats as a full bulkhead.
//
// A timeout layer outside the limiter counts the wait (armTimeout), one
// inside does not start before the permit: the order decides, as in the
// libraries. A parked call that a layer outside abandons (its timeout, the
// total deadline, the drain) leaves cleanly: its token moves on, so the
// wake-up event finds it stale. The permit it reserved stays spent, as a
// reservation does in the limiters. DependencySnapshot.RateLimited counts
// the refusals that came out as the layer's result: a refused call whose
// hold an outer timeout cut short is that timeout's, not the limiter's.

// newLimiter builds the policy's limiter.
func newLimiter(p *RateLimiterPolicy) (ratelimit.Limiter, error) {
	switch p.Kind {
	case TokenBucketLimiter:
		return ratelimit.NewBucket(p.Bucket)
	case PeriodLimiter:
		return ratelimit.NewPeriod(p.Period)
	}
	return nil, fmt.Errorf("rate limiter kind must be bucket or period, got %v", p.Kind)
}

// rateStep is what the rate limiter layer did with a call (takeRate).
type rateStep uint8

const (
	ratePermit  rateStep = iota // a permit now: the call goes on inside
	rateRefusal                 // refused now: the caller gives the layer's result
	rateParked                  // parked until a permit or the hold's end (evRateWait)
)

// takeRate is the rate limiter layer's step for request id (req), on its
// way into ds's layers: a permit now, a refusal now (counted; the caller,
// enter or enterFlat, then gives resRateLimited as the layer's result), or
// a wait, which takeRate parks.
func (r *Run) takeRate(id int32, req *request, ds *dependencyState) rateStep {
	// The limiter's clock starts when it was built: a restarted
	// instance's period limiter counts its refresh cycles from the restart,
	// as Resilience4j's AtomicRateLimiter counts them from its constructor
	// (nanoTimeStart). A token bucket, built full, is the same either way.
	now := r.now - ds.limiterBorn
	if p, isPeriod := ds.limiter.(*ratelimit.Period); isPeriod {
		// A permit now, or a refusal at once, in the cycle of the last
		// call: Acquire's answer, without its calls (both are inlined).
		if p.Take(now) {
			ds.ratePassed++
			return ratePermit
		}
		if p.Refuses(now) {
			ds.rateLimited++
			return rateRefusal
		}
	}
	wait, ok := ds.limiter.Acquire(now)
	if ok && wait == 0 {
		ds.ratePassed++
		return ratePermit
	}
	if !ok && wait == 0 {
		ds.rateLimited++
		return rateRefusal
	}
	// Parked: until its permit is due, or until the limiter's hold on a
	// refused call ends.
	req.waitingRL = true
	req.rlTok++
	ds.rateWaiting++
	r.armTimeout(id, req, ds, r.now+wait, true)
	r.schedule(event{at: r.now + wait, kind: evRateWait, req: id, gen: req.gen, tok: req.rlTok, err: !ok})
	return rateParked
}

// rateWaitOver handles an evRateWait event of a live request.
func (r *Run) rateWaitOver(e *event) {
	req := &r.requests[e.req]
	if !req.waitingRL || req.rlTok != e.tok {
		return // a layer outside gave up on the call meanwhile
	}
	req.waitingRL = false
	ds := r.dep(req)
	ds.rateWaiting--
	if e.err {
		ds.rateLimited++
		r.layerResult(e.req, ds.rateLimiterAt, resRateLimited)
		return
	}
	ds.ratePassed++
	r.enter(e.req, ds.rateLimiterAt+1)
}

// abandonRateWait is abandonInside's step for the rate limiter layer: a
// parked call stops waiting, and its pending wake-up turns stale.
func abandonRateWait(req *request, ds *dependencyState) {
	if req.waitingRL {
		req.waitingRL = false
		req.rlTok++
		ds.rateWaiting--
	}
}
