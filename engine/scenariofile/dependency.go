package scenariofile

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

func (c *conv) dependency(t table, i int, duration time.Duration) (engine.Dependency, []string, error) {
	var d engine.Dependency
	if err := c.checkKeys(t, "name", "service", "latency", "faults", "policy", "pool"); err != nil {
		return d, nil, err
	}
	n, err := name(t, "dependency", i)
	if err != nil {
		return d, nil, err
	}
	d.Name = n
	if svc, ok, err := t.str("service"); err != nil {
		return d, nil, err
	} else if ok {
		if svc == "" {
			return d, nil, t.errorf("service", "service must name one of [[system.services]]; leave it out for a dependency that is not a service")
		}
		d.Service = svc
	}
	if !t.has("latency") && d.Service == "" {
		return d, nil, errorAt(t.path, "%s needs a latency, such as latency = { kind = \"exponential\", mean = \"40ms\" }, or service = \"NAME\" to call one of [[system.services]]", t.what)
	}
	sizeAt, err := c.dependencyFields(t, &d, duration)
	if err != nil {
		return d, nil, err
	}
	return d, sizeAt, edgeCheck(t, d)
}

// edgeCheck reports a service edge given a latency or faults of its own,
// at the line that gives them.
func edgeCheck(t table, d engine.Dependency) error {
	if d.Service == "" {
		return nil
	}
	for _, k := range []struct{ key, why string }{
		{"latency", "its time is the service's: its work, its pool and what it calls"},
		{"faults", "give the service faults of its own in its [[system.services]] section"},
	} {
		if k.key == "faults" && len(d.Faults) == 0 || k.key == "latency" && d.Latency.Kind == 0 {
			continue
		}
		at := t.at(k.key)
		if !t.has(k.key) {
			at = t.path
		}
		return errorAt(at, "%s: it calls service %q, so it takes no %s of its own (%s): remove %s", t.what, d.Service, k.key, k.why, k.key)
	}
	return nil
}

// dependencyFields reads the parts of a dependency that a variant may
// replace: latency, faults and policy. It returns where the bulkhead size
// was set, or nil.
func (c *conv) dependencyFields(t table, d *engine.Dependency, duration time.Duration) ([]string, error) {
	if lt, ok, err := t.sub("latency", t.what+" latency"); err != nil {
		return nil, err
	} else if ok {
		l, err := c.latency(lt)
		if err != nil {
			return nil, err
		}
		d.Latency = l
	}
	if t.has("faults") {
		fts, _, err := t.tables("faults", func(i int, _ map[string]any) string {
			return fmt.Sprintf("%s fault %d", t.what, i+1)
		})
		if err != nil {
			return nil, err
		}
		d.Faults = nil
		for i, ft := range fts {
			f, err := c.fault(ft, i, duration)
			if err != nil {
				return nil, err
			}
			if i > 0 {
				prev := d.Faults[i-1]
				if prev.To == 0 {
					return nil, ft.errorf("from", "fault %d before it lasts until the end of the run (it has no \"to\"), so no fault can follow it", i)
				}
				if f.From < prev.To {
					return nil, ft.errorf("from", "it starts at %s, before fault %d ends at %s: list faults in time order, one after another", ft.said("from", f.From), i, engine.FormatDuration(prev.To))
				}
			}
			d.Faults = append(d.Faults, f)
		}
	}
	if err := dependencyPool(t, d); err != nil { // tasks.go
		return nil, err
	}
	var sizeAt []string
	if pt, ok, err := t.sub("policy", t.what+" policy"); err != nil {
		return nil, err
	} else if ok {
		p, err := c.policy(pt)
		if err != nil {
			return nil, err
		}
		d.Policy = p
		if p.Bulkhead > 0 {
			sizeAt = append(pt.at("bulkhead"), "size")
		}
	}
	return sizeAt, nil
}

