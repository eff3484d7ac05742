package lessons

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// The knobs of bigger systems (engine/SERVICES-DESIGN.md, section 6): a
// service's pool, fleet, work and shedding (orders.workers,
// orders.shed.max_wait.default), the edges a service calls
// (orders/inventory.timeout), the policy layers a call may have beyond the
// first version's (DEP.cancel, DEP.ratelimiter.rate,
// DEP.per_tenant_bulkhead.own.acme), the front's shedding (shed.max_wait)
// and an endpoint's class and burst. The paths are read without building
// strings, as the older knobs are: a sweep sets them on every cell.

// The keys, written as the older lists are ("shed (false)" is the switch
// shed = false that turns shedding off).
const (
	shedKeys = "shed (false), shed.max_wait, shed.max_wait.critical, shed.max_wait.default, shed.max_wait.sheddable, shed.service_time"
	// serviceKeys are a service's own, as in [services.NAME].
	serviceKeys = "workers, queue, instances, balancer, work.mean, work.value, work.p50, work.p99, fault.from, fault.to, " + shedKeys
	// edgeKeys are the policy keys of issue 14, on every dependency.
	edgeKeys = "cancel, propagate_deadline, deadline_margin, min_time_left, ratelimiter (false), ratelimiter.rate, ratelimiter.per, ratelimiter.burst, ratelimiter.max_wait, ratelimiter.limit_for_period, ratelimiter.limit_refresh_period, ratelimiter.timeout_duration, per_tenant_bulkhead (false), per_tenant_bulkhead.default, per_tenant_bulkhead.shared, per_tenant_bulkhead.shared_per_tenant"
	// tenantSlotsKey is followed by a tenant's name: the tenant's own slots.
	tenantSlotsKey = "per_tenant_bulkhead.own."
	// TenantSlotsDefault, set at tenantSlotsKey, takes the tenant off the
	// list of own slots: it has the default's, as a tenant the scenario
	// does not list has (the knob form's field left empty).
	TenantSlotsDefault = "default"
	// serviceEdgeKeys are the dependency keys of an edge to a service: its
	// latency and faults are the service's own, so those keys are not here.
	serviceEdgeKeys = "timeout, deadline, bulkhead, bulkhead_kind, bulkhead_wait, bulkhead_queue, fallback, order, breaker (false), retry (false)"
	// endpointMoreKeys follow endpointKeys.
	endpointMoreKeys = "class, burst.rate, burst.from, burst.to"
)

// Keys that take a word or true/false, beyond notNumbers.
var notNumbersMore = map[string]bool{
	"balancer": true, "shed": true, "cancel": true, "propagate_deadline": true,
	"ratelimiter": true, "per_tenant_bulkhead": true, "class": true,
	"abandoned_dial": true,
}

// isDependencyKey says whether rest is a key of dependency d: the first
// version's (less latency, faults and healthy on an edge to a service), and
// the edge keys of issue 14.
func isDependencyKey(sys *engine.System, d *engine.Dependency, rest string) bool {
	own := dependencyKeys
	if d.Service != "" {
		own = serviceEdgeKeys
	}
	if keyIn(own, rest) || keyIn(edgeKeys, rest) {
		return true
	}
	if k, ok := strings.CutPrefix(rest, "breaker."); ok && keyIn(breakerKeys, k) {
		return true
	}
	if k, ok := strings.CutPrefix(rest, "retry."); ok && keyIn(retryKeys, k) {
		return true
	}
	if t, ok := strings.CutPrefix(rest, tenantSlotsKey); ok {
		for _, name := range sys.Tenants {
			if name == t {
				return true
			}
		}
	}
	return false
}

