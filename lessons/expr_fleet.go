package lessons

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The metrics of a fleet of breakers (scenario fleet-probes): a service that
// runs as several instances keeps one breaker per instance on each of its
// edges, and these count what the instances' breakers did together, read
// from the transitions that name the service and an instance, and from the
// instances' breakers at a moment (fleet-open-at).
//
// probe-burst and fleet-closed-from replay the transitions rather than read
// the 100 ms time series: a sample sees the fleet only at its own instant,
// so it can miss a moment when one more breaker was half-open, or put the
// last closing at a sample's edge, and a learner who counts from the
// transitions (the transitions pane, `breakerlab run --format json`) must
// get the figure the lesson quotes.

func fleetMetrics() map[string]metric {
	run, svc := argRun, argService
	return map[string]metric{
		"probe-burst": {KindCount, []argKind{run, svc}, "the most instances of the service whose breaker (on the edge its requests call) was half-open at once, counted from the breakers' transitions",
			evalProbeBurst},
		"failed-probes": {KindCount, []argKind{run, svc}, "how many half-open rounds of the service's instances' breakers failed and opened them again, over the whole run",
			evalFailedProbes},
		"knocked-over": {KindCount, []argKind{run, svc, argTime}, "how many times, at or after a moment, one of the service's instances' breakers opened from closed (a breaker that had closed, opened again)",
			evalKnockedOver},
		"fleet-open-at": {KindCount, []argKind{run, svc, argTime}, "how many of the service's instances have their breaker (on the edge its requests call) open at a moment, half-open not counted",
			evalFleetOpenAt},
		"fleet-closed-from": {KindDuration, []argKind{run, svc}, "when the last of the service's instances' breakers (on the edge its requests call) closed for good: the moment of that transition (0 if none ever left closed; the run's time so far if one has not closed again)",
			evalFleetClosedFrom},
	}
}

// serviceTransitions calls f with each breaker transition of the named
// service's instances.
func serviceTransitions(c *evalCtx, a []string, f func(engine.Transition)) error {
	s, err := c.final(a[0])
	if err != nil {
		return err
	}
	if _, err := serviceOf(&s, a[1]); err != nil {
		return err
	}
	for _, tr := range s.Transitions {
		if tr.Service == a[1] {
			f(tr)
		}
	}
	return nil
}

// replayFleet replays the transitions of the breakers on the named
// service's Calls edge, one per instance, in the order the engine made them,
// and calls after with the states every instance's breaker is in once all
// the transitions of one moment are applied: several made at the same
// instant are one change of the fleet, not a passing state in between. It
// returns the snapshot it read.
func replayFleet(c *evalCtx, a []string, after func(at time.Duration, states []breaker.State)) (engine.Snapshot, error) {
	s, sv, err := c.finalService(a[0], a[1])
	if err != nil {
		return s, err
	}
	edge := sv.Calls
	for i := range sv.Dependencies {
		if sv.Dependencies[i].Name == sv.Calls {
			edge = sv.Dependencies[i].BreakerName()
		}
	}
	states := make([]breaker.State, len(sv.Instances)) // every breaker starts closed
	for i := range states {
		states[i] = breaker.Closed
	}
	trs := s.Transitions
	for i := 0; i < len(trs); {
		at := trs[i].At
		for ; i < len(trs) && trs[i].At == at; i++ {
			tr := &trs[i]
			if tr.Service == a[1] && tr.Dependency == edge && tr.Instance >= 0 && tr.Instance < len(states) {
				states[tr.Instance] = tr.To
			}
		}
		after(at, states)
	}
	return s, nil
}

func evalProbeBurst(c *evalCtx, a []string) (Value, error) {
	var most uint64
	_, err := replayFleet(c, a, func(_ time.Duration, states []breaker.State) {
		var n uint64
		for _, st := range states {
			if st == breaker.HalfOpen {
				n++
			}
		}
		most = max(most, n)
	})
	return count(most), err
}

func evalFailedProbes(c *evalCtx, a []string) (Value, error) {
	var n uint64
	err := serviceTransitions(c, a, func(tr engine.Transition) {
		if tr.From == breaker.HalfOpen && tr.To == breaker.Open {
			n++
		}
	})
	return count(n), err
}

func evalKnockedOver(c *evalCtx, a []string) (Value, error) {
	from, _ := time.ParseDuration(a[2])
	var n uint64
	err := serviceTransitions(c, a, func(tr engine.Transition) {
		if tr.From == breaker.Closed && tr.To == breaker.Open && tr.At >= from {
			n++
		}
	})
	return count(n), err
}

func evalFleetClosedFrom(c *evalCtx, a []string) (Value, error) {
	var last time.Duration
	stillOut := false
	s, err := replayFleet(c, a, func(at time.Duration, states []breaker.State) {
		out := false
		for _, st := range states {
			if st != breaker.Closed {
				out = true
			}
		}
		if stillOut && !out {
			last = at
		}
		stillOut = out
	})
	if stillOut {
		// One has not closed again yet: it is out for the whole run so far.
		last = s.Now
	}
	return duration(last), err
}

func evalFleetOpenAt(c *evalCtx, a []string) (Value, error) {
	s, err := c.at(a[0], a[2])
	if err != nil {
		return Value{}, err
	}
	sv, err := serviceOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	edge := -1
	for i := range sv.Dependencies {
		if sv.Dependencies[i].Name == sv.Calls {
			edge = i
		}
	}
	var n uint64
	for k := range sv.Instances {
		if b := sv.Instances[k].Breakers; edge >= 0 && edge < len(b) && b[edge] != nil && b[edge].State == breaker.Open {
			n++
		}
	}
	return count(n), nil
}
