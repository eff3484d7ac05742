package scenariofile

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// system is a system as read, with where its parts came from, so that a
// rule that spans two parts (a bulkhead no larger than the pool) can name
// the line of the part a variant changed.
type system struct {
	engine.System
	name      string     // the variant's name
	workersAt []string   // where workers was set
	sizeAt    [][]string // per dependency: where its bulkhead size was set
	depNames  map[string]int
	endNames  map[string]int
	svcNames  map[string]int
	// at holds where the other parts that rules join were set, by atKey:
	// ("tenants"), ("ep", endpoint, field), ("svc", service[, field]),
	// ("dep", owner, dependency[, field]) with owner "" for [system].
	at map[string][]string
}

func newSystem() system {
	return system{depNames: map[string]int{}, endNames: map[string]int{}, svcNames: map[string]int{}, at: map[string][]string{}}
}

// clone copies s deeply enough that a variant's changes do not reach the
// base or another variant.
func (s system) clone() system {
	out := s
	out.Endpoints = make([]engine.Endpoint, len(s.Endpoints))
	for i, e := range s.Endpoints {
		out.Endpoints[i] = cloneEndpoint(e)
	}
	out.Dependencies = cloneDependencies(s.Dependencies)
	if s.Services != nil {
		out.Services = make([]engine.Service, len(s.Services))
		for i, svc := range s.Services {
			out.Services[i] = cloneService(svc)
		}
	}
	out.Tenants = append([]string(nil), s.Tenants...)
	out.Shed = cloneShed(s.Shed)
	if s.Tasks != nil {
		ts := *s.Tasks
		ts.Pauses = append([]engine.Pause(nil), ts.Pauses...)
		out.Tasks = &ts
	}
	out.Pools = append([]engine.Pool(nil), s.Pools...)
	out.sizeAt = append([][]string(nil), s.sizeAt...)
	out.at = make(map[string][]string, len(s.at))
	for k, v := range s.at {
		out.at[k] = v
	}
	return out
}

func cloneEndpoint(e engine.Endpoint) engine.Endpoint {
	e.Tenants = append([]engine.TenantShare(nil), e.Tenants...)
	e.Bursts = append([]engine.Burst(nil), e.Bursts...)
	return e
}

func cloneDependencies(ds []engine.Dependency) []engine.Dependency {
	if ds == nil {
		return nil
	}
	out := make([]engine.Dependency, len(ds))
	for i, d := range ds {
		out[i] = cloneDependency(d)
	}
	return out
}

func cloneService(svc engine.Service) engine.Service {
	svc.Shed = cloneShed(svc.Shed)
	svc.Faults = append([]engine.ServiceFault(nil), svc.Faults...)
	svc.Dependencies = cloneDependencies(svc.Dependencies)
	return svc
}

