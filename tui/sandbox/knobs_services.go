package sandbox

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The knob form's sections for a system of services: each service's pool,
// fleet, work and outage under its name (every variant, as the server's
// own knobs), then the calls it makes (this variant only, as the front's
// calls). Each such field carries its [set] path and is written through
// lessons.SetKnob, the one parser of knob paths, so the form, a lesson's
// [set] table and a sweep change the same field the same way.

// addPath appends a field whose value goes through lessons.SetKnob at
// path, on every variant or on the form's own.
func (f *form) addPath(label, hint string, kind valueKind, initial, path string, every bool, matches ...string) {
	variant := f.variant
	set := func(sc *engine.Scenario, v value) {
		for i := range sc.Variants {
			if !every && i != variant {
				continue
			}
			// A variant without this service or call has no such knob;
			// SetKnob refuses it and the variant stays as it is.
			_ = lessons.SetKnob(sc, i, path, knobArg(kind, v))
		}
	}
	burst := strings.HasSuffix(path, ".burst.from") || strings.HasSuffix(path, ".burst.to")
	f.knobs = append(f.knobs, knob{label: label, hint: hint, kind: kind, input: newField(initial, kind), initial: initial, set: set, matches: matches, path: path,
		moment: burst || strings.HasSuffix(path, ".fault.from") || strings.HasSuffix(path, ".fault.to"), surge: burst})
}

// addTenantSlots appends the fields of a per-tenant bulkhead on the call
// whose knobs start with prefix ("search." or "orders/inventory."), for the
// form's variant: each of the system's tenants' own slots, empty for the
// default's (a tenant the bulkhead does not list), the default, the shared
// overflow and one tenant's most of it.
func (f *form) addTenantSlots(prefix string, tb *engine.TenantBulkhead, tenants []string, match string) {
	for _, t := range tenants {
		own := ""
		for _, o := range tb.Own {
			if o.Tenant == t {
				own = strconv.Itoa(o.Slots)
			}
		}
		f.addPath("own slots: "+t, "empty: default slots", kindSlots, own, prefix+"per_tenant_bulkhead.own."+t, false, match)
		f.limitLast(0, engine.MaxTenantSlots)
	}
	f.addPath("default slots", "each other tenant's own", kindInt, strconv.Itoa(tb.Default), prefix+"per_tenant_bulkhead.default", false, match)
	f.limitLast(0, engine.MaxTenantSlots)
	f.addPath("shared slots", "the overflow all share", kindInt, strconv.Itoa(tb.Shared), prefix+"per_tenant_bulkhead.shared", false, match)
	f.limitLast(0, engine.MaxTenantSlots)
	f.addPath("shared per tenant", "most of it one holds; 0: no limit", kindInt, strconv.Itoa(tb.SharedPerTenant), prefix+"per_tenant_bulkhead.shared_per_tenant", false, match)
	f.limitLast(0, engine.MaxTenantSlots)
}

