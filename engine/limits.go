package engine

import (
	"fmt"

	"github.com/breakerlab/breakerlab/engine/shed"
)

// Setting up and reporting issue 14's limits at the front service: the
// rate limiter layer (ratelimitlayer.go), load shedding (shedding.go) and
// tenants (tenants.go). Run.init and Run.Snapshot call these through one
// marked line each, so that a run without any of them is set up and
// reported exactly as before.

// initDependencyLimits sets up a dependency's rate limiter and per-tenant
// bulkhead, after its layers are known and before canGoFast looks at them.
func (r *Run) initDependencyLimits(ds *dependencyState, d *Dependency) error {
	ds.rateLimiterAt = -1
	for at, l := range ds.layers {
		if l == LayerRateLimiter {
			ds.rateLimiterAt = at
		}
	}
	if p := d.Policy.RateLimiter; p != nil {
		lim, err := newLimiter(p)
		if err != nil {
			return fmt.Errorf("dependency %q: ratelimiter: %w", d.Name, err)
		}
		ds.limiter = lim
	}
	if tb := d.Policy.TenantBulkhead; tb != nil {
		ds.tenantBH = newTenantBulkhead(r.sys, tb)
	}
	return nil
}

// initFrontLimits sets up the front service's load shedding and tenant
// records, once the endpoints and dependencies are.
func (r *Run) initFrontLimits() error {
	if p := r.sys.Shed; p != nil {
		s, err := newServerShed(p, r.sys.Workers)
		if err != nil {
			return fmt.Errorf("shed: %w", err)
		}
		r.frontShed = s
	}
	if n := len(r.sys.Tenants); n > 0 {
		r.tenants = make([]tenantState, n)
		samples := r.samples()
		for k := range r.tenants {
			r.tenants[k].series = make([]TenantSample, 0, samples+1)
		}
		r.linkTenants()
	}
	if r.frontShed != nil && r.frontShed.estimates {
		// The fast path (fastpath.go) answers the client and frees the
		// worker in one step of its own, which counts a tenant's outcome
		// (answerFast) but does not tell the shedder the service time:
		// a run whose shedder estimates the wait from it takes the
		// pipeline, whose results the fast path's equal anyway.
		for i := range r.dependencies {
			r.dependencies[i].fast = false
		}
	}
	return nil
}

// snapshotLimits adds the limits' state and counts to a snapshot.
func (r *Run) snapshotLimits(s *Snapshot) {
	if r.frontShed != nil {
		for c := range s.Shed {
			s.Shed[c] = r.frontShed.sh.Stats(shed.Class(c)).Shed
		}
	}
	// Each dependency's rate limiter and per-tenant bulkhead are in its
	// snapshot (dependencySnapshot).
	if len(r.tenants) > 0 {
		s.Tenants = make([]TenantSnapshot, len(r.tenants))
		for k := range r.tenants {
			ts := &r.tenants[k]
			s.Tenants[k] = TenantSnapshot{Name: r.sys.Tenants[k], Arrived: ts.arrived, WindowArrived: ts.windowArrived,
				Total: ts.total, Window: ts.window, Limited: ts.limited, Series: ts.series[:len(ts.series):len(ts.series)]}
		}
	}
}
