package engine

import (
	"slices"
	"time"
)

// Forking a run into a cell whose dependencies' faults differ (issue 28):
// when the fault starts, how slow it makes the dependency, how many calls
// it fails. A fault is read only by the calls it meets (faultAt, at a
// call's start, a dial's, a snapshot's), and a call's draws of latency
// and error are the same with it or without (the traffic is drawn before
// any fault is looked at), so a fault that has not begun has changed
// nothing yet. A sweep of a fault's latency or error rate, or of when it
// starts, goes on from the moment before the earliest of its faults. Nor
// has the end of a fault under way mattered yet, but for a hang's. A
// service's faults are events, queued when the run starts: one that has
// not begun may differ in its times and its effect, with its kind and
// instance the same (so the same events, with the same sequence numbers,
// were queued), and the fork moves its events (retimeServiceFaults).

// faultsUnused reports whether a dependency's faults may be faults
// instead of mine (r's) in a fork at now: each fault that differs, in
// either list, has not begun, or it is under way in both and differs only
// in its end (underWay). A hang (or an unreachable host) is the
// exception: a call sent into it is answered when it ends, so its end has
// mattered from its start.
func faultsUnused(faults, mine []Fault, now time.Duration) bool {
	if slices.Equal(faults, mine) {
		return true
	}
	for k := range max(len(faults), len(mine)) {
		if k < len(faults) && k < len(mine) {
			f, m := faults[k], mine[k]
			if f == m {
				continue
			}
			if f.From > now && m.From > now {
				continue
			}
			f.To = m.To
			if f == m && m.Kind != Hang && m.Kind != Unreachable && underWay(faults[k].From, faults[k].To, now) && underWay(m.From, mine[k].To, now) {
				continue
			}
			return false
		}
		if k < len(faults) && faults[k].From <= now || k < len(mine) && mine[k].From <= now {
			return false
		}
	}
	return true
}

// underWay says whether a fault from `from` to `to` (0: to the end) has
// begun by now and not ended: the calls so far met it as they would
// whatever its end, which has yet to come.
func underWay(from, to, now time.Duration) bool {
	return from <= now && (to == 0 || to > now)
}

// repointDependency hands ds its configuration d of the scenario a clone
// is forked for, and the fault in force among d's (the same fault: one in
// force has begun, so faultsUnused has kept it). Where the faults differ,
// the next call works out afresh which is in force and until when.
func repointDependency(ds *dependencyState, d *Dependency) {
	if ds.fault != nil {
		for k := range ds.cfg.Faults {
			if ds.fault == &ds.cfg.Faults[k] {
				ds.fault = &d.Faults[k]
			}
		}
	}
	if !slices.Equal(ds.cfg.Faults, d.Faults) {
		ds.faultUntil = 0
	}
	ds.cfg = d
}

// serviceFaultsUnused reports whether a service's faults may be faults
// instead of mine (r's) in a fork at now: as many, and each that differs
// of the same kind on the same instances, and begun in neither, or under
// way in both and differing only in its end (not a hang, which holds its
// answers until then: evHeld).
func serviceFaultsUnused(faults, mine []ServiceFault, now time.Duration) bool {
	if len(faults) != len(mine) {
		return false
	}
	for k := range faults {
		f, m := faults[k], mine[k]
		if f == m || f.Kind == m.Kind && f.Instance == m.Instance && f.From > now && m.From > now {
			continue
		}
		f.To = m.To
		if f != m || m.Kind == InstanceHang || !underWay(m.From, faults[k].To, now) || !underWay(m.From, mine[k].To, now) {
			return false
		}
	}
	return true
}

// retimeServiceFaults moves the pending start and end events of the
// services' faults to their times in sys, r's system now (rebase), when
// some differ from was's (serviceFaultsUnused has checked them): each
// keeps its sequence number, as the fresh run queued it in the same
// place. An instance in a fault under way that ends at another time is
// in it until then.
func (r *Run) retimeServiceFaults(was *System) {
	moved := false
	for i := range r.svcs {
		ss := &r.svcs[i]
		faults, old := ss.cfg.Faults, was.Services[i].Faults
		if slices.Equal(faults, old) {
			continue
		}
		moved = true
		for k := range faults {
			from, to := r.faultEnd(&old[k]), r.faultEnd(&faults[k])
			if from == to || old[k].From > r.now {
				continue
			}
			for n := range ss.n {
				// serviceFault's own test for the fault an end is of.
				if in := &r.insts[ss.instBase+n]; in.state != InstanceUp && in.until == from {
					in.until = to
				}
			}
		}
	}
	if !moved {
		return
	}
	var all []event
	r.queue.each(func(e *event) {
		c := *e
		if c.kind == evSvcFault {
			f := &r.svcs[r.insts[c.req].svc].cfg.Faults[c.tok]
			c.at = f.From
			if !c.err { // the end (services_run.go)
				c.at = r.faultEnd(f)
			}
		}
		all = append(all, c)
	})
	r.queue.refill(all)
}

// faultEnd is when a service's fault f ends: its To, or the scenario's
// end (serviceFault's).
func (r *Run) faultEnd(f *ServiceFault) time.Duration {
	if f.To == 0 {
		return r.scenario.Duration
	}
	return f.To
}
