package lessons

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// The metrics of tenants and of shedding by priority (scenario
// noisy-tenant): how a tenant's requests ended (as shares and as counts of
// the measurement window, so a text can say how many of the requests its
// share is of), how many calls its own part
// of a per-tenant bulkhead refused, and how many requests of one class the
// front's load shedding refused; expr.go's init adds them to the
// catalogue. A tenant's shares are a report.Tally's, the computation
// `breakerlab run` prints beside "tenant NAME", so the lesson and the table
// quote one number.

// argTenant is a tenant of the system, or several joined by +; argClass a
// request class. Both are checked when the metric is evaluated, against
// the run's own tenants.
const (
	argTenant argKind = 80
	argClass  argKind = 81
)

func tenantMetrics() map[string]metric {
	argNames[argTenant] = "TENANT"
	argNames[argClass] = "CLASS"
	run := argRun
	return map[string]metric{
		"tenant-share": {KindFraction, []argKind{run, argTenant, argOutcome},
			"the share of the tenants' requests in the measurement window that ended with the outcomes", evalTenantShare},
		"tenant-count": {KindCount, []argKind{run, argTenant, argOutcome},
			"how many of the tenants' requests in the measurement window ended with the outcomes", evalTenantCount},
		"tenant-requests": {KindCount, []argKind{run, argTenant},
			"how many of the tenants' requests arrived in the measurement window", evalTenantRequests},
		"tenant-limited": {KindCount, []argKind{run, argTenant},
			"the calls the tenants' own slots of a per-tenant bulkhead refused, over the whole run", evalTenantLimited},
		"shed-class": {KindCount, []argKind{run, argClass},
			"the requests of one class (critical, default, sheddable) the front's load shedding refused, over the whole run", evalShedClass},
	}
}

// tenantsOf finds the tenants named in names (joined by +) in a snapshot.
func tenantsOf(s *engine.Snapshot, names string) ([]*engine.TenantSnapshot, error) {
	var out []*engine.TenantSnapshot
	for _, name := range strings.Split(names, "+") {
		var found *engine.TenantSnapshot
		for i := range s.Tenants {
			if s.Tenants[i].Name == name {
				found = &s.Tenants[i]
			}
		}
		if found == nil {
			have := make([]string, len(s.Tenants))
			for i := range s.Tenants {
				have[i] = s.Tenants[i].Name
			}
			if len(have) == 0 {
				return nil, fmt.Errorf("no tenant is called %q: this variant has no tenants", name)
			}
			return nil, fmt.Errorf("no tenant is called %q (this variant's tenants: %s)", name, strings.Join(have, ", "))
		}
		out = append(out, found)
	}
	return out, nil
}

// tenantTally sums the tenants' window tallies.
func tenantTally(ts []*engine.TenantSnapshot) report.Tally {
	var sum report.Tally
	for _, t := range ts {
		sum = sum.Add(report.Tally{Arrived: t.WindowArrived, Outcomes: t.Window})
	}
	return sum
}

func evalTenantShare(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	ts, err := tenantsOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	t := tenantTally(ts)
	if t.Arrived == 0 {
		return Value{}, fmt.Errorf("no request of tenant %s arrived in the measurement window", a[1])
	}
	// Printed as the tenants pane writes it: the lesson player shows the
	// pane beside the text, and at the step's end it shows this share of
	// the window's arrivals, so the text's "63%" is the pane's, where one
	// decimal read "62.9%" beside it.
	v := fraction(t.ShareOf(outcomesOf(a[2])...))
	v.Prints = "pane"
	return v, nil
}

func evalTenantCount(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	ts, err := tenantsOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return count(outcomeCount(tenantTally(ts), a[2])), nil
}

func evalTenantRequests(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	ts, err := tenantsOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return count(tenantTally(ts).Arrived), nil
}

func evalTenantLimited(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	ts, err := tenantsOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	var n uint64
	for _, t := range ts {
		n += t.Limited
	}
	return count(n), nil
}

func evalShedClass(c *evalCtx, a []string) (Value, error) {
	class, err := shed.ParseClass(a[1])
	if err != nil {
		return Value{}, err
	}
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	return count(s.Shed[class]), nil
}
