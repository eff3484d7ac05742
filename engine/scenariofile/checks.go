package scenariofile

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// blame picks where to report a rule that joins parts set in different
// places: the first of paths that a variant set, so the message names the
// variant, else the first known one. prefix names the variant.
func blame(variant string, paths ...[]string) (at []string, prefix string) {
	if variant != "" {
		for _, p := range paths {
			if isVariantPath(p) {
				return p, fmt.Sprintf("variants %q: ", variant)
			}
		}
	}
	for _, p := range paths {
		if p != nil {
			return p, ""
		}
	}
	return nil, ""
}

func isVariantPath(p []string) bool { return len(p) > 0 && p[0] == "variants" }

// crossCheck checks the rules that join parts a variant may set separately,
// each reported at the line of the part that breaks it.
func (c *conv) crossCheck(s system, variant string) error {
	for i, d := range s.Dependencies {
		if d.Policy.Bulkhead <= s.Workers || s.Tasks != nil {
			continue
		}
		at, prefix := blame(variant, s.sizeAt[i], s.workersAt)
		return errorAt(at, "%sdependencies %q: the bulkhead's size %d is larger than the pool (workers = %d, line %d): a bulkhead must be between 0 (none) and the number of workers",
			prefix, d.Name, d.Policy.Bulkhead, s.Workers, c.lineOf(s.workersAt))
	}
	for _, svc := range s.Services {
		workersAt := s.at[atKey("svc", svc.Name, "workers")]
		for _, d := range svc.Dependencies {
			if d.Policy.Bulkhead <= svc.Workers {
				continue
			}
			at, prefix := blame(variant, s.at[atKey("dep", svc.Name, d.Name, "size")], workersAt)
			return errorAt(at, "%sservices %q: dependencies %q: the bulkhead's size %d is larger than the service's pool (workers = %d, line %d): a bulkhead must be between 0 (none) and the number of workers",
				prefix, svc.Name, d.Name, d.Policy.Bulkhead, svc.Workers, c.lineOf(workersAt))
		}
	}
	if err := c.checkSharedBreakers(s, variant); err != nil {
		return err
	}
	if err := c.checkTenants(s, variant); err != nil {
		return err
	}
	if err := c.checkServices(s, variant); err != nil {
		return err
	}
	return c.checkServiceGraph(s, variant)
}

