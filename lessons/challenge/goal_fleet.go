package challenge

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
)

// The goals of a fleet: a service that runs as several instances keeps a
// breaker per instance on each of its edges, and its callers spread their
// calls over its instances by a balancer. These metrics read what the
// engine recorded of the fleet (the transitions that name a service and an
// instance, each instance's arrivals), as the lessons' fleet metrics do
// (lessons/expr_fleet.go), for one run, so each can be checked against the
// transitions and counts `breakerlab run --format json` prints.

// addFleetMetrics adds the fleet's metrics to the catalogue.
func addFleetMetrics(m map[string]metricDef) {
	transitions := func(help string, inWindow bool, from, to breaker.State) metricDef {
		return metricDef{kind: lessons.KindCount, usage: "SERVICE", min: 1, max: 1, help: help,
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				if _, err := serviceOf(o.snap, a[0]); err != nil {
					return lessons.Value{}, false, err
				}
				// Every transition counts, or only the window's.
				first, end := time.Duration(0), time.Duration(math.MaxInt64)
				if inWindow {
					first, end = o.window()
				}
				var n uint64
				for _, tr := range o.snap.Transitions {
					if tr.Service != a[0] || tr.From != from || tr.To != to {
						continue
					}
					if tr.At < first || tr.At >= end {
						continue
					}
					n++
				}
				return count(n), true, nil
			}}
	}
	m["failed-probes"] = transitions("how many half-open rounds of the service's instances' breakers failed and opened them again, over the whole run", false, breaker.HalfOpen, breaker.Open)
	m["knocked-over"] = transitions("how many times, in the measurement window, one of the service's instances' breakers opened from closed", true, breaker.Closed, breaker.Open)
	m["half-open-max"] = metricDef{kind: lessons.KindCount, usage: "SERVICE", min: 1, max: 1,
		help: "the most of the service's instances whose breaker (on the edge its requests call) was half-open at one moment, from the transitions",
		eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
			s, err := serviceOf(o.snap, a[0])
			if err != nil {
				return lessons.Value{}, false, err
			}
			// The transitions are in the order they happened: count the
			// instances half-open after each one.
			var now, most int
			for _, tr := range o.snap.Transitions {
				if tr.Service != s.Name || tr.Dependency != s.Calls {
					continue
				}
				if tr.To == breaker.HalfOpen {
					now++
				}
				if tr.From == breaker.HalfOpen {
					now--
				}
				most = max(most, now)
			}
			return count(uint64(most)), true, nil
		}}
	m["instance-calls"] = metricDef{kind: lessons.KindCount, usage: "SERVICE INSTANCE", min: 2, max: 2,
		help: "the calls that reached one instance of the service (counting from 0) over the whole run, answered or not",
		eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
			s, err := serviceOf(o.snap, a[0])
			if err != nil {
				return lessons.Value{}, false, err
			}
			i, err := strconv.Atoi(a[1])
			if err != nil || i < 0 || i >= len(s.Instances) {
				return lessons.Value{}, false, fmt.Errorf("%s has instances 0 to %d, not %q", s.Name, len(s.Instances)-1, a[1])
			}
			return count(s.Instances[i].Arrived), true, nil
		}}
}

// serviceOf finds a service of the run by its name.
func serviceOf(s *engine.Snapshot, name string) (*engine.ServiceSnapshot, error) {
	var names []string
	for i := range s.Services {
		if s.Services[i].Name == name {
			return &s.Services[i], nil
		}
		names = append(names, s.Services[i].Name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("the scenario has no services, so no service %q", name)
	}
	return nil, fmt.Errorf("the scenario has no service %q (it has: %s)", name, strings.Join(names, ", "))
}
