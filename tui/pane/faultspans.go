package pane

import (
	"fmt"
	"strconv"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// innerSpans are the faults FaultSpans adds after the front service's
// dependencies': those of services' own dependencies, of services and
// their instances, and the bursts of traffic (a tenant's or an
// endpoint's), so that every time axis marks them and ] and [ reach them.
func innerSpans(sc *engine.Scenario, v int) []FaultSpan {
	sys := &sc.Variants[v].System
	end := func(to time.Duration) time.Duration {
		if to == 0 || to > sc.Duration {
			return sc.Duration
		}
		return to
	}
	var out []FaultSpan
	for _, s := range sys.Services {
		for _, d := range s.Dependencies {
			for _, f := range d.Faults {
				out = append(out, FaultSpan{Dependency: s.Name + "/" + d.Name, Kind: f.Kind, From: f.From, To: end(f.To)})
			}
		}
	}
	for _, s := range sys.Services {
		for _, f := range s.Faults {
			name := s.Name
			if f.Instance != engine.AllInstances {
				name += "#" + strconv.Itoa(f.Instance)
			}
			out = append(out, FaultSpan{Dependency: name, What: serviceVerb(f), From: f.From, To: end(f.To), Instance: true})
		}
	}
	for _, e := range sys.Endpoints {
		for _, b := range e.Bursts {
			sp := FaultSpan{Dependency: e.Name, From: b.From, To: end(b.To)}
			switch {
			case b.Tenant != "":
				sp.Dependency, sp.What = b.Tenant, "surge on "+e.Name
			case e.Rate > 0:
				sp.What = "surge x" + strconv.FormatFloat(b.Rate/e.Rate, 'g', 3, 64)
			default:
				sp.What = fmt.Sprintf("surge to %g/s", b.Rate)
			}
			out = append(out, sp)
		}
	}
	return out
}

func serviceVerb(f engine.ServiceFault) string {
	switch f.Kind {
	case engine.InstanceDown:
		return "down"
	case engine.InstanceRestart:
		return "restarts"
	case engine.InstanceHang:
		return "hangs"
	case engine.InstanceSlow:
		return "slow +" + Seconds(f.Latency)
	case engine.InstanceErrors:
		return "errors " + Percent(f.Probability)
	}
	return f.Kind.String()
}

// Verb says what the part does in the span: a dependency fault's kind
// ("hang", "slow", "error"), or What.
func (f FaultSpan) Verb() string {
	if f.What != "" {
		return f.What
	}
	return f.Kind.String()
}
