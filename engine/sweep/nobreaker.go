package sweep

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// A breaker's knob on a variant without a breaker: the setter makes the
// breaker from nothing to hold the one value, and the scenario then
// refuses the breaker's other settings, all zero ("failure rate must be
// above 0 ... got 0"), which tells the learner nothing of what is wrong.
// The sweep varies what the variant has; it does not add a breaker, and
// neither does the sandbox's knob form, which shows a breaker's knobs
// only where the variant has one. So a plan refuses such an axis up
// front, naming the variants that have the breaker and how to give this
// one a breaker of its own.

// callRef names a dependency of a system: the front service's (svc "")
// or a service's.
type callRef struct {
	svc, dep string
}

func (c callRef) String() string {
	if c.svc == "" {
		return c.dep
	}
	return c.svc + "/" + c.dep
}

// breakerless lists the calls of sys that have no breaker.
func breakerless(sys *engine.System) map[callRef]bool {
	out := map[callRef]bool{}
	for _, d := range sys.Dependencies {
		if d.Policy.Breaker == nil {
			out[callRef{dep: d.Name}] = true
		}
	}
	for _, s := range sys.Services {
		for _, d := range s.Dependencies {
			if d.Policy.Breaker == nil {
				out[callRef{svc: s.Name, dep: d.Name}] = true
			}
		}
	}
	return out
}

// hasBreaker reports whether call c of sys has a breaker.
func hasBreaker(sys *engine.System, c callRef) bool {
	deps := sys.Dependencies
	if c.svc != "" {
		deps = nil
		for _, s := range sys.Services {
			if s.Name == c.svc {
				deps = s.Dependencies
			}
		}
	}
	for _, d := range deps {
		if d.Name == c.dep && d.Policy.Breaker != nil {
			return true
		}
	}
	return false
}

// checkBreakers refuses an axis that would give the plan's variant a
// breaker it does not have. A value the setter refuses is left for
// build to report.
func (p *Plan) checkBreakers() error {
	sc := p.Build()
	if p.Variant < 0 || p.Variant >= len(sc.Variants) {
		return nil
	}
	sys := &sc.Variants[p.Variant].System
	for _, ax := range p.Axes {
		without := breakerless(sys)
		if p.Set(sc, p.Variant, ax.Path, ax.Values[0]) != nil {
			return nil
		}
		for c := range without {
			if hasBreaker(sys, c) {
				return p.noBreaker(ax.Path, c)
			}
		}
	}
	return nil
}

// noBreaker is the refusal of a sweep of path, a knob of call c's breaker,
// on a variant where c has none.
func (p *Plan) noBreaker(path string, c callRef) error {
	sc := p.Build()
	var have []string
	for k := range sc.Variants {
		if hasBreaker(&sc.Variants[k].System, c) {
			have = append(have, strconv.Itoa(k+1))
		}
	}
	msg := fmt.Sprintf("--vary %s: variant %d of %s (%s) has no breaker on %s: a sweep varies the knobs of a breaker a variant has, and adds none",
		path, p.Variant+1, sc.Name, sc.Variants[p.Variant].Name, c)
	file := fmt.Sprintf("breakerlab scenarios --dump %s writes %s's, if it is built in", sc.Name, sc.Name)
	if len(have) == 0 {
		return fmt.Errorf("%s. No variant of %s has one there. To sweep one, give %s a breaker in a scenario file (a policy.breaker table; %s) and sweep that file",
			msg, sc.Name, c, file)
	}
	which := "Variant " + have[0] + " has one: --variant " + have[0]
	if len(have) > 1 {
		which = "Variants " + strings.Join(have, ", ") + " have one: --variant " + have[0]
	}
	return fmt.Errorf("%s. %s. To sweep a breaker on variant %d, give it one in a scenario file (a policy.breaker table on %s, as variant %s has; %s) and sweep that file",
		msg, which, p.Variant+1, c, have[0], file)
}