// addServices appends the services' sections to f.
func (f *form) addServices(sys *engine.System) {
	add := f.addPath
	limit := f.limitLast
	for si := range sys.Services {
		s := &sys.Services[si]
		owner := fmt.Sprintf("service %q: ", s.Name)
		f.newSection(fmt.Sprintf("Service %s (every variant)", s.Name), s.Name)
		add("workers", "each instance's pool", kindInt, strconv.Itoa(s.Workers), s.Name+".workers", true, owner+"workers")
		limit(1, engine.MaxWorkers)
		add("accept queue", "waiting for a free worker; 0: none, refused when all are busy", kindQueue, queueText(s.Queue), s.Name+".queue", true, owner+"queue")
		limit(0, engine.MaxQueue)
		add("instances", "behind a "+s.Balancer.String()+" balancer", kindInt, strconv.Itoa(max(s.Instances, 1)), s.Name+".instances", true, owner+"instances", owner+"fault")
		limit(1, engine.MaxInstances)
		// Its own time per request, every number of it shown (a refusal
		// names them: "p50 50ms and p99 40ms"), 0 for none.
		work := s.Name + ".work."
		switch s.Work.Kind {
		case engine.Constant:
			add("work", "time per request on a worker; 0: none", kindDuration, durText(s.Work.Value), work+"value", true, owner+"work")
			f.limitTime(engine.MaxDuration)
		case engine.Exponential:
			add("work (mean)", "time per request on a worker, on average; 0: none", kindDuration, durText(s.Work.Mean), work+"mean", true, owner+"work")
			f.limitTime(engine.MaxDuration)
		case engine.LogNormal:
			add("work p50", "half the requests take less; 0: none", kindDuration, durText(s.Work.P50), work+"p50", true, owner+"work")
			f.limitTime(engine.MaxDuration)
			add("work p99", "99 in 100 take less; above p50", kindDuration, durText(s.Work.P99), work+"p99", true, owner+"work")
			f.limitTime(engine.MaxDuration)
		default:
			add("work", "time per request on a worker; 0: none", kindDuration, durText(0), work+"value", true, owner+"work")
			f.limitTime(engine.MaxDuration)
		}
		f.addShed(s.Name+".", s.Shed, owner+"shed")
		// Every fault of the service, and of each leaf it calls, on
		// fields of its own, as the front's (addFrontFaults): a leaf
		// that hangs, then turns slow, then fails showed only its hang,
		// and the slow spell and the errors could not be moved.
		seen := map[engine.ServiceFaultKind]int{}
		for fi, ft := range s.Faults {
			seen[ft.Kind]++
			label := numbered(fmt.Sprintf("%s %s", s.Name, ft.Kind), seen[ft.Kind])
			match := owner + fmt.Sprintf("fault %d", fi+1)
			if fi == 0 {
				add(label, "when it starts", kindDuration, durText(ft.From), s.Name+".fault.from", true, match)
				add("  until", "empty: to the end", kindUntil, untilText(ft.To), s.Name+".fault.to", true, match)
				f.sayFault(label)
				continue
			}
			name := s.Name
			f.addSpan(label, ft.From, ft.To, match, func(sys *engine.System) (from, to *time.Duration) {
				if sv := serviceNamed(sys, name); sv != nil && fi < len(sv.Faults) {
					return &sv.Faults[fi].From, &sv.Faults[fi].To
				}
				return nil, nil
			})
		}
		// A leaf's faults belong with the service that calls it: they
		// are the same in every variant.
		for di := range s.Dependencies {
			d := &s.Dependencies[di]
			if d.Service != "" {
				continue
			}
			edge := s.Name + "/" + d.Name
			seen := map[engine.FaultKind]int{}
			for fi, ft := range d.Faults {
				seen[ft.Kind]++
				label := numbered(fmt.Sprintf("%s %s", d.Name, verbOf(ft.Kind)), seen[ft.Kind])
				match := owner + fmt.Sprintf("dependency %q: fault %d", d.Name, fi+1)
				if fi == 0 {
					add(label, "when it starts", kindDuration, durText(ft.From), edge+".fault.from", true, match)
					add("  until", "empty: to the end", kindUntil, untilText(ft.To), edge+".fault.to", true, match)
					f.sayFault(label)
					continue
				}
				svc, dep := s.Name, d.Name
				f.addSpan(label, ft.From, ft.To, match, func(sys *engine.System) (from, to *time.Duration) {
					if sv := serviceNamed(sys, svc); sv != nil {
						return faultAt(sv.Dependencies, dep, fi)
					}
					return nil, nil
				})
			}
		}
		for di := range s.Dependencies {
			d := &s.Dependencies[di]
			edge := s.Name + "/" + d.Name
			match := owner + fmt.Sprintf("dependency %q", d.Name)
			f.newSection(fmt.Sprintf("Calls %s → %s (this variant only)", s.Name, d.Name), s.Name+"/"+d.Name)
			f.addCall(edge+".", d, match, callOf{deadline: true})
		}
	}
}

// callOf says which of a call's optional fields its form shows.
type callOf struct {
	permitWait bool // a tasks server's wait at a full bulkhead (knobs_tasks.go)
	deadline   bool // how the call hands its caller's time on
}

