package sweep

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// A knob of a part the variant lacks, set alone, makes the part from
// nothing to hold the one value, and the scenario then refuses the part's
// other settings, all zero: a rate limiter's burst alone gave "token
// bucket rate is 0", a lognormal's p99 on an exponential latency "needs
// 0 < p50 < p99, got p50 0s", one class's shedding bound "shedding bound
// for default requests is 0s". None of it names the knob the learner
// swept. As for a breaker (nobreaker.go), the sweep varies what the
// variant has: a plan refuses such an axis up front, in words naming
// what the variant has and what to vary instead. (Retries are not among
// these parts: attempts alone make a whole retry policy, which the
// sandbox's form adds too; their other knobs without retries change
// nothing, which futile.go refuses.)

// parts notes what of a system a sweep varies but does not add or
// replace: the calls with a breaker and with a rate limiter, each leaf
// call's latency kind and each service's work kind, and the servers that
// shed ("" for the front).
type parts struct {
	breaker, limiter map[callRef]bool
	latency          map[callRef]engine.LatencyKind
	work             map[string]engine.LatencyKind
	shed             map[string]bool
}

// partsOf notes sys's parts.
func partsOf(sys *engine.System) parts {
	ps := parts{breaker: map[callRef]bool{}, limiter: map[callRef]bool{}, latency: map[callRef]engine.LatencyKind{},
		work: map[string]engine.LatencyKind{}, shed: map[string]bool{"": sys.Shed != nil}}
	note := func(c callRef, d *engine.Dependency) {
		ps.breaker[c] = d.Policy.Breaker != nil
		ps.limiter[c] = d.Policy.RateLimiter != nil
		if d.Service == "" {
			ps.latency[c] = d.Latency.Kind
		}
	}
	for i := range sys.Dependencies {
		note(callRef{dep: sys.Dependencies[i].Name}, &sys.Dependencies[i])
	}
	for i := range sys.Services {
		s := &sys.Services[i]
		ps.work[s.Name] = s.Work.Kind
		ps.shed[s.Name] = s.Shed != nil
		for j := range s.Dependencies {
			note(callRef{svc: s.Name, dep: s.Dependencies[j].Name}, &s.Dependencies[j])
		}
	}
	return ps
}

// checkParts refuses the axis of path when setting it made now from was:
// a part added, or a latency's kind changed.
func (p *Plan) checkParts(path string, was, now parts) error {
	for c, ok := range now.breaker {
		if ok && !was.breaker[c] {
			return p.noBreaker(path, c)
		}
	}
	for c, ok := range now.limiter {
		if ok && !was.limiter[c] {
			return p.noPart(path, "rate limiter", "a rate limiter", c.String(), "a policy.ratelimiter table on "+c.String(),
				func(sys *engine.System) bool { return hasLimiter(sys, c) })
		}
	}
	for svc, ok := range now.shed {
		if ok && !was.shed[svc] {
			where, table := "the server's accept queue", "a shed table for the server"
			if svc != "" {
				where, table = "service "+possessive(svc)+" accept queue", "a shed table for service "+svc
			}
			return p.noPart(path, "load shedding", "load shedding", where, table, func(sys *engine.System) bool { return sheds(sys, svc) })
		}
	}
	for c, k := range now.latency {
		if k != was.latency[c] {
			return p.otherKind(path, "latency", possessive(c.String())+" latency", was.latency[c], k)
		}
	}
	for svc, k := range now.work {
		if k != was.work[svc] {
			return p.otherKind(path, "work", "service "+possessive(svc)+" work", was.work[svc], k)
		}
	}
	return nil
}

// otherKind is the refusal of a sweep of path, a knob (key "latency" or
// "work") of a distribution of another kind than whose: one of kind was,
// which setting path made one of kind now.
func (p *Plan) otherKind(path, key, whose string, was, now engine.LatencyKind) error {
	sc := p.Build()
	knob, prefix := key+path[strings.LastIndexByte(path, '.'):], path
	if i := strings.LastIndex(path, "."+key+"."); i >= 0 {
		prefix = path[:i+1] + key + "."
	}
	return fmt.Errorf("--vary %s: %s in variant %d of %s (%s) is %s, and %s is a knob of %s: a sweep varies the distribution a variant has, and does not change its kind. Vary %s instead",
		path, whose, p.Variant+1, sc.Name, sc.Variants[p.Variant].Name, kindWords(was), knob, kindWords(now), kindKeys(prefix, was))
}

// possessive is name's possessive: "search's", "recommendations'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// kindWords names a distribution's kind: "an exponential one".
func kindWords(k engine.LatencyKind) string {
	name := k.String()
	if strings.ContainsAny(name[:1], "aeiou") {
		return "an " + name + " one"
	}
	return "a " + name + " one"
}

// kindKeys are the knobs of a distribution of kind k, after prefix
// ("recommendations.latency.").
func kindKeys(prefix string, k engine.LatencyKind) string {
	switch k {
	case engine.Constant:
		return prefix + "value"
	case engine.LogNormal:
		return prefix + "p50 or " + prefix + "p99"
	}
	return prefix + "mean"
}

// hasLimiter reports whether call c of sys has a rate limiter.
func hasLimiter(sys *engine.System, c callRef) bool {
	d := findCall(sys, c)
	return d != nil && d.Policy.RateLimiter != nil
}

// sheds reports whether server svc of sys ("" for the front) sheds load.
func sheds(sys *engine.System, svc string) bool {
	if svc == "" {
		return sys.Shed != nil
	}
	for i := range sys.Services {
		if sys.Services[i].Name == svc {
			return sys.Services[i].Shed != nil
		}
	}
	return false
}

// findCall is call c of sys, or nil.
func findCall(sys *engine.System, c callRef) *engine.Dependency {
	deps := sys.Dependencies
	if c.svc != "" {
		deps = nil
		for _, s := range sys.Services {
			if s.Name == c.svc {
				deps = s.Dependencies
			}
		}
	}
	for i := range deps {
		if deps[i].Name == c.dep {
			return &deps[i]
		}
	}
	return nil
}
