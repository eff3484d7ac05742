package scenariofile

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// This file reads the parts of bigger systems (engine/services.go):
// services and their faults, load shedding, tenants, bursts, rate limiters
// and per-tenant bulkheads.

// atKey names a part of a system in system.at.
func atKey(parts ...string) string { return strings.Join(parts, "\x00") }

// services reads [[system.services]] into s.
func (c *conv) services(t table, s *system, duration time.Duration) error {
	sts, _, err := t.tables("services", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("services %q", n)
		}
		return fmt.Sprintf("service %d", i+1)
	})
	if err != nil {
		return err
	}
	if len(sts) > engine.MaxServices {
		return errorAt(t.at("services"), "[system]: a system may have at most %d services, got %d", engine.MaxServices, len(sts))
	}
	first := map[string][]string{}
	for i, st := range sts {
		if err := c.checkKeys(st, "name", "workers", "queue", "instances", "balancer", "work", "calls", "shed", "faults", "dependencies"); err != nil {
			return err
		}
		n, err := name(st, "service", i)
		if err != nil {
			return err
		}
		if prev, dup := first[n]; dup {
			return st.errorf("name", "the name is used twice (first on line %d): give each service its own name", c.lineOf(prev))
		}
		first[n] = st.at("name")
		svc := engine.Service{Name: n}
		s.at[atKey("svc", n)] = st.at("name")
		if !st.has("workers") {
			return errorAt(st.path, "%s needs workers: the size of each instance's pool, such as workers = 16", st.what)
		}
		// Its dependencies first: calls names one of them.
		dts, _, err := st.tables("dependencies", func(j int, m map[string]any) string {
			if dn, ok := m["name"].(string); ok {
				return fmt.Sprintf("%s: dependencies %q", st.what, dn)
			}
			return fmt.Sprintf("%s: dependency %d", st.what, j+1)
		})
		if err != nil {
			return err
		}
		if len(dts) > engine.MaxEndpoints {
			return errorAt(st.at("dependencies"), "%s: a service may have at most %d dependencies, got %d", st.what, engine.MaxEndpoints, len(dts))
		}
		firstDep := map[string][]string{}
		for j, dt := range dts {
			d, sizeAt, err := c.dependency(dt, j, duration)
			if err != nil {
				return err
			}
			if prev, dup := firstDep[d.Name]; dup {
				return dt.errorf("name", "the name is used twice in this service (first on line %d): give each of its dependencies its own name", c.lineOf(prev))
			}
			firstDep[d.Name] = dt.at("name")
			s.recordDependency(n, dt, d, sizeAt)
			svc.Dependencies = append(svc.Dependencies, d)
		}
		if err := c.serviceFields(st, &svc, s, duration); err != nil {
			return err
		}
		s.svcNames[n] = len(s.Services)
		s.Services = append(s.Services, svc)
	}
	return nil
}

// recordDependency notes where a dependency's parts were set; owner is the
// service that calls it, "" for [system].
func (s *system) recordDependency(owner string, t table, d engine.Dependency, sizeAt []string) {
	s.at[atKey("dep", owner, d.Name)] = t.at("name")
	if d.Service != "" {
		s.at[atKey("dep", owner, d.Name, "service")] = t.at("service")
	}
	if t.has("policy") {
		s.at[atKey("dep", owner, d.Name, "policy")] = t.at("policy")
		s.at[atKey("dep", owner, d.Name, "size")] = sizeAt
	}
}

