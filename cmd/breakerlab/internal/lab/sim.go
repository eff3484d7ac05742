package lab

import (
	"fmt"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// SimScenario is the engine's checkout scenario set up as cfg runs on real
// sockets: the variant of the same mode, at the same rate, with the same
// fault timeline, bulkhead wait and pool. It returns the scenario and the
// variant's index. Durations are the reference's: the simulation runs at
// scale 1 and the live view divides the wall clock by the scale.
func SimScenario(cfg Config) (*engine.Scenario, int, error) {
	sc := scenarios.Checkout()
	// The variants are found by the names the reference gives its modes
	// (the lab's own names at the reference's rate).
	base := cfg
	base.Rate = DefaultRate
	want := base.VariantName()
	v := -1
	for i := range sc.Variants {
		if sc.Variants[i].Name == want {
			v = i
		}
	}
	if v < 0 {
		return nil, 0, fmt.Errorf("the engine's checkout scenario has no variant %q to simulate mode %s", want, cfg.Mode)
	}
	sc.Variants = sc.Variants[v : v+1]
	sys := &sc.Variants[0].System
	sc.Variants[0].Name = cfg.VariantName()
	sys.Workers = cfg.Workers
	for i := range sys.Endpoints {
		if sys.Endpoints[i].Name == EndpointCheckout {
			sys.Endpoints[i].Rate = cfg.Rate
		}
	}
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		d.Faults = nil
		for _, f := range cfg.Faults {
			ef := engine.Fault{From: f.From, To: f.To, Latency: f.Latency, Probability: f.Probability}
			switch f.Kind {
			case Slow:
				ef.Kind = engine.Slow
			case Hang:
				ef.Kind = engine.Hang
			case Error:
				ef.Kind = engine.Error
			default: // a closed connection or garbage fails every call at once
				ef.Kind, ef.Probability = engine.Error, 1
			}
			d.Faults = append(d.Faults, ef)
		}
		if cfg.Mode != None {
			d.Policy.Timeout = cfg.Timeout
		}
		if cfg.Mode == Protected {
			d.Policy.Bulkhead, d.Policy.BulkheadWait = cfg.Bulkhead, cfg.BulkheadWait
		}
	}
	if err := sc.Validate(); err != nil {
		return nil, 0, fmt.Errorf("the simulation of %s: %w", cfg.VariantName(), err)
	}
	return sc, 0, nil
}
