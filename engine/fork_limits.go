package engine

import (
	"reflect"
	"time"

	"github.com/breakerlab/breakerlab/engine/shed"
)

// Forking runs with the front service's limits (issue 28): tenants, their
// bursts, load shedding at the front and per-tenant bulkheads. CloneInto
// copies their state (cloneLimits*), and a fork may change two more knobs
// while they have not mattered:
//   - a per-tenant bulkhead's slots, when no call has yet found its
//     tenant's own slots full (spilled) and no tenant has held more of its
//     own at once (ownMax) than the new sizes give it: every call would
//     have found an own slot with the new sizes too, and the overflow has
//     never been used;
//   - load shedding's bounds, when the new ones would have decided every
//     arrival the shedder has judged (one that found every worker busy) as
//     the old ones did: each class's admitted waits within its new bound
//     and its shed waits past it (shed.Shedder.DecidedAlike; none judged,
//     nothing decided). The waits judged are the same in both runs: its
//     service-time estimate follows every finished request whatever the
//     bounds, so the signal and the estimate's start must be the same, and
//     once an arrival has found every worker busy the workers are too.
//
// The accept queue's bound forks the same way (a cap not reached has not
// mattered): it decides only whether an arrival that finds every worker
// busy may wait, and a new bound decides every such arrival so far as the
// old one did when each that waited found the queue shorter than it
// (queueNeeded) and each turned away found the queue at least as long
// (queueRefusedMin); an unbounded queue turns none away, and no queue
// (0) lets none wait (queueUnused).

// firstBurst is when the first burst of variant v's endpoints starts
// (noArrival: none): before it every cell sends its usual traffic, so a
// sweep's runs may share a prefix up to it (ForkAt).
func firstBurst(sys *System) time.Duration {
	first := noArrival
	for i := range sys.Endpoints {
		for _, b := range sys.Endpoints[i].Bursts {
			first = min(first, b.From)
		}
	}
	return first
}

// tenantBulkheadUnused reports whether the per-tenant bulkhead of policy p
// (a copy, of the cell's scenario) differs from r's mine only in sizes
// that have not mattered in ds so far; if so it hands p r's, so that the
// comparison of the whole system that follows sees them equal.
func tenantBulkheadUnused(sys *System, p, mine *Policy, ds *dependencyState) bool {
	nb, ob := p.TenantBulkhead, mine.TenantBulkhead
	// Equal sizes in two cells' scenarios are two copies, not one: the
	// sizes are compared, not the pointers (a cell of the same column as
	// a run whose bulkhead spilled forks from it when only another knob
	// differs).
	if nb == ob || nb == nil || ob == nil || ds.tenantBH == nil || reflect.DeepEqual(nb, ob) {
		return true // equal, or left to the comparison (one without: refused)
	}
	b := ds.tenantBH
	if b.spilled {
		return false
	}
	var sized tenantBulkhead
	sized.size(sys, nb)
	for t := range b.ownMax {
		if b.ownMax[t] > sized.ownCap[t] {
			return false
		}
	}
	p.TenantBulkhead = ob
	return true
}

// shedUnused hands same (a copy of the cell's system) r's load shedding
// when the two differ only in bounds that would have decided alike so far.
func (r *Run) shedUnused(same *System) {
	ns, os := same.Shed, r.sys.Shed
	if ns == nil || os == nil || ns == os || ns.Signal != os.Signal || ns.ServiceTime != os.ServiceTime || ns.Workers != os.Workers ||
		!r.frontShed.sh.DecidedAlike(ns.MaxWait) {
		return // equal, or left to the comparison
	}
	c := *ns
	c.Workers = same.Workers
	if c.Validate() != nil {
		return
	}
	same.Shed = os
}

// cloneLimitsInto copies r's front-service limits into dst, which CloneInto
// has just made a copy of r's scalars: its pointers are still r's. Their
// memory is taken from the limits dst had before (was).
func (r *Run) cloneLimitsInto(dst *Run, wasShed *serverShed, wasTenants []tenantState, compact bool) {
	// Each tenant's time series is copied too: appended to by the fork, a
	// shared one would be written by every fork of r into the same array.
	var oldSeries [MaxTenants][]TenantSample
	for i := range min(len(wasTenants), MaxTenants) {
		oldSeries[i] = wasTenants[i].series
	}
	dst.tenants = cloneInto(wasTenants, r.tenants)
	for i := range dst.tenants {
		var buf []TenantSample
		if i < MaxTenants {
			buf = oldSeries[i]
		}
		dst.tenants[i].series = cloneSized(buf, r.tenants[i].series, compact, r.samples()+1)
	}
	dst.linkTenants() // *dst = *r copied r's pointers
	dst.frontShed = nil
	if src := r.frontShed; src != nil {
		s := wasShed
		if s == nil {
			s = new(serverShed)
		}
		sh := s.sh
		if sh == nil {
			sh = new(shed.Shedder)
		}
		*sh = *src.sh
		*s = *src
		s.sh = sh
		dst.frontShed = s
	}
}

// cloneTenancy copies an endpoint's tenant draws into t's memory (a new
// one when nil); the bursts and their tenants are read only, and shared.
func cloneTenancy(t, src *tenancy) *tenancy {
	if src == nil {
		return nil
	}
	if t == nil {
		t = new(tenancy)
	}
	rng := t.rng
	*t = *src
	t.rng = cloneStream(rng, src.rng)
	return t
}

// cloneTenantBulkhead copies a per-tenant bulkhead (fixed arrays) into b's
// memory (a new one when nil).
func cloneTenantBulkhead(b, src *tenantBulkhead) *tenantBulkhead {
	if src == nil {
		return nil
	}
	if b == nil {
		b = new(tenantBulkhead)
	}
	*b = *src
	return b
}

// rebaseLimits hands the limits of a clone the system sys it is forked for
// (knobsUnused has checked that what changed has not mattered): the
// shedder's bounds and workers, the per-tenant bulkheads' sizes, and the
// bursts the endpoints read, which are equal to r's but sys's own.
func (r *Run) rebaseLimits(sys *System) {
	if r.frontShed != nil {
		c := *sys.Shed
		c.Workers = sys.Workers
		_ = r.frontShed.sh.Reconfigure(c) // shedUnused validated it
	}
	for i := range sys.Endpoints {
		es, e := &r.endpoints[i], &sys.Endpoints[i]
		if es.bursts != nil {
			es.bursts = e.Bursts
		}
		if es.tenancy != nil {
			es.tenancy.bursts = e.Bursts
		}
	}
	for i := range sys.Dependencies {
		if ds := &r.dependencies[i]; ds.tenantBH != nil {
			ds.tenantBH.size(sys, sys.Dependencies[i].Policy.TenantBulkhead)
		}
	}
}

// queueUnused reports whether the front's accept queue may be bounded by q
// (QueueUnbounded, 0 for none, or a length) in a fork of r: every arrival
// that found every worker busy so far would have waited, or been turned
// away, under q as it was under r's bound.
func (r *Run) queueUnused(q int) bool {
	if q == QueueUnbounded {
		return !r.queueRefused
	}
	if r.queueRefused && r.queueRefusedMin < q {
		return false
	}
	return r.queueNeeded <= q
}
