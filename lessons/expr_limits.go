package lessons

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The metrics of the three tools that cap load (scenario
// rate-limit-vs-bulkhead): how many calls a rate limiter refused on a call
// edge and how many requests a server's load shedding refused; expr.go's
// init adds them to the catalogue. readLimitParam lets param read the
// knobs these tools are set with. A bulkhead's refusals are bulkhead-full (expr.go).

func limitMetrics() map[string]metric {
	run, svc, dep := argRun, argService, argDep
	return map[string]metric{
		"edge-rate-limited": {KindCount, []argKind{run, dep}, "the calls a rate limiter refused on a call edge anywhere in the chain (DEPENDENCY, or CALLER/DEPENDENCY when the name is not unique), over the whole run",
			evalEdgeRateLimited},
		"service-shed": {KindCount, []argKind{run, svc}, "the requests the service's load shedding refused (front: the front service's), every class, over the whole run",
			evalServiceShed},
	}
}

func evalEdgeRateLimited(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	d, err := edgeOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return count(d.RateLimited), nil
}

func evalServiceShed(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	counts := s.Shed
	if a[1] != frontName {
		sv, err := serviceOf(&s, a[1])
		if err != nil {
			return Value{}, err
		}
		counts = sv.Shed
	}
	var n uint64
	for _, k := range counts {
		n += k
	}
	return count(n), nil
}

// readLimitParam reads, for param, a rate limiter's, a shedder's, a
// burst's or a per-tenant bulkhead's knob (ENDPOINT.burst.rate,
// DEPENDENCY.ratelimiter.KEY, SERVICE.shed.max_wait, shed.max_wait for the
// front, DEPENDENCY.per_tenant_bulkhead.default, the slots a lesson's text
// says each tenant owns) with the knob form's
// own reader, so param and an override of the same key always agree. ok
// is false for a key of another kind, which readParam goes on to read.
func readLimitParam(sys *engine.System, key string) (v Value, ok bool, err error) {
	_, rest, _ := strings.Cut(key, ".")
	if !strings.HasPrefix(key, "shed.") && !strings.HasPrefix(rest, "shed.") &&
		!strings.HasPrefix(rest, "ratelimiter.") && !strings.HasPrefix(rest, "burst.") &&
		!strings.HasPrefix(rest, "per_tenant_bulkhead.") {
		return Value{}, false, nil
	}
	val, found, handled := systemsValue(sys, key)
	if !handled {
		return Value{}, false, nil
	}
	if !found {
		return Value{}, true, fmt.Errorf("%q is not set in this variant (no limiter, shedding, burst or per-tenant bulkhead there, or another kind of limiter)", key)
	}
	switch x := val.(type) {
	case int64:
		return count(uint64(x)), true, nil
	case float64:
		return number(x), true, nil
	case string:
		d, err := time.ParseDuration(x)
		if err != nil {
			return Value{}, true, fmt.Errorf("%q: %v", key, err)
		}
		return duration(d), true, nil
	}
	return Value{}, true, fmt.Errorf("%q has a value param cannot print (%T)", key, val)
}
