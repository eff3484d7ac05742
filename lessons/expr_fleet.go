package lessons

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The metrics of a fleet of breakers (scenario fleet-probes): a service that
// runs as several instances keeps one breaker per instance on each of its
// edges, and these count what the instances' breakers did together, read
// from the engine's per-service time series (ServiceSample.Open/HalfOpen,
// which follow the breaker on the service's Calls edge) and from the
// transitions that name the service and an instance.

func fleetMetrics() map[string]metric {
	run, svc := argRun, argService
	return map[string]metric{
		"probe-burst": {KindCount, []argKind{run, svc}, "the most instances of the service whose breaker (on the edge its requests call) was half-open at once, read from the time series",
			evalProbeBurst},
		"failed-probes": {KindCount, []argKind{run, svc}, "how many half-open rounds of the service's instances' breakers failed and opened them again, over the whole run",
			evalFailedProbes},
		"knocked-over": {KindCount, []argKind{run, svc, argTime}, "how many times, at or after a moment, one of the service's instances' breakers opened from closed (a breaker that had closed, opened again)",
			evalKnockedOver},
		"fleet-open-at": {KindCount, []argKind{run, svc, argTime}, "how many of the service's instances have their breaker (on the edge its requests call) open at a moment, half-open not counted",
			evalFleetOpenAt},
		"fleet-closed-from": {KindDuration, []argKind{run, svc}, "when the last of the service's instances' breakers closed for good: the end of the last sample in which one was open or half-open (0 if none ever was)",
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

func evalProbeBurst(c *evalCtx, a []string) (Value, error) {
	_, sv, err := c.finalService(a[0], a[1])
	if err != nil {
		return Value{}, err
	}
	var most int16
	for _, smp := range sv.Series {
		most = max(most, smp.HalfOpen)
	}
	return count(uint64(most)), nil
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
	s, sv, err := c.finalService(a[0], a[1])
	if err != nil {
		return Value{}, err
	}
	last := -1
	for k, smp := range sv.Series {
		if smp.Open+smp.HalfOpen > 0 {
			last = k
		}
	}
	return duration(s.SampleEvery * time.Duration(last+1)), nil
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