// serviceFields reads the parts of a service a variant may replace.
func (c *conv) serviceFields(t table, svc *engine.Service, s *system, duration time.Duration) error {
	if w, ok, err := t.integer("workers"); err != nil {
		return err
	} else if ok {
		if err := checkWorkers(t, w); err != nil {
			return err
		}
		svc.Workers = w
		s.at[atKey("svc", svc.Name, "workers")] = t.at("workers")
	}
	if v, ok := t.m["queue"]; ok {
		q, err := ParseQueue(v)
		if err != nil {
			return wrapAt(t.at("queue"), fmt.Errorf("%s: %w", t.what, err))
		}
		svc.Queue = q
	}
	if n, ok, err := t.integer("instances"); err != nil {
		return err
	} else if ok {
		if n < 0 || n > engine.MaxInstances {
			return t.errorf("instances", "instances must be between 1 and %d (0 is read as 1), got %d", engine.MaxInstances, n)
		}
		svc.Instances = n
		s.at[atKey("svc", svc.Name, "instances")] = t.at("instances")
	}
	if b, ok, err := t.str("balancer"); err != nil {
		return err
	} else if ok {
		k, err := engine.ParseBalancer(b)
		if err != nil {
			return wrapAt(t.at("balancer"), fmt.Errorf("%s: %w", t.what, err))
		}
		svc.Balancer = k
	}
	if wt, ok, err := t.sub("work", t.what+" work"); err != nil {
		return err
	} else if ok {
		svc.Work = engine.Latency{}
		if len(wt.m) > 0 { // work = {} is none
			l, err := c.latency(wt)
			if err != nil {
				return err
			}
			svc.Work = l
		}
	}
	if calls, ok, err := t.str("calls"); err != nil {
		return err
	} else if ok {
		if calls != "" && !hasDependency(svc.Dependencies, calls) {
			return t.errorf("calls", "calls %q, which is not one of its dependencies (have: %s)", calls, serviceDepNames(svc.Dependencies))
		}
		svc.Calls = calls
	}
	if t.has("shed") {
		p, err := c.shedPolicy(t)
		if err != nil {
			return err
		}
		svc.Shed = p
	}
	if t.has("faults") {
		fs, err := c.serviceFaults(t, duration)
		if err != nil {
			return err
		}
		svc.Faults = fs
		s.at[atKey("svc", svc.Name, "faults")] = t.at("faults")
	}
	return nil
}

func hasDependency(deps []engine.Dependency, name string) bool {
	for _, d := range deps {
		if d.Name == name {
			return true
		}
	}
	return false
}

func serviceDepNames(deps []engine.Dependency) string {
	if len(deps) == 0 {
		return "none; add a [[system.services.dependencies]] section after the service's own"
	}
	return names(deps)
}

// serviceFaults reads a service's faults: outages, restarts and hangs of one
// instance or of all, in time order.
func (c *conv) serviceFaults(t table, duration time.Duration) ([]engine.ServiceFault, error) {
	fts, _, err := t.tables("faults", func(i int, _ map[string]any) string {
		return fmt.Sprintf("%s fault %d", t.what, i+1)
	})
	if err != nil {
		return nil, err
	}
	var out []engine.ServiceFault
	ends := map[int]time.Duration{} // per instance (engine.AllInstances too): when its last fault ends
	for _, ft := range fts {
		kind, ok, err := ft.str("kind")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errorAt(ft.path, "%s needs a kind: down (refuses calls), restart (crashes, loses its memory, comes back at \"to\"), hang (takes calls, answers none), slow (with latency: each request holds a worker that much longer) or error (with probability: that share of calls fails at once)", ft.what)
		}
		k, err := engine.ParseServiceFault(kind)
		if err != nil {
			return nil, wrapAt(ft.at("kind"), fmt.Errorf("%s: %w", ft.what, err))
		}
		ft.what = fmt.Sprintf("%s (%v)", ft.what, k)
		f := engine.ServiceFault{Kind: k, Instance: engine.AllInstances}
		if err := c.serviceFaultArgs(ft, &f); err != nil {
			return nil, err
		}
		if n, ok, err := ft.integer("instance"); err != nil {
			return nil, err
		} else if ok {
			if n < 0 {
				return nil, ft.errorf("instance", "instance counts from 0, got %d (leave instance out for a fault of every instance)", n)
			}
			f.Instance = n
		}
		if f.From, f.To, err = faultSpan(ft, duration); err != nil {
			return nil, err
		}
		end := f.To
		if end == 0 {
			end = duration
		}
		for inst, prev := range ends {
			if (inst == f.Instance || inst == engine.AllInstances || f.Instance == engine.AllInstances) && f.From < prev {
				return nil, ft.errorf("from", "it starts at %s, before an earlier fault of the same instance ends at %s: list an instance's faults in time order, one after another", ft.said("from", f.From), engine.FormatDuration(prev))
			}
		}
		ends[f.Instance] = end
		out = append(out, f)
	}
	return out, nil
}

