package engine

import (
	"slices"
	"time"

	"github.com/breakerlab/breakerlab/engine/shed"
)

// Forking runs with services (issue 28). CloneInto copies the services'
// state (cloneServicesInto): their records, instances (each with its
// accept queue, random stream and load shedder) and the links of the
// chains of calls; their edges are dependencies and copied with the
// front's. A service's knobs may differ in a fork: its number of
// workers, when no call has yet found every worker of one of its
// instances busy (lacked) and no instance has had more busy at once than
// the new number: each call would have found a free worker, and no
// shedder, which judges only calls that would queue, was asked. Its
// queue's bound may differ too, as the front's (fork_limits.go): when
// every call that found the workers busy and queued found fewer queued
// than the new bound (queuedMax), and each turned away for want of room
// found at least as many (roomMin). Its load shedding's bounds may differ
// when each instance's shedder would have decided alike under them
// (serviceShedUnused), and so may its faults that have not begun
// (fork_faults.go). A service's edges may differ in their
// timeouts, breakers, rate limiters, retries' attempts and bulkheads'
// waits too, when no instance has needed them (edgesUnused). Every other
// difference inside a service is refused by knobsUnused's comparison.

// servicesUnused hands same (a copy of the cell's system) r's services
// where they differ only in workers that have not mattered; same's
// Services is its own copy then.
func (r *Run) servicesUnused(same *System, tv *timeoutView) bool {
	if len(same.Services) != len(r.sys.Services) {
		return false
	}
	copied := false
	// own makes same's Services its own before one is changed.
	own := func() {
		if !copied {
			same.Services = append([]Service(nil), same.Services...)
			copied = true
		}
	}
	for i := range same.Services {
		if faults, mine := same.Services[i].Faults, r.sys.Services[i].Faults; !slices.Equal(faults, mine) {
			if !serviceFaultsUnused(faults, mine, r.now) { // fork_faults.go
				return false
			}
			own()
			same.Services[i].Faults = mine
		}
		if ns, mine := same.Services[i].Shed, r.sys.Services[i].Shed; ns != mine && ns != nil && mine != nil && *ns != *mine {
			if i >= len(r.svcs) || !r.serviceShedUnused(&r.svcs[i], ns, mine, same.Services[i].Workers) {
				return false
			}
			own()
			same.Services[i].Shed = mine
		}
		if q, mine := same.Services[i].Queue, r.sys.Services[i].Queue; q != mine {
			if i >= len(r.svcs) || !r.serviceQueueUnused(&r.svcs[i], q) {
				return false
			}
			own()
			same.Services[i].Queue = mine
		}
		w, mine := same.Services[i].Workers, r.sys.Services[i].Workers
		if w == mine {
			continue
		}
		if w <= 0 || mine <= 0 || i >= len(r.svcs) {
			return false
		}
		ss := &r.svcs[i]
		for gi := ss.instBase; gi < ss.instBase+ss.n; gi++ {
			if in := &r.insts[gi]; in.lacked || in.busyMax > w {
				return false
			}
		}
		if s := same.Services[i].Shed; s != nil {
			c := *s
			c.Workers = w
			if c.Validate() != nil {
				return false
			}
		}
		own()
		same.Services[i].Workers = mine
	}
	return r.edgesUnused(same, copied, tv)
}

// serviceShedUnused reports whether service ss's instances may shed by
// ns instead of mine (r's) in a fork of r, the service having workers
// workers there: the two differ only in their bounds, and each instance's
// shedder would have taken every decision it has taken so far under the
// new ones (shed.Shedder.DecidedAlike), as the front's does
// (fork_limits.go's shedUnused). rebaseServices reconfigures them.
func (r *Run) serviceShedUnused(ss *svcState, ns, mine *ShedPolicy, workers int) bool {
	if ns.Signal != mine.Signal || ns.ServiceTime != mine.ServiceTime || ns.Workers != mine.Workers {
		return false
	}
	c := *ns
	c.Workers = workers
	if c.Validate() != nil {
		return false
	}
	for gi := ss.instBase; gi < ss.instBase+ss.n; gi++ {
		if sh := r.insts[gi].shedder; sh == nil || !sh.DecidedAlike(ns.MaxWait) {
			return false
		}
	}
	return true
}