// systemsKnobs appends the knobs of this file to out, as knobs does;
// path writes a part's key (knobs' own).
func systemsKnobs(out []string, sys *engine.System, split func(string) []string, path func(knobAt, string) string) []string {
	out = append(out, split(shedKeys)...)
	for i := range sys.Endpoints {
		at := knobAt{part: endpointPart, ep: &sys.Endpoints[i]}
		for _, k := range split(endpointMoreKeys) {
			out = append(out, path(at, k))
		}
	}
	edge := func(at knobAt) {
		for _, k := range split(edgeKeys) {
			out = append(out, path(at, k))
		}
		for _, t := range sys.Tenants {
			out = append(out, path(at, tenantSlotsKey+t))
		}
	}
	for i := range sys.Dependencies {
		edge(knobAt{part: dependencyPart, dep: &sys.Dependencies[i]})
	}
	for i := range sys.Services {
		s := &sys.Services[i]
		at := knobAt{part: servicePart, svc: s}
		for _, k := range split(serviceKeys) {
			out = append(out, path(at, k))
		}
		for j := range s.Dependencies {
			d := &s.Dependencies[j]
			at := knobAt{part: edgePart, svc: s, dep: d}
			own := dependencyKeys
			if d.Service != "" {
				own = serviceEdgeKeys
			}
			for _, k := range split(own) {
				out = append(out, path(at, k))
			}
			for _, k := range split(breakerKeys) {
				out = append(out, path(at, "breaker."+k))
			}
			for _, k := range split(retryKeys) {
				out = append(out, path(at, "retry."+k))
			}
			edge(at)
		}
	}
	return out
}

// errNotEdgeKey says setEdge does not know the key; no one sees it.
var errNotEdgeKey = fmt.Errorf("not an edge key")

// setEdge sets one of edgeKeys on d.
func setEdge(d *engine.Dependency, key string, val any) error {
	p := &d.Policy
	var err error
	switch key {
	case "cancel":
		var s string
		if s, err = asString(val); err == nil {
			p.Cancel, err = engine.ParseCancel(s)
		}
		return err
	case "propagate_deadline":
		var on bool
		if on, err = asBool(val); err != nil {
			return err
		}
		p.PropagateDeadline = on
		if !on {
			// The margin and the minimum time left are read off a
			// propagated deadline alone: the engine ignores the one and
			// refuses the other without it, and a scenario file holds
			// neither without propagate_deadline = true, so a system a
			// lesson hands over could not be written. Clearing them
			// changes no run. Propagation turned on again starts from
			// none; the knob form gives back its scenario's own
			// (tui/sandbox, settleDeadlines).
			p.DeadlineMargin, p.MinTimeLeft = 0, 0
		}
		return nil
	case "deadline_margin":
		p.DeadlineMargin, err = asDuration(val)
		return err
	case "min_time_left":
		p.MinTimeLeft, err = asDuration(val)
		return err
	case "ratelimiter":
		var b bool
		if b, err = asBool(val); err == nil {
			if b {
				return fmt.Errorf("ratelimiter = true says nothing about the limit: set ratelimiter.rate (a token bucket) or ratelimiter.limit_for_period (Resilience4j's period limiter)")
			}
			p.RateLimiter = nil
		}
		return err
	case "per_tenant_bulkhead":
		var b bool
		if b, err = asBool(val); err == nil {
			if b {
				return fmt.Errorf("per_tenant_bulkhead = true says nothing about the slots: set per_tenant_bulkhead.default, .shared or .own.TENANT")
			}
			p.TenantBulkhead = nil
		}
		return err
	}
	if k, ok := strings.CutPrefix(key, "ratelimiter."); ok {
		return setRateLimiter(&p.RateLimiter, k, val)
	}
	if k, ok := strings.CutPrefix(key, "per_tenant_bulkhead."); ok {
		// Copied before it changes: variants may share the table.
		tb := engine.TenantBulkhead{}
		if p.TenantBulkhead != nil {
			tb = *p.TenantBulkhead
			tb.Own = append([]engine.TenantSlots(nil), tb.Own...)
		}
		if t, ok := strings.CutPrefix(k, "own."); ok && val == any(TenantSlotsDefault) {
			// The tenant leaves the list, and takes the default's slots,
			// as a scenario file that does not list it says.
			tb.Own = slices.DeleteFunc(tb.Own, func(o engine.TenantSlots) bool { return o.Tenant == t })
			if len(tb.Own) == 0 {
				tb.Own = nil // as a file without own slots parses
			}
			p.TenantBulkhead = &tb
			return nil
		}
		var n int
		if n, err = asInt(val); err != nil {
			return err
		}
		switch k {
		case "default":
			tb.Default = n
		case "shared":
			tb.Shared = n
		case "shared_per_tenant":
			tb.SharedPerTenant = n
		default:
			t, ok := strings.CutPrefix(k, "own.")
			if !ok {
				return errNotEdgeKey
			}
			found := false
			for i := range tb.Own {
				if tb.Own[i].Tenant == t {
					tb.Own[i].Slots, found = n, true
				}
			}
			if !found {
				tb.Own = append(tb.Own, engine.TenantSlots{Tenant: t, Slots: n})
			}
		}
		p.TenantBulkhead = &tb
		return nil
	}
	return errNotEdgeKey
}