// addCall appends the fields of one call's policy, whose knobs start with
// prefix: its timeout, its bulkhead (or slots per tenant), its breaker's
// and its rate limiter's numbers, and its retries, for the form's variant.
func (f *form) addCall(prefix string, d *engine.Dependency, match string, opt callOf) {
	add := f.addPath
	p := &d.Policy
	add("timeout", "0: wait for ever", kindDuration, durText(p.Timeout), prefix+"timeout", false, match+": timeout", match+": attempt")
	f.limitTime(engine.MaxDuration)
	if p.TenantBulkhead == nil {
		add("bulkhead", "calls at once; 0: no bulkhead", kindInt, strconv.Itoa(p.Bulkhead), prefix+"bulkhead", false, match+": bulkhead")
	} else {
		f.addTenantSlots(prefix, p.TenantBulkhead, f.source.Variants[f.variant].System.Tenants, match+": per-tenant bulkhead")
	}
	if opt.permitWait {
		f.addPermitWait(strings.TrimSuffix(prefix, "."), *p)
	}
	f.addLimiter(prefix, p.RateLimiter, match+": rate limiter")
	if opt.deadline {
		f.addDeadline(prefix, p, match+": ")
	}
	if b := p.Breaker; b != nil {
		f.addBreaker(prefix, b, match+": breaker ")
	} else {
		f.addBreakerPreset(prefix, match+": breaker")
	}
	f.addRetry(prefix, p.Retry, match+": retry")
}

// addBreakerPreset appends, for a call with no breaker, a field that adds
// one: a library's breaker with its documented defaults
// (breaker.Presets), by the name a scenario file's preset key takes, and
// set through that key. "none" leaves the call as it is; once added, the
// form shows the breaker's own numbers to tune. The breaker pane of a
// variant without one said so and named no way to add one.
func (f *form) addBreakerPreset(prefix, match string) {
	f.addPath("breaker", "none; to add one, a library's defaults: "+strings.Join(presetNames()[1:], ", "), kindBreaker, "none", prefix+"breaker.preset", false, match)
	k := &f.knobs[len(f.knobs)-1]
	set := k.set
	k.set = func(sc *engine.Scenario, v value) {
		if v.n > 0 {
			set(sc, v)
		}
	}
}