func (c *conv) latency(t table) (engine.Latency, error) {
	var l engine.Latency
	kind, ok, err := t.str("kind")
	if err != nil {
		return l, err
	}
	if !ok {
		return l, errorAt(t.path, "%s needs a kind: exponential (with mean), constant (with value) or lognormal (with p50 and p99)", t.what)
	}
	k, err := ParseLatencyKind(kind)
	if err != nil {
		return l, wrapAt(t.at("kind"), fmt.Errorf("%s: %w", t.what, err))
	}
	l.Kind = k
	switch k {
	case engine.Exponential:
		if err := c.checkKeys(t, "kind", "mean"); err != nil {
			return l, err
		}
		mean, _, err := t.duration("mean")
		if err != nil {
			return l, err
		}
		if mean <= 0 {
			return l, errorAt(t.at("mean"), "%s: exponential latency needs a positive mean, such as mean = \"40ms\", got %s", t.what, t.said("mean", mean))
		}
		l.Mean = mean
	case engine.Constant:
		if err := c.checkKeys(t, "kind", "value"); err != nil {
			return l, err
		}
		v, ok, err := t.duration("value")
		if err != nil {
			return l, err
		}
		if !ok {
			return l, errorAt(t.path, "%s: constant latency needs a value, such as value = \"100ms\" (\"0s\" answers at once)", t.what)
		}
		l.Value = v
	case engine.LogNormal:
		if err := c.checkKeys(t, "kind", "p50", "p99"); err != nil {
			return l, err
		}
		p50, _, err := t.duration("p50")
		if err != nil {
			return l, err
		}
		p99, _, err := t.duration("p99")
		if err != nil {
			return l, err
		}
		if p50 <= 0 || p99 <= p50 {
			return l, errorAt(t.at("p99"), "%s: lognormal latency needs 0 < p50 < p99, such as p50 = \"80ms\" and p99 = \"200ms\", got p50 %s and p99 %s", t.what, t.said("p50", p50), t.said("p99", p99))
		}
		l.P50, l.P99 = p50, p99
	}
	return l, nil
}

func (c *conv) fault(t table, i int, duration time.Duration) (engine.Fault, error) {
	var f engine.Fault
	kind, ok, err := t.str("kind")
	if err != nil {
		return f, err
	}
	if !ok {
		return f, errorAt(t.path, "%s needs a kind: hang, slow (with latency) or error (with probability)", t.what)
	}
	k, err := ParseFaultKind(kind)
	if err != nil {
		return f, wrapAt(t.at("kind"), fmt.Errorf("%s: %w", t.what, err))
	}
	f.Kind = k
	t.what = fmt.Sprintf("%s (%v)", t.what, k)
	allowed := []string{"kind", "from", "to"}
	switch k {
	case engine.Slow:
		allowed = append(allowed, "latency")
	case engine.Error:
		allowed = append(allowed, "probability")
	}
	if err := c.checkKeys(t, allowed...); err != nil {
		return f, err
	}
	if f.From, f.To, err = faultSpan(t, duration); err != nil {
		return f, err
	}
	switch k {
	case engine.Slow:
		l, given, err := t.duration("latency")
		if err != nil {
			return f, err
		}
		// Left out, the latency reads as 0s, and "got 0s" named a value
		// the author never wrote.
		if !given {
			return f, errorAt(t.path, "%s: a slow fault needs a latency, how long each call takes while the fault lasts, such as latency = \"10s\"", t.what)
		}
		if l <= 0 {
			return f, errorAt(t.at("latency"), "%s: a slow fault needs a positive latency, such as latency = \"10s\", got %s", t.what, t.said("latency", l))
		}
		f.Latency = l
	case engine.Error:
		p, ok, err := t.share("probability")
		if err != nil {
			return f, err
		}
		if !ok {
			return f, errorAt(t.path, "%s: an error fault needs a probability between 0 and 1, such as probability = 0.5", t.what)
		}
		if !(p >= 0 && p <= 1) {
			return f, t.shareOutOfRange("probability", "probability", "between 0 and 1", p)
		}
		f.Probability = p
	}
	return f, nil
}

// faultSpan reads a fault's from and to, a dependency's or a service's.
// The engine reads To = 0 as "until the end of the run", so only a missing
// to may mean that: a written "0s" is refused with the other backwards
// spans. A fault that starts at or after the end never happens, whether or
// not it has a to, so it is refused against the duration either way.
func faultSpan(t table, duration time.Duration) (from, to time.Duration, err error) {
	if from, _, err = t.duration("from"); err != nil {
		return 0, 0, err
	}
	to, hasTo, err := t.duration("to")
	if err != nil {
		return 0, 0, err
	}
	if from >= duration {
		return 0, 0, t.errorf("from", "a fault must start before the run ends (duration %s), got from %s", engine.FormatDuration(duration), t.said("from", from))
	}
	if hasTo && to <= from {
		return 0, 0, t.errorf("to", "a fault must start before it ends, got from %s to %s", t.said("from", from), t.said("to", to))
	}
	return from, to, nil
}