func cloneShed(p *engine.ShedPolicy) *engine.ShedPolicy {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

func cloneDependency(d engine.Dependency) engine.Dependency {
	d.Faults = append([]engine.Fault(nil), d.Faults...)
	d.Policy = clonePolicy(d.Policy)
	return d
}

func clonePolicy(p engine.Policy) engine.Policy {
	if p.Order != nil {
		p.Order = append([]engine.Layer{}, p.Order...)
	}
	if p.Breaker != nil {
		b := *p.Breaker
		p.Breaker = &b
	}
	if p.Retry != nil {
		r := *p.Retry
		p.Retry = &r
	}
	if p.RateLimiter != nil {
		r := *p.RateLimiter
		p.RateLimiter = &r
	}
	if p.TenantBulkhead != nil {
		tb := *p.TenantBulkhead
		tb.Own = append([]engine.TenantSlots(nil), tb.Own...)
		p.TenantBulkhead = &tb
	}
	return p
}

func (c *conv) system(t table, duration time.Duration) (system, error) {
	s := newSystem()
	if err := c.checkKeys(t, systemKeys...); err != nil {
		return s, err
	}
	// Issue 23 (tasks.go): a tasks server has no workers; pools.
	if err := c.tasksSystem(t, &s); err != nil {
		return s, err
	}
	w, ok, err := t.integer("workers")
	if err != nil {
		return s, err
	}
	if !ok && s.Tasks == nil {
		return s, errorAt(t.path, "[system] needs workers: the size of the server's pool, such as workers = 16 (or a [system.tasks] section for a server without one)")
	}
	if ok {
		if err := checkWorkers(t, w); err != nil {
			return s, err
		}
		s.Workers, s.workersAt = w, t.at("workers")
	}
	if v, ok := t.m["queue"]; ok {
		q, err := ParseQueue(v)
		if err != nil {
			return s, wrapAt(t.at("queue"), fmt.Errorf("%s: %w", t.what, err))
		}
		s.Queue = q
	}
	if err := c.systemFields(t, &s); err != nil {
		return s, err
	}

	deps, _, err := t.tables("dependencies", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("dependencies %q", n)
		}
		return fmt.Sprintf("dependency %d", i+1)
	})
	if err != nil {
		return s, err
	}
	if len(deps) > engine.MaxEndpoints {
		return s, errorAt(t.at("dependencies"), "[system]: a system may have at most %d dependencies, got %d", engine.MaxEndpoints, len(deps))
	}
	first := map[string][]string{}
	for i, dt := range deps {
		d, sizeAt, err := c.dependency(dt, i, duration)
		if err != nil {
			return s, err
		}
		if prev, dup := first[d.Name]; dup {
			return s, dt.errorf("name", "the name is used twice (first on line %d): give each dependency its own name", c.lineOf(prev))
		}
		first[d.Name] = dt.at("name")
		s.depNames[d.Name] = i
		s.Dependencies = append(s.Dependencies, d)
		s.sizeAt = append(s.sizeAt, sizeAt)
		s.recordDependency("", dt, d, sizeAt)
	}
	if err := c.services(t, &s, duration); err != nil {
		return s, err
	}

	eps, _, err := t.tables("endpoints", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("endpoints %q", n)
		}
		return fmt.Sprintf("endpoint %d", i+1)
	})
	if err != nil {
		return s, err
	}
	if len(eps) == 0 || len(eps) > engine.MaxEndpoints {
		return s, errorAt(t.path, "[system] needs between 1 and %d endpoints ([[system.endpoints]] sections), got %d", engine.MaxEndpoints, len(eps))
	}
	first = map[string][]string{}
	for i, et := range eps {
		e, err := c.endpoint(et, i, s, duration)
		if err != nil {
			return s, err
		}
		if prev, dup := first[e.Name]; dup {
			return s, et.errorf("name", "the name is used twice (first on line %d): give each endpoint its own name", c.lineOf(prev))
		}
		first[e.Name] = et.at("name")
		s.endNames[e.Name] = i
		s.Endpoints = append(s.Endpoints, e)
	}
	return s, nil
}

func checkWorkers(t table, w int) error {
	if w < 1 || w > engine.MaxWorkers {
		return t.errorf("workers", "workers must be between 1 and %d, got %d", engine.MaxWorkers, w)
	}
	return nil
}

// name reads a part's required name.
func name(t table, kind string, i int) (string, error) {
	n, ok, err := t.str("name")
	if err != nil {
		return "", err
	}
	if !ok || n == "" {
		return "", errorAt(t.path, "%s %d needs a name, such as name = \"...\"", kind, i+1)
	}
	return n, nil
}

// systemFields reads the parts of [system] besides its pool, queue and
// lists that a variant may replace: tenants and shed.
func (c *conv) systemFields(t table, s *system) error {
	if t.has("tenants") {
		ts, err := c.tenantList(t)
		if err != nil {
			return err
		}
		s.Tenants = ts
		s.at["tenants"] = t.at("tenants")
	}
	if t.has("shed") {
		p, err := c.shedPolicy(t)
		if err != nil {
			return err
		}
		s.Shed = p
	}
	return nil
}

// endpointKeys are the keys of an endpoint a variant may change.
var endpointKeys = []string{"rate", "interval", "calls", "patience", "class", "tenants", "bursts", "cpu", "blocking"}

func (c *conv) endpoint(t table, i int, s system, duration time.Duration) (engine.Endpoint, error) {
	var e engine.Endpoint
	if err := c.checkKeys(t, append([]string{"name"}, endpointKeys...)...); err != nil {
		return e, err
	}
	n, err := name(t, "endpoint", i)
	if err != nil {
		return e, err
	}
	e.Name = n
	err = c.endpointFields(t, &e, s, duration)
	return e, err
}

