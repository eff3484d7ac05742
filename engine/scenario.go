package engine

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Scenario is a whole experiment: one or more variants of a system run on the
// same seeded traffic for the same span of virtual time.
type Scenario struct {
	Name    string
	Summary string
	// Duration is how long traffic arrives. After it, the run drains: the
	// requests still open get their answers, or fail once DrainLimit passes.
	Duration time.Duration
	// MeasureFrom and MeasureTo bound the window that outcome counts cover:
	// a request counts if it arrived in [MeasureFrom, MeasureTo).
	MeasureFrom, MeasureTo time.Duration
	Variants               []Variant
}

// Variant is one design of the system under test.
type Variant struct {
	Name   string
	System System
}

// System is the server, its endpoints and the dependencies they call.
type System struct {
	// Workers is the size of the server's pool; a request holds one worker
	// from the moment it is admitted until it is answered.
	Workers      int
	Endpoints    []Endpoint
	Dependencies []Dependency
}

// Endpoint is a kind of request the server answers.
type Endpoint struct {
	Name string
	// Rate is the mean arrival rate, in requests per second, of a Poisson
	// process. Exactly one of Rate and Interval is set.
	Rate float64
	// Interval is the fixed spacing of arrivals (a health probe, say); the
	// first arrives at time zero.
	Interval time.Duration
	// Calls names the dependency each request calls, or is empty.
	Calls string
}

// Dependency is something the server calls: a database, a service, a provider.
type Dependency struct {
	Name    string
	Latency Latency
	Faults  []Fault
	Policy  Policy
}

// LatencyKind names a latency distribution.
type LatencyKind uint8

const (
	// Exponential latency with the given mean.
	Exponential LatencyKind = iota + 1
	// Constant latency.
	Constant
	// LogNormal latency fitted to a median and a 99th percentile.
	LogNormal
)

func (k LatencyKind) String() string {
	switch k {
	case Exponential:
		return "exponential"
	case Constant:
		return "constant"
	case LogNormal:
		return "lognormal"
	}
	return fmt.Sprintf("latency(%d)", uint8(k))
}

// Latency is how long a healthy dependency takes to answer a call.
type Latency struct {
	Kind LatencyKind
	// Mean is used by Exponential, Value by Constant, P50 and P99 by LogNormal.
	Mean, Value, P50, P99 time.Duration
}

// FaultKind names a way a dependency misbehaves.
type FaultKind uint8

const (
	// Hang: calls that start during the fault get no answer until it ends.
	Hang FaultKind = iota + 1
	// Slow: calls take the fault's Latency.
	Slow
	// Error: each call fails at once with the fault's Probability.
	Error
)

func (k FaultKind) String() string {
	switch k {
	case Hang:
		return "hang"
	case Slow:
		return "slow"
	case Error:
		return "error"
	}
	return fmt.Sprintf("fault(%d)", uint8(k))
}

// Fault is one misbehaviour from From to To. To == 0 means until the run ends.
type Fault struct {
	Kind        FaultKind
	From, To    time.Duration
	Latency     time.Duration // for Slow
	Probability float64       // for Error, in [0, 1]
}

// Policy is what the caller wraps around every call to one dependency,
// applied from the outside in: breaker, then bulkhead, then timeout.
type Policy struct {
	// Timeout bounds each call; zero means the caller waits for ever.
	Timeout time.Duration
	// Bulkhead caps concurrent calls; zero means no cap.
	Bulkhead int
	// Breaker, if not nil, guards the calls.
	Breaker *breaker.Config
	// Fallback answers a call that the breaker refused. Without one the
	// request is rejected.
	Fallback FallbackKind
}

// FallbackKind names what answers a call the breaker refused.
type FallbackKind uint8

const (
	// NoFallback: the request is rejected (a 503).
	NoFallback FallbackKind = iota
	// CachedFallback: a cached answer is returned at once.
	CachedFallback
)

func (f FallbackKind) String() string {
	switch f {
	case NoFallback:
		return "none"
	case CachedFallback:
		return "cached"
	}
	return fmt.Sprintf("fallback(%d)", uint8(f))
}

// Limits that keep a run's memory and time bounded, whatever a file asks for.
const (
	MaxDuration  = 24 * time.Hour
	MaxWorkers   = 100_000
	MaxEndpoints = 64
	MaxRate      = 1_000_000.0
	// DrainLimit is how long after Duration the run waits for open requests.
	DrainLimit = time.Minute
)

// Validate checks the scenario and reports the first problem, naming the
// variant, the part and what is allowed.
func (s *Scenario) Validate() error {
	if s.Name == "" {
		return errors.New("scenario has no name")
	}
	if s.Duration <= 0 || s.Duration > MaxDuration {
		return fmt.Errorf("duration must be above 0 and at most %v, got %v", MaxDuration, s.Duration)
	}
	if s.MeasureFrom < 0 || s.MeasureTo <= s.MeasureFrom || s.MeasureTo > s.Duration {
		return fmt.Errorf("measurement window must satisfy 0 <= from < to <= duration (%v), got %v to %v", s.Duration, s.MeasureFrom, s.MeasureTo)
	}
	if len(s.Variants) == 0 {
		return errors.New("scenario has no variants")
	}
	for i := range s.Variants {
		v := &s.Variants[i]
		if v.Name == "" {
			return fmt.Errorf("variant %d has no name", i+1)
		}
		if err := v.System.validate(s.Duration); err != nil {
			return fmt.Errorf("variant %q: %w", v.Name, err)
		}
	}
	return nil
}