// breakerTakes is what a breaker field takes, as its refusal says it.
func breakerTakes() string {
	names := presetNames()[1:] // after compare's "" for the variant's own
	return "none, or a library's defaults: " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// addBreaker appends a call's breaker's numbers, whose knobs start with
// prefix: its window and the calls it needs before it judges a rate, the
// rates that open it (failures, and slow calls where it counts them), how
// long it stays open and its trials. Each field is marked only by the
// refusals that speak of it: the engine's "breaker minimum calls must be
// between 0 and the window size 5" is of the minimum and the window, not
// of the open time; a refusal of the breaker that names none of them
// (said starts each: `dependency "payment": breaker `) marks them all.
func (f *form) addBreaker(prefix string, b *breaker.Config, said string) {
	add := func(label, hint string, kind valueKind, initial, key string, about ...string) {
		matches := make([]string, len(about))
		for i, a := range about {
			matches[i] = said + a
		}
		f.addPath(label, hint, kind, initial, prefix+"breaker."+key, false, matches...)
		f.knobs[len(f.knobs)-1].broad = strings.TrimSuffix(said, " ")
	}
	windowed, window := true, -1
	switch {
	case b.Window == breaker.TimeWindow:
		add("breaker window", "how far back the calls are judged", kindDuration, durText(b.WindowSpan), "time_window", "window", "minimum calls")
		f.limitTime(engine.MaxDuration)
	case b.WindowSize > 0:
		add("breaker window", "the last N calls judged", kindInt, strconv.Itoa(b.WindowSize), "window", "window", "minimum calls", "failure count must be at most the window")
		f.limitLast(1, breaker.MaxWindowSize)
		window = len(f.knobs) - 1
	default:
		windowed = false
	}
	if windowed {
		hint := "calls before a rate is judged"
		if window >= 0 {
			// The engine reads 0 as the whole window (and the breaker pane
			// says "min 20"), not as "judge from the first call".
			hint += "; 0: the whole window"
		}
		add("minimum calls", hint, kindInt, strconv.Itoa(b.MinimumCalls), "min_calls", "minimum calls")
		if window >= 0 {
			f.limitUpTo(0, window, "the window")
		} else {
			// A time window holds any number of calls; the engine bounds
			// the minimum as it bounds a count window's size.
			f.limitLast(0, breaker.MaxWindowSize)
		}
	}
	if b.FailureRate > 0 {
		add("failure rate", "opens at or above; 50% or 0.5", kindPercent, pane.PercentExact(b.FailureRate), "failure_rate", "failure rate")
	}
	if b.SlowCallRate > 0 {
		add("slow-call duration", "a call slower than this is slow", kindDuration, durText(b.SlowCallDuration), "slow_duration", "slow-call duration")
		f.limitTime(engine.MaxDuration)
		add("slow-call rate", "opens at or above; 50% or 0.5", kindPercent, pane.PercentExact(b.SlowCallRate), "slow_rate", "slow-call rate")
	}
	add("open for", "wait before the trials", kindDuration, durText(b.OpenFor), "open", "open duration", "open max")
	// The breaker refuses an open duration of 0 (breaker.Config.Validate):
	// the range starts above 0, at the shortest a duration is.
	f.limitLast(1, float64(engine.MaxDuration))
	add("half-open trials", "trial calls that must pass", kindInt, strconv.Itoa(b.HalfOpenTrials), "trials", "half-open trials", "half-open successes")
	f.limitLast(1, breaker.MaxHalfOpenTrials)
}

// addDeadline appends how a call hands its caller's time on: whether it
// propagates the deadline (and the margin it keeps back), and whether the
// caller's giving up cancels the work downstream. A variant can be defined
// by them (multi-hop's third), so a call into a system of services always
// shows them.
func (f *form) addDeadline(prefix string, p *engine.Policy, match string) {
	yesNo := map[bool]string{true: "yes", false: "no"}
	f.addPath("propagate deadline", "pass the time left on; yes or no", kindYesNo, yesNo[p.PropagateDeadline], prefix+"propagate_deadline", false, match+"deadline")
	if p.PropagateDeadline {
		f.addPath("deadline margin", "kept back for the way home", kindDuration, durText(p.DeadlineMargin), prefix+"deadline_margin", false, match+"deadline margin")
		f.limitTime(engine.MaxDuration)
		f.addPath("min time left", "none sent with this left or less; 0: any", kindDuration, durText(p.MinTimeLeft), prefix+"min_time_left", false, match+"min time left")
		f.limitTime(engine.MaxDuration)
	}
	f.addPath("cancel downstream", "stop its work when the caller gives up; yes or no", kindCancel, yesNo[p.Cancel == engine.CancelPropagate], prefix+"cancel", false, match+"cancel")
}

// addLimiter appends a rate limiter's numbers, in its own kind's words
// (Resilience4j's for the period limiter).
func (f *form) addLimiter(prefix string, rl *engine.RateLimiterPolicy, match string) {
	if rl == nil {
		return
	}
	switch rl.Kind {
	case engine.TokenBucketLimiter:
		f.addPath("limiter rate", fmt.Sprintf("tokens every %s", durText(rl.Bucket.Per)), kindInt, strconv.Itoa(rl.Bucket.Rate), prefix+"ratelimiter.rate", false, match)
		f.limitLast(1, engine.MaxPermits)
		f.addPath("limiter burst", "tokens the bucket holds", kindInt, strconv.Itoa(rl.Bucket.Burst), prefix+"ratelimiter.burst", false, match)
		f.limitLast(1, engine.MaxPermits)
		f.addPath("limiter wait", "longest wait for a token", kindDuration, durText(rl.Bucket.MaxWait), prefix+"ratelimiter.max_wait", false, match)
		f.limitTime(engine.MaxDuration)
	case engine.PeriodLimiter:
		f.addPath("limitForPeriod", "permits per period", kindInt, strconv.Itoa(rl.Period.LimitForPeriod), prefix+"ratelimiter.limit_for_period", false, match)
		f.limitLast(1, engine.MaxPermits)
		f.addPath("refresh period", "limitRefreshPeriod", kindDuration, durText(rl.Period.LimitRefreshPeriod), prefix+"ratelimiter.limit_refresh_period", false, match)
		f.limitTime(engine.MaxDuration)
		f.addPath("timeoutDuration", "longest wait for a permit", kindDuration, durText(rl.Period.TimeoutDuration), prefix+"ratelimiter.timeout_duration", false, match)
		f.limitTime(engine.MaxDuration)
	}
}

// addFrontFaults appends, to the server's section, when each fault of each
// of the front's dependencies starts and ends, every fault on its own: a
// scenario written with a fault injected in the sandbox has it beside the
// scenario's own, and both stay movable. The faults are every variant's,
// as the section is.
func (f *form) addFrontFaults(sys *engine.System) {
	for di := range sys.Dependencies {
		d := &sys.Dependencies[di]
		seen := map[engine.FaultKind]int{}
		for fi, ft := range d.Faults {
			seen[ft.Kind]++
			label := numbered(fmt.Sprintf("%s %s", d.Name, verbOf(ft.Kind)), seen[ft.Kind])
			match := fmt.Sprintf("dependency %q: fault %d", d.Name, fi+1)
			if fi == 0 {
				// The first fault has a [set] path, so a sweep can take it.
				f.addPath(label, "when it starts", kindDuration, durText(ft.From), d.Name+".fault.from", true, match)
				f.addPath("  until", "empty: to the end", kindUntil, untilText(ft.To), d.Name+".fault.to", true, match)
				f.sayFault(label)
				continue
			}
			name := d.Name
			f.addSpan(label, ft.From, ft.To, match, func(sys *engine.System) (from, to *time.Duration) {
				return faultAt(sys.Dependencies, name, fi)
			})
		}
	}
}

// numbered is a fault's field label, "db slow from": the n-th fault of
// one kind of a part reads apart from the first by its number, "db slow
// (2) from".
func numbered(what string, n int) string {
	if n > 1 {
		return fmt.Sprintf("%s (%d) from", what, n)
	}
	return what + " from"
}

// serviceNamed is sys's service name, or nil.
func serviceNamed(sys *engine.System, name string) *engine.Service {
	for i := range sys.Services {
		if sys.Services[i].Name == name {
			return &sys.Services[i]
		}
	}
	return nil
}

// faultAt is the start and end of fault fi of dependency name among
// deps, or nils where there is none.
func faultAt(deps []engine.Dependency, name string, fi int) (from, to *time.Duration) {
	for j := range deps {
		if deps[j].Name == name && fi < len(deps[j].Faults) {
			return &deps[j].Faults[fi].From, &deps[j].Faults[fi].To
		}
	}
	return nil, nil
}

// addSpan appends the start and end of a fault past a part's first,
// which [set] paths do not reach, set in place on every variant that has
// it: at finds the fault's start and end in a variant's system, nils
// where the variant has no such fault.
func (f *form) addSpan(label string, from, to time.Duration, match string, at func(sys *engine.System) (from, to *time.Duration)) {
	on := func(end bool) func(*engine.Scenario, value) {
		return func(sc *engine.Scenario, v value) {
			for i := range sc.Variants {
				a, b := at(&sc.Variants[i].System)
				switch {
				case a == nil:
				case end:
					*b = v.d
				default:
					*a = v.d
				}
			}
		}
	}
	start, until := durText(from), untilText(to)
	f.knobs = append(f.knobs,
		knob{label: label, hint: "when it starts", kind: kindDuration, input: newField(start, kindDuration), initial: start,
			set: on(false), matches: []string{match}, moment: true},
		knob{label: "  until", hint: "empty: to the end", kind: kindUntil, input: newField(until, kindUntil), initial: until,
			set: on(true), matches: []string{match}, moment: true, said: untilSaid(label)})
}

// untilSaid is how an edit's mark names the end of the fault or burst
// whose start's label is from ("payments hangs from"): "payments hangs
// until", the part and what it does, where "until 28s" alone said neither.
func untilSaid(from string) string { return strings.TrimSuffix(from, " from") + " until" }

// sayFault names the start and the end just added, a part's first fault
// (label its start's), in an edit's mark as the fault they move:
// "payments hangs until 28s". Their [set] path's words said
// "payments' fault until 28 s", not which fault of the part, and a part's
// second fault is named by its label already (addSpan).
func (f *form) sayFault(label string) {
	n := len(f.knobs)
	f.knobs[n-2].said, f.knobs[n-1].said = label, untilSaid(label)
}

// addFrontCalls appends a section for each call of the front: the one the
// learner most likely came for first (focusDependency), then the others in
// the system's order. Every call has one, knobs or none yet, so a call
// without a policy can be given a timeout, a bulkhead or retries, and a
// scenario written and opened again offers the knobs it offered before.
func (f *form) addFrontCalls(sys *engine.System) {
	first := focusDependency(sys)
	if first < 0 {
		return
	}
	order := []int{first}
	for i := range sys.Dependencies {
		if i != first {
			order = append(order, i)
		}
	}
	for _, i := range order {
		d := &sys.Dependencies[i]
		if uncalled(sys, d.Name) {
			// Its call settings are this variant's, and nothing of the
			// variant reads them: the form hides a field nothing reads,
			// as it hides a deadline's margin where none is passed on.
			continue
		}
		f.newSection(fmt.Sprintf("Calls to %s (this variant only)", d.Name), "/"+d.Name)
		f.addCall(d.Name+".", d, fmt.Sprintf("dependency %q", d.Name), callOf{
			permitWait: sys.Tasks != nil,
			// How a call hands its caller's time on matters where
			// there is a service to hand it to.
			deadline: len(sys.Services) > 0,
		})
	}
}

// uncalled says that no endpoint of sys calls the front's dependency
// name, so the engine reads nothing of it (a request reaches a dependency
// only through its endpoint's calls): event-loop-stall's first variant
// lists report-db, which only the second calls. A system of services is
// not judged: its front's calls go to services.
func uncalled(sys *engine.System, name string) bool {
	if len(sys.Services) > 0 {
		return false
	}
	for _, e := range sys.Endpoints {
		if e.Calls == name {
			return false
		}
	}
	return true
}

// addShed appends the bounds of a queue's load shedding: one field when
// every class has the same, else one per class, most important first.
// Shedding is a variant's design (one sheds, the next does not), so the
// fields change the variant shown only, and their hints say so.
func (f *form) addShed(prefix string, c *engine.ShedPolicy, match string) {
	if c == nil {
		return
	}
	w := c.MaxWait
	if w[0] == w[1] && w[1] == w[2] {
		f.addPath("shed past", "wait that sheds any class; this variant", kindDuration, durText(w[0]), prefix+"shed.max_wait", false, match)
		f.limitTime(engine.MaxDuration)
		return
	}
	for i, class := range []string{"critical", "default", "sheddable"} {
		f.addPath("shed "+class+" past", "wait that sheds it; this variant", kindDuration, durText(w[i]), prefix+"shed.max_wait."+class, false, match)
		f.limitTime(engine.MaxDuration)
	}
}

// limitLast bounds the field just added and states the bounds in its hint.
func (f *form) limitLast(lo, hi float64) {
	k := &f.knobs[len(f.knobs)-1]
	k.limited, k.lo, k.hi = true, lo, hi
	if k.hint == "" {
		k.hint = k.rangeText()
	} else {
		k.hint += "; " + k.rangeText()
	}
}

// limitTime bounds the duration field just added to 0 through most, the
// engine's top for it, and states that in its hint.
func (f *form) limitTime(most time.Duration) { f.limitLast(0, float64(most)) }

// limitUpTo bounds the field just added from lo up to field at's value,
// read from its text as the form would apply it: the engine refuses a
// breaker's minimum calls above its window, and the form says so in its
// own words, against the window of the same edit, before the engine's.
func (f *form) limitUpTo(lo float64, at int, words string) {
	k := &f.knobs[len(f.knobs)-1]
	k.upToWords = words
	k.upTo = func() (int, bool) {
		by := &f.knobs[at]
		v, err := parse(by.kind, by.input.Value())
		if err != nil || by.check(v) != nil {
			return 0, false
		}
		return v.n, true
	}
	f.limitLast(lo, noMax)
}

// knobArg is a parsed field as SetKnob takes it.
func knobArg(kind valueKind, v value) any {
	switch kind {
	case kindInt:
		return int64(v.n)
	case kindSlots:
		if v.n == slotsDefault {
			return lessons.TenantSlotsDefault
		}
		return int64(v.n)
	case kindQueue:
		if v.n == engine.QueueUnbounded {
			return "unbounded"
		}
		return int64(v.n)
	case kindRate, kindPercent:
		return v.f
	case kindYesNo:
		return v.n == 1
	case kindCancel:
		if v.n == 1 {
			return engine.CancelPropagate.String()
		}
		return engine.CancelNone.String()
	case kindDialRunsOn:
		if v.n == 1 {
			return engine.DialRunsOn.String()
		}
		return engine.DialCancelled.String()
	case kindBudget:
		return engine.BudgetKind(v.n).String()
	case kindBreaker:
		if ps := breaker.Presets(); v.n > 0 && v.n <= len(ps) {
			return ps[v.n-1].Name
		}
		return "none"
	}
	return v.d.String()
}

// untilText writes a fault's end the way the form reads it: empty for "to
// the end".
func untilText(to time.Duration) string {
	if to == 0 {
		return ""
	}
	return durText(to)
}