// endpointFields reads the fields of an endpoint that a variant may change
// too. Setting rate or interval replaces both.
func (c *conv) endpointFields(t table, e *engine.Endpoint, s system, duration time.Duration) error {
	if t.has("rate") && t.has("interval") {
		return t.errorf("interval", "give a rate (requests per second, arriving at random) or an interval (one request every so often), not both")
	}
	if r, ok, err := t.number("rate"); err != nil {
		return err
	} else if ok {
		if !(r >= 0 && r <= engine.MaxRate) {
			return t.errorf("rate", "%s", engine.RateOutOfRange(r))
		}
		e.Rate, e.Interval = r, 0
		s.at[atKey("ep", e.Name, "rate")] = t.at("rate")
	}
	if d, ok, err := t.duration("interval"); err != nil {
		return err
	} else if ok {
		if d > 0 && d < time.Microsecond {
			return t.errorf("interval", "interval must be 0 (no fixed arrivals) or at least 1us, got %s", t.said("interval", d))
		}
		e.Rate, e.Interval = 0, d
		s.at[atKey("ep", e.Name, "rate")] = t.at("interval")
	}
	if calls, ok, err := t.str("calls"); err != nil {
		return err
	} else if ok {
		if _, known := s.depNames[calls]; calls != "" && !known {
			// An endpoint reaches a service through an edge of its own:
			// naming the service was refused with only the dependencies
			// listed, which left the edge to be found in SCHEMA.md.
			hint := ""
			if _, svc := s.svcNames[calls]; svc {
				hint = fmt.Sprintf(`; %q is a service, which an endpoint calls through a dependency: a [[system.dependencies]] with name = %q and service = %q`, calls, calls, calls)
			}
			return t.errorf("calls", "calls %q, which is not a dependency (have: %s)%s", calls, names(s.Dependencies), hint)
		}
		e.Calls = calls
	}
	if d, ok, err := t.duration("patience"); err != nil {
		return err
	} else if ok {
		e.Patience = d
	}
	if cl, ok, err := t.str("class"); err != nil {
		return err
	} else if ok {
		k, err := shed.ParseClass(cl)
		if err != nil {
			return wrapAt(t.at("class"), fmt.Errorf("%s: %w", t.what, err))
		}
		e.Class = k
	}
	if t.has("tenants") {
		ts, err := c.tenantShares(t)
		if err != nil {
			return err
		}
		e.Tenants = ts
		s.at[atKey("ep", e.Name, "tenants")] = t.at("tenants")
	}
	if t.has("bursts") {
		bs, err := c.bursts(t, duration)
		if err != nil {
			return err
		}
		e.Bursts = bs
		s.at[atKey("ep", e.Name, "bursts")] = t.at("bursts")
	}
	return c.endpointTasks(t, e) // tasks.go: cpu, blocking
}

func names(deps []engine.Dependency) string {
	if len(deps) == 0 {
		return "none; add a [[system.dependencies]] section"
	}
	out := make([]string, len(deps))
	for i, d := range deps {
		out[i] = fmt.Sprintf("%q", d.Name)
	}
	return strings.Join(out, ", ")
}

