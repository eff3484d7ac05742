package lessons

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The metrics of services that call services (engine/services.go): what a
// lesson quotes about a hop of a chain, read from the engine's
// ServiceSnapshot, and about an edge anywhere in the chain. They are kept
// apart from expr.go so that file's catalogue stays one screen of the
// front service's metrics; expr.go's init adds these to the catalogue.

// argService is a service of the chain, or "front" for the front service
// where a metric allows it; the name is checked when it is evaluated.
const argService argKind = 64

// frontName is what a lesson writes for the front service, which has no
// name of its own in a snapshot (the chain pane calls it the same).
const frontName = "front"

func serviceMetrics() map[string]metric {
	argNames[argService] = "SERVICE"
	counter := func(get func(*engine.ServiceSnapshot) uint64) func(*evalCtx, []string) (Value, error) {
		return func(c *evalCtx, a []string) (Value, error) {
			_, sv, err := c.finalService(a[0], a[1])
			if err != nil {
				return Value{}, err
			}
			return count(get(sv)), nil
		}
	}
	edgeCounter := func(get func(*engine.DependencySnapshot) uint64) func(*evalCtx, []string) (Value, error) {
		return func(c *evalCtx, a []string) (Value, error) {
			s, err := c.final(a[0])
			if err != nil {
				return Value{}, err
			}
			d, err := edgeOf(&s, a[1])
			if err != nil {
				return Value{}, err
			}
			return count(get(d)), nil
		}
	}
	run, svc, dep := argRun, argService, argDep
	return map[string]metric{
		"service-arrived": {KindCount, []argKind{run, svc}, "the calls that reached the service, over the whole run",
			counter(func(s *engine.ServiceSnapshot) uint64 { return s.Arrived })},
		"service-answered": {KindCount, []argKind{run, svc, argOutcome}, "the calls the service answered with the outcomes, over the whole run (failed: an error or a deadline that passed; rejected: its queue full, shed or down)",
			evalServiceAnswered},
		"service-busy-max": {KindCount, []argKind{run, svc}, "the most of the service's workers busy at once (summed over its instances)",
			counter(func(s *engine.ServiceSnapshot) uint64 { return uint64(s.BusyMax) })},
		"service-queued-max": {KindCount, []argKind{run, svc}, "the most calls waiting in the service's accept queue at once",
			counter(func(s *engine.ServiceSnapshot) uint64 { return uint64(s.QueuedMax) })},
		"service-busy-at": {KindCount, []argKind{run, svc, argTime}, "the service's workers busy at a moment",
			evalServiceBusyAt},
		"service-abandoned": {KindCount, []argKind{run, svc}, "the calls the service finished for a caller that had given up (no cancellation reached it), over the whole run",
			counter(func(s *engine.ServiceSnapshot) uint64 { return s.AbandonedWork })},
		"service-abandoned-at": {KindCount, []argKind{run, svc, argTime}, "the calls the services (one, or several joined by +) had finished for a caller that had given up, by a moment: what the chain pane's abandoned work counts then, summed over every service",
			evalServiceAbandonedAt},
		"service-wasted": {KindDuration, []argKind{run, svc}, "the worker time the service spent on calls finished for callers that had given up, over the whole run",
			evalServiceWasted},
		"service-wasted-share": {KindFraction, []argKind{run, svc}, "service-wasted as a share of the worker time the service's pool has in the measurement window (workers × window)",
			evalServiceWastedShare},
		"service-cancelled": {KindCount, []argKind{run, svc}, "the calls whose caller's cancellation reached the service and stopped their work, over the whole run",
			counter(func(s *engine.ServiceSnapshot) uint64 { return s.Cancelled })},
		"service-expired": {KindCount, []argKind{run, svc}, "the calls the service dropped from its queue because their deadline had passed, over the whole run",
			counter(func(s *engine.ServiceSnapshot) uint64 { return s.ExpiredInQueue })},
		"full-from": {KindDuration, []argKind{run, svc, argTime}, "when the service's pool (front: the front service's) is first seen full at or after a moment, read from the time series",
			evalFullFrom},
		"edge-calls": {KindCount, []argKind{run, dep}, "the attempts that went out on a call edge anywhere in the chain (DEPENDENCY, or CALLER/DEPENDENCY when the name is not unique), over the whole run",
			edgeCounter(func(d *engine.DependencySnapshot) uint64 { return d.Calls })},
		"edge-inflight-max": {KindCount, []argKind{run, dep}, "the most calls in flight at once on a call edge anywhere in the chain, abandoned ones included, over the whole run",
			edgeCounter(func(d *engine.DependencySnapshot) uint64 { return uint64(d.InFlightMax) })},
		"edge-deadline-exceeded": {KindCount, []argKind{run, dep}, "the calls an edge never sent because the request's propagated deadline had already run out, over the whole run",
			edgeCounter(func(d *engine.DependencySnapshot) uint64 { return d.DeadlineExceeded })},
		"edge-deadline-timeouts": {KindCount, []argKind{run, dep}, "the attempts on a call edge anywhere in the chain that timed out at the propagated deadline: the hop's timeout had been cut to what was left of it, less the margin, and that shorter timeout fired (not the hop's own timeout), over the whole run",
			edgeCounter(func(d *engine.DependencySnapshot) uint64 { return d.DeadlineTimeouts })},
		"edge-cancelled": {KindCount, []argKind{run, dep}, "the calls to a plain dependency (a database) that it stopped working on because the caller gave up along an edge that propagates cancellation, over the whole run (a service's are service-cancelled)",
			edgeCounter(func(d *engine.DependencySnapshot) uint64 { return d.Cancelled })},
	}
}

