package chaos

import (
	"fmt"
	"sort"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Window is a stretch of a run, from From up to To, and what is there in
// words. A menu that offers faults asks for them so that it offers only
// what Apply takes: a surge outside the windows SurgeBlocked lists, a
// recover inside one InForce lists.
type Window struct {
	From, To time.Duration
	// What is there: "tenant acme's burst on search" (SurgeBlocked's);
	// empty for InForce's.
	What string
}

// SurgeBlocked lists the windows a surge of t may not overlap, over every
// variant (a spec one variant refuses is refused): the bursts of another
// tenant's traffic on an endpoint the surge multiplies (surgeBursts says
// why), sorted by start, each once. None for a target that takes no surge.
func SurgeBlocked(sc *engine.Scenario, t Target) []Window {
	if !t.Takes(Surge) {
		return nil
	}
	tenant := surgeTenant(t)
	var out []Window
	for _, v := range sc.Variants {
		for i := range v.System.Endpoints {
			e := &v.System.Endpoints[i]
			share, ok := surgeShare(e, t)
			if !ok {
				continue
			}
			for _, b := range e.Bursts {
				if _, fits := surgedRate(e, tenant, share, 1, b.Rate, b.Tenant); !fits {
					out = append(out, Window{From: b.From, To: b.To, What: burstWords(b) + " on " + e.Name})
				}
			}
		}
	}
	return sortedWindows(out)
}

// surgeShare is the share of endpoint e's rate that a surge of t
// multiplies (1 for an endpoint's own); false when the surge leaves e
// alone, as surge skips it.
func surgeShare(e *engine.Endpoint, t Target) (float64, bool) {
	if e.Interval > 0 {
		return 0, false
	}
	if t.Part == EndpointPart {
		return 1, e.Name == t.name
	}
	for _, ts := range e.Tenants {
		if ts.Tenant == t.name && ts.Share > 0 && e.Rate > 0 {
			return ts.Share, true
		}
	}
	return 0, false
}

// InForce lists the windows in which t has a fault or a surge that a
// recover of it would end, over every variant (a recover is taken when
// one variant has something to end), sorted by start, each once. A
// window is cut at the end of the traffic, after which no fault may be
// injected; one lasting until the run ends ends there.
func InForce(sc *engine.Scenario, t Target) []Window {
	var out []Window
	add := func(s span) {
		if to := min(s.to, sc.Duration); s.from < to {
			out = append(out, Window{From: s.from, To: to})
		}
	}
	for _, v := range sc.Variants {
		sys := &v.System
		switch t.Part {
		case DependencyPart:
			deps := sys.Dependencies
			if t.owner != "" {
				si := serviceIndex(sys, t.owner)
				if si < 0 {
					continue
				}
				deps = sys.Services[si].Dependencies
			}
			for _, d := range deps {
				if d.Name == t.name && d.Service == "" {
					for _, f := range d.Faults {
						add(timedFault.span(f))
					}
				}
			}
		case ServicePart, InstancePart:
			si := serviceIndex(sys, t.name)
			if si < 0 || t.instance >= max(1, sys.Services[si].Instances) {
				continue
			}
			for _, f := range sys.Services[si].Faults {
				if t.instance == engine.AllInstances || f.Instance == engine.AllInstances || f.Instance == t.instance {
					add(span{f.From, faultTo(f.To)})
				}
			}
		case TenantPart, EndpointPart:
			for _, e := range sys.Endpoints {
				if e.Interval > 0 || t.Part == EndpointPart && e.Name != t.name {
					continue
				}
				for _, b := range e.Bursts {
					if t.Part == EndpointPart || b.Tenant == t.name {
						add(timedBurst.span(b))
					}
				}
			}
		}
	}
	return sortedWindows(out)
}

// sortedWindows sorts windows by start, then end, and drops repeats (the
// same burst in every variant).
func sortedWindows(ws []Window) []Window {
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].From != ws[j].From {
			return ws[i].From < ws[j].From
		}
		return ws[i].To < ws[j].To
	})
	out := ws[:0]
	for _, w := range ws {
		if len(out) > 0 && out[len(out)-1] == w {
			continue
		}
		out = append(out, w)
	}
	return out
}

// String writes a window for a message: "10s to 30s".
func (w Window) String() string {
	return fmt.Sprintf("%s to %s", engine.FormatDuration(w.From), engine.FormatDuration(w.To))
}