func (c *conv) variant(t table, i int, base system, duration time.Duration) (system, error) {
	s := base.clone()
	if err := c.checkKeys(t, append([]string{"name"}, systemKeys...)...); err != nil {
		return s, err
	}
	n, err := name(t, "variant", i)
	if err != nil {
		return s, err
	}
	s.name = n
	if w, ok, err := t.integer("workers"); err != nil {
		return s, err
	} else if ok {
		if err := checkWorkers(t, w); err != nil {
			return s, err
		}
		s.Workers, s.workersAt = w, t.at("workers")
	}
	if v, ok := t.m["queue"]; ok {
		q, err := ParseQueue(v)
		if err != nil {
			return s, wrapAt(t.at("queue"), fmt.Errorf("%s: %w", t.what, err))
		}
		s.Queue = q
	}
	if err := c.systemFields(t, &s); err != nil {
		return s, err
	}
	if err := c.variantTasks(t, &s); err != nil { // tasks.go
		return s, err
	}
	if et, ok, err := t.sub("endpoints", t.what+" endpoints"); err != nil {
		return s, err
	} else if ok {
		for _, en := range c.keysInOrder(et) {
			idx, known := s.endNames[en]
			if !known {
				return s, errorAt(et.at(en), "%s: there is no endpoint %q in [system] to change (have: %s)", t.what, en, endpointNames(s.Endpoints))
			}
			ot, _, err := et.sub(en, fmt.Sprintf("%s: endpoints %q", t.what, en))
			if err != nil {
				return s, err
			}
			if err := c.checkKeys(ot, endpointKeys...); err != nil {
				return s, err
			}
			if err := c.endpointFields(ot, &s.Endpoints[idx], s, duration); err != nil {
				return s, err
			}
		}
	}
	if dt, ok, err := t.sub("dependencies", t.what+" dependencies"); err != nil {
		return s, err
	} else if ok {
		for _, dn := range c.keysInOrder(dt) {
			idx, known := s.depNames[dn]
			if !known {
				return s, errorAt(dt.at(dn), "%s: there is no dependency %q in [system] to change (have: %s)", t.what, dn, names(s.Dependencies))
			}
			ot, _, err := dt.sub(dn, fmt.Sprintf("%s: dependencies %q", t.what, dn))
			if err != nil {
				return s, err
			}
			if err := c.checkKeys(ot, "latency", "faults", "policy", "pool"); err != nil {
				return s, err
			}
			sizeAt, err := c.dependencyFields(ot, &s.Dependencies[idx], duration)
			if err != nil {
				return s, err
			}
			if err := edgeCheck(ot, s.Dependencies[idx]); err != nil {
				return s, err
			}
			if ot.has("policy") {
				s.sizeAt[idx] = sizeAt
				s.at[atKey("dep", "", dn, "policy")] = ot.at("policy")
			}
		}
	}
	if st, ok, err := t.sub("services", t.what+" services"); err != nil {
		return s, err
	} else if ok {
		if err := c.variantServices(st, t.what, &s, duration); err != nil {
			return s, err
		}
	}
	return s, nil
}

// variantServices applies [variants.services.NAME] overrides.
func (c *conv) variantServices(st table, variant string, s *system, duration time.Duration) error {
	for _, sn := range c.keysInOrder(st) {
		idx, known := s.svcNames[sn]
		if !known {
			return errorAt(st.at(sn), "%s: there is no service %q in [system] to change (have: %s)", variant, sn, serviceNames(s.Services))
		}
		ot, _, err := st.sub(sn, fmt.Sprintf("%s: services %q", variant, sn))
		if err != nil {
			return err
		}
		if err := c.checkKeys(ot, "workers", "queue", "instances", "balancer", "work", "calls", "shed", "faults", "dependencies"); err != nil {
			return err
		}
		svc := &s.Services[idx]
		if err := c.serviceFields(ot, svc, s, duration); err != nil {
			return err
		}
		dt, ok, err := ot.sub("dependencies", ot.what+" dependencies")
		if err != nil || !ok {
			return err
		}
		for _, dn := range c.keysInOrder(dt) {
			di := -1
			for j := range svc.Dependencies {
				if svc.Dependencies[j].Name == dn {
					di = j
				}
			}
			if di < 0 {
				return errorAt(dt.at(dn), "%s: there is no dependency %q of service %q to change (have: %s)", variant, dn, sn, serviceDepNames(svc.Dependencies))
			}
			dot, _, err := dt.sub(dn, fmt.Sprintf("%s: dependencies %q", ot.what, dn))
			if err != nil {
				return err
			}
			if err := c.checkKeys(dot, "latency", "faults", "policy"); err != nil {
				return err
			}
			d := &svc.Dependencies[di]
			sizeAt, err := c.dependencyFields(dot, d, duration)
			if err != nil {
				return err
			}
			if err := edgeCheck(dot, *d); err != nil {
				return err
			}
			if dot.has("policy") {
				s.at[atKey("dep", sn, dn, "policy")] = dot.at("policy")
				s.at[atKey("dep", sn, dn, "size")] = sizeAt
			}
		}
	}
	return nil
}

func serviceNames(ss []engine.Service) string {
	if len(ss) == 0 {
		return "none; add a [[system.services]] section"
	}
	out := make([]string, len(ss))
	for i, svc := range ss {
		out[i] = fmt.Sprintf("%q", svc.Name)
	}
	return strings.Join(out, ", ")
}

func endpointNames(eps []engine.Endpoint) string {
	out := make([]string, len(eps))
	for i, e := range eps {
		out[i] = fmt.Sprintf("%q", e.Name)
	}
	return strings.Join(out, ", ")
}