// serviceOf finds a service of the snapshot by name.
// finalService is run's final snapshot and, in it, the service name (or
// the front's), for the many metrics that read one service.
func (c *evalCtx) finalService(run, name string) (engine.Snapshot, *engine.ServiceSnapshot, error) {
	s, err := c.final(run)
	if err != nil {
		return s, nil, err
	}
	sv, err := serviceOf(&s, name)
	return s, sv, err
}

func serviceOf(s *engine.Snapshot, name string) (*engine.ServiceSnapshot, error) {
	for i := range s.Services {
		if s.Services[i].Name == name {
			return &s.Services[i], nil
		}
	}
	if len(s.Services) == 0 {
		return nil, fmt.Errorf("%s has no services (its dependencies call nothing further)", s.Scenario)
	}
	var names []string
	for _, sv := range s.Services {
		names = append(names, sv.Name)
	}
	return nil, fmt.Errorf("%s has no service %q (it has: %s)", s.Scenario, name, strings.Join(names, ", "))
}

// edgeOf finds a call edge anywhere in the chain: the front's dependencies
// and every service's. A name two callers use must be written
// CALLER/DEPENDENCY ("front" for the front service's own).
func edgeOf(s *engine.Snapshot, name string) (*engine.DependencySnapshot, error) {
	caller, dep, qualified := strings.Cut(name, "/")
	var found []*engine.DependencySnapshot
	var all []string
	look := func(who string, deps []engine.DependencySnapshot) {
		for i := range deps {
			all = append(all, who+"/"+deps[i].Name)
			if qualified && who == caller && deps[i].Name == dep || !qualified && deps[i].Name == name {
				found = append(found, &deps[i])
			}
		}
	}
	look(frontName, s.Dependencies)
	for i := range s.Services {
		look(s.Services[i].Name, s.Services[i].Dependencies)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, fmt.Errorf("%s has no call edge %q (it has: %s)", s.Scenario, name, strings.Join(all, ", "))
	}
	return nil, fmt.Errorf("in %s more than one caller has an edge %q: write CALLER/%s (the edges: %s)", s.Scenario, name, name, strings.Join(all, ", "))
}

func evalServiceAnswered(c *evalCtx, a []string) (Value, error) {
	_, sv, err := c.finalService(a[0], a[1])
	if err != nil {
		return Value{}, err
	}
	var n uint64
	for _, o := range outcomesOf(a[2]) {
		n += sv.Answered[o]
	}
	return count(n), nil
}

func evalServiceBusyAt(c *evalCtx, a []string) (Value, error) {
	s, err := c.at(a[0], a[2])
	if err != nil {
		return Value{}, err
	}
	if a[1] == frontName {
		return count(uint64(s.Busy)), nil
	}
	sv, err := serviceOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return count(uint64(sv.Busy)), nil
}

// evalServiceAbandonedAt reads the services' abandoned work at a moment,
// summed over the services named (inventory+orders), as the chain pane
// sums it over the chain: a step that pauses before its run ends quotes
// what the pane shows there, not the whole run's count.
func evalServiceAbandonedAt(c *evalCtx, a []string) (Value, error) {
	s, err := c.at(a[0], a[2])
	if err != nil {
		return Value{}, err
	}
	var n uint64
	for _, name := range strings.Split(a[1], "+") {
		sv, err := serviceOf(&s, name)
		if err != nil {
			return Value{}, err
		}
		n += sv.AbandonedWork
	}
	return count(n), nil
}