// checkTenants checks every tenant named (in shares, bursts and per-tenant
// bulkheads) against the system's tenants, and bursts against their
// endpoint's traffic.
func (c *conv) checkTenants(s system, variant string) error {
	tenantsAt := s.at["tenants"]
	known := map[string]bool{}
	for _, t := range s.Tenants {
		known[t] = true
	}
	have := "none; list them in [system] tenants = [...]"
	if len(s.Tenants) > 0 {
		have = quotedList(s.Tenants)
	}
	for _, e := range s.Endpoints {
		for _, sh := range e.Tenants {
			if !known[sh.Tenant] {
				at, prefix := blame(variant, s.at[atKey("ep", e.Name, "tenants")], tenantsAt)
				return errorAt(at, "%sendpoints %q: tenant %q is not one of the system's tenants (have: %s)", prefix, e.Name, sh.Tenant, have)
			}
		}
		burstsAt := s.at[atKey("ep", e.Name, "bursts")]
		for i, b := range e.Bursts {
			at := append(append([]string(nil), burstsAt...), elem(i))
			if burstsAt == nil {
				at = nil
			}
			switch {
			case e.Interval > 0:
				at, prefix := blame(variant, at, s.at[atKey("ep", e.Name, "rate")])
				return errorAt(at, "%sendpoints %q: bursts change an endpoint's rate, and this one sends at a fixed interval: give it a rate instead", prefix, e.Name)
			case b.Tenant != "" && !known[b.Tenant]:
				at, prefix := blame(variant, at, tenantsAt)
				return errorAt(at, "%sendpoints %q burst %d: tenant %q is not one of the system's tenants (have: %s)", prefix, e.Name, i+1, b.Tenant, have)
			case b.Tenant != "" && b.Rate < e.Rate:
				at, prefix := blame(variant, at, s.at[atKey("ep", e.Name, "rate")])
				return errorAt(at, "%sendpoints %q burst %d: a tenant's burst adds that tenant's traffic to the endpoint's, so its rate (%v) must be at least the endpoint's (%v)", prefix, e.Name, i+1, b.Rate, e.Rate)
			}
		}
	}
	check := func(owner string, d engine.Dependency) error {
		tb := d.Policy.TenantBulkhead
		if tb == nil {
			return nil
		}
		at, prefix := blame(variant, s.at[atKey("dep", owner, d.Name, "policy")], tenantsAt)
		what := fmt.Sprintf("dependencies %q", d.Name)
		if owner != "" {
			what = fmt.Sprintf("services %q: %s", owner, what)
		}
		if len(s.Tenants) == 0 {
			return errorAt(at, "%s%s: per_tenant_bulkhead gives tenants slots of their own, so it needs the system's tenants: list them in [system] tenants = [...]", prefix, what)
		}
		for _, o := range tb.Own {
			if !known[o.Tenant] {
				return errorAt(at, "%s%s: per_tenant_bulkhead: tenant %q is not one of the system's tenants (have: %s)", prefix, what, o.Tenant, have)
			}
		}
		return nil
	}
	for _, d := range s.Dependencies {
		if err := check("", d); err != nil {
			return err
		}
	}
	for _, svc := range s.Services {
		for _, d := range svc.Dependencies {
			if err := check(svc.Name, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkServices checks what joins a service to others: the services its
// edges name, its faults' instances, and the workers of all of them.
func (c *conv) checkServices(s system, variant string) error {
	have := "none; add a [[system.services]] section"
	if len(s.Services) > 0 {
		ns := make([]string, len(s.Services))
		for i, svc := range s.Services {
			ns[i] = svc.Name
		}
		have = quotedList(ns)
	}
	edge := func(owner string, d engine.Dependency) error {
		if d.Service == "" {
			return nil
		}
		if _, ok := s.svcNames[d.Service]; ok {
			return nil
		}
		what := fmt.Sprintf("dependencies %q", d.Name)
		if owner != "" {
			what = fmt.Sprintf("services %q: %s", owner, what)
		}
		return errorAt(s.at[atKey("dep", owner, d.Name, "service")], "%s: service %q, which is not one of [[system.services]] (have: %s)", what, d.Service, have)
	}
	for _, d := range s.Dependencies {
		if err := edge("", d); err != nil {
			return err
		}
	}
	total := s.Workers
	for _, svc := range s.Services {
		for _, d := range svc.Dependencies {
			if err := edge(svc.Name, d); err != nil {
				return err
			}
		}
		n := max(1, svc.Instances)
		for i, f := range svc.Faults {
			if f.Instance != engine.AllInstances && f.Instance >= n {
				faultsAt := s.at[atKey("svc", svc.Name, "faults")]
				at := append(append([]string(nil), faultsAt...), elem(i), "instance")
				at, prefix := blame(variant, at, s.at[atKey("svc", svc.Name, "instances")])
				return errorAt(at, "%sservices %q fault %d: there is no instance %d: the service has %d, numbered 0 to %d (leave instance out for a fault of all of them)", prefix, svc.Name, i+1, f.Instance, n, n-1)
			}
		}
		total += svc.Workers * n
	}
	if total > engine.MaxWorkers {
		at, prefix := blame(variant, s.workersAt)
		return errorAt(at, "%sthe workers of [system] and of every service's instances add up to %d; at most %d are simulated", prefix, total, engine.MaxWorkers)
	}
	return nil
}

// checkServiceGraph walks the calls from [system] as the engine does
// (engine.System.validateServices): a loop, a chain deeper than
// engine.MaxDepth, or a service nobody reaches is an error, reported at the
// edge that closes the loop or goes too deep, or at the unreached service.
func (c *conv) checkServiceGraph(s system, variant string) error {
	const (
		white = iota
		grey
		black
	)
	colour := make([]int, len(s.Services))
	path := []string{"[system]"}
	var visit func(owner string, d engine.Dependency, depth int) error
	visit = func(owner string, d engine.Dependency, depth int) error {
		i := s.svcNames[d.Service]
		svc := &s.Services[i]
		at := s.at[atKey("dep", owner, d.Name, "service")]
		switch {
		case colour[i] == grey:
			return errorAt(at, "services form a loop: %s → %s (a service may not call itself, directly or through others)", strings.Join(path, " → "), svc.Name)
		case depth > engine.MaxDepth:
			return errorAt(at, "services call each other %d deep (%s → %s); at most %d hops are simulated", depth, strings.Join(path, " → "), svc.Name, engine.MaxDepth)
		case colour[i] == black:
			return nil
		}
		colour[i] = grey
		path = append(path, svc.Name)
		for _, next := range svc.Dependencies {
			if next.Service != "" {
				if err := visit(svc.Name, next, depth+1); err != nil {
					return err
				}
			}
		}
		path = path[:len(path)-1]
		colour[i] = black
		return nil
	}
	for _, d := range s.Dependencies {
		if d.Service != "" {
			if err := visit("", d, 1); err != nil {
				return err
			}
		}
	}
	for i, col := range colour {
		if col == white {
			name := s.Services[i].Name
			return errorAt(s.at[atKey("svc", name)], "services %q: nothing calls it: name it in a dependency's service = %q, of [system] or of a service [system] calls", name, name)
		}
	}
	return nil
}