// serviceFaultArgs checks a service fault's keys and reads what its kind
// takes: a slow fault's latency, an error fault's probability.
func (c *conv) serviceFaultArgs(ft table, f *engine.ServiceFault) error {
	keys := []string{"kind", "instance", "from", "to"}
	switch f.Kind {
	case engine.InstanceSlow:
		keys = append(keys, "latency")
	case engine.InstanceErrors:
		keys = append(keys, "probability")
	}
	if err := c.checkKeys(ft, keys...); err != nil {
		return err
	}
	switch f.Kind {
	case engine.InstanceSlow:
		l, given, err := ft.duration("latency")
		if err != nil {
			return err
		}
		// Left out, the latency reads as 0s, and "got 0s" named a value
		// the author never wrote.
		if !given {
			return errorAt(ft.path, "%s: a slow fault needs a latency, the time each request adds while the fault lasts, such as latency = \"2s\"", ft.what)
		}
		if l <= 0 {
			return errorAt(ft.at("latency"), "%s: a slow fault needs a positive latency, such as latency = \"2s\", got %s", ft.what, ft.said("latency", l))
		}
		f.Latency = l
	case engine.InstanceErrors:
		p, ok, err := ft.share("probability")
		if err != nil {
			return err
		}
		if !ok {
			return errorAt(ft.path, "%s: an error fault needs a probability above 0 and up to 1, such as probability = 0.5", ft.what)
		}
		if !(p > 0 && p <= 1) {
			return ft.shareOutOfRange("probability", "probability", "above 0 and up to 1", p)
		}
		f.Probability = p
	}
	return nil
}

// shedPolicy reads t's shed table; shed = {} is none.
func (c *conv) shedPolicy(t table) (*engine.ShedPolicy, error) {
	st, _, err := t.sub("shed", t.what+" shed")
	if err != nil {
		return nil, err
	}
	if len(st.m) == 0 {
		return nil, nil
	}
	var p engine.ShedPolicy
	if s, ok, err := st.str("signal"); err != nil {
		return nil, err
	} else if ok {
		sig, err := ParseShedSignal(s)
		if err != nil {
			return nil, wrapAt(st.at("signal"), fmt.Errorf("%s: %w", st.what, err))
		}
		p.Signal = sig
	}
	allowed := []string{"signal", "max_wait"}
	if p.Signal == shed.Estimated {
		allowed = append(allowed, "service_time")
	} else if st.has("service_time") {
		return nil, st.errorf("service_time", "service_time starts the estimate of signal = \"estimated\"; the %v signal measures the wait itself and takes none", p.Signal)
	}
	if err := c.checkKeys(st, allowed...); err != nil {
		return nil, err
	}
	if !st.has("max_wait") {
		return nil, errorAt(st.path, "%s needs max_wait: the longest queue wait at which a request is still taken, such as max_wait = \"500ms\" or, per class, max_wait = { critical = \"2s\", default = \"500ms\", sheddable = \"100ms\" }", st.what)
	}
	switch v := st.m["max_wait"].(type) {
	case string, map[string]any:
	default:
		return nil, st.errorf("max_wait", "max_wait must be one duration for every class, such as max_wait = \"500ms\", or one per class, such as max_wait = { critical = \"2s\", default = \"500ms\", sheddable = \"100ms\" }; got %s", describe(v))
	}
	if _, isStr := st.m["max_wait"].(string); isStr {
		d, _, err := st.duration("max_wait")
		if err != nil {
			return nil, err
		}
		p.MaxWait = [shed.NumClasses]time.Duration{d, d, d}
	} else {
		mt, _, err := st.sub("max_wait", st.what+" max_wait")
		if err != nil {
			return nil, err
		}
		if err := c.checkKeys(mt, "critical", "default", "sheddable"); err != nil {
			return nil, err
		}
		for cl := range shed.NumClasses {
			key := cl.String()
			d, ok, err := mt.duration(key)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, errorAt(mt.path, "%s needs all three classes: critical, default and sheddable (or one duration for all, such as max_wait = \"500ms\")", mt.what)
			}
			p.MaxWait[cl] = d
		}
	}
	if p.ServiceTime, _, err = st.duration("service_time"); err != nil {
		return nil, err
	}
	// The pool's workers are filled in by the engine; any pool in a file
	// has at least one.
	check := p
	check.Workers = 1
	if err := check.Validate(); err != nil {
		at := st.at("max_wait")
		if p.Signal == shed.Estimated && p.ServiceTime <= 0 {
			at = st.path
			if st.has("service_time") {
				at = st.at("service_time")
			}
		}
		return nil, wrapAt(at, fmt.Errorf("%s: %w", st.what, err))
	}
	return &p, nil
}