func evalServiceWasted(c *evalCtx, a []string) (Value, error) {
	_, sv, err := c.finalService(a[0], a[1])
	if err != nil {
		return Value{}, err
	}
	return duration(sv.WastedWork), nil
}

// evalServiceWastedShare sets the wasted worker time beside what the pool
// could give in the window: in the built-in scenarios the window is the
// fault, and the waste happens during it, so the share reads as "of its
// workers' time during the fault".
func evalServiceWastedShare(c *evalCtx, a []string) (Value, error) {
	s, sv, err := c.finalService(a[0], a[1])
	if err != nil {
		return Value{}, err
	}
	window := s.MeasureTo - s.MeasureFrom
	workers := sv.Workers * max(len(sv.Instances), 1)
	if window <= 0 || workers <= 0 {
		return Value{}, fmt.Errorf("%s has no measurement window or no workers to compare with", a[1])
	}
	return fraction(sv.WastedWork.Seconds() / (float64(workers) * window.Seconds())), nil
}

// evalFullFrom reads the pool's busy workers at the end of each time-series
// sample, as the chain pane does for "full since": the first sample ending
// after the moment with every worker busy.
func evalFullFrom(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	from, _ := time.ParseDuration(a[2])
	var n, workers int
	var busyAt func(k int) int32
	if a[1] == frontName {
		workers = s.Workers
		n = -1
		for i := range s.Endpoints {
			if l := len(s.Endpoints[i].Series); n < 0 || l < n {
				n = l
			}
		}
		busyAt = func(k int) int32 {
			var b int32
			for i := range s.Endpoints {
				b += s.Endpoints[i].Series[k].Busy
			}
			return b
		}
	} else {
		sv, err := serviceOf(&s, a[1])
		if err != nil {
			return Value{}, err
		}
		workers = sv.Workers * max(len(sv.Instances), 1)
		n = len(sv.Series)
		busyAt = func(k int) int32 { return sv.Series[k].Busy }
	}
	every := s.SampleEvery
	if every <= 0 || workers <= 0 {
		return Value{}, fmt.Errorf("%s has no time series to read", a[0])
	}
	for k := 0; k < n; k++ {
		end := time.Duration(k+1) * every
		if end > from && int(busyAt(k)) >= workers {
			return duration(end), nil
		}
	}
	return Value{}, fmt.Errorf("in %s the pool of %s is never full after %s", a[0], a[1], a[2])
}

// readServiceParam reads a parameter of a service of the chain, or of a
// service's own dependency, with the keys param reads on the front:
// SERVICE.workers, queue, instances, work; and DEPENDENCY.KEY for a
// dependency of a service (the first service that has one of that name),
// which the front's dependencies do not shadow. ok is false when the key
// names neither.
func readServiceParam(sc *engine.Scenario, sys *engine.System, head, rest string) (v Value, ok bool, err error) {
	for i := range sys.Services {
		s := &sys.Services[i]
		if s.Name != head {
			continue
		}
		switch rest {
		case "workers":
			return count(uint64(s.Workers)), true, nil
		case "queue":
			return number(float64(s.Queue)), true, nil
		case "instances":
			return count(uint64(max(s.Instances, 1))), true, nil
		case "work":
			return duration(s.Work.Expected()), true, nil
		case "fault.from", "fault.to":
			// The first fault, as the override of the same key sets it.
			if len(s.Faults) == 0 {
				return Value{}, true, fmt.Errorf("service %q has no fault", s.Name)
			}
			if rest == "fault.from" {
				return duration(s.Faults[0].From), true, nil
			}
			return duration(s.Faults[0].To), true, nil
		}
	}
	for _, d := range sys.Dependencies {
		if d.Name == head {
			return Value{}, false, nil
		}
	}
	// A service's dependency written bare, as findKnob reads one
	// (bareEdgeKnob): the one of that name; where two services have one,
	// refused, not read as the first's.
	var found []knobAt
	for i := range sys.Services {
		s := &sys.Services[i]
		for j := range s.Dependencies {
			if d := &s.Dependencies[j]; d.Name == head {
				found = append(found, knobAt{part: edgePart, svc: s, dep: d, key: rest})
			}
		}
	}
	switch len(found) {
	case 0:
		return Value{}, false, nil
	case 1:
		one := engine.System{Dependencies: []engine.Dependency{*found[0].dep}}
		v, err := readParam(sc, &one, head+"."+rest)
		return v, true, err
	}
	return Value{}, true, ambiguousEdge(head+"."+rest, found)
}