// setRateLimiter sets one key of a rate limiter, making a token bucket (or,
// for Resilience4j's key names, a period limiter with Resilience4j's
// defaults) when the call has none, as a scenario file's table would.
func setRateLimiter(pp **engine.RateLimiterPolicy, key string, val any) error {
	period := strings.HasPrefix(key, "limit_") || key == "timeout_duration"
	var rl engine.RateLimiterPolicy
	switch {
	case *pp != nil:
		rl = **pp
	case period:
		rl = engine.RateLimiterPolicy{Kind: engine.PeriodLimiter, Period: ratelimit.Resilience4jDefaults}
	default:
		rl = engine.RateLimiterPolicy{Kind: engine.TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Per: time.Second}}
	}
	if period != (rl.Kind == engine.PeriodLimiter) {
		return fmt.Errorf("this call's rate limiter is a %v limiter, whose keys are %s; ratelimiter = false removes it first", rl.Kind, rateLimiterKeysOf(rl.Kind))
	}
	var err error
	switch key {
	case "rate":
		fresh := rl.Bucket.Rate == 0
		rl.Bucket.Rate, err = asInt(val)
		if fresh {
			rl.Bucket.Burst = rl.Bucket.Rate // a file's default: burst = rate
		}
	case "per":
		rl.Bucket.Per, err = asDuration(val)
	case "burst":
		rl.Bucket.Burst, err = asInt(val)
	case "max_wait":
		rl.Bucket.MaxWait, err = asDuration(val)
	case "limit_for_period":
		rl.Period.LimitForPeriod, err = asInt(val)
	case "limit_refresh_period":
		rl.Period.LimitRefreshPeriod, err = asDuration(val)
	case "timeout_duration":
		rl.Period.TimeoutDuration, err = asDuration(val)
	default:
		return fmt.Errorf("unknown rate limiter key %q (allowed: %s, or %s)", key, rateLimiterKeysOf(engine.TokenBucketLimiter), rateLimiterKeysOf(engine.PeriodLimiter))
	}
	if err != nil {
		return err
	}
	*pp = &rl
	return nil
}

func rateLimiterKeysOf(k engine.RateLimiterKind) string {
	if k == engine.PeriodLimiter {
		return "limit_for_period, limit_refresh_period, timeout_duration"
	}
	return "rate, per, burst, max_wait"
}

// setShed sets one of shedKeys on a front's or a service's shedding. A
// bound set on a queue that sheds nothing starts oldest-age shedding;
// max_wait alone sets every class's bound.
func setShed(pp **engine.ShedPolicy, key string, val any) error {
	if key == "shed" {
		b, err := asBool(val)
		if err != nil {
			return err
		}
		if b {
			return fmt.Errorf("shed = true says nothing about the bound: set shed.max_wait (every class) or shed.max_wait.critical, .default, .sheddable")
		}
		*pp = nil
		return nil
	}
	d, err := asDuration(val)
	if err != nil {
		return err
	}
	var c engine.ShedPolicy
	if *pp != nil {
		c = **pp // copied: variants may share it
	}
	switch key {
	case "shed.max_wait":
		c.MaxWait = [shed.NumClasses]time.Duration{d, d, d}
	case "shed.max_wait.critical":
		c.MaxWait[shed.Critical] = d
	case "shed.max_wait.default":
		c.MaxWait[shed.Default] = d
	case "shed.max_wait.sheddable":
		c.MaxWait[shed.Sheddable] = d
	case "shed.service_time":
		c.ServiceTime = d
	}
	*pp = &c
	return nil
}

