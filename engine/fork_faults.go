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
// starts, goes on from the moment before the earliest of its faults.

// faultsUnused reports whether a dependency's faults may be faults
// instead of mine (r's) in a fork at now: each fault that differs, in
// either list, has not begun.
func faultsUnused(faults, mine []Fault, now time.Duration) bool {
	if slices.Equal(faults, mine) {
		return true
	}
	for k := range max(len(faults), len(mine)) {
		if k < len(faults) && k < len(mine) && faults[k] == mine[k] {
			continue
		}
		if k < len(faults) && faults[k].From <= now || k < len(mine) && mine[k].From <= now {
			return false
		}
	}
	return true
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
