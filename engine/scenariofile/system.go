package scenariofile

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
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
}

func (s system) clone() system {
	out := s
	out.Endpoints = append([]engine.Endpoint(nil), s.Endpoints...)
	out.Dependencies = make([]engine.Dependency, len(s.Dependencies))
	for i, d := range s.Dependencies {
		out.Dependencies[i] = cloneDependency(d)
	}
	out.sizeAt = append([][]string(nil), s.sizeAt...)
	return out
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
	return p
}

// crossCheck checks the rules that join parts a variant may set separately.
func (c *conv) crossCheck(s system, variant string) error {
	for i, d := range s.Dependencies {
		if d.Policy.Bulkhead <= s.Workers {
			continue
		}
		at := s.sizeAt[i]
		prefix := ""
		if variant != "" && (isVariantPath(at) || isVariantPath(s.workersAt)) {
			prefix = fmt.Sprintf("variants %q: ", variant)
			if !isVariantPath(at) {
				at = s.workersAt
			}
		}
		return errorAt(at, "%sdependencies %q: the bulkhead's size %d is larger than the pool (workers = %d, line %d): a bulkhead must be between 0 (none) and the number of workers",
			prefix, d.Name, d.Policy.Bulkhead, s.Workers, c.lineOf(s.workersAt))
	}
	return nil
}

func isVariantPath(p []string) bool { return len(p) > 0 && p[0] == "variants" }

func (c *conv) system(t table, duration time.Duration) (system, error) {
	s := system{depNames: map[string]int{}, endNames: map[string]int{}}
	if err := c.checkKeys(t, "workers", "queue", "endpoints", "dependencies"); err != nil {
		return s, err
	}
	w, ok, err := t.integer("workers")
	if err != nil {
		return s, err
	}
	if !ok {
		return s, errorAt(t.path, "[system] needs workers: the size of the server's pool, such as workers = 16")
	}
	if err := checkWorkers(t, w); err != nil {
		return s, err
	}
	s.Workers, s.workersAt = w, t.at("workers")
	if v, ok := t.m["queue"]; ok {
		q, err := ParseQueue(v)
		if err != nil {
			return s, wrapAt(t.at("queue"), fmt.Errorf("%s: %w", t.what, err))
		}
		s.Queue = q
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
		e, err := c.endpoint(et, i, s)
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

func (c *conv) endpoint(t table, i int, s system) (engine.Endpoint, error) {
	var e engine.Endpoint
	if err := c.checkKeys(t, "name", "rate", "interval", "calls", "patience"); err != nil {
		return e, err
	}
	n, err := name(t, "endpoint", i)
	if err != nil {
		return e, err
	}
	e.Name = n
	err = endpointFields(t, &e, s)
	return e, err
}

// endpointFields reads the fields of an endpoint that a variant may change
// too. Setting rate or interval replaces both.
func endpointFields(t table, e *engine.Endpoint, s system) error {
	if t.has("rate") && t.has("interval") {
		return t.errorf("interval", "give a rate (requests per second, arriving at random) or an interval (one request every so often), not both")
	}
	if r, ok, err := t.number("rate"); err != nil {
		return err
	} else if ok {
		if !(r >= 0 && r <= engine.MaxRate) {
			return t.errorf("rate", "rate must be between 0 and %v requests per second, got %v", engine.MaxRate, r)
		}
		e.Rate, e.Interval = r, 0
	}
	if d, ok, err := t.duration("interval"); err != nil {
		return err
	} else if ok {
		if d > 0 && d < time.Microsecond {
			return t.errorf("interval", "interval must be 0 (no fixed arrivals) or at least 1us, got %v", d)
		}
		e.Rate, e.Interval = 0, d
	}
	if calls, ok, err := t.str("calls"); err != nil {
		return err
	} else if ok {
		if _, known := s.depNames[calls]; calls != "" && !known {
			return t.errorf("calls", "calls %q, which is not a dependency (have: %s)", calls, names(s.Dependencies))
		}
		e.Calls = calls
	}
	if d, ok, err := t.duration("patience"); err != nil {
		return err
	} else if ok {
		e.Patience = d
	}
	return nil
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
	if err := c.checkKeys(t, "name", "workers", "queue", "endpoints", "dependencies"); err != nil {
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
			if err := c.checkKeys(ot, "rate", "interval", "calls", "patience"); err != nil {
				return s, err
			}
			if err := endpointFields(ot, &s.Endpoints[idx], s); err != nil {
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
			if err := c.checkKeys(ot, "latency", "faults", "policy"); err != nil {
				return s, err
			}
			sizeAt, err := c.dependencyFields(ot, &s.Dependencies[idx], duration)
			if err != nil {
				return s, err
			}
			if ot.has("policy") {
				s.sizeAt[idx] = sizeAt
			}
		}
	}
	return s, nil
}

func endpointNames(eps []engine.Endpoint) string {
	out := make([]string, len(eps))
	for i, e := range eps {
		out[i] = fmt.Sprintf("%q", e.Name)
	}
	return strings.Join(out, ", ")
}