// setService sets one of serviceKeys on s.
func setService(s *engine.Service, key string, val any) error {
	var err error
	switch key {
	case "workers":
		s.Workers, err = asInt(val)
	case "queue":
		if str, ok := val.(string); ok && str == "unbounded" {
			s.Queue = engine.QueueUnbounded
			return nil
		}
		if s.Queue, err = asInt(val); err != nil {
			err = fmt.Errorf("%w, or \"unbounded\"", err)
		}
	case "instances":
		var n int
		if n, err = asInt(val); err == nil && !(n == 1 && s.Instances == 0) {
			s.Instances = n // 0 and 1 both mean one: a read-back changes nothing
		}
	case "balancer":
		var name string
		if name, err = asString(val); err == nil {
			s.Balancer, err = engine.ParseBalancer(name)
		}
	case "work.mean", "work.value", "work.p50", "work.p99":
		var d time.Duration
		if d, err = asDuration(val); err == nil {
			if d == 0 && key != "work.p99" {
				// No work at all (a file's work = {}): a median, mean or
				// time of 0 says none, not a distribution the engine
				// refuses.
				s.Work = engine.Latency{}
				return nil
			}
			switch key {
			case "work.mean":
				s.Work = engine.Latency{Kind: engine.Exponential, Mean: d}
			case "work.value":
				s.Work = engine.Latency{Kind: engine.Constant, Value: d}
			case "work.p50":
				s.Work.Kind, s.Work.P50 = engine.LogNormal, d
			case "work.p99":
				s.Work.Kind, s.Work.P99 = engine.LogNormal, d
			}
		}
	case "fault.from", "fault.to":
		if len(s.Faults) == 0 {
			return fmt.Errorf("service %q has no fault to change", s.Name)
		}
		var d time.Duration
		if d, err = asDuration(val); err == nil {
			// Copied before it changes: variants may share the list.
			s.Faults = append([]engine.ServiceFault(nil), s.Faults...)
			if key == "fault.from" {
				s.Faults[0].From = d
			} else {
				s.Faults[0].To = d
			}
		}
	default:
		if k, ok := strings.CutPrefix(key, "shed"); ok && (k == "" || k[0] == '.') {
			return setShed(&s.Shed, key, val)
		}
		return fmt.Errorf("unknown service key %q (allowed: %s)", key, serviceKeys)
	}
	return err
}

// setEndpointMore sets one of endpointMoreKeys on e.
func setEndpointMore(e *engine.Endpoint, key string, val any) error {
	var err error
	if key == "class" {
		var s string
		if s, err = asString(val); err == nil {
			e.Class, err = shed.ParseClass(s)
		}
		return err
	}
	if len(e.Bursts) == 0 {
		return fmt.Errorf("endpoint %q has no burst to change", e.Name)
	}
	e.Bursts = append([]engine.Burst(nil), e.Bursts...)
	b := &e.Bursts[0]
	switch key {
	case "burst.rate":
		b.Rate, err = asFloat(val)
	case "burst.from":
		b.From, err = asDuration(val)
	case "burst.to":
		b.To, err = asDuration(val)
	}
	return err
}

// systemsValue reads, at path, one of this file's knobs (param's reader,
// expr_limits.go); handled is false for a path that is none of them.
func systemsValue(sys *engine.System, path string) (val any, ok, handled bool) {
	at, found, err := findKnob(sys, path)
	if !found || err != nil {
		return nil, false, false
	}
	switch at.part {
	case serverPart:
		if keyIn(shedKeys, at.key) {
			val, ok = shedValue(sys.Shed, at.key)
			return val, ok, true
		}
	case servicePart:
		val, ok = serviceValue(at.svc, at.key)
		return val, ok, true
	case edgePart:
		if val, ok, handled = edgeValue(at.dep, at.key); handled {
			return val, ok, true
		}
		val, ok = dependencyValue(at.dep, at.key)
		return val, ok, true
	case dependencyPart:
		if val, ok, handled = edgeValue(at.dep, at.key); handled {
			return val, ok, true
		}
	case endpointPart:
		if keyIn(endpointMoreKeys, at.key) {
			val, ok = valueAt(&engine.Scenario{}, sys, at)
			return val, ok, true
		}
	}
	return nil, false, false
}