func (sys *System) validate(duration time.Duration) error {
	if sys.Workers < 1 || sys.Workers > MaxWorkers {
		return fmt.Errorf("workers must be between 1 and %d, got %d", MaxWorkers, sys.Workers)
	}
	if len(sys.Endpoints) == 0 || len(sys.Endpoints) > MaxEndpoints {
		return fmt.Errorf("a system needs between 1 and %d endpoints, got %d", MaxEndpoints, len(sys.Endpoints))
	}
	if len(sys.Dependencies) > MaxEndpoints {
		return fmt.Errorf("a system may have at most %d dependencies, got %d", MaxEndpoints, len(sys.Dependencies))
	}
	deps := map[string]bool{}
	for _, d := range sys.Dependencies {
		if d.Name == "" {
			return errors.New("a dependency has no name")
		}
		if deps[d.Name] {
			return fmt.Errorf("dependency %q is defined twice", d.Name)
		}
		deps[d.Name] = true
		if err := d.validate(sys.Workers, duration); err != nil {
			return fmt.Errorf("dependency %q: %w", d.Name, err)
		}
	}
	names := map[string]bool{}
	for _, e := range sys.Endpoints {
		if e.Name == "" {
			return errors.New("an endpoint has no name")
		}
		if names[e.Name] {
			return fmt.Errorf("endpoint %q is defined twice", e.Name)
		}
		names[e.Name] = true
		switch {
		case math.IsNaN(e.Rate) || e.Rate < 0 || e.Rate > MaxRate:
			return fmt.Errorf("endpoint %q: rate must be between 0 and %v requests per second, got %v", e.Name, MaxRate, e.Rate)
		case e.Interval < 0:
			return fmt.Errorf("endpoint %q: interval must not be negative, got %v", e.Name, e.Interval)
		case e.Rate > 0 && e.Interval > 0:
			return fmt.Errorf("endpoint %q: give a rate or an interval, not both", e.Name)
		case e.Interval > 0 && e.Interval < time.Microsecond:
			return fmt.Errorf("endpoint %q: interval must be at least 1µs, got %v", e.Name, e.Interval)
		}
		if e.Calls != "" && !deps[e.Calls] {
			return fmt.Errorf("endpoint %q calls %q, which is not a dependency (have: %v)", e.Name, e.Calls, keys(deps))
		}
	}
	return nil
}

func (d *Dependency) validate(workers int, duration time.Duration) error {
	l := d.Latency
	switch l.Kind {
	case Exponential:
		if l.Mean <= 0 {
			return fmt.Errorf("exponential latency needs a positive mean, got %v", l.Mean)
		}
	case Constant:
		if l.Value < 0 {
			return fmt.Errorf("constant latency must not be negative, got %v", l.Value)
		}
	case LogNormal:
		if l.P50 <= 0 || l.P99 <= l.P50 {
			return fmt.Errorf("lognormal latency needs 0 < p50 < p99, got p50 %v and p99 %v", l.P50, l.P99)
		}
	default:
		return fmt.Errorf("latency kind must be exponential, constant or lognormal, got %v", l.Kind)
	}
	for i, f := range d.Faults {
		to := f.To
		if to == 0 {
			to = duration
		}
		switch {
		case f.From < 0 || f.From >= to:
			return fmt.Errorf("fault %d (%v) must start before it ends: from %v to %v", i+1, f.Kind, f.From, f.To)
		case f.Kind == Slow && f.Latency <= 0:
			return fmt.Errorf("fault %d (slow) needs a positive latency, got %v", i+1, f.Latency)
		case f.Kind == Error && !(f.Probability >= 0 && f.Probability <= 1):
			return fmt.Errorf("fault %d (error) probability must be between 0 and 1, got %v", i+1, f.Probability)
		case f.Kind != Hang && f.Kind != Slow && f.Kind != Error:
			return fmt.Errorf("fault %d kind must be hang, slow or error, got %v", i+1, f.Kind)
		}
		if i > 0 {
			prevTo := d.Faults[i-1].To
			if prevTo == 0 || f.From < prevTo {
				return fmt.Errorf("fault %d starts at %v, before fault %d ends: faults must follow one another", i+1, f.From, i)
			}
		}
	}
	p := d.Policy
	if p.Timeout < 0 {
		return fmt.Errorf("timeout must not be negative, got %v", p.Timeout)
	}
	if p.Bulkhead < 0 || p.Bulkhead > workers {
		return fmt.Errorf("bulkhead must be between 0 (none) and the pool's %d workers, got %d", workers, p.Bulkhead)
	}
	if p.Breaker != nil {
		if err := p.Breaker.Validate(); err != nil {
			return err
		}
	}
	if p.Fallback != NoFallback && p.Breaker == nil {
		return errors.New("a fallback answers calls the breaker refuses, so it needs a breaker")
	}
	return nil
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}