// tenantList reads [system] tenants = ["acme", ...]; tenants = [] is none.
func (c *conv) tenantList(t table) ([]string, error) {
	l, _, err := t.list("tenants")
	if err != nil {
		return nil, err
	}
	prefix := ""
	if t.what != "[system]" {
		prefix = t.what + ": "
	}
	if len(l) > engine.MaxTenants {
		return nil, t.errorf("tenants", "a system may have at most %d tenants, got %d", engine.MaxTenants, len(l))
	}
	var out []string
	for i, v := range l {
		at := append(t.at("tenants"), elem(i))
		s, ok := v.(string)
		if !ok || s == "" {
			return nil, errorAt(at, "%stenants: each tenant is a name in quotes, such as tenants = [\"acme\", \"globex\"], got %s", prefix, describe(v))
		}
		for _, prev := range out {
			if prev == s {
				return nil, errorAt(at, "%stenants: %q is named twice: list each tenant once, by a name of its own", prefix, s)
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// tenantShares reads an endpoint's tenants = { acme = 0.7, globex = 0.3 }
// in the file's order; tenants = {} is none.
func (c *conv) tenantShares(t table) ([]engine.TenantShare, error) {
	tt, _, err := t.sub("tenants", t.what+" tenants")
	if err != nil {
		return nil, err
	}
	var out []engine.TenantShare
	var sum float64
	for _, k := range c.keysInOrder(tt) {
		x, _, err := tt.share(k)
		if err != nil {
			return nil, err
		}
		if !(x >= 0 && x <= 1) {
			return nil, tt.shareOutOfRange(k, fmt.Sprintf("%q's share", k), "between 0 and 1", x)
		}
		sum += x
		out = append(out, engine.TenantShare{Tenant: k, Share: x})
	}
	if len(out) > 0 && math.Abs(sum-1) > 1e-9 {
		return nil, t.errorf("tenants", "the tenants' shares must add up to 1, got %.10g", sum)
	}
	return out, nil
}

// bursts reads an endpoint's bursts = [{ from, to, rate, tenant }].
func (c *conv) bursts(t table, duration time.Duration) ([]engine.Burst, error) {
	bts, _, err := t.tables("bursts", func(i int, _ map[string]any) string {
		return fmt.Sprintf("%s burst %d", t.what, i+1)
	})
	if err != nil {
		return nil, err
	}
	var out []engine.Burst
	for i, bt := range bts {
		if err := c.checkKeys(bt, "from", "to", "rate", "tenant"); err != nil {
			return nil, err
		}
		var b engine.Burst
		if b.From, _, err = bt.duration("from"); err != nil {
			return nil, err
		}
		to, hasTo, err := bt.duration("to")
		if err != nil {
			return nil, err
		}
		if !hasTo {
			to = duration
		}
		b.To = to
		switch {
		case to > engine.LatestSurgeMoment(duration):
			return nil, bt.errorf("to", "it %s", engine.SurgeMomentPast("end", to, duration))
		case b.From >= to:
			return nil, bt.errorf("from", "a burst must start before it ends, got from %s to %s", bt.said("from", b.From), bt.said("to", to))
		}
		r, ok, err := bt.number("rate")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errorAt(bt.path, "%s needs a rate: the endpoint's requests per second during the burst, such as rate = 400", bt.what)
		}
		if !(r >= 0 && r <= engine.MaxRate) {
			return nil, bt.errorf("rate", "%s", engine.RateOutOfRange(r))
		}
		b.Rate = r
		if b.Tenant, _, err = bt.str("tenant"); err != nil {
			return nil, err
		}
		if i > 0 && b.From < out[i-1].To {
			return nil, bt.errorf("from", "it starts at %s, before burst %d ends at %s: list bursts in time order, one after another", bt.said("from", b.From), i, engine.FormatDuration(out[i-1].To))
		}
		out = append(out, b)
	}
	return out, nil
}

// rateLimiter reads a policy's ratelimiter table.
func (c *conv) rateLimiter(t table) (*engine.RateLimiterPolicy, error) {
	kind, ok, err := t.str("kind")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errorAt(t.path, "%s needs a kind: bucket (rate, per, burst, max_wait) or period (Resilience4j's limit_for_period, limit_refresh_period, timeout_duration)", t.what)
	}
	k, err := ParseRateLimiterKind(kind)
	if err != nil {
		return nil, wrapAt(t.at("kind"), fmt.Errorf("%s: %w", t.what, err))
	}
	p := &engine.RateLimiterPolicy{Kind: k}
	if k == engine.TokenBucketLimiter {
		if err := c.checkKeys(t, "kind", "rate", "per", "burst", "max_wait"); err != nil {
			return nil, err
		}
		b := &p.Bucket
		rate, ok, err := t.integer("rate")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errorAt(t.path, "%s needs a rate: the tokens added every \"per\", such as rate = 50", t.what)
		}
		b.Rate, b.Burst, b.Per = rate, rate, time.Second
		if d, ok, err := t.duration("per"); err != nil {
			return nil, err
		} else if ok {
			b.Per = d
		}
		if n, ok, err := t.integer("burst"); err != nil {
			return nil, err
		} else if ok {
			b.Burst = n
		}
		if b.MaxWait, _, err = t.duration("max_wait"); err != nil {
			return nil, err
		}
		if err := b.Validate(); err != nil {
			return nil, wrapAt(t.path, fmt.Errorf("%s: %w", t.what, err))
		}
		return p, nil
	}
	if err := c.checkKeys(t, "kind", "limit_for_period", "limit_refresh_period", "timeout_duration"); err != nil {
		return nil, err
	}
	// Resilience4j's defaults for what the table leaves out.
	p.Period = ratelimit.Resilience4jDefaults
	if n, ok, err := t.integer("limit_for_period"); err != nil {
		return nil, err
	} else if ok {
		p.Period.LimitForPeriod = n
	}
	if d, ok, err := t.duration("limit_refresh_period"); err != nil {
		return nil, err
	} else if ok {
		p.Period.LimitRefreshPeriod = d
	}
	if d, ok, err := t.duration("timeout_duration"); err != nil {
		return nil, err
	} else if ok {
		p.Period.TimeoutDuration = d
	}
	if err := p.Period.Validate(); err != nil {
		return nil, wrapAt(t.path, fmt.Errorf("%s: %w", t.what, err))
	}
	return p, nil
}

// tenantBulkhead reads a policy's per_tenant_bulkhead table.
func (c *conv) tenantBulkhead(t table) (*engine.TenantBulkhead, error) {
	if err := c.checkKeys(t, "own", "default", "shared", "shared_per_tenant"); err != nil {
		return nil, err
	}
	tb := &engine.TenantBulkhead{}
	if ot, ok, err := t.sub("own", t.what+".own"); err != nil {
		return nil, err
	} else if ok {
		for _, k := range c.keysInOrder(ot) {
			n, _, err := ot.integer(k)
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, ot.errorf(k, "%q's own slots must be 0 or more, got %d", k, n)
			}
			tb.Own = append(tb.Own, engine.TenantSlots{Tenant: k, Slots: n})
		}
	}
	for _, f := range []struct {
		key string
		dst *int
	}{{"default", &tb.Default}, {"shared", &tb.Shared}, {"shared_per_tenant", &tb.SharedPerTenant}} {
		n, _, err := t.integer(f.key)
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, t.errorf(f.key, "%s must be 0 or more, got %d", f.key, n)
		}
		*f.dst = n
	}
	return tb, nil
}

func quotedList(ss []string) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(out, ", ")
}