// serviceQueueUnused reports whether service ss's queue may be bounded by
// q (QueueUnbounded, 0 for none, or a length) in a fork of r: every call
// that found an instance's workers busy so far would have queued, or been
// turned away, under q as it was under r's bound; and one that found room
// and was then judged instead (an error fault, the shedder: roomFound)
// would have found room under q too.
func (r *Run) serviceQueueUnused(ss *svcState, q int) bool {
	for gi := ss.instBase; gi < ss.instBase+ss.n; gi++ {
		in := &r.insts[gi]
		switch {
		case q == QueueUnbounded && in.roomRefused:
			return false
		case q != QueueUnbounded && (in.queuedMax > q || in.roomFound > q || in.roomRefused && in.roomMin < q):
			return false
		}
	}
	return true
}

// edgesUnused hands same (a copy of the cell's system, whose Services are
// its own when copied) r's timeouts, breakers, rate limiters, retries'
// attempts, bulkheads' waits and queues and faults on the services' edges
// where they differ only in settings no instance has needed:
// timeoutUnused (fork_timeouts.go), policiesUnused (fork_policies.go), a
// bulkhead no call has found full (fork.go) for each instance's edge, and
// faults not begun (fork_faults.go).
func (r *Run) edgesUnused(same *System, copied bool, tv *timeoutView) bool {
	for i := range same.Services {
		deps, mine := same.Services[i].Dependencies, r.sys.Services[i].Dependencies
		if len(deps) != len(mine) {
			return false
		}
		ss := &r.svcs[i]
		own := false
		for j := range deps {
			p, was := deps[j].Policy, &mine[j].Policy
			timeout := p.Timeout != was.Timeout
			policies := p.Breaker != nil && was.Breaker != nil && *p.Breaker != *was.Breaker ||
				p.RateLimiter != nil && was.RateLimiter != nil && *p.RateLimiter != *was.RateLimiter ||
				p.Retry != nil && was.Retry != nil && *p.Retry != *was.Retry
			waits := p.BulkheadWait != was.BulkheadWait || p.BulkheadQueue != was.BulkheadQueue
			faults := !slices.Equal(deps[j].Faults, mine[j].Faults)
			if !timeout && !policies && !waits && !faults {
				continue
			}
			if faults && !faultsUnused(deps[j].Faults, mine[j].Faults, r.now) { // fork_faults.go
				return false
			}
			for k := range ss.n {
				e := ss.depBase + k*ss.nDeps + j
				if timeout && !r.timeoutUnused(e, p.Timeout, tv) {
					return false
				}
				if c := p; policies && !policiesUnused(&c, was, &r.dependencies[e], r.insts[ss.instBase+k].restarts > 0) {
					return false
				}
				if waits && r.dependencies[e].bulkheadBound { // fork.go: read only for a call that found it full
					return false
				}
			}
			if !copied {
				same.Services = append([]Service(nil), same.Services...)
				copied = true
			}
			if !own {
				same.Services[i].Dependencies = append([]Dependency(nil), deps...)
				own = true
			}
			same.Services[i].Dependencies[j].Faults = mine[j].Faults
			q := &same.Services[i].Dependencies[j].Policy
			q.Timeout, q.BulkheadWait, q.BulkheadQueue = was.Timeout, was.BulkheadWait, was.BulkheadQueue
			if policies {
				q.Breaker, q.RateLimiter, q.Retry = was.Breaker, was.RateLimiter, was.Retry
			}
		}
	}
	return true
}