// edgeValue reads one of edgeKeys (and a tenant's own slots) of d.
func edgeValue(d *engine.Dependency, key string) (val any, ok, handled bool) {
	p := &d.Policy
	switch key {
	case "deadline_margin":
		// A margin means something only where the deadline travels; a
		// sweep is offered it there alone.
		if !p.PropagateDeadline {
			return nil, false, true
		}
		return p.DeadlineMargin.String(), true, true
	case "min_time_left":
		if !p.PropagateDeadline {
			return nil, false, true
		}
		return p.MinTimeLeft.String(), true, true
	case "cancel", "propagate_deadline", "ratelimiter", "per_tenant_bulkhead":
		return nil, false, true
	}
	if k, found := strings.CutPrefix(key, "ratelimiter."); found {
		rl := p.RateLimiter
		if rl == nil {
			return nil, false, true
		}
		bucket := rl.Kind == engine.TokenBucketLimiter
		switch {
		case k == "rate" && bucket:
			return int64(rl.Bucket.Rate), true, true
		case k == "per" && bucket:
			return rl.Bucket.Per.String(), true, true
		case k == "burst" && bucket:
			return int64(rl.Bucket.Burst), true, true
		case k == "max_wait" && bucket:
			return rl.Bucket.MaxWait.String(), true, true
		case k == "limit_for_period" && !bucket:
			return int64(rl.Period.LimitForPeriod), true, true
		case k == "limit_refresh_period" && !bucket:
			return rl.Period.LimitRefreshPeriod.String(), true, true
		case k == "timeout_duration" && !bucket:
			return rl.Period.TimeoutDuration.String(), true, true
		}
		return nil, false, true
	}
	if k, found := strings.CutPrefix(key, "per_tenant_bulkhead."); found {
		tb := p.TenantBulkhead
		if tb == nil {
			return nil, false, true
		}
		switch k {
		case "default":
			return int64(tb.Default), true, true
		case "shared":
			return int64(tb.Shared), true, true
		case "shared_per_tenant":
			return int64(tb.SharedPerTenant), true, true
		}
		if t, found := strings.CutPrefix(k, "own."); found {
			for _, o := range tb.Own {
				if o.Tenant == t {
					return int64(o.Slots), true, true
				}
			}
			// A tenant not listed has the default's slots, but setting
			// it lists it: no round trip, so no value.
		}
		return nil, false, true
	}
	return nil, false, false
}

// shedValue reads one of shedKeys.
func shedValue(c *engine.ShedPolicy, key string) (any, bool) {
	if c == nil {
		return nil, false
	}
	switch key {
	case "shed.max_wait":
		// One bound stands for all three only when they are equal.
		if c.MaxWait[0] == c.MaxWait[1] && c.MaxWait[1] == c.MaxWait[2] {
			return c.MaxWait[0].String(), true
		}
	case "shed.max_wait.critical":
		return c.MaxWait[shed.Critical].String(), true
	case "shed.max_wait.default":
		return c.MaxWait[shed.Default].String(), true
	case "shed.max_wait.sheddable":
		return c.MaxWait[shed.Sheddable].String(), true
	case "shed.service_time":
		if c.Signal == shed.Estimated {
			return c.ServiceTime.String(), true
		}
	}
	return nil, false
}

// serviceValue reads one of serviceKeys of s.
func serviceValue(s *engine.Service, key string) (any, bool) {
	switch key {
	case "workers":
		return int64(s.Workers), true
	case "queue":
		if s.Queue == engine.QueueUnbounded {
			return nil, false
		}
		return int64(s.Queue), true
	case "instances":
		return int64(max(s.Instances, 1)), true
	case "work.mean":
		if s.Work.Kind == engine.Exponential {
			return s.Work.Mean.String(), true
		}
	case "work.value":
		if s.Work.Kind == engine.Constant {
			return s.Work.Value.String(), true
		}
	case "work.p50":
		if s.Work.Kind == engine.LogNormal {
			return s.Work.P50.String(), true
		}
	case "work.p99":
		if s.Work.Kind == engine.LogNormal {
			return s.Work.P99.String(), true
		}
	case "fault.from", "fault.to":
		if len(s.Faults) == 0 {
			return nil, false
		}
		if key == "fault.from" {
			return s.Faults[0].From.String(), true
		}
		return s.Faults[0].To.String(), true
	}
	if k, ok := strings.CutPrefix(key, "shed"); ok && (k == "" || k[0] == '.') {
		return shedValue(s.Shed, key)
	}
	return nil, false
}