// cloneServicesInto copies r's services into dst, which CloneInto has
// just made a copy of r's scalars, taking memory from the buffers dst had
// (was*).
func (r *Run) cloneServicesInto(dst *Run, wasSvcs []svcState, wasOrder []int, wasInsts []instState, wasLinks []link, compact bool) {
	dst.svcOrder = cloneInto(wasOrder, r.svcOrder)
	dst.links = cloneArray(wasLinks, r.links, compact)
	dst.svcs, dst.insts = nil, nil
	if r.svcs != nil {
		n := len(r.svcs)
		dst.svcs = reuseBuf(wasSvcs, cap(r.svcs))[:n]
		for i := range r.svcs {
			src, d := &r.svcs[i], &dst.svcs[i]
			series := d.series
			*d = *src
			d.series = cloneSized(series, src.series, compact, r.samples())
		}
	}
	dst.linkSvcs() // *dst = *r copied r's pointers
	if r.insts != nil {
		n := len(r.insts)
		dst.insts = reuseBuf(wasInsts, cap(r.insts))[:n]
		for i := range r.insts {
			src, d := &r.insts[i], &dst.insts[i]
			accept, rng, errRng, sh := d.accept, d.rng, d.errRng, d.shedder
			*d = *src
			d.accept = cloneRing(accept, src.accept)
			d.rng = cloneStream(rng, src.rng)
			d.errRng = cloneStream(errRng, src.errRng) // a failing instance's draws
			d.shedder = nil
			if src.shedder != nil {
				if sh == nil {
					sh = new(shed.Shedder)
				}
				*sh = *src.shedder
				d.shedder = sh
			}
		}
	}
}

// servicesFootprint is footprint's count of the services' arrays
// (cloneServicesInto): the services and their series, the instances and
// their accept queues, and the links of the request slots.
func (r *Run) servicesFootprint(compact bool) int {
	n := bytesOf(r.svcs) + bytesOf(r.svcOrder) + bytesOf(r.insts) + bytesAtLength(r.links, compact)
	for i := range r.svcs {
		n += bytesSized(r.svcs[i].series, compact, r.samples())
	}
	for i := range r.insts {
		in := &r.insts[i]
		n += bytesOf(in.accept.ids) + bytesOf(in.accept.stamps)
	}
	return n
}

// edgeOwner names the service and instance whose edge ds is ("", 0: the
// front service's), as its breaker reports them in transitions.
func (r *Run) edgeOwner(ds *dependencyState) (string, int) {
	if ds.inst == 0 || ds.inst >= len(r.insts) {
		return "", 0
	}
	in := &r.insts[ds.inst]
	return r.svcs[in.svc].cfg.Name, in.k
}

// rebaseServices hands a clone's services the system sys it is forked
// for: their configurations, their edges' (and the faults in force, and
// their timeouts: retime), and each instance's workers and shedder for its
// service's new size.
func (r *Run) rebaseServices(sys *System, shifts *[]time.Duration) {
	for i := range r.svcs {
		ss := &r.svcs[i]
		s := &sys.Services[i]
		ss.cfg = s
		for k := range ss.n {
			in := &r.insts[ss.instBase+k]
			in.workers, in.queueCap = s.Workers, s.Queue
			if in.shedder != nil {
				c := *s.Shed
				c.Workers = s.Workers
				_ = in.shedder.Reconfigure(c) // servicesUnused validated it
			}
			for j := range s.Dependencies {
				e := ss.depBase + k*ss.nDeps + j
				rebasePolicies(&r.dependencies[e], &s.Dependencies[j]) // fork_policies.go
				repointDependency(&r.dependencies[e], &s.Dependencies[j])
				r.retime(e, s.Dependencies[j].Policy.Timeout, shifts) // fork_timeouts.go
			}
		}
	}
}

// firstServiceFault is when the first fault of sys's services or of their
// dependencies starts (noArrival: none), for ForkAt.
func firstServiceFault(sys *System) time.Duration {
	first := noArrival
	for i := range sys.Services {
		s := &sys.Services[i]
		for _, f := range s.Faults {
			first = min(first, f.From)
		}
		for _, d := range s.Dependencies {
			for _, f := range d.Faults {
				first = min(first, f.From)
			}
		}
	}
	return first
}
